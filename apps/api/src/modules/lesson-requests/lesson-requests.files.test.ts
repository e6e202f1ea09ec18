/**
 * Attachments of the lesson request form (issue #13: school record and grade card through the
 * upload port): checked by their bytes, only while the form can be written, readable by the
 * family and staff only. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { memoryFileStorage } from "../../platform/storage.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
  type TestUser,
} from "../payments/payments.test-support.ts";
import { demoPdf } from "../tutor-applications/tutor-applications.seed.ts";

let t: TestApp;
const storage = memoryFileStorage();

beforeAll(async () => {
  t = await buildTestApp({}, {}, { payments: { gateway: createSandboxGateway() }, storage });
}, 60_000);
afterAll(() => t?.close());

async function paidLecture(): Promise<{ student: TestUser; lectureId: number }> {
  const student = await newUser(t, "STUDENT");
  await registerCard(t, student);
  const math = await smartMath(t);
  const payment = responseOf(
    await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [{ id: math.id, lecture_multiple: 1 }],
    }),
  );
  const [lecture] = await t.database.db
    .select()
    .from(schema.lectures)
    .where(eq(schema.lectures.paymentId, payment.PAYMENT_ID));
  return { student, lectureId: lecture!.id };
}

function upload(user: TestUser, lectureId: number, kind: string, bytes: Buffer, type: string) {
  return t.app.inject({
    method: "POST",
    url: `/hub/request-form/files?lectureId=${lectureId}&kind=${kind}`,
    headers: { "content-type": type, authorization: `Bearer ${user.token}` },
    payload: bytes,
  });
}

it("keeps a school record with the form, for the family and staff only; not after submission", async () => {
  const { student, lectureId } = await paidLecture();
  const res = await upload(student, lectureId, "SCHOOL_RECORD", demoPdf(), "application/pdf");
  expect(res.statusCode).toBe(200);
  const url = res.json().ONUEI_RES.DATA.RESPONSE.FILE.URL as string;

  const listed = await t.app.inject({
    method: "POST",
    url: "/matching/graphql",
    headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
    payload: JSON.stringify({
      query: `query($id: ID!) { lessonRequest(lectureId: $id) { files { kind contentType url } } }`,
      variables: { id: String(lectureId) },
    }),
  });
  expect(listed.json().data.lessonRequest.files).toEqual([
    { kind: "SCHOOL_RECORD", contentType: "application/pdf", url },
  ]);

  const get = (user: TestUser) =>
    t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${user.token}` } });
  expect((await get(student)).statusCode).toBe(200);
  expect((await get(await newUser(t, "ADMIN"))).statusCode).toBe(200);
  expect((await get(await newUser(t, "STUDENT"))).statusCode).toBe(404);

  const other = await newUser(t, "STUDENT");
  expect(
    (await upload(other, lectureId, "SCHOOL_RECORD", demoPdf(), "application/pdf")).statusCode,
  ).toBe(403);
  const before = storage.size();
  const text = await upload(
    student,
    lectureId,
    "GRADE_CARD",
    Buffer.from("not a pdf"),
    "application/pdf",
  );
  expect(text.statusCode).toBe(415);
  expect((await upload(student, lectureId, "PHOTO", demoPdf(), "application/pdf")).statusCode).toBe(
    400,
  );
  expect(storage.size()).toBe(before);

  await t.database.db
    .update(schema.lessonRequests)
    .set({ state: "SUBMITTED" })
    .where(eq(schema.lessonRequests.lectureId, lectureId));
  const late = await upload(student, lectureId, "GRADE_CARD", demoPdf(), "application/pdf");
  expect(late.statusCode).toBe(409);
  expect(storage.size()).toBe(before);
});
