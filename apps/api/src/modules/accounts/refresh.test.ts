import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { call, refreshCookieOf, signIn } from "../../test/accounts.ts";
import { buildTestApp, testConfig, type TestApp } from "../../test/test-app.ts";
import { originPolicy } from "./accounts.module.ts";
import { DEMO_PASSWORD } from "./accounts.seed.ts";
import { sha256Hex } from "./opaque-tokens.ts";

const clock = offsetClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, {}, { accounts: { clock } });
}, 60_000);
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const refresh = (cookie?: string, body: unknown = { grant_type: "refresh_token" }, headers = {}) =>
  call(t, "/api/oauth/token", body, { ...(cookie ? { cookie } : {}), headers });

const gqlRefresh = (cookie?: string) =>
  call(t, "/auth/graphql", { query: "mutation { refresh { token } }" }, cookie ? { cookie } : {});

const me = (token: string) => call(t, "/auth/graphql", { query: "{ me { userType } }" }, { token });

async function familyOf(cookie: string) {
  const r = schema.refreshTokens;
  const [row] = await t.database.db
    .select()
    .from(r)
    .where(eq(r.tokenHash, sha256Hex(cookie)));
  return t.database.db.select().from(r).where(eq(r.familyId, row!.familyId)).orderBy(r.id);
}

function expectCleared(res: Awaited<ReturnType<typeof refresh>>) {
  const cleared = res.cookies.find((c) => c.name === "refresh_token");
  expect(cleared?.value).toBe("");
  expect(cleared?.path).toBe("/");
  expect(cleared?.httpOnly).toBe(true);
  expect(cleared?.expires?.getTime() ?? 0).toBeLessThan(Date.now());
}

describe("POST /api/oauth/token", () => {
  it("exchanges the refresh cookie for an access token and a rotated cookie (JSON or form)", async () => {
    const { cookie } = await signIn(t, "student@example.com", DEMO_PASSWORD);
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(Object.keys(res.json())).toEqual(["accessToken"]);
    expect((await me(res.json().accessToken)).json()).toEqual({
      data: { me: { userType: "STUDENT" } },
    });
    const next = refreshCookieOf(res)!;
    expect(next).not.toBe(cookie);
    const attrs = res.cookies.find((c) => c.name === "refresh_token")!;
    expect(attrs).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    const form = await t.app.inject({
      method: "POST",
      url: "/api/oauth/token",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `refresh_token=${next}`,
      },
      payload: "grant_type=refresh_token",
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().accessToken).toEqual(expect.any(String));

    // The chain is recorded: each used token points to its successor; nothing stored in clear.
    const family = await familyOf(cookie);
    expect(family).toHaveLength(3);
    expect(family[0]!.rotatedToId).toBe(family[1]!.id);
    expect(family[1]!.rotatedToId).toBe(family[2]!.id);
    expect(family.every((r) => r.expiresAt.getTime() === family[0]!.expiresAt.getTime())).toBe(
      true,
    );
    expect(JSON.stringify(family)).not.toContain(cookie);
  });

  it.each([
    "password",
    "client_credentials",
    "authorization_code",
    "urn:ietf:params:oauth:grant-type:jwt-bearer",
  ])(
    "grant_type=%s: 400 unsupported_grant_type, no token, the cookie untouched",
    async (grantType) => {
      const { cookie } = await signIn(t, "tutor@example.com", DEMO_PASSWORD);
      const res = await refresh(cookie, {
        grant_type: grantType,
        username: "tutor@example.com",
        password: DEMO_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "unsupported_grant_type" });
      expect(res.body).not.toContain("eyJ");
      expect(res.cookies).toHaveLength(0);
      expect((await refresh(cookie)).statusCode).toBe(200); // not consumed
    },
  );

  it("no grant_type, or a malformed body: 400 invalid_request", async () => {
    expect((await refresh(undefined, {})).json()).toEqual({ error: "invalid_request" });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/oauth/token",
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "invalid_request" });
  });

  it.each([
    ["no cookie", undefined],
    ["a malformed cookie", "not-a-token'; DROP TABLE refresh_tokens; --"],
    ["an unknown cookie", "A".repeat(43)],
  ])("%s: 401 invalid_grant and the cookie cleared", async (_name, cookie) => {
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "invalid_grant" });
    expectCleared(res);
  });

  it("a used refresh token coming back revokes the whole family (and is audited)", async () => {
    const { cookie, res: login } = await signIn(t, "parent@example.com", DEMO_PASSWORD);
    const rotated = refreshCookieOf(await refresh(cookie))!;
    const reuse = await refresh(cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: "invalid_grant" });
    expectCleared(reuse);
    // The legitimate successor is dead too: whoever holds it must sign in again.
    expect((await refresh(rotated)).statusCode).toBe(401);
    const family = await familyOf(cookie);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
    const userNo = login.json().ONUEI_RES.DATA.RESPONSE.USER_NO;
    const audits = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "refresh_reuse"));
    const entry = audits.find((a) => a.detail.familyId === family[0]!.familyId);
    expect(entry).toMatchObject({ kind: "SECURITY", actorUserId: userNo });
    expect(JSON.stringify(audits)).not.toContain(cookie);
  });

  it("concurrent use of one refresh token mints at most one successor", async () => {
    const { cookie } = await signIn(t, "student@example.com", DEMO_PASSWORD);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(cookie)));
    const ok = results.filter((r) => r.statusCode === 200);
    // One successor; every other presentation is refused as a reuse (never a server error).
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const family = await familyOf(cookie);
    expect(family).toHaveLength(2);
    // Every other attempt was a reuse, so nothing in the family is usable any more.
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
    for (const r of ok) expect((await refresh(refreshCookieOf(r))).statusCode).toBe(401);
  });

  it("expires 30 days after sign-in however often it is rotated; Max-Age counts down", async () => {
    let { cookie } = await signIn(t, "tutor@example.com", DEMO_PASSWORD);
    const offsets: number[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        clock.advance(14 * DAY_MS);
        offsets.push(14 * DAY_MS);
        const res = await refresh(cookie);
        expect(res.statusCode).toBe(200);
        const maxAge = res.cookies.find((c) => c.name === "refresh_token")!.maxAge!;
        expect(maxAge).toBeLessThanOrEqual((30 - 14 * (i + 1)) * 86_400);
        expect(maxAge).toBeGreaterThan((30 - 14 * (i + 1)) * 86_400 - 10);
        cookie = refreshCookieOf(res)!;
      }
      clock.advance(2 * DAY_MS + 1000);
      offsets.push(2 * DAY_MS + 1000);
      const expired = await refresh(cookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: "invalid_grant" });
    } finally {
      for (const o of offsets) clock.advance(-o);
    }
  });

  it("a request from a foreign Origin is refused and does not rotate", async () => {
    const { cookie } = await signIn(t, "student@example.com", DEMO_PASSWORD);
    const res = await refresh(
      cookie,
      { grant_type: "refresh_token" },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "invalid_request" });
    const own = await refresh(
      cookie,
      { grant_type: "refresh_token" },
      { origin: t.config.publicOrigin },
    );
    expect(own.statusCode).toBe(200);
  });
});

