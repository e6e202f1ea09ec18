/**
 * Account recovery (issue #11 item 7; docs/api/accounts.md "Account recovery"): 아이디 찾기
 * (POST /serverless/find_email), 비밀번호 찾기 (verified phone + PATCH /serverless/change_password),
 * and the way out of a sign-in lock. Codes, tokens and new passwords never reach the logs.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import {
  call,
  errorCodeOf,
  joinUser,
  outboxReader,
  randomIp,
  refreshCookieOf,
  responseOf,
  uniquePhone,
  verifiedToken,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let readCode: CodeReader;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: "trace" }, {}, { logger: { stream: logStream } });
  readCode = outboxReader(t);
}, 60_000);
afterAll(() => t.close());

const NEW_PASSWORD = "Recovered#2026";

const findEmail = (token: string) =>
  call(t, "/serverless/find_email", { VERIFICATION_TOKEN: token }, { ip: randomIp() });
const reset = (email: string, token: string, password = NEW_PASSWORD) =>
  call(
    t,
    "/serverless/change_password",
    { EMAIL_ID: email, VERIFICATION_TOKEN: token, NEW_PASSWORD: password },
    { method: "PATCH", ip: randomIp() },
  );
const login = (email: string, password: string, ip = randomIp()) =>
  call(t, "/main/login", { EMAIL_ID: email, PASSWORD: password }, { ip });

describe("아이디 찾기: POST /serverless/find_email", () => {
  it("gives the masked emails of the accounts of a verified phone, once per code", async () => {
    const user = await joinUser(t, readCode);
    const token = await verifiedToken(t, readCode, user.phone, "FIND_EMAIL");
    const res = await findEmail(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const [local, domain] = user.email.split("@");
    expect(responseOf(res)).toEqual({
      ACCOUNTS: [
        {
          EMAIL_ID: `${local!.slice(0, 2)}${"*".repeat(local!.length - 2)}@${domain}`,
          USER_TYPE: "STUDENT",
          JOINED_AT: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
    });
    expect(res.body).not.toContain(user.email);
    // The token is spent.
    expect(errorCodeOf(await findEmail(token))).toBe("verification_invalid");
  });

  it("a phone without an account: an empty list, and nothing told before the code", async () => {
    const known = await joinUser(t, readCode);
    const sendFor = async (phone: string) => {
      const res = await call(
        t,
        "/main/verification/send_code",
        { PHONE_NUM: phone, PURPOSE: "FIND_EMAIL" },
        { ip: randomIp() },
      );
      const body = res.json();
      delete body.ONUEI_RES.DATA.RESPONSE.VERIFICATION_ID;
      return { status: res.statusCode, body };
    };
    // send_code answers alike for a phone with and without an account.
    expect(await sendFor(known.phone)).toEqual(await sendFor(uniquePhone()));
    const token = await verifiedToken(t, readCode, uniquePhone(), "FIND_EMAIL");
    const res = await findEmail(token);
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual({ ACCOUNTS: [] });
  });

  it("a token of another purpose, a malformed one or none: 400", async () => {
    const user = await joinUser(t, readCode);
    const other = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    expect(errorCodeOf(await findEmail(other))).toBe("verification_invalid");
    expect((await findEmail("short")).statusCode).toBe(400);
    expect((await call(t, "/serverless/find_email", {})).statusCode).toBe(400);
  });
});

describe("비밀번호 찾기 and the sign-in lock", () => {
  it("a locked account says when the lock ends; a reset clears it and ends every session", async () => {
    const user = await joinUser(t, readCode);
    const session = await login(user.email, user.password);
    expect(session.statusCode).toBe(200);
    const cookie = refreshCookieOf(session)!;
    // One person at one address (issue #19: the lock is per account + address now).
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, `Wrong-${i}-pass!`, ip)).statusCode).toBe(401);
    }
    const locked = await login(user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    const body = locked.json().ONUEI_RES;
    expect(body.STATUS.STATUSMSG).toMatch(/15분 후에 다시 시도하거나 비밀번호 찾기/);
    expect(body.DATA.RESPONSE.RETRY_AFTER_SEC).toBeGreaterThan(800);
    const until = Date.parse(body.DATA.RESPONSE.LOCKED_UNTIL);
    expect(until - Date.now()).toBeGreaterThan(800_000);
    expect(Number(locked.headers["retry-after"])).toBe(body.DATA.RESPONSE.RETRY_AFTER_SEC);

    const token = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    const res = await reset(user.email, token);
    expect(res.statusCode).toBe(200);
    // The lock is gone: the new password works at once; the old one does not.
    expect((await login(user.email, NEW_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(401);
    // The session from before the reset is over.
    const refreshed = await call(
      t,
      "/api/oauth/token",
      { grant_type: "refresh_token" },
      { cookie },
    );
    expect(refreshed.statusCode).toBe(401);
  });

  it("two resets with one code at once: one succeeds, the other is refused", async () => {
    const user = await joinUser(t, readCode);
    const sent = await call(
      t,
      "/main/verification/send_code",
      { PHONE_NUM: user.phone, PURPOSE: "CHANGE_PASSWORD" },
      { ip: randomIp() },
    );
    const id = responseOf(sent).VERIFICATION_ID;
    const code = await readCode(user.phone);
    // The same code verified twice at once gives one token.
    const verifies = await Promise.all(
      [0, 1].map(() =>
        call(t, "/main/verification/verify_code", { VERIFICATION_ID: id, CODE: code }),
      ),
    );
    expect(verifies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const token = responseOf(verifies.find((r) => r.statusCode === 200)!).VERIFICATION_TOKEN;
    // That token used by two resets at once: one changes the password.
    const results = await Promise.all([
      reset(user.email, token, "First#Winner11"),
      reset(user.email, token, "Second#Winner22"),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(errorCodeOf(loser)).toBe("verification_invalid");
    const winner = results[0]!.statusCode === 200 ? "First#Winner11" : "Second#Winner22";
    const other = winner === "First#Winner11" ? "Second#Winner22" : "First#Winner11";
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, other)).statusCode).toBe(401);
    const changes = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "password_change"));
    expect(changes.filter((a) => a.actorUserId === user.userNo)).toHaveLength(1);
  });

  it("the same password again is refused without spending the code", async () => {
    const user = await joinUser(t, readCode);
    const token = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    const same = await reset(user.email, token, user.password);
    expect(errorCodeOf(same)).toBe("same_password");
    expect((await reset(user.email, token)).statusCode).toBe(200);
  });

  it("another account's email with my phone: refused and the token spent", async () => {
    const mine = await joinUser(t, readCode);
    const theirs = await joinUser(t, readCode);
    const token = await verifiedToken(t, readCode, mine.phone, "CHANGE_PASSWORD");
    expect(errorCodeOf(await reset(theirs.email, token, theirs.password))).toBe(
      "verification_mismatch",
    );
    expect(errorCodeOf(await reset(mine.email, token))).toBe("verification_invalid");
    expect((await login(theirs.email, theirs.password)).statusCode).toBe(200);
  });

  it("never logs the code, the token or the new password", async () => {
    const user = await joinUser(t, readCode);
    const token = await verifiedToken(t, readCode, user.phone, "CHANGE_PASSWORD");
    const code = await readCode(user.phone);
    await reset(user.email, token, "Logged#Never55");
    const findToken = await verifiedToken(t, readCode, user.phone, "FIND_EMAIL");
    await findEmail(findToken);
    const output = logLines.join("");
    expect(output).toContain("/serverless/change_password");
    for (const secret of [code, token, findToken, "Logged#Never55", user.phone]) {
      expect(output).not.toContain(secret);
    }
    const rows = await t.database.db.select().from(schema.auditLogs);
    expect(JSON.stringify(rows)).not.toContain("Logged#Never55");
    expect(JSON.stringify(rows)).not.toContain(user.phone);
  });
});
