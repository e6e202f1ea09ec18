import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useRootStore } from "../stores/root-store";
import { signInAs } from "../test/auth";
import AdminViewAs from "./admin-view-as";

afterEach(() => useRootStore.getState().reset());

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminViewAs />
    </MemoryRouter>,
  );
}

describe("/_app/admin/view-as gates", () => {
  it("signed out: sign in and come back here", () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "로그인이 필요해요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toContain(
      encodeURIComponent("/_app/admin/view-as"),
    );
  });

  it("a student sees the staff gate's panel, not the page", () => {
    signInAs("STUDENT");
    renderPage();
    const panel = screen.getByRole("region", { name: "운영팀만 볼 수 있는 페이지예요" });
    expect(panel.textContent).toContain("가족 화면 보기는 직원만 쓸 수 있는 화면이에요.");
    expect(screen.queryByRole("heading", { name: "가족 화면 보기" })).toBeNull();
  });
});
