import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyCode } from "../features/accounts/api";
import { verifyConsultationCode } from "../features/consultations/api";
import { useRootStore } from "../stores/root-store";
import { fail, mockFetch, ok } from "../test/fetch-mock";
import { browserLocation } from "./browser-location";
import { PENDING_CONSENT_MESSAGE } from "./certification-log";
import { signIn } from "./login";

const STUDENT = {
  token: "jwt-student",
  EMAIL_ID: "student@example.com",
  USER_NO: 7,
  USER_TYPE: "STUDENT",
  USER_NAME: "김하늘",
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
  localStorage.clear();
  sessionStorage.clear();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("POST /main/user_status after sign-in (SPEC.md §7, issue #20)", () => {
  it("asks the status with the new token and tells an account waiting for parent consent", async () => {
    const info = vi.spyOn(toast, "info");
    const { calls } = mockFetch({
      "POST /main/login": () => ok(STUDENT),
      "POST /main/getUserInfo": () => ok({ USER_NO: 7, LECTURE_INFO: [] }),
      "POST /main/user_status": () =>
        ok({
          USER_NO: 7,
          USER_TYPE: "STUDENT",
          STATUS: "PENDING_PARENT_CONSENT",
          IS_PARENT_CONSENTED: false,
        }),
    });
    expect(
      await signIn("student@example.com", "Demo1234!", { pathname: "/sign_in", search: "" }),
    ).toEqual(STUDENT);
    const status = calls.find((c) => c.url === "/main/user_status");
    expect(status?.headers.authorization).toBe("Bearer jwt-student");
    expect(info).toHaveBeenCalledWith(PENDING_CONSENT_MESSAGE, expect.anything());
  });

  it("says nothing for an active account", async () => {
    const info = vi.spyOn(toast, "info");
    mockFetch({
      "POST /main/login": () => ok(STUDENT),
      "POST /main/getUserInfo": () => ok({ USER_NO: 7, LECTURE_INFO: [] }),
      "POST /main/user_status": () =>
        ok({ USER_NO: 7, USER_TYPE: "STUDENT", STATUS: "ACTIVE", IS_PARENT_CONSENTED: true }),
    });
    await signIn("student@example.com", "Demo1234!", { pathname: "/sign_in", search: "" });
    expect(info).not.toHaveBeenCalled();
  });
});

describe("POST /main/iamport_sms_certification_log after each certification (SPEC.md §7)", () => {
  it("logs a success and a refusal (no code, no phone), and passes the answer on", async () => {
    let attempt = 0;
    const { calls } = mockFetch({
      "POST /main/verification/verify_code": () =>
        ++attempt === 1
          ? fail(400, "code_mismatch", "인증번호가 맞지 않아요.")
          : ok({ VERIFIED: true, VERIFICATION_TOKEN: "v", EXPIRES_IN_SEC: 1800 }),
      "POST /main/iamport_sms_certification_log": () => ok({ LOG_ID: 1 }),
    });
    await expect(verifyCode("ver-1", "000000")).rejects.toMatchObject({
      errorCode: "code_mismatch",
    });
    await expect(verifyConsultationCode("ver-1", "123456")).resolves.toMatchObject({
      VERIFIED: true,
    });
    await settle();
    const logs = calls.filter((c) => c.url === "/main/iamport_sms_certification_log");
    expect(logs.map((c) => c.body)).toEqual([
      { SUCCESS: false, ERROR_MSG: "인증번호가 맞지 않아요." },
      { SUCCESS: true },
    ]);
  });
});
