import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  SigningKeyError,
  fileSigningKeys,
  generateSigningJwk,
  generateSigningKeys,
  loadSigningKeys,
  signingKeysFromJson,
} from "./signing-keys.ts";

const dir = mkdtempSync(join(tmpdir(), "seoltab-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("signing keys", () => {
  it("a generated key set publishes one public ES256 key with kid, never the private part", async () => {
    const keys = await generateSigningKeys();
    expect(keys.jwks.keys).toHaveLength(1);
    const [key] = keys.jwks.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key!.kid).toBe(keys.current.kid);
    expect(key).not.toHaveProperty("d");
    expect(JSON.stringify(keys.jwks)).not.toContain(String(keys.privateJwks[0]!.d));
  });

  it("publishes the current and the previous key only; the first key signs", async () => {
    const jwks = await Promise.all([
      generateSigningJwk(),
      generateSigningJwk(),
      generateSigningJwk(),
    ]);
    const keys = await loadSigningKeys(jwks);
    expect(keys.current.kid).toBe(jwks[0]!.kid);
    expect(keys.jwks.keys.map((k) => k.kid)).toEqual([jwks[0]!.kid, jwks[1]!.kid]);
  });

  it("refuses unusable configured keys with a message that never contains the key", async () => {
    const good = await generateSigningJwk();
    const { d: _d, ...publicOnly } = good;
    const cases: [string, string][] = [
      ["not json", "JSON"],
      ["{}", "JSON 배열"],
      ["[]", "하나 이상"],
      [JSON.stringify([publicOnly]), "개인 키"],
      [JSON.stringify([{ ...good, kty: "RSA" }]), "P-256"],
      [JSON.stringify([{ ...good, kid: undefined }]), "kid"],
      [JSON.stringify([good, good]), "중복"],
      [JSON.stringify([{ ...good, alg: "HS256" }]), "ES256"],
      [JSON.stringify([{ ...good, d: "AAAA" }]), "읽을 수 없습니다"],
    ];
    for (const [json, expected] of cases) {
      const err = await signingKeysFromJson(json).catch((e: unknown) => e);
      expect(err, json).toBeInstanceOf(SigningKeyError);
      expect((err as Error).message).toContain(expected);
      expect((err as Error).message).not.toContain(String(good.d));
    }
  });

  it("locally: generated on first start into a 0600 file, then reused", async () => {
    const file = join(dir, "first", "accounts-keys.json");
    const first = await fileSigningKeys(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, "utf8"));
    expect(stored[0].kid).toBe(first.current.kid);
    expect(stored[0].d).toEqual(expect.any(String));
    const again = await fileSigningKeys(file);
    expect(again.current.kid).toBe(first.current.kid);
  });

  it("two processes starting at once end up with the same key", async () => {
    const file = join(dir, "race", "accounts-keys.json");
    const [a, b, c] = await Promise.all([
      fileSigningKeys(file),
      fileSigningKeys(file),
      fileSigningKeys(file),
    ]);
    expect(new Set([a.current.kid, b.current.kid, c.current.kid]).size).toBe(1);
  });

  it("a key file readable by others is narrowed back to 0600; a broken one stops the start", async () => {
    const file = join(dir, "loose.json");
    writeFileSync(file, JSON.stringify([await generateSigningJwk()]));
    chmodSync(file, 0o644);
    await fileSigningKeys(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json", { mode: 0o600 });
    await expect(fileSigningKeys(broken)).rejects.toBeInstanceOf(SigningKeyError);
  });
});
