/**
 * Linking one person's accounts on the two services of the family (issue 15): the account-link
 * login (SPEC.md §8 'check email and password', throttled like /main/login), the family-services
 * terms with versions (POST /main/user_Agree_family_services), connect (forward: auto-login
 * ticket; reverse: /active_account_finish), linking twice, two links at once, status and unlink.
 * Every failed attempt changes nothing and is a SECURITY audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, schema } from "@seoltab/db";
import {
  ACCOUNT_LINK_MESSAGES,
  FAMILY_SERVICE_TERMS,
  requiredFamilyTerms,
} from "@seoltab/domain/family-accounts";
import { call, errorCodeOf, randomIp, responseOf, uniqueEmail } from "../../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/test-app.ts";
import { DEMO_PASSWORD, newUser, type TestUser } from "../../payments/payments.test-support.ts";
import { insertServiceAccount } from "./index.ts";

let t: TestApp;
let demoHash: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [demo] = await t.database.db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, "student@example.com"));
  demoHash = demo!.hash;
}, 60_000);
afterAll(() => t.close());

/** An account of the other service (QUESTION) with the demo password. */
async function questionAccount(name = "문질문") {
  const email = uniqueEmail("question");
  const row = await insertServiceAccount(t.database.db, {
    serviceType: "QUESTION",
    email,
    passwordHash: demoHash,
    name,
    at: new Date(),
  });
  return { id: row.id, email };
}

const post = (url: string, body: unknown, user?: TestUser | null, ip = randomIp()) =>
  call(t, `/main${url}`, body, { ip, ...(user ? { token: user.token } : {}) });

const prove = (
  email: string,
  password: string,
  serviceType: string,
  user?: TestUser | null,
  ip?: string,
) =>
  post(
    "/account_link/login",
    { EMAIL_ID: email, PASSWORD: password, SERVICE_TYPE: serviceType },
    user,
    ip,
  );

const agree = (user: TestUser | null, linkTicket?: string) =>
  post(
    "/user_Agree_family_services",
    { AGREED_TERMS: requiredFamilyTerms(), ...(linkTicket ? { LINK_TICKET: linkTicket } : {}) },
    user,
  );

async function liveLinks(userId: number) {
  const l = schema.accountLinks;
  return t.database.db
    .select()
    .from(l)
    .where(and(eq(l.userId, userId), isNull(l.unlinkedAt)));
}

async function security(action: string) {
  const a = schema.auditLogs;
  return t.database.db
    .select()
    .from(a)
    .where(and(eq(a.action, action), eq(a.kind, "SECURITY")));
}

describe("account-link login", () => {
  it("a wrong password answers 400 with 'check email and password' (never 401), is audited, and the 6th try is throttled", async () => {
    const me = await newUser(t);
    const other = await questionAccount();
    const ip = randomIp();
    const before = (await security("account_link_login_failure")).length;
    for (let i = 0; i < 5; i += 1) {
      const res = await prove(other.email, "Wrong!pass1", "QUESTION", me, ip);
      expect(res.statusCode).toBe(400);
      expect(errorCodeOf(res)).toBe("link_login_failed");
      expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toBe(ACCOUNT_LINK_MESSAGES.loginFailed);
    }
    expect((await security("account_link_login_failure")).length - before).toBe(5);
    const locked = await prove(other.email, DEMO_PASSWORD, "QUESTION", me, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    expect((await security("account_link_login_throttled")).length).toBeGreaterThan(0);
    // An unknown email answers exactly the same.
    const unknown = await prove(uniqueEmail("nobody"), DEMO_PASSWORD, "QUESTION", me);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ONUEI_RES.STATUS.STATUSMSG).toBe(ACCOUNT_LINK_MESSAGES.loginFailed);
    expect(await liveLinks(me.userNo)).toEqual([]);
  });

  it("signed in here, proving this service's own account is refused", async () => {
    const me = await newUser(t);
    const res = await prove(me.email, DEMO_PASSWORD, "LECTURE", me);
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("link_service_invalid");
  });
});

describe("user_Agree_family_services", () => {
  it("records each term with its version and time; an old version or a missing required term is refused", async () => {
    const me = await newUser(t);
    const old = await post(
      "/user_Agree_family_services",
      { AGREED_TERMS: { LECTURE: [{ TERM_ID: "family_link", VERSION: "2020-01" }] } },
      me,
    );
    expect(old.statusCode).toBe(400);
    expect(errorCodeOf(old)).toBe("terms_unknown");
    const missing = await post(
      "/user_Agree_family_services",
      { AGREED_TERMS: { LECTURE: [{ TERM_ID: "family_link", VERSION: "2026-01" }] } },
      me,
    );
    expect(errorCodeOf(missing)).toBe("terms_required");
    const f = schema.familyServiceAgreements;
    expect(await t.database.db.select().from(f).where(eq(f.userId, me.userNo))).toEqual([]);
    const ok = await agree(me);
    expect(ok.statusCode).toBe(200);
    const { AGREED } = responseOf(ok);
    expect(AGREED).toHaveLength(FAMILY_SERVICE_TERMS.filter((x) => x.required).length);
    expect(AGREED[0]).toEqual({
      SERVICE: expect.any(String),
      TERM_ID: expect.any(String),
      VERSION: "2026-01",
      AGREED_AT: expect.stringMatching(/Z$/),
    });
    // Without a sign-in or a proof: refused.
    expect(errorCodeOf(await agree(null))).toBe("link_ticket_invalid");
  });
});

