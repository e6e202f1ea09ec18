import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { restRequest } from "../../lib/rest-client";
import { useAdminStore } from "../../stores/admin-store";
import { mockFetch, ok } from "../../test/fetch-mock";
import { ViewAsBanner } from "./components/view-as-banner";
import { endViewAs, formatRemaining, remainingMs, startViewAs, viewAsSessionOf } from "./view-as";

afterEach(() => {
  useAdminStore.getState().reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const STARTED = {
  SESSION_ID: 5,
  USER_NO: 12,
  USER_TYPE: "PARENT",
  USER_NAME: "김서연",
  STARTED_AT: "2026-11-24T12:00:00.000Z",
  EXPIRES_AT: "2026-11-24T12:30:00.000Z",
  VIEW_AS_TOKEN: "view-as-token-0123456789abcdef",
};

describe("view as this family: the admin store is used (SPEC.md §3, issue #20)", () => {
  it("keeps the session in the admin store, sends its token on every call, and clears it at the end", async () => {
    const { calls } = mockFetch({
      "POST /main/view_as/start": () => ok(STARTED),
      "POST /main/getUserInfo": () => ok({ USER_NO: 12 }),
      "POST /main/view_as/end": () => ok({ ENDED: true }),
    });
    sessionStorage.setItem("accessToken", "staff-token");
    const session = await startViewAs(12);
    expect(session).toMatchObject({ userNo: 12, userName: "김서연", sessionId: 5 });
    expect(useAdminStore.getState()).toMatchObject({
      adminToken: STARTED.VIEW_AS_TOKEN,
      userNo: 12,
    });
    await restRequest("main", "/getUserInfo", { body: { USER_NO: 12 } });
    expect(calls.at(-1)!.headers["x-view-as-token"]).toBe(STARTED.VIEW_AS_TOKEN);
    await endViewAs();
    expect(calls.at(-1)!.url).toBe("/main/view_as/end");
    expect(viewAsSessionOf(useAdminStore.getState())).toBeNull();
    await restRequest("main", "/getUserInfo", { body: { USER_NO: 12 } });
    expect(calls.at(-1)!.headers["x-view-as-token"]).toBeUndefined();
  });

  it("shows a banner while a view is open, and ends it with 보기 끝내기", async () => {
    const { calls } = mockFetch({ "POST /main/view_as/end": () => ok({ ENDED: true }) });
    useAdminStore.getState().set({
      adminToken: "t".repeat(30),
      userNo: 12,
      tempCredentials: {
        sessionId: "5",
        userName: "김서연",
        userType: "PARENT",
        expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      },
    });
    const Stub = createRoutesStub([{ path: "/", Component: ViewAsBanner }]);
    render(<Stub />);
    expect(screen.getByRole("status").textContent).toContain("김서연 님 가족 화면을 보고 있어요");
    expect(screen.getByRole("status").textContent).toContain("읽기 전용");
    await userEvent.click(screen.getByRole("button", { name: "보기 끝내기" }));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(calls.map((c) => c.url)).toContain("/main/view_as/end");
  });

  it("ends by itself when the time is up", async () => {
    const { calls } = mockFetch({ "POST /main/view_as/end": () => ok({ ENDED: true }) });
    useAdminStore.getState().set({
      adminToken: "t".repeat(30),
      userNo: 12,
      tempCredentials: {
        sessionId: "5",
        userName: "김서연",
        userType: "PARENT",
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      },
    });
    const Stub = createRoutesStub([{ path: "/", Component: ViewAsBanner }]);
    render(<Stub />);
    await waitFor(() => expect(useAdminStore.getState().adminToken).toBeNull());
    expect(calls.map((c) => c.url)).toContain("/main/view_as/end");
  });

  it("never shows more than the 30 minutes a view lasts", () => {
    expect(remainingMs("2026-11-24T12:30:05.000Z", Date.parse("2026-11-24T12:00:00.000Z"))).toBe(
      30 * 60_000,
    );
    expect(remainingMs("2026-11-24T12:30:00.000Z", Date.parse("2026-11-24T12:31:00.000Z"))).toBe(0);
  });

  it("formats the time left", () => {
    expect(formatRemaining(30 * 60_000)).toBe("30:00");
    expect(formatRemaining(61_000)).toBe("01:01");
  });
});
