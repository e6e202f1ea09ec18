/**
 * The consultation funnel through the real app (issue #6; docs/api/consultations.md): the
 * anonymous request with a verified phone, every refusal (and that nothing is stored then), the
 * token idempotency, the per-address limit, the retention period, the phone kept out of logs,
 * and the staff list and status changes with their access rules, pagination and audit entries.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (rows are found by their own phone or id,
 * so other suites sharing the database do not matter).
 */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import {
  GOOD_PASSWORD,
  MOBILE_NUMBER_IN_TEXT,
  call,
  errorCodeOf,
  outboxReader,
  randomIp,
  responseOf,
  signIn,
  uniqueEmail,
  uniquePhone,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { DEMO_PASSWORD, hashPassword } from "../accounts/accounts.seed.ts";
import { sha256Hex } from "../accounts/opaque-tokens.ts";
import { REQUESTS_PER_ADDRESS, RETENTION_MS } from "./consultations.constants.ts";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { insertConsultation, updateConsultationStatus } from "./consultations.repository.ts";

const clock = offsetClock();
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let readCode: CodeReader;
let adminToken: string;
let salesToken: string;
let salesName: string;
let studentToken: string;
beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: "trace" },
    {},
    { logger: { stream: logStream }, accounts: { clock } },
  );
  readCode = outboxReader(t);
  const salesEmail = uniqueEmail("sales");
  salesName = "영업팀 박상담";
  await t.database.db.insert(schema.users).values({
    email: salesEmail,
    passwordHash: await hashPassword(GOOD_PASSWORD),
    userType: "SALES_TEAM",
    name: salesName,
  });
  [adminToken, salesToken, studentToken] = await Promise.all([
    signIn(t, "admin@example.com", DEMO_PASSWORD, randomIp()).then((s) => s.token),
    signIn(t, salesEmail, GOOD_PASSWORD, randomIp()).then((s) => s.token),
    signIn(t, "student@example.com", DEMO_PASSWORD, randomIp()).then((s) => s.token),
  ]);
}, 60_000);
afterAll(() => t.close());

type Purpose = "CONSULTATION" | "JOIN";

/** Sends a code to `phone` for `purpose`, reads it from the outbox, verifies it. */
async function verifiedToken(phone: string, purpose: Purpose = "CONSULTATION") {
  const sent = await call(
    t,
    "/main/verification/send_code",
    { PHONE_NUM: phone, PURPOSE: purpose },
    { ip: randomIp() },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await call(t, "/main/verification/verify_code", {
    VERIFICATION_ID: responseOf(sent).VERIFICATION_ID,
    CODE: await readCode(phone),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return responseOf(verified).VERIFICATION_TOKEN as string;
}

/** A complete, valid payload for `phone` and `token`. */
function payload(phone: string, token: string, extra: Record<string, unknown> = {}) {
  return {
    APPLICANT_TYPE: "PARENT",
    NAME: "김서연",
    GRADE: "MIDDLE_2",
    SUBJECT: "수학",
    PHONE_NUM: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
    VERIFICATION_TOKEN: token,
    PREFERRED_TIME: "WEEKDAY_EVENING",
    PREFERRED_TIME_NOTE: "화·목 저녁 7시 이후",
    MEMO: "중2 겨울방학 수학 선행 상담을 받고 싶어요.",
    PRIVACY_AGREED: true,
    UTM: { utm_source: "naver", utm_campaign: "winter" },
    ...extra,
  };
}

const submit = (body: unknown, ip = randomIp()) =>
  call(t, "/main/consultation_request", body, { ip });

const rowsOf = (phone: string) =>
  t.database.db
    .select()
    .from(schema.consultationRequests)
    .where(eq(schema.consultationRequests.phone, phone));

/** True while the verification token has not been consumed. */
async function tokenUnused(token: string): Promise<boolean> {
  const v = schema.phoneVerifications;
  const rows = await t.database.db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.tokenHash, sha256Hex(token)), isNull(v.consumedAt)));
  return rows.length === 1;
}

const fieldNames = (res: { json(): unknown }) =>
  (
    (res.json() as { ONUEI_RES: { DATA: { RESPONSE: { FIELDS: { NAME: string }[] } } } }).ONUEI_RES
      .DATA.RESPONSE.FIELDS ?? []
  ).map((f) => f.NAME);

