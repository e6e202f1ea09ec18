/**
 * The S3 adapter of the storage port against a local fake of the S3 HTTP API (test/fake-s3.ts,
 * path-style on 127.0.0.1): PutObject / GetObject / DeleteObject as the SDK sends them, and the
 * presigned POST a browser uses, with the fake holding it to its policy (key, content type,
 * content-length-range, signature, expiry) as S3 does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../test/fake-s3.ts";
import { FileTooLargeError, type PresignedUpload } from "./storage.ts";
import { s3FileStorage, s3UploadOrigin, type S3StorageSettings } from "./storage-s3.ts";

let fake: FakeS3;
let settings: S3StorageSettings;

beforeAll(async () => {
  fake = await startFakeS3();
  settings = {
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.endpoint,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
  };
});

afterAll(async () => {
  await fake?.close();
});

/** Posts `bytes` as the browser would: the fields in order, then `file`. */
function postForm(
  upload: Pick<PresignedUpload, "url" | "fields">,
  bytes: Buffer,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...extra })) {
    form.append(name, value);
  }
  form.append("file", new Blob([new Uint8Array(bytes)]), "proof.pdf");
  return fetch(upload.url, { method: "POST", body: form });
}

function policyOf(upload: PresignedUpload): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(upload.fields.Policy!, "base64").toString("utf8"));
}

const errorCode = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

