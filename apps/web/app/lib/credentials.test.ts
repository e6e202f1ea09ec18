import { afterEach, describe, expect, it } from "vitest";
import {
  STORAGE_KEYS,
  clearRefreshCookie,
  getUserToken,
  graphqlBearerToken,
  removeLocalCredentials,
  removeSessionCredentials,
  restBearerToken,
  setAccessToken,
  setLoginToken,
  setStoredUserInfo,
  setUserToken,
} from "./credentials";

afterEach(() => {
  document.cookie = "refresh_token=; Max-Age=-1; Path=/";
});

describe("session credentials storage (SPEC.md §3, docs/api/accounts.md)", () => {
  it("keeps each credential under the contract's key, in the contract's storage", () => {
    setAccessToken("access-1");
    setUserToken("user-1");
    setLoginToken("login-1");
    setStoredUserInfo({ USER_NO: 7 });
    expect(sessionStorage.getItem("accessToken")).toBe("access-1");
    expect(sessionStorage.getItem("userToken")).toBe('"user-1"');
    expect(sessionStorage.getItem("userInfo")).toBe('{"USER_NO":7}');
    expect(localStorage.getItem("token")).toBe("login-1");
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(sessionStorage.getItem("token")).toBeNull();
    expect(STORAGE_KEYS).toEqual({
      accessToken: "accessToken",
      userToken: "userToken",
      userInfo: "userInfo",
      loginToken: "token",
      deviceId: "deviceId",
      persistedRoot: "persist:root",
    });
  });

  it("removes the quotes of the user token when it is used", () => {
    sessionStorage.setItem("userToken", '"eyJ.abc.def"');
    expect(getUserToken()).toBe("eyJ.abc.def");
    sessionStorage.setItem("userToken", "plain");
    expect(getUserToken()).toBe("plain");
    sessionStorage.setItem("userToken", '""');
    expect(getUserToken()).toBeNull();
  });
});

describe("Bearer token choice", () => {
  it("GraphQL: the access token, else the user token without quotes, else none", () => {
    expect(graphqlBearerToken()).toBeNull();
    sessionStorage.setItem("userToken", '"user-1"');
    expect(graphqlBearerToken()).toBe("user-1");
    sessionStorage.setItem("accessToken", "access-1");
    expect(graphqlBearerToken()).toBe("access-1");
    // The login token in localStorage is not a GraphQL credential.
    sessionStorage.clear();
    localStorage.setItem("token", "login-1");
    expect(graphqlBearerToken()).toBeNull();
  });

  it("REST: the stored login token, unless a fresher access token was fetched", () => {
    expect(restBearerToken()).toBeNull();
    localStorage.setItem("token", "login-1");
    expect(restBearerToken()).toBe("login-1");
    sessionStorage.setItem("accessToken", "access-2");
    expect(restBearerToken()).toBe("access-2");
  });
});

describe("clearing", () => {
  it("removes the session and local credentials, leaving the device id", () => {
    setAccessToken("a");
    setUserToken("u");
    setStoredUserInfo({});
    setLoginToken("l");
    localStorage.setItem("persist:root", "{}");
    localStorage.setItem("deviceId", "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69");
    removeSessionCredentials();
    removeLocalCredentials();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("persist:root")).toBeNull();
    expect(localStorage.getItem("deviceId")).not.toBeNull();
  });

  it("expires a readable refresh cookie (max-age -1)", () => {
    document.cookie = "refresh_token=abc; Path=/";
    document.cookie = "other=1; Path=/";
    expect(document.cookie).toContain("refresh_token=abc");
    clearRefreshCookie();
    expect(document.cookie).not.toContain("refresh_token");
    expect(document.cookie).toContain("other=1");
    document.cookie = "other=; Max-Age=-1; Path=/";
  });
});
