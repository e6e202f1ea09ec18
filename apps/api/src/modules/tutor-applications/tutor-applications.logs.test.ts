/**
 * Uploaded files never reach the logs (issue #12 "Bad input"): at trace level, an upload, a
 * refused upload and a download leave no byte of the file, no file name and no hash in any log
 * line. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { memoryFileStorage } from "../../platform/storage.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { newUser } from "../payments/payments.test-support.ts";

let t: TestApp;
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: "trace" },
    {},
    { logger: { stream }, storage: memoryFileStorage() },
  );
}, 60_000);
afterAll(() => t?.close());

it("logs neither the bytes nor the name of an uploaded file", async () => {
  const tutor = await newUser(t, "TEACHER");
  const marker = "SECRET-ENROLMENT-CONTENT-7f3a";
  const pdf = Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    "latin1",
  );
  const upload = (body: Buffer, type: string) =>
    t.app.inject({
      method: "POST",
      url: "/hub/tutor-application/files?kind=ENROLLMENT_PROOF",
      headers: {
        "content-type": type,
        "content-disposition": `attachment; filename="${marker}.pdf"`,
        authorization: `Bearer ${tutor.token}`,
      },
      payload: body,
    });
  const ok = await upload(pdf, "application/pdf");
  expect(ok.statusCode).toBe(200);
  const refused = await upload(Buffer.from(`text ${marker}`), "application/pdf");
  expect(refused.statusCode).toBe(415);
  const url = ok.json().ONUEI_RES.DATA.RESPONSE.FILE.URL as string;
  const download = await t.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${tutor.token}` },
  });
  expect(download.rawPayload.includes(Buffer.from(marker))).toBe(true);
  const log = lines.join("");
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toContain(marker);
  expect(log).not.toContain("%PDF");
});