describe("s3FileStorage: objects", () => {
  it("puts, gets and deletes an object under a random key below the prefix", async () => {
    const storage = s3FileStorage(settings);
    const bytes = Buffer.from("%PDF-1.4 stored by the server");
    const key = await storage.put("tutor-applications", bytes);
    expect(key).toMatch(/^tutor-applications\/[0-9a-f-]{36}$/);
    expect(fake.objects.get(key)?.bytes.equals(bytes)).toBe(true);
    // Stored as opaque bytes: the sniffed type lives in the area's table.
    expect(fake.objects.get(key)?.contentType).toBe("application/octet-stream");
    expect((await storage.get(key))?.equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // Deleting a missing key is not an error.
    await storage.delete(key);
  });

  it("sends plain requests any S3-compatible store accepts: no aws-chunked body, no optional checksums", async () => {
    const storage = s3FileStorage(settings);
    const before = fake.requests.length;
    await storage.put("tutor-applications", Buffer.alloc(64 * 1024, 7));
    const [put] = fake.requests.slice(before).filter((r) => r.method === "PUT");
    expect(put).toBeDefined();
    expect(put!.path).toMatch(new RegExp(`^/${fake.bucket}/tutor-applications/`));
    expect(put!.contentEncoding ?? "").not.toContain("aws-chunked");
    expect(put!.checksumHeaders).toEqual([]);
  });

  it("refuses to read an object over the caller's cap without returning its bytes", async () => {
    const storage = s3FileStorage(settings);
    const key = await storage.put("tutor-applications", Buffer.alloc(2048, 1));
    await expect(storage.get(key, { maxBytes: 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await storage.get(key, { maxBytes: 2048 }))?.length).toBe(2048);
  });

  it("refuses keys that are not the port's own (no path tricks)", async () => {
    const storage = s3FileStorage(settings);
    await expect(storage.get("../other-bucket/x")).rejects.toThrow("bad storage key");
    await expect(storage.delete("tutor-applications/../../x")).rejects.toThrow("bad storage key");
  });

  it("surfaces refusals of the store (wrong access key) as errors", async () => {
    const storage = s3FileStorage({ ...settings, accessKeyId: "SOMEONEELSE" });
    await expect(storage.put("tutor-applications", Buffer.from("x"))).rejects.toMatchObject({
      name: "AccessDenied",
    });
  });
});

describe("s3FileStorage: presigned POST", () => {
  it("issues a form for one fixed key with the size cap and a short expiry, which the store accepts", async () => {
    const storage = s3FileStorage(settings);
    const upload = await storage.presignUpload("tutor-applications", {
      maxBytes: 1024,
      expiresSeconds: 300,
    });
    expect(upload.key).toMatch(/^tutor-applications\/[0-9a-f-]{36}$/);
    expect(upload.url).toBe(`${fake.endpoint}/${fake.bucket}`);
    expect(upload.fields.key).toBe(upload.key);
    const expiresIn = upload.expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);

    const policy = policyOf(upload);
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 1024]);
    expect(policy.conditions).toContainEqual({ key: upload.key });
    expect(policy.conditions).toContainEqual({ bucket: fake.bucket });
    expect(policy.conditions).toContainEqual({ "Content-Type": "application/octet-stream" });
    expect(Math.abs(Date.parse(policy.expiration) - upload.expiresAt.getTime())).toBeLessThan(
      5_000,
    );

    const bytes = Buffer.alloc(1024, 3);
    const res = await postForm(upload, bytes);
    expect(res.status).toBe(204);
    expect((await storage.get(upload.key))?.equals(bytes)).toBe(true);
  });

  it("is refused over the cap with S3's EntityTooLarge, and nothing is stored", async () => {
    const storage = s3FileStorage(settings);
    const upload = await storage.presignUpload("tutor-applications", {
      maxBytes: 1024,
      expiresSeconds: 300,
    });
    const res = await postForm(upload, Buffer.alloc(1025, 3));
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("EntityTooLarge");
    expect(fake.objects.has(upload.key)).toBe(false);
    expect(await storage.get(upload.key)).toBeNull();
  });

  it("is refused for another key, an extra field, an empty file or a changed policy", async () => {
    const storage = s3FileStorage(settings);
    const upload = await storage.presignUpload("tutor-applications", {
      maxBytes: 1024,
      expiresSeconds: 300,
    });
    const small = Buffer.from("%PDF-1.4");
    const otherKey = "tutor-applications/00000000-0000-4000-8000-000000000000";
    const moved = await postForm(upload, small, { key: otherKey });
    expect(moved.status).toBe(403);
    expect(await errorCode(moved)).toBe("AccessDenied");
    expect(fake.objects.has(otherKey)).toBe(false);

    const typed = await postForm(upload, small, { "Content-Type": "text/html" });
    expect(typed.status).toBe(403);

    const extra = await postForm(upload, small, { acl: "public-read" });
    expect(extra.status).toBe(403);
    expect(await extra.text()).toContain("Extra input fields: acl");

    const empty = await postForm(upload, Buffer.alloc(0));
    expect(await errorCode(empty)).toBe("EntityTooSmall");

    const bigger = policyOf(upload);
    bigger.conditions = bigger.conditions.map((c) =>
      Array.isArray(c) && c[0] === "content-length-range" ? ["content-length-range", 1, 1e9] : c,
    );
    const forged = await postForm(upload, small, {
      Policy: Buffer.from(JSON.stringify(bigger)).toString("base64"),
    });
    expect(await errorCode(forged)).toBe("SignatureDoesNotMatch");
    expect(fake.objects.has(upload.key)).toBe(false);
  });

  it("is refused once expired", async () => {
    const storage = s3FileStorage(settings);
    const upload = await storage.presignUpload("tutor-applications", {
      maxBytes: 1024,
      expiresSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await postForm(upload, Buffer.from("%PDF-1.4"));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Policy expired");
  });

  it("is signed with the configured secret (a wrong one is refused by the store)", async () => {
    const storage = s3FileStorage({ ...settings, secretAccessKey: "not-the-secret" });
    const upload = await storage.presignUpload("tutor-applications", {
      maxBytes: 1024,
      expiresSeconds: 300,
    });
    expect(await errorCode(await postForm(upload, Buffer.from("%PDF-1.4")))).toBe(
      "SignatureDoesNotMatch",
    );
  });

  it("sends browsers to the bucket's AWS host without an endpoint (the origin CSP allows)", async () => {
    const aws = { ...settings, endpoint: undefined, region: "ap-northeast-2" };
    const upload = await s3FileStorage({ ...aws, bucket: "seoltab-files" }).presignUpload(
      "tutor-applications",
      { maxBytes: 1024, expiresSeconds: 300 },
    );
    expect(new URL(upload.url).origin).toBe(
      "https://seoltab-files.s3.ap-northeast-2.amazonaws.com",
    );
    expect(s3UploadOrigin({ ...aws, bucket: "seoltab-files" })).toBe(new URL(upload.url).origin);

    const dotted = await s3FileStorage({ ...aws, bucket: "files.seoltab.example" }).presignUpload(
      "tutor-applications",
      { maxBytes: 1024, expiresSeconds: 300 },
    );
    expect(new URL(dotted.url).origin).toBe(
      s3UploadOrigin({ ...aws, bucket: "files.seoltab.example" }),
    );
    expect(s3UploadOrigin(settings)).toBe(fake.endpoint);
  });
});
