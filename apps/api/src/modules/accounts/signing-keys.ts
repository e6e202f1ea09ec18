/**
 * ES256 signing keys of the accounts issuer (DESIGN.md §3; docs/api/accounts.md "Tokens";
 * docs/decisions/007). A key set is a list of private JWKs, current first: the first signs new
 * access tokens, the first two are published in the JWKS (current and previous), so tokens
 * signed before a rotation stay verifiable until they expire.
 *
 * Sources: production `ACCOUNTS_SIGNING_KEYS` (JSON array of private JWKs); locally a file
 * `DATA_DIR/accounts-keys.json` (mode 0600) generated on first start; in tests, memory.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from "jose";

/** The only signing algorithm (SPEC.md §5; jwtVerify's allow-list). */
export const SIGNING_ALGORITHM = "ES256";

/** A public key as published in the JWKS. */
export interface PublicJwk extends JWK {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
}

/** A loaded signing key set. */
export interface SigningKeyStore {
  /** kid and private key that sign new tokens. */
  readonly current: { kid: string; privateKey: CryptoKey };
  /** `{ keys: [current, previous?] }` public JWKs for `GET /accounts/api/oauth/jwks`. */
  readonly jwks: { keys: PublicJwk[] };
  /** Private JWKs (current first), for persisting; never sent anywhere. */
  readonly privateJwks: readonly JWK[];
}

/** Thrown when a configured key set is unusable; the message names the problem, never the key. */
export class SigningKeyError extends Error {
  constructor(message: string) {
    super(`ACCOUNTS_SIGNING_KEYS: ${message}`);
    this.name = "SigningKeyError";
  }
}

const PUBLISHED_KEYS = 2;

function assertPrivateEcJwk(value: unknown, index: number): asserts value is JWK {
  const jwk = value as Record<string, unknown> | null;
  const at = `키 ${index + 1}`;
  if (!jwk || typeof jwk !== "object") throw new SigningKeyError(`${at}: JWK 객체가 아닙니다`);
  if (jwk.kty !== "EC" || jwk.crv !== "P-256")
    throw new SigningKeyError(`${at}: kty EC, crv P-256 키여야 합니다`);
  for (const field of ["x", "y", "d"] as const) {
    if (typeof jwk[field] !== "string" || jwk[field] === "")
      throw new SigningKeyError(`${at}: 개인 키(${field})가 없습니다`);
  }
  if (typeof jwk.kid !== "string" || !/^[A-Za-z0-9._-]{1,128}$/.test(jwk.kid))
    throw new SigningKeyError(`${at}: kid 가 필요합니다 (영문, 숫자, . _ -)`);
  if (jwk.alg !== undefined && jwk.alg !== SIGNING_ALGORITHM)
    throw new SigningKeyError(`${at}: alg 는 ES256 이어야 합니다`);
}

/**
 * Loads a key set from private JWKs (current first).
 * @throws SigningKeyError for an empty list, a non-P-256 or public-only key, a missing or
 *   duplicate kid, or a key that does not import.
 */
export async function loadSigningKeys(privateJwks: readonly unknown[]): Promise<SigningKeyStore> {
  if (privateJwks.length === 0) throw new SigningKeyError("키가 하나 이상 있어야 합니다");
  const kids = new Set<string>();
  const jwks: JWK[] = [];
  for (const [index, jwk] of privateJwks.entries()) {
    assertPrivateEcJwk(jwk, index);
    if (kids.has(jwk.kid!)) throw new SigningKeyError(`kid "${jwk.kid}" 가 중복됩니다`);
    kids.add(jwk.kid!);
    jwks.push(jwk);
  }
  const first = jwks[0]!;
  let privateKey: CryptoKey;
  try {
    privateKey = (await importJWK(
      { ...first, alg: SIGNING_ALGORITHM },
      SIGNING_ALGORITHM,
    )) as CryptoKey;
    for (const jwk of jwks.slice(1, PUBLISHED_KEYS)) {
      await importJWK({ ...jwk, alg: SIGNING_ALGORITHM }, SIGNING_ALGORITHM);
    }
  } catch {
    throw new SigningKeyError("키를 읽을 수 없습니다 (EC P-256 개인 JWK 인지 확인하세요)");
  }
  return {
    current: { kid: first.kid!, privateKey },
    jwks: {
      keys: jwks.slice(0, PUBLISHED_KEYS).map((jwk) => ({
        kty: "EC",
        crv: "P-256",
        x: jwk.x!,
        y: jwk.y!,
        kid: jwk.kid!,
        alg: SIGNING_ALGORITHM,
        use: "sig",
      })),
    },
    privateJwks: jwks,
  };
}

/** Parses `ACCOUNTS_SIGNING_KEYS` (a JSON array of private JWKs) into a key set. */
export async function signingKeysFromJson(json: string): Promise<SigningKeyStore> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new SigningKeyError("JSON 배열이어야 합니다");
  }
  if (!Array.isArray(parsed)) throw new SigningKeyError("JSON 배열이어야 합니다");
  return loadSigningKeys(parsed);
}

/** A new private ES256 JWK whose kid is its RFC 7638 thumbprint. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: SIGNING_ALGORITHM, use: "sig" };
}

/** A key set with one new key, held only in memory (tests, throwaway processes). */
export async function generateSigningKeys(): Promise<SigningKeyStore> {
  return loadSigningKeys([await generateSigningJwk()]);
}

/**
 * The key set of a local installation: read from `file` (JSON array of private JWKs), or, on
 * first start, generated and written there with mode 0600. Creation is atomic (written to a
 * temporary file, then hard-linked into place), so two processes starting on one DATA_DIR end
 * up with the same key. A file readable by others is narrowed back to 0600.
 * @throws SigningKeyError when the file exists but holds no usable key set.
 */
export async function fileSigningKeys(file: string): Promise<SigningKeyStore> {
  const existing = readKeyFile(file);
  if (existing) return loadSigningKeys(existing);
  mkdirSync(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.accounts-keys.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temp, `${JSON.stringify([await generateSigningJwk()], null, 2)}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(temp);
  }
  return loadSigningKeys(readKeyFile(file) ?? []);
}

function readKeyFile(file: string): unknown[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw new SigningKeyError(`${file} 이 JWK 배열(JSON)이 아닙니다`);
}
