import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "react-toastify";
import { useLoaderStore } from "../stores/loader-store";
import { useRootStore } from "../stores/root-store";
import { fail, mockFetch, ok } from "../test/fetch-mock";
import { browserLocation } from "./browser-location";
import {
  LOGIN_FAILURE_MESSAGE,
  continueTarget,
  loginFailureMessage,
  loginPayload,
  omitsServiceType,
  signIn,
} from "./login";
import { NETWORK_ERROR_MESSAGE, RestError } from "./rest-client";

const at = (pathname: string, search = "") => ({ pathname, search });
const STUDENT = {
  token: "jwt-student",
  EMAIL_ID: "student@example.com",
  USER_NO: 7,
  USER_TYPE: "STUDENT",
  USER_NAME: "김하늘",
  NICKNAME: "하늘",
  STATUS: "ACTIVE",
  CHILDREN: [],
} as const;

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  vi.spyOn(browserLocation, "replace").mockImplementation(() => undefined);
  vi.spyOn(browserLocation, "pathname").mockReturnValue("/sign_in");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

describe("login payload (SPEC.md §5, §7)", () => {
  it("sends EMAIL_ID, PASSWORD, SERVICE_TYPE LECTURE and PLATFORM WEB", () => {
    expect(loginPayload(" student@example.com ", "Demo1234!", at("/sign_in"))).toEqual({
      EMAIL_ID: "student@example.com",
      PASSWORD: "Demo1234!",
      SERVICE_TYPE: "LECTURE",
      PLATFORM: "WEB",
    });
  });

  it.each([
    ["a partner marker in the path", at("/partner/sign_in")],
    ["a partner marker in the query", at("/sign_in", "?from=partner")],
    ["a partner marker in another case", at("/sign_in", "?channel=Partner_A")],
    ["for_resume in the query", at("/sign_in", "?for_resume=true")],
    ["for_resume as a bare flag", at("/accounts/login", "?continue=%2F&for_resume")],
  ])("leaves SERVICE_TYPE out with %s", (_why, place) => {
    expect(omitsServiceType(place)).toBe(true);
    const payload = loginPayload("a@b.co", "x", place);
    expect(payload).not.toHaveProperty("SERVICE_TYPE");
    expect(payload.PLATFORM).toBe("WEB");
  });

  it("keeps SERVICE_TYPE when for_resume is only in the path", () => {
    expect(omitsServiceType(at("/for_resume"))).toBe(false);
    expect(omitsServiceType(at("/sign_in", "?resume=1"))).toBe(false);
  });
});

