import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useRootStore } from "../../stores/root-store";
import { signInAs } from "../../test/auth";
import { StaffGate } from "./staff-gate";

function renderGate(signedOut?: string) {
  return render(
    <MemoryRouter>
      <StaffGate notStaff="감사 기록은 운영팀 계정에서만 볼 수 있어요." signedOut={signedOut}>
        <p>staff page</p>
      </StaffGate>
    </MemoryRouter>,
  );
}

afterEach(() => useRootStore.getState().reset());

describe("StaffGate, the one gate of the staff pages", () => {
  it("staff see the page", () => {
    signInAs("SALES_TEAM");
    renderGate();
    expect(screen.getByText("staff page")).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("a family account sees why, and the way to its own space", () => {
    signInAs("PARENT");
    renderGate("목록은 로그인한 뒤에 볼 수 있어요.");
    expect(screen.queryByText("staff page")).toBeNull();
    const panel = screen.getByRole("region", { name: "운영팀만 볼 수 있는 페이지예요" });
    expect(panel.textContent).toContain("감사 기록은 운영팀 계정에서만 볼 수 있어요.");
    expect(screen.getByRole("link", { name: "내 학습 공간으로" }).getAttribute("href")).toBe(
      "/_app",
    );
  });

  it("signed out: the staff-only panel with 로그인하기, or 로그인이 필요해요 when the page says why", () => {
    const { unmount } = renderGate();
    expect(screen.getByRole("heading", { name: "운영팀만 볼 수 있는 페이지예요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
    unmount();
    renderGate("목록은 로그인한 뒤에 볼 수 있어요.");
    expect(screen.getByRole("heading", { name: "로그인이 필요해요" })).toBeTruthy();
    expect(screen.getByText("목록은 로그인한 뒤에 볼 수 있어요.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
  });
});
