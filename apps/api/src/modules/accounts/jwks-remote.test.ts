/**
 * The verifier's real path: the JWKS fetched over HTTP from a listening server (jose
 * createRemoteJWKSet), as every backend does when the accounts service is on another host.
 * One app listens on a real port; its verifier is forced to "remote", so it fetches its own
 * JWKS through the network. Keys come from ACCOUNTS_SIGNING_KEYS, as in production.
 */
import { createServer } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "./accounts.seed.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { generateSigningJwk, generateSigningKeys, loadSigningKeys } from "./signing-keys.ts";
import type { JWK } from "jose";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

let t: TestApp;
let base: string;
let jwks: JWK[];
let jwksFetches = 0;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  jwks = [await generateSigningJwk(), await generateSigningJwk()];
  t = await buildTestApp(
    { PORT: String(port), PUBLIC_ORIGIN: base, ACCOUNTS_SIGNING_KEYS: JSON.stringify(jwks) },
    {},
    { accounts: { jwks: "remote", signingKeys: undefined } },
  );
  t.app.addHook("onRequest", async (request) => {
    if (request.url === "/accounts/api/oauth/jwks") jwksFetches += 1;
  });
  await t.app.listen({ port, host: "127.0.0.1" });
}, 60_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** The RESPONSE of an envelope answer read over HTTP. */
async function responseOf(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as { ONUEI_RES: { DATA: { RESPONSE: Record<string, unknown> } } };
  return body.ONUEI_RES.DATA.RESPONSE;
}

async function signInOverHttp(email: string) {
  const res = await post("/main/login", { EMAIL_ID: email, PASSWORD: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return (await responseOf(res)).token as string;
}

async function signWith(jwk: JWK, claims: Record<string, unknown> = {}) {
  const key = await loadSigningKeys([jwk]);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ user_no: 1, user_type: "ADMIN", ...claims })
    .setProtectedHeader({ alg: "ES256", kid: key.current.kid, typ: "JWT" })
    .setIssuer(`${base}/accounts`)
    .setSubject(String(claims.user_no ?? 1))
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(key.current.privateKey);
}

describe("remote JWKS over a real port", () => {
  it("GET /accounts/api/oauth/jwks serves the current and previous public keys, cacheable", async () => {
    const res = await fetch(`${base}/accounts/api/oauth/jwks`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    expect(res.headers.get("content-type")).toContain("application/jwk-set+json");
    const body = (await res.json()) as { keys: JWK[] };
    expect(body.keys.map((k: JWK) => k.kid)).toEqual([jwks[0]!.kid, jwks[1]!.kid]);
    for (const key of body.keys) {
      expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
    }
    expect(JSON.stringify(body)).not.toContain(String(jwks[0]!.d));
  });

  it("a token is verified with keys fetched over HTTP, then from the cache", async () => {
    const token = await signInOverHttp("student@example.com");
    const before = jwksFetches;
    const first = await post("/main/getUserInfo", {}, token);
    expect(first.status).toBe(200);
    expect((await responseOf(first)).EMAIL_ID).toBe("student@example.com");
    const afterFirst = jwksFetches;
    expect(afterFirst - before).toBeLessThanOrEqual(1);
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++)
      expect((await post("/main/user_status", {}, token)).status).toBe(200);
    expect(jwksFetches).toBe(afterFirst);

    const me = await post("/auth/graphql", { query: "{ me { userType } }" }, token);
    expect(await me.json()).toEqual({ data: { me: { userType: "STUDENT" } } });
  });

  it("the issuer is the accounts base URL of this deployment", async () => {
    const token = await signInOverHttp("tutor@example.com");
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(claims.iss).toBe(`${base}/accounts`);
  });

  it("a token signed with the previous key still verifies (rotation)", async () => {
    const login = await post("/main/login", {
      EMAIL_ID: "parent@example.com",
      PASSWORD: DEMO_PASSWORD,
    });
    const userNo = (await responseOf(login)).USER_NO;
    const token = await signWith(jwks[1]!, { user_no: userNo, user_type: "PARENT" });
    const res = await post("/main/user_status", {}, token);
    expect(res.status).toBe(200);
    expect(await responseOf(res)).toMatchObject({
      USER_NO: userNo,
      USER_TYPE: "PARENT",
    });
  });

  it("a foreign key is refused without hammering the JWKS (cool-down)", async () => {
    const foreign = (await generateSigningKeys()).privateJwks[0]!;
    const before = jwksFetches;
    for (let i = 0; i < 3; i++) {
      const res = await post("/main/user_status", {}, await signWith(foreign));
      expect(res.status).toBe(401);
      expect((await responseOf(res)).ERROR_CODE).toBe("token_invalid");
    }
    // An unknown kid may trigger one refetch; the 30 s cool-down stops the rest.
    expect(jwksFetches - before).toBeLessThanOrEqual(1);
  });
});
