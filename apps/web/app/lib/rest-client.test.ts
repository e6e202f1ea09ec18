import { REST_TIMEOUT_MS } from "@seoltab/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, fakeJwt, json, mockFetch, ok } from "../test/fetch-mock";
import { browserLocation } from "./browser-location";
import { NETWORK_ERROR_MESSAGE, RestError, restRequest } from "./rest-client";

let replace: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  replace = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, "replace").mockImplementation(replace);
  vi.spyOn(browserLocation, "pathname").mockReturnValue("/_app");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("REST client: request", () => {
  it("posts JSON to the backend base with the stored token as Bearer", async () => {
    localStorage.setItem("token", "login-token");
    const { calls } = mockFetch({ "POST /main/getUserInfo": () => ok({ USER_NO: 7 }) });
    const response = await restRequest("main", "/getUserInfo", { body: { USER_NO: 7 } });
    expect(response).toEqual({ USER_NO: 7 });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/main/getUserInfo",
      body: { USER_NO: 7 },
      credentials: "include",
    });
    expect(calls[0]!.headers.authorization).toBe("Bearer login-token");
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
  });

  it("prefers a fresher access token and sends nothing when signed out", async () => {
    const { calls } = mockFetch({ "POST /main/x": () => ok({}) });
    await restRequest("main", "/x");
    expect(calls[0]!.headers.authorization).toBeUndefined();
    localStorage.setItem("token", "login-token");
    sessionStorage.setItem("accessToken", "fresh-access");
    await restRequest("main", "/x");
    expect(calls[1]!.headers.authorization).toBe("Bearer fresh-access");
    await restRequest("main", "/x", { auth: false });
    expect(calls[2]!.headers.authorization).toBeUndefined();
  });

  it("uses credentials per backend: main include, serverless omit, hub unset", async () => {
    const { calls } = mockFetch({
      "POST /main/a": () => ok({}),
      "PATCH /serverless/change_password": () => ok({}),
      "POST /hub/request-form/validation": () => ok({}),
    });
    await restRequest("main", "/a");
    await restRequest("serverless", "/change_password", { method: "PATCH", body: {} });
    await restRequest("hub", "/request-form/validation", { body: {} });
    expect(calls.map((c) => [c.url, c.credentials])).toEqual([
      ["/main/a", "include"],
      ["/serverless/change_password", "omit"],
      ["/hub/request-form/validation", undefined],
    ]);
  });

  it("times out after REST_TIMEOUT_MS (20 000 ms) through an AbortSignal", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const { fetchMock } = mockFetch({
      "POST /main/slow": (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener("abort", () =>
            reject(new DOMException("t", "TimeoutError")),
          );
        }),
    });
    const controller = new AbortController();
    timeout.mockImplementation((ms) => {
      expect(ms).toBe(REST_TIMEOUT_MS);
      return controller.signal;
    });
    const pending = restRequest("main", "/slow");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({
      status: 0,
      errorCode: "timeout",
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(REST_TIMEOUT_MS).toBe(20_000);
  });
});

