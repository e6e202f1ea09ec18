import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRootStore } from "../stores/root-store";
import { fail, mockFetch, ok } from "../test/fetch-mock";
import { browserLocation } from "./browser-location";
import { refreshUserInfo } from "./user-info";

function signedInAs(USER_TYPE: "STUDENT" | "TEACHER" | "PARENT") {
  localStorage.setItem("token", "jwt");
  useRootStore.getState().setAuth({
    flag: true,
    data: { token: "jwt", EMAIL_ID: "a@example.com", USER_NO: 7, USER_TYPE },
  });
}

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  vi.spyOn(browserLocation, "replace").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

describe("refreshing the user info (SPEC.md §4)", () => {
  it("stores data and lecture_info", async () => {
    signedInAs("STUDENT");
    mockFetch({ "POST /main/getUserInfo": () => ok({ USER_NO: 7, LECTURE_INFO: [{ a: 1 }] }) });
    await expect(refreshUserInfo()).resolves.toBe(true);
    expect(useRootStore.getState().userInfo).toEqual({
      data: { USER_NO: 7 },
      lecture_info: [{ a: 1 }],
      failed: false,
    });
  });

  it("logs out when it fails", async () => {
    vi.spyOn(browserLocation, "pathname").mockReturnValue("/_app");
    signedInAs("STUDENT");
    const { calls } = mockFetch({
      "POST /main/getUserInfo": () => fail(500, "internal", "오류"),
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    const navigate = vi.fn();
    await expect(refreshUserInfo({ navigate })).resolves.toBe(false);
    expect(calls.map((c) => c.url)).toContain("/api/oauth/logout");
    expect(localStorage.getItem("token")).toBeNull();
    expect(useRootStore.getState().auth.flag).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/sign_in");
  });

  it("does not log out on /guest_enrollment", async () => {
    vi.spyOn(browserLocation, "pathname").mockReturnValue("/guest_enrollment");
    signedInAs("STUDENT");
    const { calls } = mockFetch({ "POST /main/getUserInfo": () => fail(500, "internal", "오류") });
    const navigate = vi.fn();
    await expect(refreshUserInfo({ navigate })).resolves.toBe(false);
    expect(calls.map((c) => c.url)).toEqual(["/main/getUserInfo"]);
    expect(useRootStore.getState().auth.flag).toBe(true);
    expect(useRootStore.getState().userInfo.failed).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not log out when the request is cut off because the page is being left", async () => {
    vi.spyOn(browserLocation, "pathname").mockReturnValue("/_app");
    signedInAs("STUDENT");
    const { calls } = mockFetch({
      "POST /main/getUserInfo": () => {
        window.dispatchEvent(new Event("pagehide"));
        throw new TypeError("Failed to fetch");
      },
    });
    const navigate = vi.fn();
    await expect(refreshUserInfo({ navigate })).resolves.toBe(false);
    window.dispatchEvent(new Event("pageshow"));
    expect(calls.map((c) => c.url)).toEqual(["/main/getUserInfo"]);
    expect(useRootStore.getState().auth.flag).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("asks nothing when signed out", async () => {
    const { calls } = mockFetch({});
    await expect(refreshUserInfo()).resolves.toBe(false);
    expect(calls).toEqual([]);
  });

  it.each([
    ["STUDENT", "STUDENT"],
    ["TEACHER", "TEACHER"],
    ["PARENT", "PARENT"],
  ] as const)("asks for a %s's own record as USER_TYPE %s", async (type, expected) => {
    signedInAs(type);
    const { calls } = mockFetch({ "POST /main/getUserInfo": () => ok({ USER_NO: 7 }) });
    await refreshUserInfo();
    expect(calls[0]!.body).toEqual({ USER_NO: 7, USER_TYPE: expected, token: "jwt" });
  });
});
