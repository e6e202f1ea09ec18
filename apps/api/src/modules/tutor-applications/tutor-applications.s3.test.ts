/**
 * Tutor documents uploaded straight to S3 (issue #12; docs/api/tutor-applications.md "Files"):
 * the app built with STORAGE_ADAPTER=s3 pointed at the local fake of the S3 API
 * (test/fake-s3.ts). The flow a browser follows: ask for the target, post the presigned form to
 * the bucket, confirm the key; and the refusals: a key not issued to this applicant, a file whose
 * bytes are something else (deleted from the bucket), a file over the cap (refused by the
 * bucket). With disk storage the target says DIRECT and the CSP names no bucket.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { TUTOR_FILE_MAX_BYTES } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import { memoryFileStorage } from "../../platform/storage.ts";
import { startFakeS3, type FakeS3 } from "../../test/fake-s3.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { newUser, type TestUser } from "../payments/payments.test-support.ts";
import { demoPdf } from "./tutor-applications.seed.ts";

let fake: FakeS3;
let t: TestApp;
const clock = offsetClock();

beforeAll(async () => {
  fake = await startFakeS3();
  t = await buildTestApp(fake.env(), {}, { accounts: { clock } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function hub(user: TestUser, path: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: `/hub/tutor-application/files/${path}`,
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    payload: JSON.stringify(body),
  });
}

const response = (res: LightMyRequestResponse) => res.json().ONUEI_RES.DATA.RESPONSE;

interface Target {
  MODE: string;
  URL: string;
  FIELDS: Record<string, string>;
  KEY: string;
  MAX_BYTES: number;
  EXPIRES_AT: string;
}

async function target(user: TestUser, kind = "ENROLLMENT_PROOF"): Promise<Target> {
  const res = await hub(user, "target", { kind });
  expect(res.statusCode, res.body).toBe(200);
  return response(res) as Target;
}

/** What the web client does: the fields in order, then the file. */
function postToBucket(to: Target, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(to.FIELDS)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)]), "재학증명서.pdf");
  return fetch(to.URL, { method: "POST", body: form });
}

const fileRows = (key: string) =>
  t.database.db
    .select()
    .from(schema.tutorApplicationFiles)
    .where(eq(schema.tutorApplicationFiles.storageKey, key));

