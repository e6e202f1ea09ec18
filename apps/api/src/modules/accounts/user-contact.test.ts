/**
 * POST /main/user_contact (issue #11 item 9): the caller's own name and full phone, to prefill a
 * signed-in parent's 학부모 이름 and 휴대폰; never another account's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, errorCodeOf, randomIp, responseOf, signIn } from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { DEMO_PASSWORD } from "./accounts.seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe("POST /main/user_contact", () => {
  it("gives the signed-in parent their own name and phone, not cached", async () => {
    const { token } = await signIn(t, "parent@example.com", DEMO_PASSWORD, randomIp());
    const res = await call(t, "/main/user_contact", {}, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(responseOf(res)).toEqual({ USER_NAME: "김서연", PHONE_NUM: "01020000002" });
  });

  it("answers only for the caller: no USER_NO is accepted, and no token is a 401", async () => {
    const { token } = await signIn(t, "student@example.com", DEMO_PASSWORD, randomIp());
    expect(responseOf(await call(t, "/main/user_contact", {}, { token }))).toEqual({
      USER_NAME: "김하늘",
      PHONE_NUM: "01020000001",
    });
    const other = await call(t, "/main/user_contact", { USER_NO: 1 }, { token });
    expect(other.statusCode).toBe(400);
    expect(errorCodeOf(other)).toBe("validation_failed");
    expect((await call(t, "/main/user_contact", {})).statusCode).toBe(401);
  });
});
