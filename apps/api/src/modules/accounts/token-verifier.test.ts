import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, UnsecuredJWT, base64url, decodeProtectedHeader, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offsetClock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { createAccessTokenIssuer } from "./access-tokens.ts";
import {
  generateSigningJwk,
  generateSigningKeys,
  loadSigningKeys,
  type SigningKeyStore,
} from "./signing-keys.ts";
import {
  VERIFIED_TOKEN_CACHE_MS,
  createTokenVerifier,
  localJwks,
  remoteJwks,
  type JwksSource,
} from "./token-verifier.ts";

const ISSUER = "https://accounts.seoltab.test/accounts";
const clock = offsetClock();
let keys: SigningKeyStore;
let foreign: SigningKeyStore;
let broken: Server;
let brokenUrl: string;

beforeAll(async () => {
  keys = await generateSigningKeys();
  foreign = await generateSigningKeys();
  broken = createServer((_req, res) => {
    res.statusCode = 500;
    res.end("down");
  });
  await new Promise<void>((r) => broken.listen(0, "127.0.0.1", r));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/accounts`;
});
afterAll(() => new Promise<void>((r) => broken.close(() => r())));

const issuer = () => createAccessTokenIssuer({ keys, issuer: ISSUER, ttlSeconds: 900, clock });
const verifier = () => createTokenVerifier({ issuer: ISSUER, jwks: localJwks(keys), clock });

async function failure(token: string | undefined, v = verifier()) {
  const err = await v.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/**
 * `token` with one signature character changed (the second-to-last, always to another letter):
 * never the same string, so never a valid signature.
 */
function tamperedSignature(token: string): string {
  const changed = token.at(-2) === "A" ? "B" : "A";
  return `${token.slice(0, -2)}${changed}${token.at(-1)}`;
}

/** Signs arbitrary claims with a key (our own by default) as ES256 with kid. */
function sign(claims: Record<string, unknown>, store = keys, header: Record<string, unknown> = {}) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({
    sub: "7",
    user_no: 7,
    user_type: "STUDENT",
    iss: ISSUER,
    iat: now,
    exp: now + 900,
    ...claims,
  })
    .setProtectedHeader({ alg: "ES256", kid: store.current.kid, typ: "JWT", ...header })
    .sign(store.current.privateKey);
}

describe("access tokens", () => {
  it("carry iss, sub, user_no, user_type, iat and exp = iat + TTL, signed ES256 with kid", async () => {
    const { token, expiresAt } = await issuer().issue({ userNo: 42, userType: "PARENT" });
    expect(decodeProtectedHeader(token)).toEqual({
      alg: "ES256",
      kid: keys.current.kid,
      typ: "JWT",
    });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: ISSUER, sub: "42", user_no: 42, user_type: "PARENT" });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(expiresAt.getTime()).toBe(claims.exp! * 1000);
    await expect(verifier().verify(token)).resolves.toEqual({ userNo: 42, userType: "PARENT" });
  });

  it("an expired token: token_expired", async () => {
    const { token } = await issuer().issue({ userNo: 1, userType: "STUDENT" });
    clock.advance(901_000);
    try {
      const err = await failure(token);
      expect(err).toMatchObject({ kind: "unauthorized", code: "token_expired" });
      expect(err.message).toBe("로그인이 필요해요. 다시 로그인해 주세요.");
    } finally {
      clock.advance(-901_000);
    }
  });

  it("a token verified before is answered from memory (issue 19), still expires at exp and is checked again after VERIFIED_TOKEN_CACHE_MS", async () => {
    const { token } = await issuer().issue({ userNo: 9, userType: "STUDENT" });
    const own = localJwks(keys);
    let lookups = 0;
    const counting: JwksSource = (header, t) => {
      lookups += 1;
      return own(header, t);
    };
    const v = createTokenVerifier({ issuer: ISSUER, jwks: counting, clock });
    const first = await v.verify(token);
    const second = await v.verify(token);
    expect(second).toEqual({ userNo: 9, userType: "STUDENT" });
    expect(second).not.toBe(first);
    expect(lookups).toBe(1);
    // A tampered copy is not the same string: verified (and refused) on its own.
    // (It used to end the signature in "AA", which is the token itself about once in 256 runs.)
    expect((await failure(tamperedSignature(token), v)).code).toBe("token_invalid");
    clock.advance(VERIFIED_TOKEN_CACHE_MS + 1000);
    try {
      await expect(v.verify(token)).resolves.toEqual({ userNo: 9, userType: "STUDENT" });
      expect(lookups).toBe(3);
      clock.advance(901_000);
      expect((await failure(token, v)).code).toBe("token_expired");
    } finally {
      clock.advance(-(VERIFIED_TOKEN_CACHE_MS + 1000 + 901_000));
    }
  });

  it("a token remembered as verified is refused as token_expired once past exp", async () => {
    const { token } = await issuer().issue({ userNo: 10, userType: "STUDENT" });
    const v = verifier();
    await v.verify(token);
    // exp is 900 s away: within the memory's lifetime only if it were longer; move just past exp
    // while the entry is still fresh by verifying again right before.
    clock.advance(899_000);
    try {
      await expect(v.verify(token)).resolves.toMatchObject({ userNo: 10 });
      clock.advance(2_000);
      expect((await failure(token, v)).code).toBe("token_expired");
    } finally {
      clock.advance(-901_000);
    }
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["garbage", "not-a-token"],
    ["two parts", "abc.def"],
    ["overlong", `${"a".repeat(3000)}.${"b".repeat(3000)}.c`],
  ])("%s: token_invalid", async (_name, token) => {
    expect((await failure(token)).code).toBe("token_invalid");
  });

  it("a tampered payload (another user_no, same signature): token_invalid", async () => {
    const { token } = await issuer().issue({ userNo: 7, userType: "STUDENT" });
    const [h, , s] = token.split(".");
    const payload = base64url.encode(
      JSON.stringify({ ...decodeJwt(token), sub: "1", user_no: 1, user_type: "ADMIN" }),
    );
    expect((await failure(`${h}.${payload}.${s}`)).code).toBe("token_invalid");
  });

  it("a tampered signature: token_invalid", async () => {
    const { token } = await issuer().issue({ userNo: 7, userType: "STUDENT" });
    expect((await failure(tamperedSignature(token))).code).toBe("token_invalid");
  });

  it("alg none (unsecured JWT), also with our kid: token_invalid", async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const unsecured = new UnsecuredJWT({ sub: "7", user_no: 7, user_type: "ADMIN" })
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .encode();
    expect((await failure(unsecured)).code).toBe("token_invalid");
    const header = base64url.encode(
      JSON.stringify({ alg: "none", kid: keys.current.kid, typ: "JWT" }),
    );
    const withKid = `${header}.${unsecured.split(".")[1]}.`;
    expect((await failure(withKid)).code).toBe("token_invalid");
  });

  it("HS256 signed with the public key as secret (algorithm confusion): token_invalid", async () => {
    const secret = new TextEncoder().encode(JSON.stringify(keys.jwks.keys[0]));
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({ sub: "7", user_no: 7, user_type: "ADMIN" })
      .setProtectedHeader({ alg: "HS256", kid: keys.current.kid, typ: "JWT" })
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(secret);
    expect((await failure(token)).code).toBe("token_invalid");
  });

  it("a wrong issuer: token_invalid", async () => {
    expect((await failure(await sign({ iss: "https://evil.example/accounts" }))).code).toBe(
      "token_invalid",
    );
    expect((await failure(await sign({ iss: undefined }))).code).toBe("token_invalid");
  });

  it("a foreign key (not in the JWKS), with its own kid or claiming ours: token_invalid", async () => {
    expect((await failure(await sign({}, foreign))).code).toBe("token_invalid");
    expect((await failure(await sign({}, foreign, { kid: keys.current.kid }))).code).toBe(
      "token_invalid",
    );
  });

  it.each([
    ["no user_type", { user_type: undefined }],
    ["unknown user_type", { user_type: "ROOT" }],
    ["sub not user_no", { sub: "8" }],
    ["user_no as a string", { user_no: "7" }],
    ["user_no zero", { user_no: 0, sub: "0" }],
    ["no exp", { exp: undefined }],
    ["no sub", { sub: undefined }],
  ])("our signature but %s: token_invalid", async (_name, claims) => {
    expect((await failure(await sign(claims))).code).toBe("token_invalid");
  });

  it("a token of the previous key still verifies after a rotation", async () => {
    const previous = keys;
    const rotated = await loadSigningKeys([await generateSigningJwk(), ...previous.privateJwks]);
    const v = createTokenVerifier({ issuer: ISSUER, jwks: localJwks(rotated), clock });
    const { token } = await issuer().issue({ userNo: 5, userType: "TEACHER" });
    await expect(v.verify(token)).resolves.toEqual({ userNo: 5, userType: "TEACHER" });
  });

  it("the key set cannot be fetched (refused or 500): 503 jwks_unavailable, reported once", async () => {
    const { token } = await issuer().issue({ userNo: 5, userType: "TEACHER" });
    for (const base of ["http://127.0.0.1:1/accounts", brokenUrl]) {
      const reported: unknown[] = [];
      const v = createTokenVerifier({
        issuer: ISSUER,
        jwks: remoteJwks(base),
        clock,
        onKeySetError: (e) => reported.push(e),
      });
      const err = await failure(token, v);
      expect(err).toMatchObject({ kind: "unavailable", code: "jwks_unavailable" });
      expect(reported).toHaveLength(1);
    }
  });
});
