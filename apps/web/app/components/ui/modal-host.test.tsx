import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useModalStore } from "../../stores/modal-store";
import { ModalHost } from "./modal-host";

function openAlert(options: Parameters<ReturnType<typeof useModalStore.getState>["openAlert"]>[0]) {
  let result!: Promise<void>;
  act(() => {
    result = useModalStore.getState().openAlert(options);
  });
  return result;
}

function openConfirm(
  options: Parameters<ReturnType<typeof useModalStore.getState>["openConfirm"]>[0],
) {
  let result!: Promise<boolean>;
  act(() => {
    result = useModalStore.getState().openConfirm(options);
  });
  return result;
}

function openFull(title: string, content: string) {
  act(() => {
    void useModalStore.getState().openFull({ title, content: <p>{content}</p> });
  });
}

describe("modal stack", () => {
  it("shows an alert with the default 확인 button, 328 px wide, as a labelled modal dialog", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    const closed = openAlert({ title: "사업자 정보", message: "주식회사 오누이" });

    const dialog = screen.getByRole("dialog", { name: "사업자 정보" });
    expect(dialog.getAttribute("data-testid")).toBe("modal-alert");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.style.width).toBe("328px");
    expect(within(dialog).getByText("주식회사 오누이")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await expect(closed).resolves.toBeUndefined();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("gives confirm the default 확인 / 취소 buttons and answers true or false", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);

    const accepted = openConfirm({ message: "수강 신청을 취소할까요?" });
    let dialog = screen.getByRole("dialog", { name: "수강 신청을 취소할까요?" });
    expect(dialog.style.width).toBe("328px");
    expect(within(dialog).getByRole("button", { name: "취소" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await expect(accepted).resolves.toBe(true);

    const refused = openConfirm({ message: "다시 물어볼게요", cancelText: "아니요" });
    dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "아니요" }));
    await expect(refused).resolves.toBe(false);
  });

  it("stacks modals with the later one on top, each with its own backdrop", () => {
    render(<ModalHost />);
    openAlert({ title: "사업자 정보", message: "정보" });
    openFull("환불 규정", "결제일로부터 1개월 안에 환불을 신청할 수 있어요.");

    const backdrops = screen.getAllByTestId("modal-backdrop");
    expect(backdrops).toHaveLength(2);
    const [lower, upper] = backdrops.map((backdrop) => backdrop.parentElement as HTMLElement);
    expect(Number(upper?.style.zIndex)).toBeGreaterThan(Number(lower?.style.zIndex));
    expect(lower?.hasAttribute("inert")).toBe(true);
    expect(upper?.hasAttribute("inert")).toBe(false);
    // Only the top modal is exposed; the one below is inert.
    expect(screen.getByTestId("modal-full").getAttribute("aria-labelledby")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "환불 규정" })).toBeTruthy();
  });

  it("closes only the top modal when its backdrop is clicked", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    openAlert({ title: "사업자 정보", message: "정보" });
    openFull("환불 규정", "요약");

    const backdrops = screen.getAllByTestId("modal-backdrop");
    await user.click(backdrops[1] as HTMLElement);
    expect(screen.queryByTestId("modal-full")).toBeNull();
    expect(screen.getByTestId("modal-alert")).toBeTruthy();

    await user.click(screen.getByTestId("modal-backdrop"));
    expect(screen.queryByTestId("modal-alert")).toBeNull();
  });

  it("closes only the top modal on Escape, and a confirm closed that way answers false", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    openAlert({ message: "아래" });
    const answer = openConfirm({ message: "위" });

    await user.keyboard("{Escape}");
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByTestId("modal-confirm")).toBeNull();
    expect(screen.getByTestId("modal-alert")).toBeTruthy();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("locks body scroll while any modal is open and restores the previous value after", async () => {
    const user = userEvent.setup();
    document.body.style.overflow = "scroll";
    render(<ModalHost />);

    openAlert({ message: "하나" });
    openFull("둘", "내용");
    expect(document.body.style.overflow).toBe("hidden");

    await user.keyboard("{Escape}");
    expect(document.body.style.overflow).toBe("hidden");
    await user.keyboard("{Escape}");
    expect(document.body.style.overflow).toBe("scroll");
  });

  it("moves focus into the top modal and gives it back to the opener", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button
          type="button"
          onClick={() => void useModalStore.getState().openAlert({ message: "알림" })}
        >
          열기
        </button>
        <ModalHost />
      </>,
    );
    const opener = screen.getByRole("button", { name: "열기" });
    await user.click(opener);

    const confirmButton = screen.getByRole("button", { name: "확인" });
    expect(document.activeElement).toBe(confirmButton);
    await user.tab();
    expect(document.activeElement).toBe(confirmButton);

    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("shows a full modal with its title and a 닫기 button", async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    openFull("환불 규정", "결제일로부터 1개월 안에 환불을 신청할 수 있어요.");

    const dialog = screen.getByRole("dialog", { name: "환불 규정" });
    expect(within(dialog).getByText(/1개월 안에/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
