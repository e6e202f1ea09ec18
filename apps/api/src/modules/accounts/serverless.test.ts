import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import {
  GOOD_PASSWORD,
  call,
  errorCodeOf,
  joinUser,
  refreshCookieOf,
  responseOf,
  signIn,
  uniquePhone,
  verifiedToken,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, testConfig, type TestApp } from "../../test/test-app.ts";
import { refreshCookiePolicy } from "./refresh-cookie.ts";
import { sandboxSms } from "./sms.ts";

// A stage deployment (not local mode): no demo accounts, no /dev routes. Codes are read straight
// from the sandbox adapter the app was given.
const sms = sandboxSms();
const readCode: CodeReader = async (phone) =>
  /\[(\d{6})\]/.exec(sms.outbox(phone)[0]?.text ?? "")![1]!;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { appEnv: "stage", localMode: false }, { accounts: { sms } });
}, 60_000);
afterAll(() => t.close());

const NEW_PASSWORD = "Another#Pass99";

const changePassword = (body: unknown, token?: string) =>
  call(t, "/serverless/change_password", body, { method: "PATCH", ...(token ? { token } : {}) });

describe("outside local mode", () => {
  it("the SMS outbox does not exist (404)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dev/sms-outbox?phone=01012345678" });
    expect(res.statusCode).toBe(404);
  });

  it("the refresh cookie is Secure", async () => {
    const user = await joinUser(t, readCode);
    const { res } = await signIn(t, user.email, user.password);
    expect(res.cookies.find((c) => c.name === "refresh_token")?.secure).toBe(true);
  });
});

// Issue #20 / decision 035: Secure follows local mode, not APP_ENV.
describe("the refresh cookie's Secure flag follows local mode", () => {
  it("policy: Secure on a deployed development host, off only in local mode", () => {
    const dev = testConfig({ PUBLIC_ORIGIN: "https://dev.seoltab.example" });
    expect(dev.appEnv).toBe("development");
    expect(refreshCookiePolicy(dev)).toEqual({ secure: true });
    expect(refreshCookiePolicy(testConfig())).toEqual({ secure: false });
    expect(
      refreshCookiePolicy(
        testConfig({ PUBLIC_ORIGIN: "https://dev.seoltab.example", LOCAL_MODE: "true" }),
      ),
    ).toEqual({ secure: false });
    expect(refreshCookiePolicy(testConfig({ LOCAL_MODE: "false" }))).toEqual({ secure: true });
  });

  it("a deployed development host (APP_ENV=development, https origin) sets Secure, and clears with it", async () => {
    const devSms = sandboxSms();
    const dev = await buildTestApp(
      { PUBLIC_ORIGIN: "https://dev.seoltab.example" },
      {},
      { accounts: { sms: devSms } },
    );
    try {
      expect(dev.config.appEnv).toBe("development");
      expect(dev.config.localMode).toBe(false);
      const user = await joinUser(
        dev,
        async (phone) => /\[(\d{6})\]/.exec(devSms.outbox(phone)[0]?.text ?? "")![1]!,
      );
      const { res, cookie } = await signIn(dev, user.email, user.password);
      expect(res.cookies.find((c) => c.name === "refresh_token")?.secure).toBe(true);
      const out = await call(dev, "/api/oauth/logout", undefined, { cookie });
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === "refresh_token");
      expect(cleared?.secure).toBe(true);
      expect(cleared?.value).toBe("");
    } finally {
      await dev.close();
    }
  }, 60_000);
});

