import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, schema } from "@seoltab/db";
import { seoulDateParts } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import {
  ALL_REQUIRED_TERMS,
  GOOD_PASSWORD,
  call,
  errorCodeOf,
  joinUser,
  outboxReader,
  responseOf,
  signIn,
  uniqueEmail,
  uniqueNickname,
  uniquePhone,
  verifiedToken,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";

const clock = offsetClock();
let t: TestApp;
let readCode: CodeReader;
beforeAll(async () => {
  t = await buildTestApp({}, {}, { accounts: { clock } });
  readCode = outboxReader(t);
}, 60_000);
afterAll(() => t.close());

const sendCode = (phone: string, purpose = "JOIN", ip = "10.20.0.1") =>
  call(t, "/main/verification/send_code", { PHONE_NUM: phone, PURPOSE: purpose }, { ip });
const verify = (id: string, code: string) =>
  call(t, "/main/verification/verify_code", { VERIFICATION_ID: id, CODE: code });
const userCount = async () => (await t.database.db.select({ n: count() }).from(schema.users))[0]!.n;

/** Moves the app clock for the duration of `work`. */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  clock.advance(ms);
  try {
    return await work();
  } finally {
    clock.advance(-ms);
  }
}

function birthDateYearsAgo(years: number, dayOffset = 0): string {
  const today = seoulDateParts(new Date(clock.now().getTime() + dayOffset * 86_400_000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${today.year - years}-${pad(today.month)}-${pad(today.day)}`;
}

async function joinBody(overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  return {
    USER_TYPE: "STUDENT",
    EMAIL_ID: uniqueEmail("j"),
    PASSWORD: GOOD_PASSWORD,
    REALNAME: "김민준",
    NICKNAME: uniqueNickname(),
    GRADE: "HIGH_1",
    BIRTH_DATE: "2009-05-05",
    VERIFICATION_TOKEN: await verifiedToken(t, readCode, phone, "JOIN"),
    AGREED_TERMS: ALL_REQUIRED_TERMS,
    ...overrides,
  };
}

describe("phone verification", () => {
  it("sends a 6-digit code through the SMS port and stores only its hash", async () => {
    const phone = uniquePhone();
    const res = await sendCode(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect(res.statusCode).toBe(200);
    const { VERIFICATION_ID, EXPIRES_IN_SEC } = responseOf(res);
    expect(VERIFICATION_ID).toMatch(/^[0-9a-f-]{36}$/);
    expect(EXPIRES_IN_SEC).toBe(180);
    const code = await readCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    const [row] = await t.database.db
      .select()
      .from(schema.phoneVerifications)
      .where(eq(schema.phoneVerifications.id, VERIFICATION_ID));
    expect(row!.phone).toBe(phone);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify({ ...row, phone: null })).not.toContain(code);
  });

  it("a correct code gives a single-purpose token once; the code cannot be used again", async () => {
    const phone = uniquePhone();
    const id = responseOf(await sendCode(phone)).VERIFICATION_ID;
    const res = await verify(id, await readCode(phone));
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual({
      VERIFIED: true,
      VERIFICATION_TOKEN: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      EXPIRES_IN_SEC: 1800,
    });
    const again = await verify(id, await readCode(phone));
    expect(again.statusCode).toBe(400);
    expect(errorCodeOf(again)).toBe("code_expired");
  });

  it("wrong codes count down; after 5 the right one no longer works", async () => {
    const phone = uniquePhone();
    const id = responseOf(await sendCode(phone)).VERIFICATION_ID;
    const code = await readCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let remaining = 4; remaining >= 0; remaining--) {
      const res = await verify(id, wrong);
      expect(res.statusCode).toBe(400);
      expect(errorCodeOf(res)).toBe("code_mismatch");
      expect(responseOf(res).REMAINING_ATTEMPTS).toBe(remaining);
      expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toContain(`${remaining}회`);
    }
    expect(errorCodeOf(await verify(id, code))).toBe("code_expired");
  });

  it("a code expires after 180 s", async () => {
    const phone = uniquePhone();
    const id = responseOf(await sendCode(phone)).VERIFICATION_ID;
    const code = await readCode(phone);
    const res = await later(181_000, () => verify(id, code));
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("code_expired");
  });

  it("at most 5 codes per phone per hour: the 6th is 429 with Retry-After", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++)
      expect((await sendCode(phone, "JOIN", `10.21.0.${i}`)).statusCode).toBe(200);
    const sixth = await sendCode(phone, "JOIN", "10.21.0.9");
    expect(sixth.statusCode).toBe(429);
    expect(errorCodeOf(sixth)).toBe("too_many_sends");
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(3000);
    const outbox = await t.app.inject({ method: "GET", url: `/dev/sms-outbox?phone=${phone}` });
    expect(outbox.json().messages).toHaveLength(5);
    expect(
      (await later(60 * 60_000 + 1000, () => sendCode(phone, "JOIN", "10.21.0.9"))).statusCode,
    ).toBe(200);
  });

  it.each([
    ["a landline", { PHONE_NUM: "02-123-4567", PURPOSE: "JOIN" }],
    ["letters", { PHONE_NUM: "0101234abcd", PURPOSE: "JOIN" }],
    ["too short", { PHONE_NUM: "010123", PURPOSE: "JOIN" }],
    ["overlong", { PHONE_NUM: "0".repeat(500), PURPOSE: "JOIN" }],
    ["an unknown purpose", { PHONE_NUM: "01012345678", PURPOSE: "ANYTHING" }],
    ["no purpose", { PHONE_NUM: "01012345678" }],
  ])("send_code with %s: 400", async (_name, body) => {
    const res = await call(t, "/main/verification/send_code", body);
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ["a non-uuid id", { VERIFICATION_ID: "1 OR 1=1", CODE: "123456" }],
    ["a 5-digit code", { VERIFICATION_ID: "7c9e6679-7425-40de-944b-e07fc1f90ae7", CODE: "12345" }],
    [
      "a code with letters",
      { VERIFICATION_ID: "7c9e6679-7425-40de-944b-e07fc1f90ae7", CODE: "12a456" },
    ],
  ])("verify_code with %s: 400 validation_failed", async (_name, body) => {
    const res = await call(t, "/main/verification/verify_code", body);
    expect(errorCodeOf(res)).toBe("validation_failed");
  });

  it("an unknown verification id: code_expired", async () => {
    const res = await verify("7c9e6679-7425-40de-944b-e07fc1f90ae7", "123456");
    expect(errorCodeOf(res)).toBe("code_expired");
  });

  it("the sandbox outbox wants a phone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dev/sms-outbox" });
    expect(res.statusCode).toBe(400);
  });
});

describe("availability checks", () => {
  it("email: taken (case-insensitive) or free; malformed is 400", async () => {
    const taken = await call(t, "/main/join/check_email", { EMAIL_ID: "Student@Example.com" });
    expect(responseOf(taken)).toEqual({ AVAILABLE: false });
    expect(
      responseOf(await call(t, "/main/join/check_email", { EMAIL_ID: uniqueEmail() })),
    ).toEqual({
      AVAILABLE: true,
    });
    expect((await call(t, "/main/join/check_email", { EMAIL_ID: "x' OR 1=1 --" })).statusCode).toBe(
      400,
    );
  });

  it("nickname: taken or free; markup or SQL is 400", async () => {
    expect(responseOf(await call(t, "/main/join/check_nickname", { NICKNAME: "하늘" }))).toEqual({
      AVAILABLE: false,
    });
    expect(
      responseOf(await call(t, "/main/join/check_nickname", { NICKNAME: uniqueNickname() })),
    ).toEqual({
      AVAILABLE: true,
    });
    for (const NICKNAME of ["<script>", "a", "x".repeat(21), "'; DROP TABLE users;--"]) {
      expect((await call(t, "/main/join/check_nickname", { NICKNAME })).statusCode).toBe(400);
    }
  });
});

describe("POST /main/join", () => {
  it("a student of 14 or more: ACTIVE, verified phone, hashed password, terms, audit; signs in", async () => {
    const body = await joinBody({ GENDER: undefined, PARENT_PHONE_NUM: undefined });
    const res = await call(t, "/main/join", body);
    expect(res.statusCode).toBe(200);
    const { USER_NO, STATUS } = responseOf(res);
    expect(STATUS).toBe("ACTIVE");
    const [user] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, USER_NO));
    expect(user).toMatchObject({
      userType: "STUDENT",
      gender: "MAN",
      grade: "HIGH_1",
      birthDate: "2009-05-05",
      status: "ACTIVE",
    });
    expect(user!.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const terms = await t.database.db
      .select()
      .from(schema.userTermAgreements)
      .where(eq(schema.userTermAgreements.userId, USER_NO));
    expect(terms.map((r) => `${r.service}:${r.termId}`).sort()).toEqual(
      [
        "ONUEI:privacy_share",
        "ONUEI:service",
        "SEOLTAB:age14",
        "SEOLTAB:privacy",
        "SEOLTAB:service",
      ].sort(),
    );
    const audits = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "join"));
    expect(audits.some((a) => a.actorUserId === USER_NO && a.kind === "SECURITY")).toBe(true);
    expect((await signIn(t, body.EMAIL_ID as string, GOOD_PASSWORD)).token).toEqual(
      expect.any(String),
    );
    // The verification token was consumed.
    const again = await call(t, "/main/join", {
      ...body,
      EMAIL_ID: uniqueEmail(),
      NICKNAME: uniqueNickname(),
    });
    expect(errorCodeOf(again)).toBe("verification_invalid");
  });

  it("a tutor joins as TEACHER; optional terms are kept", async () => {
    const body = await joinBody({
      USER_TYPE: "TEACHER",
      BIRTH_DATE: "2003-03-03",
      GRADE: undefined,
      AGREED_TERMS: {
        SEOLTAB: [...ALL_REQUIRED_TERMS.SEOLTAB, "marketing"],
        ONUEI: ALL_REQUIRED_TERMS.ONUEI,
      },
    });
    const res = await call(t, "/main/join", body);
    expect(responseOf(res).STATUS).toBe("ACTIVE");
    const login = await signIn(t, body.EMAIL_ID as string, GOOD_PASSWORD);
    expect(login.res.json().ONUEI_RES.DATA.RESPONSE.USER_TYPE).toBe("TEACHER");
    const terms = await t.database.db
      .select()
      .from(schema.userTermAgreements)
      .where(eq(schema.userTermAgreements.userId, responseOf(res).USER_NO));
    expect(terms.some((r) => r.service === "SEOLTAB" && r.termId === "marketing")).toBe(true);
  });

  it("under 14: PENDING_PARENT_CONSENT until a parent with the given phone consents; then linked", async () => {
    const parentPhone = uniquePhone();
    const parent = await joinUser(t, readCode, {
      USER_TYPE: "PARENT",
      BIRTH_DATE: "1985-01-01",
      phone: parentPhone,
      REALNAME: "최지우",
    });
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: birthDateYearsAgo(10),
      PARENT_PHONE_NUM: parentPhone,
      REALNAME: "최하준",
    });
    expect(child.status).toBe("PENDING_PARENT_CONSENT");
    expect(
      (await call(t, "/main/login", { EMAIL_ID: child.email, PASSWORD: child.password }))
        .statusCode,
    ).toBe(403);

    // A token for another phone: refused, and the account stays pending.
    const otherToken = await verifiedToken(t, readCode, uniquePhone(), "PARENT_CONSENT");
    const consent = (VERIFICATION_TOKEN: string, extra: Record<string, unknown> = {}) =>
      call(t, "/main/join/parent_consent", {
        CHILD_USER_NO: child.userNo,
        PARENT_NAME: "최지우",
        VERIFICATION_TOKEN,
        AGREED: true,
        ...extra,
      });
    const mismatch = await consent(otherToken);
    expect(mismatch.statusCode).toBe(400);
    expect(errorCodeOf(mismatch)).toBe("verification_mismatch");
    // A JOIN token of the right phone is the wrong purpose.
    const joinToken = await verifiedToken(t, readCode, parentPhone, "JOIN");
    expect(errorCodeOf(await consent(joinToken))).toBe("verification_invalid");
    expect((await consent(joinToken, { AGREED: false })).statusCode).toBe(400);

    const parentToken = await verifiedToken(t, readCode, parentPhone, "PARENT_CONSENT");
    // A failed consent (unknown child) gives the token back.
    expect(
      (
        await call(t, "/main/join/parent_consent", {
          CHILD_USER_NO: 999_999_999,
          PARENT_NAME: "최지우",
          VERIFICATION_TOKEN: parentToken,
          AGREED: true,
        })
      ).statusCode,
    ).toBe(404);
    const ok = await consent(parentToken);
    expect(ok.statusCode).toBe(200);
    expect(responseOf(ok)).toEqual({ USER_NO: child.userNo, STATUS: "ACTIVE" });
    const [row] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, child.userNo));
    expect(row!.parentConsentedAt).toBeInstanceOf(Date);
    expect(row!.parentConsentName).toBe("최지우");

    // Already consented: 409.
    const again = await verifiedToken(t, readCode, parentPhone, "PARENT_CONSENT");
    expect((await consent(again)).statusCode).toBe(409);

    // The child signs in; the parent sees the child.
    await signIn(t, child.email, child.password);
    const parentLogin = await signIn(t, parent.email, parent.password);
    expect(parentLogin.res.json().ONUEI_RES.DATA.RESPONSE.CHILDREN).toEqual([
      { USER_NO: child.userNo, USER_NAME: "최하준" },
    ]);
    const info = await call(
      t,
      "/main/getUserInfo",
      { USER_NO: child.userNo },
      { token: parentLogin.token },
    );
    expect(info.statusCode).toBe(200);
  });

  it("a parent joining later is linked to the children who gave their phone only after they accept (issue 15)", async () => {
    const parentPhone = uniquePhone();
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: "2008-08-08",
      PARENT_PHONE_NUM: parentPhone,
    });
    expect(child.status).toBe("ACTIVE");
    const parent = await joinUser(t, readCode, {
      USER_TYPE: "PARENT",
      BIRTH_DATE: "1980-02-02",
      phone: parentPhone,
    });
    const linksOf = () =>
      t.database.db
        .select()
        .from(schema.parentChildren)
        .where(eq(schema.parentChildren.parentUserId, parent.userNo));
    expect(await linksOf()).toEqual([]);
    const [request] = await t.database.db
      .select()
      .from(schema.familyLinkRequests)
      .where(eq(schema.familyLinkRequests.parentUserId, parent.userNo));
    expect(request).toMatchObject({ childUserId: child.userNo, status: "PENDING" });
    const { token } = await signIn(t, child.email, child.password);
    const accepted = await call(
      t,
      "/main/family/respond_link",
      { REQUEST_ID: request!.id, ACCEPT: true },
      { token },
    );
    expect(accepted.statusCode).toBe(200);
    expect((await linksOf()).map((l) => l.childUserId)).toEqual([child.userNo]);
  });

  it("the 14th birthday in Asia/Seoul decides: today → ACTIVE, tomorrow → pending", async () => {
    const parentPhone = uniquePhone();
    const turnsToday = await joinUser(t, readCode, {
      BIRTH_DATE: birthDateYearsAgo(14),
      PARENT_PHONE_NUM: parentPhone,
    });
    expect(turnsToday.status).toBe("ACTIVE");
    const turnsTomorrow = await joinUser(t, readCode, {
      BIRTH_DATE: birthDateYearsAgo(14, 1),
      PARENT_PHONE_NUM: parentPhone,
    });
    expect(turnsTomorrow.status).toBe("PENDING_PARENT_CONSENT");
  });

  it.each([
    ["under 14 without a parent phone", { BIRTH_DATE: "2020-01-01" }, "parent_phone_required"],
    [
      "under 14 as a tutor",
      { BIRTH_DATE: "2020-01-01", USER_TYPE: "TEACHER", PARENT_PHONE_NUM: "01055556666" },
      "under_fourteen_student_only",
    ],
    [
      "a required term missing",
      { AGREED_TERMS: { SEOLTAB: ["service", "privacy"], ONUEI: ["service", "privacy_share"] } },
      "terms_required",
    ],
    [
      "no ONUEI terms",
      { AGREED_TERMS: { SEOLTAB: ALL_REQUIRED_TERMS.SEOLTAB, ONUEI: [] } },
      "terms_required",
    ],
    ["a weak password", { PASSWORD: "password" }, "validation_failed"],
    [
      "a password with the email id",
      { EMAIL_ID: "minjun77@example.com", PASSWORD: "Minjun77!x" },
      "validation_failed",
    ],
    ["a 65-character password", { PASSWORD: `Aa1!${"x".repeat(61)}` }, "validation_failed"],
    ["a birth date in the future", { BIRTH_DATE: "2999-01-01" }, "validation_failed"],
    ["an impossible birth date", { BIRTH_DATE: "2010-02-30" }, "validation_failed"],
    ["a malformed birth date", { BIRTH_DATE: "05/05/2009" }, "validation_failed"],
    [
      "an unknown term",
      {
        AGREED_TERMS: { ...ALL_REQUIRED_TERMS, ONUEI: [...ALL_REQUIRED_TERMS.ONUEI, "everything"] },
      },
      "validation_failed",
    ],
    ["an unknown grade", { GRADE: "GRADE_99" }, "validation_failed"],
    ["an unknown gender", { GENDER: "OTHER" }, "validation_failed"],
    ["an unknown user type", { USER_TYPE: "ADMIN" }, "validation_failed"],
    ["SQL in the name", { REALNAME: "Robert'); DROP TABLE users;--" }, "validation_failed"],
    ["markup in the name", { REALNAME: "<img src=x onerror=alert(1)>" }, "validation_failed"],
    ["markup in the nickname", { NICKNAME: "<script>alert(1)</script>" }, "validation_failed"],
    ["an overlong name", { REALNAME: "가".repeat(51) }, "validation_failed"],
    ["an overlong email", { EMAIL_ID: `${"a".repeat(250)}@example.com` }, "validation_failed"],
    ["an unknown field", { IS_ADMIN: true }, "validation_failed"],
    ["its own phone as parent phone", { PARENT_PHONE_NUM: "SELF" }, "parent_phone_same_as_own"],
    ["a forged verification token", { VERIFICATION_TOKEN: "A".repeat(43) }, "verification_invalid"],
    ["a malformed verification token", { VERIFICATION_TOKEN: "' OR 1=1 --" }, "validation_failed"],
  ])("%s: 400 %s, nothing written", async (_name, overrides, code) => {
    const phone = uniquePhone();
    const token = await verifiedToken(t, readCode, phone, "JOIN");
    const patch = { ...overrides } as Record<string, unknown>;
    if (patch.PARENT_PHONE_NUM === "SELF") patch.PARENT_PHONE_NUM = phone;
    const body = { ...(await joinBody({ VERIFICATION_TOKEN: token })), ...patch };
    const before = await userCount();
    const res = await call(t, "/main/join", body);
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe(code);
    expect(res.body).not.toMatch(/<script>|<img/);
    expect(await userCount()).toBe(before);
    if (code !== "verification_invalid" && code !== "validation_failed") {
      // The token was not consumed by the refused join.
      const ok = await call(t, "/main/join", { ...(await joinBody()), VERIFICATION_TOKEN: token });
      expect(ok.statusCode).toBe(200);
    }
  });

  it("password problems are listed per field in Korean", async () => {
    const res = await call(t, "/main/join", await joinBody({ PASSWORD: "short" }));
    const fields = responseOf(res).FIELDS;
    expect(fields.every((f: { NAME: string }) => f.NAME === "PASSWORD")).toBe(true);
    expect(fields.map((f: { MESSAGE: string }) => f.MESSAGE)).toEqual(
      expect.arrayContaining(["비밀번호는 8자 이상이어야 해요.", "비밀번호에 숫자를 넣어 주세요."]),
    );
  });

  it("a taken email or nickname: 409, and the verification token is kept for another try", async () => {
    const body = await joinBody({ EMAIL_ID: "STUDENT@example.com" });
    const taken = await call(t, "/main/join", body);
    expect(taken.statusCode).toBe(409);
    expect(errorCodeOf(taken)).toBe("email_taken");
    const nick = await call(t, "/main/join", {
      ...body,
      EMAIL_ID: uniqueEmail(),
      NICKNAME: "하늘",
    });
    expect(errorCodeOf(nick)).toBe("nickname_taken");
    const ok = await call(t, "/main/join", {
      ...body,
      EMAIL_ID: uniqueEmail(),
      NICKNAME: uniqueNickname(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a verification token expires after 30 minutes and never works for another purpose", async () => {
    const stale = await verifiedToken(t, readCode, uniquePhone(), "JOIN");
    const res = await later(30 * 60_000 + 1000, async () =>
      call(t, "/main/join", await joinBody({ VERIFICATION_TOKEN: stale })),
    );
    expect(errorCodeOf(res)).toBe("verification_invalid");
    const other = await verifiedToken(t, readCode, uniquePhone(), "CHANGE_PASSWORD");
    expect(
      errorCodeOf(await call(t, "/main/join", await joinBody({ VERIFICATION_TOKEN: other }))),
    ).toBe("verification_invalid");
  });

  it("two joins racing for one token: one account", async () => {
    const body = await joinBody();
    const [a, b] = await Promise.all([
      call(t, "/main/join", body),
      call(t, "/main/join", { ...body, EMAIL_ID: uniqueEmail(), NICKNAME: uniqueNickname() }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });
});