describe("REST client: the ONUEI_RES envelope", () => {
  it("throws the failure's STATUSMSG, ERROR_CODE and FIELDS", async () => {
    mockFetch({
      "POST /main/join": () =>
        fail(409, "email_taken", "이미 가입된 이메일 주소예요.", [
          { NAME: "EMAIL_ID", MESSAGE: "이미 가입된 이메일 주소예요." },
        ]),
    });
    const error = (await restRequest("main", "/join", { body: {}, auth: false }).catch(
      (e: unknown) => e,
    )) as RestError;
    expect(error).toBeInstanceOf(RestError);
    expect(error.message).toBe("이미 가입된 이메일 주소예요.");
    expect(error.status).toBe(409);
    expect(error.statusCode).toBe("4090");
    expect(error.errorCode).toBe("email_taken");
    expect(error.fields).toEqual([{ NAME: "EMAIL_ID", MESSAGE: "이미 가입된 이메일 주소예요." }]);
  });

  it("keeps extra failure values (e.g. remaining attempts) on the error", async () => {
    mockFetch({
      "POST /main/verification/verify_code": () =>
        fail(400, "code_mismatch", "인증번호가 일치하지 않아요.", [], { REMAINING_ATTEMPTS: 3 }),
    });
    const error = (await restRequest("main", "/verification/verify_code", {
      auth: false,
    }).catch((e: unknown) => e)) as RestError;
    expect(error.response?.REMAINING_ATTEMPTS).toBe(3);
  });

  it("treats a 200 with RESULT FAIL, and a body that is not an envelope, as failures", async () => {
    mockFetch({
      "POST /main/a": () =>
        json({
          ONUEI_RES: {
            STATUS: { STATUSCODE: "4000", STATUSMSG: "잘못된 요청" },
            DATA: { RESULT: "FAIL", RESPONSE: { ERROR_CODE: "x", FIELDS: [] } },
          },
        }),
      "POST /main/b": () => new Response("<html>", { status: 502 }),
    });
    await expect(restRequest("main", "/a")).rejects.toMatchObject({ errorCode: "x" });
    await expect(restRequest("main", "/b")).rejects.toMatchObject({
      status: 502,
      errorCode: "unexpected_response",
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("reports a network failure with the Korean network message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(restRequest("main", "/a")).rejects.toMatchObject({
      status: 0,
      errorCode: "network_error",
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe("REST client: 401 and 403 (SPEC.md §4)", () => {
  it.each([
    [401, "/sign_in?expired=1&continue=%2F_app"],
    [403, "/sign_in"],
  ])(
    "%i on an authenticated call removes the stored token and replaces the location with %s",
    async (status, target) => {
      localStorage.setItem("token", "login-token");
      sessionStorage.setItem("accessToken", "access");
      sessionStorage.setItem("userToken", '"login-token"');
      mockFetch({
        "POST /main/getUserInfo": () => fail(status, "token_invalid", "로그인이 필요해요."),
      });
      await expect(restRequest("main", "/getUserInfo", { body: {} })).rejects.toBeInstanceOf(
        RestError,
      );
      expect(localStorage.getItem("token")).toBeNull();
      expect(sessionStorage.getItem("accessToken")).toBeNull();
      expect(replace).toHaveBeenCalledWith(target);
    },
  );

  it("leaves the page alone when a call without a session is refused (wrong password)", async () => {
    mockFetch({
      "POST /main/login": () => fail(401, "invalid_credentials", "다시 확인해 주세요."),
    });
    await expect(restRequest("main", "/login", { body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(replace).not.toHaveBeenCalled();
  });
});

describe("REST client: an expired stored token", () => {
  it("is refreshed before the call (POST /api/oauth/token), and the new one is sent", async () => {
    const expired = fakeJwt({ exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem("token", expired);
    const { calls } = mockFetch({
      "POST /api/oauth/token": () => json({ accessToken: "renewed" }),
      "POST /main/getUserInfo": () => ok({ USER_NO: 1 }),
    });
    await restRequest("main", "/getUserInfo", { body: {} });
    expect(calls.map((c) => c.url)).toEqual(["/api/oauth/token", "/main/getUserInfo"]);
    expect(calls[1]!.headers.authorization).toBe("Bearer renewed");
    expect(sessionStorage.getItem("accessToken")).toBe("renewed");
  });

  it("is sent as it is when no refresh is possible, and the 401 then ends the session", async () => {
    const expired = fakeJwt({ exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem("token", expired);
    mockFetch({
      "POST /api/oauth/token": () => json({ error: "invalid_grant" }, 401),
      "POST /main/getUserInfo": () => fail(401, "token_expired", "로그인이 필요해요."),
    });
    await expect(restRequest("main", "/getUserInfo", { body: {} })).rejects.toMatchObject({
      status: 401,
    });
    // The session expired: /sign_in says so and comes back here (issue #11).
    expect(replace).toHaveBeenCalledWith("/sign_in?expired=1&continue=%2F_app");
  });
});
