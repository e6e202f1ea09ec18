import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useActingChildStore } from "../stores/acting-child-store";
import { useAdminStore } from "../stores/admin-store";
import { useLoaderStore } from "../stores/loader-store";
import { useModalStore } from "../stores/modal-store";
import { DEFAULT_AUTH, DEFAULT_USER_INFO, useRootStore } from "../stores/root-store";
import { json, mockFetch } from "../test/fetch-mock";
import { browserLocation } from "./browser-location";
import { logout, onLogout } from "./logout";

const DEVICE = "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69";

function signInEverywhere() {
  useRootStore.getState().setAuth({
    data: { token: "t", EMAIL_ID: "student@example.com", USER_NO: 7, USER_TYPE: "STUDENT" },
    flag: true,
    accessToken: "t",
    clientId: DEVICE,
  });
  useRootStore.getState().setUserInfo({ data: { USER_NO: 7 }, lecture_info: [{ id: 1 }] });
  useRootStore.getState().setEnrollment({ selectMonth: 12 });
  useAdminStore.getState().set({ adminToken: "admin", userNo: 9, tempCredentials: { a: "b" } });
  useActingChildStore.getState().chooseChild(12);
  localStorage.setItem("token", "t");
  localStorage.setItem("deviceId", DEVICE);
  sessionStorage.setItem("accessToken", "access");
  sessionStorage.setItem("userToken", '"t"');
  sessionStorage.setItem("userInfo", '{"USER_NO":7}');
  document.cookie = "refresh_token=readable-copy; Path=/";
  void useModalStore.getState().openAlert({ message: "열린 창" });
  useLoaderStore.getState().show();
}

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it("forgets a parent's chosen child and registered client data (the cart registers itself)", async () => {
  mockFetch({ "POST /api/oauth/logout": () => json({}, 204) });
  signInEverywhere();
  const cleared = vi.fn();
  const unregister = onLogout(cleared);
  await logout();
  unregister();
  expect(useActingChildStore.getState().childUserNo).toBeNull();
  expect(cleared).toHaveBeenCalledTimes(1);
});

describe("logout (SPEC.md §4)", () => {
  it("runs every step: stores reset, storage and cookie cleared, server call, /sign_in", async () => {
    signInEverywhere();
    expect(localStorage.getItem("persist:root")).not.toBeNull();
    const cache = vi.fn();
    const unregister = onLogout(cache);
    const { calls } = mockFetch({
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    const navigate = vi.fn();

    await logout({ navigate });

    // 1. client stores, including admin info
    expect(useRootStore.getState().auth).toEqual(DEFAULT_AUTH);
    expect(useRootStore.getState().userInfo).toEqual(DEFAULT_USER_INFO);
    expect(useRootStore.getState().enrollment.selectMonth).toBe(3);
    expect(useAdminStore.getState()).toMatchObject({
      adminToken: null,
      userNo: null,
      tempCredentials: null,
    });
    expect(useModalStore.getState().modals).toEqual([]);
    expect(useLoaderStore.getState().visible).toBe(false);
    expect(cache).toHaveBeenCalledTimes(1);
    // 2. local login token and persisted root state
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("persist:root")).toBeNull();
    // 3. user token, user info and access token in sessionStorage
    expect(sessionStorage.getItem("userToken")).toBeNull();
    expect(sessionStorage.getItem("userInfo")).toBeNull();
    expect(sessionStorage.getItem("accessToken")).toBeNull();
    // 4. refresh cookie
    expect(document.cookie).not.toContain("refresh_token");
    // 5. server call
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/oauth/logout",
      credentials: "include",
    });
    // 6. navigation
    expect(navigate).toHaveBeenCalledWith("/sign_in");
    // The device id is not a credential of the session: it stays.
    expect(localStorage.getItem("deviceId")).toBe(DEVICE);
    unregister();
  });

  it("clears the client before the server answers, and still navigates when the call fails", async () => {
    signInEverywhere();
    let storageDuringCall: string | null = "unset";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        storageDuringCall = localStorage.getItem("token");
        throw new TypeError("offline");
      }),
    );
    const navigate = vi.fn();
    await logout({ navigate });
    expect(storageDuringCall).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/sign_in");
  });

  it("navigates by a full page load by default", async () => {
    mockFetch({ "POST /api/oauth/logout": () => json({}, 204) });
    await logout();
    expect(browserLocation.assign).toHaveBeenCalledWith("/sign_in");
  });

  it("after an expired session, /sign_in says so and returns to the page (issue #11)", async () => {
    mockFetch({ "POST /api/oauth/logout": () => json({}, 204) });
    const navigate = vi.fn();
    await logout({ navigate, expired: true, returnTo: "/_app/payments?page=2" });
    expect(navigate).toHaveBeenCalledWith(
      "/sign_in?expired=1&continue=%2F_app%2Fpayments%3Fpage%3D2",
    );
    await logout({ navigate, expired: true, returnTo: "//evil.example/x" });
    expect(navigate).toHaveBeenLastCalledWith("/sign_in?expired=1");
  });

  it("gives one logout for many simultaneous callers", async () => {
    const { calls } = mockFetch({
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    const navigate = vi.fn();
    await Promise.all([logout({ navigate }), logout({ navigate }), logout({ navigate })]);
    expect(calls).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