describe("PATCH /serverless/change_password", () => {
  it("with the current password: changed, every session revoked, audited", async () => {
    const user = await joinUser(t, readCode);
    const first = await signIn(t, user.email, user.password);
    const second = await signIn(t, user.email, user.password);
    const res = await changePassword(
      { CURRENT_PASSWORD: user.password, NEW_PASSWORD },
      first.token,
    );
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual({ CHANGED: true });
    for (const cookie of [first.cookie, second.cookie]) {
      expect(
        (await call(t, "/api/oauth/token", { grant_type: "refresh_token" }, { cookie })).statusCode,
      ).toBe(401);
    }
    expect(
      (await call(t, "/main/login", { EMAIL_ID: user.email, PASSWORD: user.password })).statusCode,
    ).toBe(401);
    await signIn(t, user.email, NEW_PASSWORD);
    const audits = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "password_change"));
    const entry = audits.find((a) => a.actorUserId === user.userNo);
    expect(entry).toMatchObject({
      kind: "SECURITY",
      detail: { via: "current_password", revokedTokens: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
  });

  it("refuses a wrong current password (400, not 401), a weak or unchanged one, and no token", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    const wrong = await changePassword({ CURRENT_PASSWORD: "Not-it-123!", NEW_PASSWORD }, token);
    expect(wrong.statusCode).toBe(400);
    expect(errorCodeOf(wrong)).toBe("wrong_current_password");
    const weak = await changePassword(
      { CURRENT_PASSWORD: user.password, NEW_PASSWORD: "abc" },
      token,
    );
    expect(errorCodeOf(weak)).toBe("validation_failed");
    expect(responseOf(weak).FIELDS[0].NAME).toBe("NEW_PASSWORD");
    const same = await changePassword(
      { CURRENT_PASSWORD: user.password, NEW_PASSWORD: user.password },
      token,
    );
    expect(errorCodeOf(same)).toBe("same_password");
    const anonymous = await changePassword({ CURRENT_PASSWORD: user.password, NEW_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    expect(errorCodeOf(anonymous)).toBe("token_invalid");
    // Nothing changed.
    await signIn(t, user.email, user.password);
  });

  it("wrong current passwords count toward the sign-in throttle", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    for (let i = 0; i < 5; i++) {
      await changePassword({ CURRENT_PASSWORD: `Wrong-${i}-pass!`, NEW_PASSWORD }, token);
    }
    const res = await changePassword({ CURRENT_PASSWORD: user.password, NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(429);
  });

  it("30 current-password guesses at once (the right one among them): at most 5 checked (issue #19)", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        changePassword(
          { CURRENT_PASSWORD: i === 29 ? user.password : `Wrong-${i}-pass!`, NEW_PASSWORD },
          token,
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((c) => c === 429).length).toBeGreaterThanOrEqual(25);
  });

  it("with a verified phone: changed for the account whose phone it is", async () => {
    const user = await joinUser(t, readCode);
    const session = await signIn(t, user.email, user.password);
    const token = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    const res = await changePassword({
      EMAIL_ID: user.email,
      VERIFICATION_TOKEN: token,
      NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    await signIn(t, user.email, NEW_PASSWORD);
    const old = await call(
      t,
      "/api/oauth/token",
      { grant_type: "refresh_token" },
      { cookie: session.cookie },
    );
    expect(old.statusCode).toBe(401);
    // Used once only.
    const again = await changePassword({
      EMAIL_ID: user.email,
      VERIFICATION_TOKEN: token,
      NEW_PASSWORD: "Third#Pass77",
    });
    expect(errorCodeOf(again)).toBe("verification_invalid");
  });

  it("another phone, an unknown email or another purpose: refused, one answer for the first two", async () => {
    const user = await joinUser(t, readCode);
    const otherPhone = await verifiedToken(t, readCode, uniquePhone(), "CHANGE_PASSWORD");
    const mismatch = await changePassword({
      EMAIL_ID: user.email,
      VERIFICATION_TOKEN: otherPhone,
      NEW_PASSWORD,
    });
    const ownPhone = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    const unknown = await changePassword({
      EMAIL_ID: "nobody-here@example.com",
      VERIFICATION_TOKEN: ownPhone,
      NEW_PASSWORD,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(unknown.body).toBe(mismatch.body);
    expect(errorCodeOf(mismatch)).toBe("verification_mismatch");
    const joinPurpose = await verifiedToken(t, readCode, user.phone, "JOIN");
    expect(
      errorCodeOf(
        await changePassword({
          EMAIL_ID: user.email,
          VERIFICATION_TOKEN: joinPurpose,
          NEW_PASSWORD,
        }),
      ),
    ).toBe("verification_invalid");
    await signIn(t, user.email, user.password);
  });

  it.each([
    ["nothing", {}],
    [
      "both ways at once",
      {
        CURRENT_PASSWORD: "x",
        EMAIL_ID: "a@example.com",
        VERIFICATION_TOKEN: "A".repeat(43),
        NEW_PASSWORD,
      },
    ],
    ["an email without a token", { EMAIL_ID: "a@example.com", NEW_PASSWORD }],
    ["an overlong password", { CURRENT_PASSWORD: "x", NEW_PASSWORD: "x".repeat(300) }],
    ["an unknown field", { CURRENT_PASSWORD: "x", NEW_PASSWORD, USER_NO: 1 }],
  ])("%s: 400", async (_name, body) => {
    expect((await changePassword(body)).statusCode).toBe(400);
  });

  it("is PATCH only", async () => {
    const res = await call(t, "/serverless/change_password", {
      CURRENT_PASSWORD: "x",
      NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /serverless/get_user_by_parent_number", () => {
  it("lists the children who gave a phone, masked, to whoever proved that phone", async () => {
    const parentPhone = uniquePhone();
    const child = await joinUser(t, readCode, {
      REALNAME: "정다은",
      PARENT_PHONE_NUM: parentPhone,
      BIRTH_DATE: "2008-01-01",
    });
    const token = await verifiedToken(t, readCode, parentPhone, "FIND_CHILD");
    const res = await call(t, "/serverless/get_user_by_parent_number", {
      PARENT_PHONE_NUM: parentPhone,
      VERIFICATION_TOKEN: token,
    });
    expect(res.statusCode).toBe(200);
    const [local] = child.email.split("@");
    expect(responseOf(res)).toEqual({
      USERS: [
        {
          USER_NO: child.userNo,
          USER_NAME: "정*은",
          EMAIL_ID: `${local!.slice(0, 2)}${"*".repeat(local!.length - 2)}@example.com`,
        },
      ],
    });
    expect(res.body).not.toContain(child.email);
    expect(res.body).not.toContain(parentPhone);
    // The token is spent.
    const again = await call(t, "/serverless/get_user_by_parent_number", {
      PARENT_PHONE_NUM: parentPhone,
      VERIFICATION_TOKEN: token,
    });
    expect(errorCodeOf(again)).toBe("verification_invalid");
  });

  it("a token for another phone or purpose, or a bad payload: 400", async () => {
    const parentPhone = uniquePhone();
    const other = await verifiedToken(t, readCode, uniquePhone(), "FIND_CHILD");
    const mismatch = await call(t, "/serverless/get_user_by_parent_number", {
      PARENT_PHONE_NUM: parentPhone,
      VERIFICATION_TOKEN: other,
    });
    expect(errorCodeOf(mismatch)).toBe("verification_mismatch");
    const wrongPurpose = await verifiedToken(t, readCode, parentPhone, "JOIN");
    expect(
      errorCodeOf(
        await call(t, "/serverless/get_user_by_parent_number", {
          PARENT_PHONE_NUM: parentPhone,
          VERIFICATION_TOKEN: wrongPurpose,
        }),
      ),
    ).toBe("verification_invalid");
    for (const body of [
      {},
      { PARENT_PHONE_NUM: "' OR 1=1 --", VERIFICATION_TOKEN: other },
      { PARENT_PHONE_NUM: parentPhone },
    ]) {
      expect((await call(t, "/serverless/get_user_by_parent_number", body)).statusCode).toBe(400);
    }
  });
});

describe("sessions outside local mode", () => {
  it("a refresh cookie from login works here too", async () => {
    const user = await joinUser(t, readCode);
    const { cookie } = await signIn(t, user.email, GOOD_PASSWORD);
    const res = await call(t, "/api/oauth/token", { grant_type: "refresh_token" }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)).toEqual(expect.any(String));
  });
});