describe("tutor documents with S3 storage", () => {
  it("target → POST to the bucket → confirm records the file, readable by the applicant only", async () => {
    const tutor = await newUser(t, "TEACHER");
    const to = await target(tutor);
    expect(to).toMatchObject({
      MODE: "PRESIGNED_POST",
      URL: `${fake.endpoint}/${fake.bucket}`,
      MAX_BYTES: TUTOR_FILE_MAX_BYTES,
    });
    expect(to.FIELDS.key).toBe(to.KEY);
    expect(Date.parse(to.EXPIRES_AT)).toBeGreaterThan(Date.now());

    const pdf = demoPdf();
    expect((await postToBucket(to, pdf)).status).toBe(204);
    const confirmed = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const file = response(confirmed).FILE;
    expect(file).toMatchObject({
      KIND: "ENROLLMENT_PROOF",
      CONTENT_TYPE: "application/pdf",
      SIZE_BYTES: pdf.length,
    });
    expect(await fileRows(to.KEY)).toHaveLength(1);

    const read = await t.app.inject({
      method: "GET",
      url: file.URL,
      headers: { authorization: `Bearer ${tutor.token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf)).toBe(true);
    const stranger = await newUser(t, "TEACHER");
    const notTheirs = await t.app.inject({
      method: "GET",
      url: file.URL,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(notTheirs.statusCode).toBe(404);

    // A key is confirmed once.
    const again = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(again.statusCode).toBe(404);
    expect(response(again).ERROR_CODE).toBe("upload_not_found");
  });

  it("never serves bytes posted again under a confirmed key (the form is still valid for minutes)", async () => {
    const tutor = await newUser(t, "TEACHER");
    const to = await target(tutor);
    expect((await postToBucket(to, demoPdf())).status).toBe(204);
    const confirmed = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    const url = response(confirmed).FILE.URL as string;
    expect((await postToBucket(to, Buffer.from("<html>swapped</html>"))).status).toBe(204);
    const read = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${tutor.token}` },
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain("swapped");
  });

  it("refuses a key the server did not issue to this applicant, changing nothing", async () => {
    const owner = await newUser(t, "TEACHER");
    const other = await newUser(t, "TEACHER");
    const to = await target(owner);
    expect((await postToBucket(to, demoPdf())).status).toBe(204);

    const stolen = await hub(other, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().ONUEI_RES.STATUS.STATUSMSG).toBe(
      "올린 파일을 확인할 수 없어요. 파일을 다시 골라 올려 주세요.",
    );
    expect(response(stolen).ERROR_CODE).toBe("upload_not_found");
    const never = await hub(other, "confirm", {
      kind: "ENROLLMENT_PROOF",
      key: "tutor-applications/00000000-0000-4000-8000-000000000000",
    });
    expect(response(never).ERROR_CODE).toBe("upload_not_found");
    const wrongKind = await hub(owner, "confirm", {
      kind: "VOICE_ANSWER",
      key: to.KEY,
      durationSeconds: 10,
    });
    expect(response(wrongKind).ERROR_CODE).toBe("upload_not_found");
    const badShape = await hub(owner, "confirm", { kind: "ENROLLMENT_PROOF", key: "../x" });
    expect(response(badShape).ERROR_CODE).toBe("upload_not_found");

    // The owner's upload is untouched and still confirms.
    expect(fake.objects.has(to.KEY)).toBe(true);
    expect(await fileRows(to.KEY)).toHaveLength(0);
    const mine = await hub(owner, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(mine.statusCode).toBe(200);
  });

  it("refuses a file whose bytes are not PDF/JPEG/PNG and deletes it from the bucket", async () => {
    const tutor = await newUser(t, "TEACHER");
    const to = await target(tutor);
    const html = Buffer.from("<!doctype html><script>alert(1)</script> 재학증명서.pdf");
    expect((await postToBucket(to, html)).status).toBe(204);
    expect(fake.objects.has(to.KEY)).toBe(true);

    const refused = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(refused.statusCode).toBe(415);
    expect(response(refused).ERROR_CODE).toBe("file_type_not_allowed");
    expect(refused.json().ONUEI_RES.STATUS.STATUSMSG).toBe("PDF, JPG, PNG 파일만 올릴 수 있어요.");
    expect(fake.objects.has(to.KEY)).toBe(false);
    expect(await fileRows(to.KEY)).toHaveLength(0);
    // The issued key is gone with it.
    const again = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(response(again).ERROR_CODE).toBe("upload_not_found");
  });

  it("lets the bucket refuse a file over 10 MB (EntityTooLarge); confirming then finds nothing", async () => {
    const tutor = await newUser(t, "TEACHER");
    const to = await target(tutor);
    const tooBig = Buffer.concat([demoPdf(), Buffer.alloc(TUTOR_FILE_MAX_BYTES)]);
    const posted = await postToBucket(to, tooBig);
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("<Code>EntityTooLarge</Code>");
    expect(fake.objects.has(to.KEY)).toBe(false);
    const confirmed = await hub(tutor, "confirm", { kind: "ENROLLMENT_PROOF", key: to.KEY });
    expect(confirmed.statusCode).toBe(404);
    expect(response(confirmed).ERROR_CODE).toBe("upload_missing");
  });

  it("keeps the access rules of the raw upload: tutors only, in an upload state", async () => {
    const student = await newUser(t, "STUDENT");
    const res = await hub(student, "target", { kind: "ENROLLMENT_PROOF" });
    expect(res.statusCode).toBe(403);
    expect(response(res).ERROR_CODE).toBe("not_a_tutor");
    const tutor = await newUser(t, "TEACHER");
    // The voice answer comes after the documents were approved (DOCUMENTS_OK).
    const early = await hub(tutor, "target", { kind: "VOICE_ANSWER" });
    expect(response(early).ERROR_CODE).toBe("transition_not_allowed");
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/hub/tutor-application/files/target",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ kind: "ENROLLMENT_PROOF" }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("deletes what was posted under keys never confirmed once they expire", async () => {
    const tutor = await newUser(t, "TEACHER");
    const to = await target(tutor);
    expect((await postToBucket(to, demoPdf())).status).toBe(204);
    await t.app.jobTable["tutor-applications-stalled"]!();
    expect(fake.objects.has(to.KEY)).toBe(true);
    clock.advance(2 * 60 * 60 * 1000);
    await t.app.jobTable["tutor-applications-stalled"]!();
    expect(fake.objects.has(to.KEY)).toBe(false);
    // The issued key is gone too (the clock moved past the token's life: read the table).
    const issued = await t.database.db
      .select()
      .from(schema.tutorApplicationUploads)
      .where(eq(schema.tutorApplicationUploads.storageKey, to.KEY));
    expect(issued).toEqual([]);
  });

  it("allows the bucket's origin in the CSP connect-src", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const connect = String(res.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("connect-src "));
    expect(connect?.split(" ")).toContain(fake.endpoint);
  });
});

describe("tutor documents with disk storage", () => {
  it("answers DIRECT (the raw upload) and names no bucket in the CSP", async () => {
    const disk = await buildTestApp({}, {}, { storage: memoryFileStorage() });
    try {
      const tutor = await newUser(disk, "TEACHER");
      const res = await disk.app.inject({
        method: "POST",
        url: "/hub/tutor-application/files/target",
        headers: { "content-type": "application/json", authorization: `Bearer ${tutor.token}` },
        payload: JSON.stringify({ kind: "ENROLLMENT_PROOF" }),
      });
      expect(response(res)).toEqual({ MODE: "DIRECT" });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).not.toContain("127.0.0.1");
      expect(csp).not.toContain("amazonaws");
    } finally {
      await disk.close();
    }
  });
});