const list = (body: unknown, token?: string) =>
  call(t, "/main/admin/consultation_requests", body, token ? { token } : {});
const changeStatus = (body: unknown, token?: string) =>
  call(t, "/main/admin/consultation_requests/status", body, token ? { token } : {});

describe("POST /main/consultation_request", () => {
  it("stores the request with the verified phone and the utm values; RECEIVED", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const res = await submit(payload(phone, token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ONUEI_RES.STATUS).toEqual({
      STATUSCODE: "0000",
      STATUSMSG: "상담 신청이 접수되었어요.",
    });
    const response = body.ONUEI_RES.DATA.RESPONSE;
    expect(Object.keys(response).sort()).toEqual(["REQUEST_ID", "STATUS"]);
    expect(response.STATUS).toBe("RECEIVED");
    expect(response.REQUEST_ID).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const [row] = await rowsOf(phone);
    expect(row).toMatchObject({
      id: response.REQUEST_ID,
      applicantType: "PARENT",
      name: "김서연",
      grade: "MIDDLE_2",
      subject: "수학",
      phone,
      preferredTime: "WEEKDAY_EVENING",
      preferredTimeNote: "화·목 저녁 7시 이후",
      memo: "중2 겨울방학 수학 선행 상담을 받고 싶어요.",
      utmSource: "naver",
      utmCampaign: "winter",
      utmMedium: null,
      utmContent: null,
      utmTerm: null,
      status: "RECEIVED",
      statusChangedAt: null,
      statusChangedBy: null,
    });
    expect(row!.privacyAgreedAt).toBeInstanceOf(Date);
    expect(row!.verificationTokenHash).toBe(sha256Hex(token));
    expect(await tokenUnused(token)).toBe(false);

    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `consultation:${response.REQUEST_ID}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: "EXECUTION", action: "consultation_request" });
    expect(JSON.stringify(audit[0])).not.toContain(phone.slice(3));
  });

  it("accepts a student, optional fields left out, and the longest allowed values", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const res = await submit({
      APPLICANT_TYPE: "STUDENT",
      NAME: "Lee Min-ho",
      GRADE: "HIGH_3",
      SUBJECT: "입시 컨설팅",
      PHONE_NUM: phone,
      VERIFICATION_TOKEN: token,
      PREFERRED_TIME: "ANYTIME",
      MEMO: "가".repeat(500),
      PREFERRED_TIME_NOTE: "나".repeat(200),
      PRIVACY_AGREED: true,
      UTM: { utm_term: "t".repeat(200), utm_medium: "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOf(phone);
    expect(row).toMatchObject({
      applicantType: "STUDENT",
      subject: "입시 컨설팅",
      memo: "가".repeat(500),
      utmTerm: "t".repeat(200),
      utmMedium: null,
      utmSource: null,
    });
  });

  it("without UTM at all, every utm value is null", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const body: Record<string, unknown> = payload(phone, token);
    delete body.UTM;
    delete body.MEMO;
    delete body.PREFERRED_TIME_NOTE;
    expect((await submit(body)).statusCode).toBe(200);
    const [row] = await rowsOf(phone);
    expect([row!.utmSource, row!.utmCampaign, row!.memo, row!.preferredTimeNote]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  const missing = [
    ["APPLICANT_TYPE", "신청하시는 분을 학부모 또는 학생 중에서 골라 주세요."],
    ["NAME", "이름을 한글 또는 영문 50자 이내로 입력해 주세요."],
    ["GRADE", "학년을 골라 주세요."],
    ["SUBJECT", "상담 과목을 골라 주세요."],
    ["PHONE_NUM", "휴대폰 번호(010으로 시작하는 숫자)를 입력해 주세요."],
    ["VERIFICATION_TOKEN", "휴대폰 인증을 먼저 완료해 주세요."],
    ["PREFERRED_TIME", "연락받기 편한 시간대를 골라 주세요."],
    ["PRIVACY_AGREED", "개인정보 수집·이용에 동의해야 상담을 신청할 수 있어요."],
  ] as const;

  it.each(missing)("without %s: 400 with a Korean message for that field", async (field, text) => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const body: Record<string, unknown> = payload(phone, token);
    delete body[field];
    const res = await submit(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().ONUEI_RES.STATUS.STATUSCODE).toBe("4000");
    expect(errorCodeOf(res)).toBe("validation_failed");
    expect(responseOf(res).FIELDS).toEqual([{ NAME: field, MESSAGE: text }]);
    expect(await rowsOf(phone)).toHaveLength(0);
    expect(await tokenUnused(token)).toBe(true);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["an unknown applicant type", { APPLICANT_TYPE: "TEACHER" }, "APPLICANT_TYPE"],
    ["a name of 51 letters", { NAME: "가".repeat(51) }, "NAME"],
    ["a blank name", { NAME: "   " }, "NAME"],
    ["markup as a name", { NAME: "<script>alert(1)</script>" }, "NAME"],
    ["an unknown grade", { GRADE: "GRADE_7" }, "GRADE"],
    ["an unknown subject", { SUBJECT: "체육" }, "SUBJECT"],
    ["a landline number", { PHONE_NUM: "02-123-4567" }, "PHONE_NUM"],
    ["a number of 21 characters", { PHONE_NUM: "010-1234-5678-0000000" }, "PHONE_NUM"],
    ["a malformed token", { VERIFICATION_TOKEN: "abc" }, "VERIFICATION_TOKEN"],
    ["an unknown time slot", { PREFERRED_TIME: "MIDNIGHT" }, "PREFERRED_TIME"],
    [
      "a time note of 201 characters",
      { PREFERRED_TIME_NOTE: "가".repeat(201) },
      "PREFERRED_TIME_NOTE",
    ],
    ["a memo of 501 characters", { MEMO: "가".repeat(501) }, "MEMO"],
    ["a memo with a NUL character", { MEMO: "a\u0000b" }, "MEMO"],
    ["a memo that is not text", { MEMO: 42 }, "MEMO"],
    ["consent false", { PRIVACY_AGREED: false }, "PRIVACY_AGREED"],
    ["consent as a string", { PRIVACY_AGREED: "true" }, "PRIVACY_AGREED"],
    ["a utm value of 201 characters", { UTM: { utm_source: "n".repeat(201) } }, "UTM.utm_source"],
    ["an unknown utm key", { UTM: { utm_id: "1" } }, "UTM"],
    ["utm as a string", { UTM: "utm_source=naver" }, "UTM"],
    ["an unknown field", { EMAIL_ID: "a@example.com" }, "EMAIL_ID"],
    [
      "an elementary student applying alone",
      { APPLICANT_TYPE: "STUDENT", GRADE: "ELEMENTARY_5" },
      "GRADE",
    ],
  ];

  it.each(invalid)("refuses %s (400, nothing stored, token kept)", async (_name, change, field) => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const res = await submit(payload(phone, token, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorCodeOf(res)).toBe("validation_failed");
    expect(fieldNames(res)).toContain(field);
    for (const problem of responseOf(res).FIELDS as { MESSAGE: string }[]) {
      expect(problem.MESSAGE).toMatch(/[가-힣]/);
    }
    expect(await rowsOf(phone)).toHaveLength(0);
    expect(await tokenUnused(token)).toBe(true);
  });

  it("a parent may apply for an elementary student", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const res = await submit(payload(phone, token, { GRADE: "ELEMENTARY_5" }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a body that is not JSON, or empty, is refused in the envelope", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/main/consultation_request",
      headers: { "content-type": "application/json" },
      payload: "{not json",
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("invalid_json");
    const empty = await submit(undefined);
    expect(empty.statusCode).toBe(400);
    expect(errorCodeOf(empty)).toBe("validation_failed");
  });

  it("an unverified token (never issued) is refused: verification_invalid", async () => {
    const phone = uniquePhone();
    const res = await submit(payload(phone, "A".repeat(43)));
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("verification_invalid");
    expect(fieldNames(res)).toEqual(["VERIFICATION_TOKEN"]);
    expect(await rowsOf(phone)).toHaveLength(0);
  });

  it("a code that was sent but never verified gives no usable token", async () => {
    const phone = uniquePhone();
    const sent = await call(
      t,
      "/main/verification/send_code",
      { PHONE_NUM: phone, PURPOSE: "CONSULTATION" },
      { ip: randomIp() },
    );
    expect(sent.statusCode).toBe(200);
    // The VERIFICATION_ID is not a token.
    const res = await submit(payload(phone, `${responseOf(sent).VERIFICATION_ID}-xxxxxx`));
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(phone)).toHaveLength(0);
  });

  it("a token of another purpose (JOIN) is refused and stays usable for its purpose", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone, "JOIN");
    const res = await submit(payload(phone, token));
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("verification_invalid");
    expect(await rowsOf(phone)).toHaveLength(0);
    expect(await tokenUnused(token)).toBe(true);
  });

  it("a token proving another phone is refused (verification_mismatch) and kept", async () => {
    const verifiedPhone = uniquePhone();
    const typedPhone = uniquePhone();
    const token = await verifiedToken(verifiedPhone);
    const res = await submit(payload(typedPhone, token));
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("verification_mismatch");
    expect(responseOf(res).FIELDS).toEqual([
      {
        NAME: "PHONE_NUM",
        MESSAGE:
          "인증한 휴대폰 번호와 입력한 번호가 달라요. 입력한 번호로 휴대폰 인증을 다시 해 주세요.",
      },
    ]);
    expect(await rowsOf(typedPhone)).toHaveLength(0);
    expect(await rowsOf(verifiedPhone)).toHaveLength(0);
    expect(await tokenUnused(token)).toBe(true);
    // The same token with its own phone then works.
    expect((await submit(payload(verifiedPhone, token))).statusCode).toBe(200);
  });

  it("a double submit makes one request: the repeat answers the same REQUEST_ID", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const first = await submit(payload(phone, token));
    const again = await submit(payload(phone, token, { MEMO: "다른 내용" }));
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(responseOf(again)).toEqual(responseOf(first));
    const rows = await rowsOf(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.memo).toBe("중2 겨울방학 수학 선행 상담을 받고 싶어요.");
  });

  it("two submits racing with one token make one request", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const answers = await Promise.all([
      submit(payload(phone, token)),
      submit(payload(phone, token)),
      submit(payload(phone, token)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((r) => responseOf(r).REQUEST_ID));
    expect(ids.size).toBe(1);
    expect(await rowsOf(phone)).toHaveLength(1);
  });

  it("markup and SQL fragments are stored and returned as plain text", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const fragments = {
      PREFERRED_TIME_NOTE: "'; DROP TABLE consultation_requests; --",
      MEMO: `<script>alert("x")</script><img src=x onerror=alert(1)> & 1' OR '1'='1`,
      UTM: {
        utm_campaign: "<b>winter</b>",
        utm_content: '"); DELETE FROM users; --',
        utm_medium: "cpc",
        utm_source: "naver",
        utm_term: "수학 과외 %27 OR 1=1",
      },
    };
    const res = await submit(payload(phone, token, fragments));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    const id = responseOf(res).REQUEST_ID;

    const page = await list({ LIMIT: 100 }, adminToken);
    const seen = (responseOf(page).REQUESTS as { REQUEST_ID: string }[]).find(
      (r) => r.REQUEST_ID === id,
    );
    expect(seen).toMatchObject({
      PREFERRED_TIME_NOTE: fragments.PREFERRED_TIME_NOTE,
      MEMO: fragments.MEMO,
      UTM: fragments.UTM,
    });
    // The tables are still there.
    expect(await rowsOf(phone)).toHaveLength(1);
    expect((await t.database.db.select().from(schema.users).limit(1)).length).toBe(1);
  });

  it("never writes the phone number or the token to the log", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    logLines.length = 0;
    expect((await submit(payload(phone, token))).statusCode).toBe(200);
    expect((await submit(payload(phone, "B".repeat(43)))).statusCode).toBe(400);
    expect((await submit(payload(phone, token, { MEMO: 1 }))).statusCode).toBe(400);
    const log = logLines.join("\n");
    expect(log).toContain("/main/consultation_request");
    expect(log).not.toContain(phone);
    expect(log).not.toContain(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect(log).not.toContain(token);
  });
});

describe("staff: POST /main/admin/consultation_requests", () => {
  it("anonymous: 401; a student, parent or tutor: 403", async () => {
    const anonymous = await list({});
    expect(anonymous.statusCode).toBe(401);
    expect(errorCodeOf(anonymous)).toBe("token_invalid");
    expect(anonymous.headers["www-authenticate"]).toContain("Bearer");
    const forbidden = await list({}, studentToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().ONUEI_RES.STATUS.STATUSCODE).toBe("4030");
    expect(errorCodeOf(forbidden)).toBe("forbidden");
    for (const email of ["parent@example.com", "tutor@example.com"]) {
      const { token } = await signIn(t, email, DEMO_PASSWORD, randomIp());
      expect((await list({}, token)).statusCode).toBe(403);
      expect(
        (await changeStatus({ REQUEST_ID: randomUUID(), STATUS: "CLOSED" }, token)).statusCode,
      ).toBe(403);
    }
    expect((await changeStatus({ REQUEST_ID: randomUUID(), STATUS: "CLOSED" })).statusCode).toBe(
      401,
    );
    expect(
      (await changeStatus({ REQUEST_ID: randomUUID(), STATUS: "CLOSED" }, studentToken)).statusCode,
    ).toBe(403);
  });

  it("admin and sales team see requests newest first with phone and utm values", async () => {
    const phone = uniquePhone();
    const res = await submit(payload(phone, await verifiedToken(phone)));
    const id = responseOf(res).REQUEST_ID;
    for (const token of [adminToken, salesToken]) {
      const page = await list({ STATUS: "RECEIVED", LIMIT: 100 }, token);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      const body = responseOf(page);
      expect(Object.keys(body).sort()).toEqual(["NEXT_CURSOR", "REQUESTS", "TOTAL_COUNT"]);
      const mine = body.REQUESTS.find((r: { REQUEST_ID: string }) => r.REQUEST_ID === id);
      expect(mine).toEqual({
        REQUEST_ID: id,
        CREATED_AT: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        APPLICANT_TYPE: "PARENT",
        NAME: "김서연",
        GRADE: "MIDDLE_2",
        SUBJECT: "수학",
        PHONE_NUM: phone,
        PREFERRED_TIME: "WEEKDAY_EVENING",
        PREFERRED_TIME_NOTE: "화·목 저녁 7시 이후",
        MEMO: "중2 겨울방학 수학 선행 상담을 받고 싶어요.",
        UTM: {
          utm_campaign: "winter",
          utm_content: null,
          utm_medium: null,
          utm_source: "naver",
          utm_term: null,
        },
        STATUS: "RECEIVED",
        STATUS_CHANGED_AT: null,
        STATUS_CHANGED_BY: null,
      });
      const times = body.REQUESTS.map((r: { CREATED_AT: string }) => r.CREATED_AT);
      expect([...times].sort().reverse()).toEqual(times);
    }
    const views = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "consultation_list_view"));
    expect(views.some((v) => v.initiator === "SALES_TEAM")).toBe(true);
    expect(views.some((v) => v.initiator === "ADMIN")).toBe(true);
    expect(JSON.stringify(views)).not.toContain(phone);
  });

  describe("filters and pagination (rows of January 2031, Asia/Seoul)", () => {
    // KST = UTC+9: 2031-01-02 00:00 KST is 2031-01-01T15:00:00Z.
    const at = (iso: string) => new Date(iso);
    const fixtures = [
      { key: "a", createdAt: at("2031-01-01T00:00:00.000Z"), status: "RECEIVED" }, // 01-01 09:00
      { key: "b", createdAt: at("2031-01-01T14:59:59.999Z"), status: "CONTACTED" }, // 01-01 23:59
      { key: "c", createdAt: at("2031-01-01T15:00:00.000Z"), status: "RECEIVED" }, // 01-02 00:00
      { key: "d", createdAt: at("2031-01-02T03:00:00.000Z"), status: "CLOSED" }, // 01-02 12:00
      { key: "e", createdAt: at("2031-01-02T03:00:00.000Z"), status: "RECEIVED" }, // same instant
      { key: "f", createdAt: at("2031-01-03T03:00:00.000Z"), status: "RECEIVED" }, // 01-03
      { key: "g", createdAt: at("2031-01-04T03:00:00.000Z"), status: "CONTACTED" }, // 01-04
    ] as const;
    const idOf = new Map<string, string>();
    const keyOf = new Map<string, string>();

    beforeAll(async () => {
      for (const f of fixtures) {
        const id = randomUUID();
        idOf.set(f.key, id);
        keyOf.set(id, f.key);
        await insertConsultation(t.database.db, {
          id,
          applicantType: "STUDENT",
          name: `학생${f.key}`,
          grade: "HIGH_2",
          subject: "과학",
          phone: uniquePhone(),
          preferredTime: "WEEKEND",
          privacyAgreedAt: f.createdAt,
          utmSource: `fixture-${f.key}`,
          status: f.status,
          verificationTokenHash: sha256Hex(randomUUID()),
          createdAt: f.createdAt,
        });
      }
    });

    async function keys(body: Record<string, unknown>) {
      const res = await list(body, adminToken);
      expect(res.statusCode, res.body).toBe(200);
      const r = responseOf(res);
      return {
        keys: (r.REQUESTS as { REQUEST_ID: string }[]).map((x) => keyOf.get(x.REQUEST_ID)),
        total: r.TOTAL_COUNT as number,
        next: r.NEXT_CURSOR as string | null,
      };
    }

    it("date range: inclusive Asia/Seoul days; newest first, ties by id", async () => {
      const all = await keys({ FROM: "2031-01-01", TO: "2031-01-04" });
      expect(all.total).toBe(7);
      expect(all.keys.slice(0, 1)).toEqual(["g"]);
      expect(all.keys.slice(1, 2)).toEqual(["f"]);
      expect(new Set(all.keys.slice(2, 4))).toEqual(new Set(["d", "e"]));
      expect(all.keys.slice(4)).toEqual(["c", "b", "a"]);
      const tie = [idOf.get("d")!, idOf.get("e")!].sort().reverse();
      expect(all.keys.slice(2, 4)).toEqual(tie.map((id) => keyOf.get(id)));

      expect((await keys({ FROM: "2031-01-01", TO: "2031-01-01" })).keys).toEqual(["b", "a"]);
      expect((await keys({ FROM: "2031-01-02", TO: "2031-01-02" })).keys.sort()).toEqual([
        "c",
        "d",
        "e",
      ]);
      expect((await keys({ FROM: "2031-01-03" })).keys).toEqual(["g", "f"]);
    });

    it("status filter combines with the dates", async () => {
      const received = await keys({ STATUS: "RECEIVED", FROM: "2031-01-01", TO: "2031-01-04" });
      expect(received.total).toBe(4);
      expect(received.keys.sort()).toEqual(["a", "c", "e", "f"]);
      expect(
        (await keys({ STATUS: "CONTACTED", FROM: "2031-01-01", TO: "2031-01-04" })).keys,
      ).toEqual(["g", "b"]);
    });

    it("keyset pages of 3: every row once, in order, then no cursor", async () => {
      const whole = await keys({ FROM: "2031-01-01", TO: "2031-01-04" });
      const seen: (string | undefined)[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof keys>> = await keys({
          FROM: "2031-01-01",
          TO: "2031-01-04",
          LIMIT: 3,
          ...(cursor ? { CURSOR: cursor } : {}),
        });
        expect(page.total).toBe(7);
        seen.push(...page.keys);
        cursor = page.next;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(whole.keys);
    });

    it("a page that ends exactly at the last row has no cursor", async () => {
      const page = await keys({ FROM: "2031-01-01", TO: "2031-01-04", LIMIT: 7 });
      expect(page.keys).toHaveLength(7);
      expect(page.next).toBeNull();
    });

    it.each([
      ["a made-up cursor", { CURSOR: "bm90LWEtY3Vyc29y" }, "CURSOR"],
      ["a cursor with symbols", { CURSOR: "../../etc" }, "CURSOR"],
      ["LIMIT 0", { LIMIT: 0 }, "LIMIT"],
      ["LIMIT 101", { LIMIT: 101 }, "LIMIT"],
      ["LIMIT as text", { LIMIT: "10" }, "LIMIT"],
      ["a date that does not exist", { FROM: "2031-02-30" }, "FROM"],
      ["a date in another format", { TO: "2031/01/04" }, "TO"],
      ["FROM after TO", { FROM: "2031-01-05", TO: "2031-01-04" }, "FROM"],
      ["an unknown status", { STATUS: "DONE" }, "STATUS"],
      ["an unknown field", { PAGE: 2 }, "PAGE"],
    ])("refuses %s with 400", async (_name, body, field) => {
      const res = await list(body, adminToken);
      expect(res.statusCode).toBe(400);
      expect(errorCodeOf(res)).toBe("validation_failed");
      expect(fieldNames(res)).toContain(field);
    });
  });
});

describe("staff: POST /main/admin/consultation_requests/status", () => {
  async function newRequest() {
    const phone = uniquePhone();
    const res = await submit(payload(phone, await verifiedToken(phone)));
    return responseOf(res).REQUEST_ID as string;
  }

  it("RECEIVED → CONTACTED → CLOSED, recording who and when, with audit entries", async () => {
    const id = await newRequest();
    const contacted = await changeStatus({ REQUEST_ID: id, STATUS: "CONTACTED" }, adminToken);
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json().ONUEI_RES.STATUS.STATUSMSG).toBe("상담 상태를 바꿨어요.");
    expect(responseOf(contacted)).toMatchObject({
      REQUEST_ID: id,
      STATUS: "CONTACTED",
      STATUS_CHANGED_AT: expect.any(String),
      STATUS_CHANGED_BY: { USER_NO: expect.any(Number), USER_NAME: "운영팀" },
    });
    const closed = await changeStatus({ REQUEST_ID: id, STATUS: "CLOSED" }, salesToken);
    expect(closed.statusCode).toBe(200);
    expect(responseOf(closed)).toMatchObject({
      STATUS: "CLOSED",
      STATUS_CHANGED_BY: { USER_NAME: salesName },
    });

    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `consultation:${id}`));
    const changes = audit
      .filter((a) => a.action === "consultation_status_change")
      .sort((a, b) => a.id - b.id);
    expect(changes.map((a) => [a.initiator, a.detail])).toEqual([
      ["ADMIN", { from: "RECEIVED", to: "CONTACTED" }],
      ["SALES_TEAM", { from: "CONTACTED", to: "CLOSED" }],
    ]);
    expect(changes.every((a) => typeof a.actorUserId === "number")).toBe(true);
    expect(changes[0]!.actorUserId).not.toBe(changes[1]!.actorUserId);
  });

  it("a request may be closed without a call; nothing goes back (409 with CURRENT_STATUS)", async () => {
    const id = await newRequest();
    expect((await changeStatus({ REQUEST_ID: id, STATUS: "CLOSED" }, adminToken)).statusCode).toBe(
      200,
    );
    const back = await changeStatus({ REQUEST_ID: id, STATUS: "CONTACTED" }, adminToken);
    expect(back.statusCode).toBe(409);
    expect(errorCodeOf(back)).toBe("invalid_status_transition");
    expect(responseOf(back).CURRENT_STATUS).toBe("CLOSED");
    const again = await changeStatus({ REQUEST_ID: id, STATUS: "CLOSED" }, adminToken);
    expect(again.statusCode).toBe(409);
  });

  it("two staff members changing it at once: one wins, the other gets 409", async () => {
    const id = await newRequest();
    const answers = await Promise.all([
      changeStatus({ REQUEST_ID: id, STATUS: "CONTACTED" }, adminToken),
      changeStatus({ REQUEST_ID: id, STATUS: "CONTACTED" }, salesToken),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(
        and(
          eq(schema.auditLogs.target, `consultation:${id}`),
          eq(schema.auditLogs.action, "consultation_status_change"),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it("the writer asks CONSULTATION_TRANSITIONS itself: CLOSED → RECEIVED throws, nothing written (issue #10)", async () => {
    const id = await newRequest();
    expect((await changeStatus({ REQUEST_ID: id, STATUS: "CLOSED" }, adminToken)).statusCode).toBe(
      200,
    );
    const read = () =>
      t.database.db
        .select()
        .from(schema.consultationRequests)
        .where(eq(schema.consultationRequests.id, id));
    const [before] = await read();
    await expect(
      updateConsultationStatus(t.database.db, {
        id,
        from: "CLOSED",
        to: "RECEIVED",
        by: before!.statusChangedBy!,
        at: clock.now(),
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    const [after] = await read();
    expect(after).toEqual(before);
  });

  it("unknown request: 404; bad input: 400", async () => {
    const missing = await changeStatus(
      { REQUEST_ID: randomUUID(), STATUS: "CONTACTED" },
      adminToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorCodeOf(missing)).toBe("consultation_not_found");
    for (const body of [
      { REQUEST_ID: "42", STATUS: "CONTACTED" },
      { REQUEST_ID: randomUUID(), STATUS: "RECEIVED" },
      { REQUEST_ID: randomUUID() },
    ]) {
      const res = await changeStatus(body, adminToken);
      expect(res.statusCode).toBe(400);
      expect(errorCodeOf(res)).toBe("validation_failed");
    }
  });

  it("no consultation audit entry holds a phone number", async () => {
    const rows = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.kind, "EXECUTION"));
    const consultation = rows.filter((r) => r.action.startsWith("consultation_"));
    expect(consultation.length).toBeGreaterThan(0);
    for (const r of consultation) expect(JSON.stringify(r)).not.toMatch(MOBILE_NUMBER_IN_TEXT);
  });
});

describe("as time passes (the clock moves forward: keep these last)", () => {
  it("an expired token (after 30 minutes) is refused", async () => {
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    clock.advance(30 * 60 * 1000 + 1000);
    const res = await submit(payload(phone, token));
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("verification_invalid");
    expect(await rowsOf(phone)).toHaveLength(0);
  });

  it(`refuses the ${REQUESTS_PER_ADDRESS + 1}th submission from one address within an hour`, async () => {
    const ip = randomIp();
    for (let i = 0; i < REQUESTS_PER_ADDRESS; i += 1) {
      expect((await submit({}, ip)).statusCode).toBe(400);
    }
    const phone = uniquePhone();
    const token = await verifiedToken(phone);
    const refused = await submit(payload(phone, token), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().ONUEI_RES.STATUS.STATUSCODE).toBe("4290");
    expect(errorCodeOf(refused)).toBe("too_many_requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await rowsOf(phone)).toHaveLength(0);
    expect(await tokenUnused(token)).toBe(true);
    // Another address is not affected; the same one is again after the hour.
    expect((await submit(payload(phone, token), randomIp())).statusCode).toBe(200);
    clock.advance(60 * 60 * 1000 + 1000);
    const later = uniquePhone();
    expect((await submit(payload(later, await verifiedToken(later)), ip)).statusCode).toBe(200);
  });

  it("deletes requests older than the retention period (one year) when a new one comes", async () => {
    const oldId = randomUUID();
    const oldPhone = uniquePhone();
    await insertConsultation(t.database.db, {
      id: oldId,
      applicantType: "PARENT",
      name: "오래된",
      grade: "HIGH_1",
      subject: "영어",
      phone: oldPhone,
      preferredTime: "WEEKEND",
      privacyAgreedAt: clock.now(),
      verificationTokenHash: sha256Hex(randomUUID()),
      createdAt: new Date(clock.now().getTime() - RETENTION_MS - 60_000),
    });
    const keptPhone = uniquePhone();
    await insertConsultation(t.database.db, {
      id: randomUUID(),
      applicantType: "PARENT",
      name: "남는",
      grade: "HIGH_1",
      subject: "영어",
      phone: keptPhone,
      preferredTime: "WEEKEND",
      privacyAgreedAt: clock.now(),
      verificationTokenHash: sha256Hex(randomUUID()),
      createdAt: new Date(clock.now().getTime() - RETENTION_MS + 60 * 60_000),
    });
    const phone = uniquePhone();
    expect((await submit(payload(phone, await verifiedToken(phone)))).statusCode).toBe(200);
    expect(await rowsOf(oldPhone)).toHaveLength(0);
    expect(await rowsOf(keptPhone)).toHaveLength(1);
  });
});