describe("connect", () => {
  it("forward: proof + terms → linked, auto-login ticket for the other service; linking twice is refused; unlink from the profile", async () => {
    const me = await newUser(t);
    const other = await questionAccount();
    const proved = await prove(other.email, DEMO_PASSWORD, "QUESTION", me);
    expect(proved.statusCode).toBe(200);
    const { LINK_TICKET, EMAIL_ID } = responseOf(proved);
    expect(EMAIL_ID).toMatch(/\*/);
    // Without the terms on record: 'linking failed' family, nothing linked.
    const early = await post("/account_link/connect", { LINK_TICKET }, me);
    expect(errorCodeOf(early)).toBe("terms_required");
    expect(await liveLinks(me.userNo)).toEqual([]);
    expect((await agree(me)).statusCode).toBe(200);
    const res = await post("/account_link/connect", { LINK_TICKET }, me);
    expect(res.statusCode).toBe(200);
    const body = responseOf(res);
    expect(body).toMatchObject({ DIRECTION: "FORWARD", SERVICE_TYPE: "QUESTION", REDIRECT: null });
    expect(body.AUTO_LOGIN).toMatchObject({ SERVICE_TYPE: "QUESTION", EXPIRES_IN_SEC: 60 });
    expect(body.AUTO_LOGIN.TICKET.split(".")).toHaveLength(3);
    // The auto-login ticket is no access token here.
    const misuse = await post("/account_link/status", {}, { ...me, token: body.AUTO_LOGIN.TICKET });
    expect(misuse.statusCode).toBe(401);

    const twice = await post("/account_link/connect", { LINK_TICKET }, me);
    expect(twice.statusCode).toBe(409);
    expect(errorCodeOf(twice)).toBe("already_linked");
    expect(await liveLinks(me.userNo)).toHaveLength(1);
    expect((await security("account_link_failure")).some((r) => r.actorUserId === me.userNo)).toBe(
      true,
    );

    // Someone else cannot link the same other account.
    const someoneElse = await newUser(t);
    await agree(someoneElse);
    const theirs = responseOf(
      await prove(other.email, DEMO_PASSWORD, "QUESTION", someoneElse),
    ).LINK_TICKET;
    const stolen = await post("/account_link/connect", { LINK_TICKET: theirs }, someoneElse);
    expect(errorCodeOf(stolen)).toBe("other_account_linked");

    const status = responseOf(await post("/account_link/status", {}, me));
    expect(status.LINKS).toEqual([
      {
        SERVICE_TYPE: "QUESTION",
        EMAIL_ID: expect.stringMatching(/\*/),
        LINKED_AT: expect.any(String),
      },
    ]);
    // Linking never moves payments: the account's payments are untouched (none either way).
    const p = schema.payments;
    expect(await t.database.db.select().from(p).where(eq(p.userId, me.userNo))).toEqual([]);
    expect((await post("/account_link/unlink", { SERVICE_TYPE: "QUESTION" }, me)).statusCode).toBe(
      200,
    );
    expect(responseOf(await post("/account_link/status", {}, me)).LINKS).toEqual([]);
    const notLinked = await post("/account_link/unlink", { SERVICE_TYPE: "QUESTION" }, me);
    expect(notLinked.statusCode).toBe(404);
  });

  it("reverse: from the other service's proof, proving the account here → /active_account_finish", async () => {
    const me = await newUser(t);
    const other = await questionAccount();
    const from = responseOf(await prove(other.email, DEMO_PASSWORD, "QUESTION", null)).LINK_TICKET;
    const mine = responseOf(await prove(me.email, DEMO_PASSWORD, "LECTURE", null)).LINK_TICKET;
    expect((await agree(null, mine)).statusCode).toBe(200);
    const res = await post("/account_link/connect", { LINK_TICKET: mine, FROM_TICKET: from }, null);
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toMatchObject({
      DIRECTION: "REVERSE",
      REDIRECT: "/active_account_finish",
      AUTO_LOGIN: null,
    });
    expect(await liveLinks(me.userNo)).toHaveLength(1);
    // A forged or swapped ticket: nothing linked.
    const swapped = await post(
      "/account_link/connect",
      { LINK_TICKET: from, FROM_TICKET: mine },
      null,
    );
    expect(errorCodeOf(swapped)).toBe("link_ticket_invalid");
    const forged = await post(
      "/account_link/connect",
      { LINK_TICKET: `${mine.slice(0, -4)}AAAA` },
      null,
    );
    expect(errorCodeOf(forged)).toBe("link_ticket_invalid");
  });

  it("two links of one account at once: one is made, the other refused", async () => {
    const me = await newUser(t);
    await agree(me);
    const [a, b] = [await questionAccount("가질문"), await questionAccount("나질문")];
    const ta = responseOf(await prove(a.email, DEMO_PASSWORD, "QUESTION", me)).LINK_TICKET;
    const tb = responseOf(await prove(b.email, DEMO_PASSWORD, "QUESTION", me)).LINK_TICKET;
    const results = await Promise.all([
      post("/account_link/connect", { LINK_TICKET: ta }, me),
      post("/account_link/connect", { LINK_TICKET: tb }, me),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await liveLinks(me.userNo)).toHaveLength(1);
  });
});
