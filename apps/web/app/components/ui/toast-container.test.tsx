import { act, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "react-toastify";
import { describe, expect, it } from "vitest";
import { AppToastContainer, TOAST_CONTAINER_PROPS } from "./toast-container";

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