describe("origin policy of the token calls", () => {
  it("allows our origins; in local mode also loopback on any port; nothing else", () => {
    const local = originPolicy(testConfig());
    expect(local("http://localhost:3000")).toBe(true);
    expect(local("http://127.0.0.1:41234")).toBe(true);
    expect(local("http://localhost.evil.example")).toBe(false);
    expect(local("https://evil.example")).toBe(false);
    expect(local("null")).toBe(false);
    const stage = originPolicy(
      testConfig({ PUBLIC_ORIGIN: "https://stage.seoltab.example" }, { localMode: false }),
    );
    expect(stage("https://stage.seoltab.example")).toBe(true);
    expect(stage("http://127.0.0.1:3000")).toBe(false);
    expect(stage("https://evil.example")).toBe(false);
  });
});

describe("POST /api/oauth/logout", () => {
  it("revokes the family, clears the cookie, 204; also fine without a cookie", async () => {
    const { cookie } = await signIn(t, "admin@example.com", DEMO_PASSWORD);
    const rotated = refreshCookieOf(await refresh(cookie))!;
    const res = await call(t, "/api/oauth/logout", undefined, { cookie: rotated });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expectCleared(res);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await familyOf(cookie)).every((r) => r.revokedAt !== null)).toBe(true);
    expect((await call(t, "/api/oauth/logout")).statusCode).toBe(204);
    expect((await call(t, "/api/oauth/logout", undefined, { cookie: rotated })).statusCode).toBe(
      204,
    );
  });
});

describe("mutation { refresh { token } } on /auth/graphql", () => {
  it("returns a new access token from the cookie and rotates it", async () => {
    const { cookie } = await signIn(t, "parent@example.com", DEMO_PASSWORD);
    const res = await gqlRefresh(cookie);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.refresh.token;
    expect((await me(token)).json()).toEqual({ data: { me: { userType: "PARENT" } } });
    const next = refreshCookieOf(res)!;
    expect(next).not.toBe(cookie);
    expect((await gqlRefresh(next)).statusCode).toBe(200);
  });

  it.each([
    ["no cookie", async () => undefined],
    [
      "a reused cookie",
      async () => {
        const { cookie } = await signIn(t, "tutor@example.com", DEMO_PASSWORD);
        await gqlRefresh(cookie);
        return cookie;
      },
    ],
  ])("%s: UNAUTHORIZED 012, no message, cookie cleared", async (_name, make) => {
    const res = await gqlRefresh(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toBeNull();
    expect(res.json().errors).toHaveLength(1);
    expect(res.json().errors[0]).toMatchObject({
      message: "",
      extensions: { classification: "UNAUTHORIZED", code: "012" },
    });
    expectCleared(res);
  });

  it("is refused from a foreign Origin", async () => {
    const { cookie } = await signIn(t, "student@example.com", DEMO_PASSWORD);
    const res = await call(
      t,
      "/auth/graphql",
      { query: "mutation { refresh { token } }" },
      { cookie, headers: { origin: "https://evil.example" } },
    );
    expect(res.json().errors[0].extensions.classification).toBe("FORBIDDEN");
    expect((await refresh(cookie)).statusCode).toBe(200);
  });
});
