import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showToast } from "./toast";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

const gone = () => screen.queryByRole("alert") === null;

describe("toasts of the static pages (SPEC.md §2)", () => {
  it("show in the top-right container as an alert, and close after 5000 ms", () => {
    showToast("success", "링크를 복사했어요");
    const toast = screen.getByRole("alert");
    expect(toast.textContent).toContain("링크를 복사했어요");
    expect(toast.parentElement?.dataset.position).toBe("top-right");
    expect(toast.querySelector('[role="progressbar"]')).toBeNull();
    vi.advanceTimersByTime(4999);
    expect(gone()).toBe(false);
    vi.advanceTimersByTime(1 + 150);
    expect(gone()).toBe(true);
  });

  it("pause while the pointer is on them", () => {
    const { element } = showToast("error", "복사하지 못했어요");
    vi.advanceTimersByTime(2000);
    element.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(10_000);
    expect(gone()).toBe(false);
    element.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(2999);
    expect(gone()).toBe(false);
    vi.advanceTimersByTime(1 + 150);
    expect(gone()).toBe(true);
  });

  it("close on a click, on the toast or its close button", () => {
    showToast("success", "하나");
    screen.getByRole("alert").click();
    vi.advanceTimersByTime(150);
    expect(gone()).toBe(true);
    showToast("success", "둘");
    screen.getByRole("button", { name: "알림 닫기" }).click();
    vi.advanceTimersByTime(150);
    expect(gone()).toBe(true);
  });
});
