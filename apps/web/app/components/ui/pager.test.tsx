import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Pager } from "./pager";

const button = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });

describe("Pager", () => {
  it("more: 더 보기 asks for the next part; busy shows 불러오는 중… and cannot be pressed", () => {
    const onMore = vi.fn();
    const { rerender } = render(<Pager kind="more" busy={false} onMore={onMore} />);
    fireEvent.click(button("더 보기"));
    expect(onMore).toHaveBeenCalledTimes(1);

    rerender(<Pager kind="more" busy onMore={onMore} />);
    expect(button("불러오는 중…").disabled).toBe(true);
    rerender(<Pager kind="more" busy={false} disabled onMore={onMore} />);
    expect(button("더 보기").disabled).toBe(true);
  });

  it("pages: 이전 off on page 1, 다음 only with a next page, each turns by one", () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager kind="pages" page={1} hasNext onPage={onPage} />);
    expect(screen.getByRole("navigation", { name: "페이지" }).textContent).toContain("1쪽");
    expect(button("이전").disabled).toBe(true);
    fireEvent.click(button("다음"));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager kind="pages" page={3} hasNext={false} onPage={onPage} label="3 / 3" />);
    expect(screen.getByRole("navigation", { name: "페이지" }).textContent).toContain("3 / 3");
    expect(button("다음").disabled).toBe(true);
    fireEvent.click(button("이전"));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager kind="pages" page={3} hasNext onPage={onPage} disabled />);
    expect(button("이전").disabled).toBe(true);
    expect(button("다음").disabled).toBe(true);
  });
});