describe("signIn (SPEC.md §4)", () => {
  it("shows the loader during the call, then stores every credential where the contract says", async () => {
    let loaderDuringCall = false;
    const { calls } = mockFetch({
      "POST /main/login": () => {
        loaderDuringCall = useLoaderStore.getState().visible;
        return ok(STUDENT);
      },
      "POST /main/getUserInfo": () =>
        ok({ USER_NO: 7, PHONE: "010-****-0001", LECTURE_INFO: [{ id: 1 }] }),
    });
    sessionStorage.setItem("accessToken", "left-over-from-an-earlier-session");

    const response = await signIn("student@example.com", "Demo1234!", at("/sign_in"));

    expect(response).toEqual(STUDENT);
    expect(loaderDuringCall).toBe(true);
    expect(useLoaderStore.getState().visible).toBe(false);
    expect(calls[0]!.body).toEqual({
      EMAIL_ID: "student@example.com",
      PASSWORD: "Demo1234!",
      SERVICE_TYPE: "LECTURE",
      PLATFORM: "WEB",
    });
    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(localStorage.getItem("token")).toBe("jwt-student");
    expect(sessionStorage.getItem("userToken")).toBe('"jwt-student"');
    const info = JSON.parse(sessionStorage.getItem("userInfo")!) as Record<string, unknown>;
    expect(info).toMatchObject({
      EMAIL_ID: "student@example.com",
      USER_NO: 7,
      USER_TYPE: "STUDENT",
    });
    expect(info).not.toHaveProperty("token");
    expect(sessionStorage.getItem("accessToken")).toBeNull();
    const { auth, userInfo } = useRootStore.getState();
    expect(auth).toMatchObject({
      data: STUDENT,
      flag: true,
      failed: false,
      accessToken: "jwt-student",
    });
    expect(auth.clientId).toBe(localStorage.getItem("deviceId"));
    // Then the user info (SPEC.md §4), with the new token.
    expect(calls[1]).toMatchObject({
      url: "/main/getUserInfo",
      body: { USER_NO: 7, USER_TYPE: "STUDENT", token: "jwt-student" },
    });
    expect(calls[1]!.headers.authorization).toBe("Bearer jwt-student");
    expect(userInfo).toEqual({
      data: { USER_NO: 7, PHONE: "010-****-0001" },
      lecture_info: [{ id: 1 }],
      failed: false,
    });
  });

  it("asks for a tutor's info as TEACHER and a parent's as PARENT", async () => {
    const { calls } = mockFetch({
      "POST /main/login": (call) =>
        ok(
          (call.body as { EMAIL_ID: string }).EMAIL_ID.startsWith("tutor")
            ? { ...STUDENT, EMAIL_ID: "tutor@example.com", USER_NO: 9, USER_TYPE: "TEACHER" }
            : {
                ...STUDENT,
                EMAIL_ID: "parent@example.com",
                USER_NO: 8,
                USER_TYPE: "PARENT",
                CHILDREN: [{ USER_NO: 7, USER_NAME: "김하늘" }],
              },
        ),
      "POST /main/getUserInfo": (call) =>
        ok({ USER_NO: (call.body as { USER_NO: number }).USER_NO }),
    });
    await signIn("tutor@example.com", "Demo1234!", at("/sign_in"));
    expect(calls[1]!.body).toMatchObject({ USER_NO: 9, USER_TYPE: "TEACHER" });
    await signIn("parent@example.com", "Demo1234!", at("/parent_sign_in"));
    // (calls[2] is POST /main/user_status after the first sign-in.)
    const infoCalls = calls.filter((c) => c.url === "/main/getUserInfo");
    expect(infoCalls[1]!.body).toMatchObject({ USER_NO: 8, USER_TYPE: "PARENT" });
    expect(useRootStore.getState().auth.data?.CHILDREN).toEqual([
      { USER_NO: 7, USER_NAME: "김하늘" },
    ]);
  });

  it("shows the Korean failure toast and stores nothing on a wrong password", async () => {
    const error = vi.spyOn(toast, "error");
    mockFetch({
      "POST /main/login": () =>
        fail(401, "invalid_credentials", "이메일 주소와 비밀번호를 다시 확인해 주세요."),
    });
    await expect(signIn("student@example.com", "wrong", at("/sign_in"))).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(
      "이메일 주소와 비밀번호를 다시 확인해 주세요.",
      expect.anything(),
    );
    expect(localStorage.getItem("token")).toBeNull();
    expect(sessionStorage.getItem("userToken")).toBeNull();
    expect(useRootStore.getState().auth).toMatchObject({ flag: false, failed: true, data: null });
    expect(useLoaderStore.getState().visible).toBe(false);
    // A refused sign-in is about the form: no redirect.
    expect(browserLocation.replace).not.toHaveBeenCalled();
  });

  it("logs out when the user info cannot be fetched after sign-in", async () => {
    mockFetch({
      "POST /main/login": () => ok(STUDENT),
      "POST /main/getUserInfo": () => fail(500, "internal", "잠시 후 다시 시도해 주세요."),
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    await expect(signIn("student@example.com", "Demo1234!", at("/sign_in"))).resolves.toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    expect(useRootStore.getState().auth.flag).toBe(false);
    expect(browserLocation.assign).toHaveBeenCalledWith("/sign_in");
  });
});

describe("login failure message (SPEC.md §8)", () => {
  const restError = (status: number, errorCode: string, message = "서버 메시지") =>
    new RestError({ status, errorCode, message });

  it("is 'check email and password' for wrong credentials and anything unexpected", () => {
    expect(LOGIN_FAILURE_MESSAGE).toBe("이메일 주소와 비밀번호를 다시 확인해 주세요.");
    expect(loginFailureMessage(restError(401, "invalid_credentials"))).toBe(LOGIN_FAILURE_MESSAGE);
    expect(loginFailureMessage(restError(400, "validation_failed"))).toBe(LOGIN_FAILURE_MESSAGE);
    expect(loginFailureMessage(new Error("?"))).toBe(LOGIN_FAILURE_MESSAGE);
  });

  it("passes on what the person can act on: consent pending, too many attempts, no network", () => {
    expect(loginFailureMessage(restError(403, "parent_consent_required", "보호자 동의 대기"))).toBe(
      "보호자 동의 대기",
    );
    expect(loginFailureMessage(restError(429, "too_many_attempts", "15분 후"))).toBe("15분 후");
    expect(loginFailureMessage(restError(0, "network_error"))).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe("continue address of /accounts/login", () => {
  const origin = "http://localhost:3000";
  it.each([
    ["/_app", "/_app"],
    ["/_app/payments?tab=1#x", "/_app/payments?tab=1#x"],
    ["http://localhost:3000/enrollment", "http://localhost:3000/enrollment"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["http://localhost:3000@evil.example/", "/"],
    ["http://localhost:3001/", "/"],
  ])("%j → %j", (value, expected) => {
    expect(continueTarget(value, origin)).toBe(expected);
  });
});
