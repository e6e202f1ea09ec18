import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { toast } from "react-toastify";
import { describe, expect, it } from "vitest";
import {
  AppToastContainer,
  showToast as showToastOnDemand,
  TOAST_CONTAINER_PROPS,
} from "./toast-container";

// First in the file: showToast's request to mount the container lasts for the module's life.
describe("loading the toast library on demand", () => {
  const renderAt = (path: string) => {
    const Stub = createRoutesStub([{ path, Component: AppToastContainer }]);
    return render(<Stub initialEntries={[path]} />);
  };

  it("mounts the container at once on an app route, where code calls toast() directly", async () => {
    const { unmount } = renderAt("/sign_in");
    act(() => {
      toast.error("이메일 주소와 비밀번호를 다시 확인해 주세요.");
    });
    expect((await screen.findByRole("alert")).textContent).toContain("비밀번호");
    unmount();
  });

  it("mounts nothing on a public page until showToast, which then shows its toast", async () => {
    renderAt("/smart");
    await act(() => Promise.resolve());
    expect(document.querySelector(".Toastify")).toBeNull();
    await act(() => showToastOnDemand("success", "링크를 복사했어요"));
    expect((await screen.findByRole("alert")).textContent).toContain("링크를 복사했어요");
  });
});

async function showToast(message: string) {
  render(<AppToastContainer />);
  act(() => {
    toast.success(message);
  });
  return screen.findByRole("alert");
}

describe("toast container", () => {
  it("uses the SPEC settings, each set explicitly", () => {
    expect(TOAST_CONTAINER_PROPS).toEqual({
      position: "top-right",
      autoClose: 5000,
      hideProgressBar: true,
      closeOnClick: true,
      pauseOnHover: true,
      draggable: true,
    });
  });

  it("shows toasts at the top right, closable by click, with a Korean close label", async () => {
    const toastElement = await showToast("링크를 복사했어요");
    expect(toastElement.textContent).toContain("링크를 복사했어요");
    expect(toastElement.closest(".Toastify__toast-container--top-right")).not.toBeNull();
    expect(toastElement.className).toContain("Toastify__toast--close-on-click");
    expect(screen.getByRole("button", { name: "알림 닫기" })).toBeTruthy();
  });

  it("times out after 5000 ms without showing a progress bar", async () => {
    const toastElement = await showToast("저장했어요");
    const timer = toastElement.querySelector<HTMLElement>('[role="progressbar"]');
    // The library drives auto-close with a hidden timer bar animated for autoClose ms.
    expect(timer?.style.animationDuration).toBe("5000ms");
    expect(timer?.getAttribute("aria-hidden")).toBe("true");
    expect(timer?.parentElement?.getAttribute("data-hidden")).toBe("true");
  });

  it("starts closing when the toast is clicked", async () => {
    const toastElement = await showToast("클릭하면 닫혀요");
    fireEvent.click(toastElement);
    expect(toastElement.className).toMatch(/exit/);
  });

  it("pauses the timer while hovered", async () => {
    const toastElement = await showToast("잠시 멈춰요");
    const timer = toastElement.querySelector<HTMLElement>('[role="progressbar"]');
    act(() => {
      window.dispatchEvent(new FocusEvent("focus"));
    });
    fireEvent.mouseEnter(toastElement);
    expect(timer?.style.animationPlayState).toBe("paused");
    fireEvent.mouseLeave(toastElement);
    expect(timer?.style.animationPlayState).toBe("running");
  });
});
