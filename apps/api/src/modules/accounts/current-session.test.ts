/**
 * Issue #19 "a token keeps its role until it expires": the account's current role and status,
 * and its sign-in session (`sid`), decide every authenticated call within SESSION_CACHE_MS.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, type Database } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import {
  call,
  errorCodeOf,
  joinUser,
  outboxReader,
  signIn,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { SESSION_CACHE_MS, currentSessionChecker } from "./current-session.ts";

const clock = offsetClock();
let t: TestApp;
let readCode: CodeReader;
beforeAll(async () => {
  t = await buildTestApp({}, {}, { accounts: { clock } });
  readCode = outboxReader(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const userInfo = (token: string) => call(t, "/main/getUserInfo", {}, { token });
const staffList = (token: string) => call(t, "/main/admin/refund_requests", {}, { token });
const setUser = (userNo: number, set: { userType?: string; status?: string }) =>
  t.database.db.update(schema.users).set(set).where(eq(schema.users.id, userNo));
const pastTheCache = () => clock.advance(SESSION_CACHE_MS + 1000);

describe("the access token follows the account and its session", () => {
  it("signing out ends the access token of that session (sid), not another session's", async () => {
    const user = await joinUser(t, readCode);
    const one = await signIn(t, user.email, user.password);
    const two = await signIn(t, user.email, user.password);
    expect((await userInfo(one.token)).statusCode).toBe(200);
    expect((await call(t, "/api/oauth/logout", undefined, { cookie: one.cookie })).statusCode).toBe(
      204,
    );
    pastTheCache();
    const ended = await userInfo(one.token);
    expect(ended.statusCode).toBe(401);
    expect(errorCodeOf(ended)).toBe("token_invalid");
    expect((await userInfo(two.token)).statusCode).toBe(200);
  });

  it("a demoted admin is no longer staff within seconds", async () => {
    const user = await joinUser(t, readCode);
    await setUser(user.userNo, { userType: "ADMIN" });
    const { token } = await signIn(t, user.email, user.password);
    expect((await staffList(token)).statusCode).toBe(200);
    await setUser(user.userNo, { userType: "STUDENT" });
    pastTheCache();
    const refused = await staffList(token);
    expect(refused.statusCode).toBe(403);
  });

  it("a withdrawn account's token is refused within seconds", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    expect((await userInfo(token)).statusCode).toBe(200);
    await setUser(user.userNo, { status: "WITHDRAWN" });
    pastTheCache();
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it("requests of one session arriving together share one look-up (issue 19 performance)", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    let selects = 0;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== "select" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Database;
    const checker = currentSessionChecker(db, clock);
    const auth = {
      userNo: user.userNo,
      userType: "STUDENT" as const,
      sessionId: String(decodeJwt(token).sid),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => checker.current(auth)));
    expect(answers.every((a) => a.userNo === user.userNo && a.userType === "STUDENT")).toBe(true);
    expect(selects).toBe(2); // the user's row and the session's refresh token, once
    await checker.current(auth);
    expect(selects).toBe(2);
    await setUser(user.userNo, { status: "WITHDRAWN" });
    pastTheCache();
    const refused = await Promise.allSettled(
      Array.from({ length: 5 }, () => checker.current(auth)),
    );
    expect(refused.every((r) => r.status === "rejected")).toBe(true);
    expect(selects).toBe(3); // one look-up for the five; a withdrawn account stops at its row
  });
});
