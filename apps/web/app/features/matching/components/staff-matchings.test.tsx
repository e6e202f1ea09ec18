import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useRootStore } from "../../../stores/root-store";
import { signInAs } from "../../../test/auth";
import { StaffMatchings } from "./staff-matchings";

afterEach(() => useRootStore.getState().reset());

describe("/_app/admin/matchings behind the one staff gate", () => {
  it("a parent sees why and the way back, and no queue is asked for", () => {
    signInAs("PARENT", { EMAIL_ID: "p@example.com", USER_NO: 7, USER_NAME: "나" });
    // No ApolloProvider: rendering the queue would throw, so passing shows it was not rendered.
    render(
      <MemoryRouter>
        <StaffMatchings />
      </MemoryRouter>,
    );
    const panel = screen.getByRole("region", { name: "운영팀만 볼 수 있는 페이지예요" });
    expect(panel.textContent).toContain("선생님 매칭은 운영팀과 영업팀 계정에서만 열 수 있어요.");
    expect(screen.getByRole("link", { name: "내 학습 공간으로" }).getAttribute("href")).toBe(
      "/_app",
    );
  });

  it("signed out: the same panel with 로그인하기", () => {
    render(
      <MemoryRouter>
        <StaffMatchings />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "운영팀만 볼 수 있는 페이지예요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
  });
});
