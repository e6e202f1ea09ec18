/**
 * Tutor applications API (issue #12; docs/api/tutor-applications.md): the resume draft, uploads
 * checked by their bytes, submission, the staff pipeline to ACTIVE with both record checks and
 * the signed agreement, re-application after the cool-down, the profile after ACTIVE, and every
 * bad input the issue lists (wrong or forged file types, oversized files, another applicant's
 * file, a tutor deciding, skipped steps, activation without the checks, concurrent decisions).
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import {
  TUTOR_FILE_MAX_BYTES,
  TransitionNotAllowedError,
  defaultTutorResume,
} from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import { memoryFileStorage } from "../../platform/storage.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { newUser, type TestUser } from "../payments/payments.test-support.ts";
import * as applicationsRepo from "./tutor-applications.repository.ts";
import { demoPdf, demoWav } from "./tutor-applications.seed.ts";

let t: TestApp;
const clock = offsetClock();
const storage = memoryFileStorage();
let admin: TestUser;
let sales: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, {}, { accounts: { clock }, storage });
  admin = await newUser(t, "ADMIN");
  sales = await newUser(t, "SALES_TEAM");
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function gql(
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: "/workspace/graphql",
    headers: {
      "content-type": "application/json",
      "user-agent": "tutor-applications test",
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: JSON.stringify({ query, variables }),
  });
}

/** The data of a successful call (fails the test with the errors otherwise). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are read field by field
async function ok<T = Record<string, any>>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await res;
  const body = r.json();
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

/** The first error's classification and code. */
async function refused(res: Promise<LightMyRequestResponse>) {
  const body = (await res).json();
  expect(body.errors, JSON.stringify(body.data)).toBeDefined();
  const [error] = body.errors;
  return {
    classification: error.extensions.classification,
    code: error.extensions.code,
    message: error.message as string,
  };
}

const FIELDS = /* GraphQL */ `
  id userId state stateLabel attempt lastReason reapplyAfter nextAction stalled
  matchingAvailable activationBlockers matchabilityProblems
  submitProblems { field message }
  resume { name phone phoneVerified birthYear universityStatus wifiRouter privacyOptIn marketingOptIn
    pushSwitches subjects classTypes backgroundCheckConsent availableTimes { day start end } }
  files { id kind contentType sizeBytes durationSeconds url }
  transitions { fromState toState initiator reason score attempt }
  backgroundChecks { kind result reference }
  agreement { version title signedAt signerName }
  profileCard { tutorId maskedName university major subjects }
`;
const MINE = `query { myTutorApplication { ${FIELDS} } }`;
const SAVE = `mutation($input: TutorResumeInput!) { saveTutorResume(input: $input) { ${FIELDS} } }`;
const SUBMIT = `mutation { submitTutorApplication { ${FIELDS} } }`;
const VOICE = `mutation { submitVoiceAnswer { ${FIELDS} } }`;
const SIGN = `mutation($input: SignTutorAgreementInput!) { signTutorAgreement(input: $input) { ${FIELDS} } }`;
const DECIDE = `mutation($input: DecideTutorApplicationInput!) { decideTutorApplication(input: $input) { ${FIELDS} } }`;
const CHECK = `mutation($input: RecordBackgroundCheckInput!) { recordBackgroundCheck(input: $input) { ${FIELDS} } }`;
const PROFILE = `mutation($input: UpdateTutorProfileInput!) { updateTutorProfile(input: $input) { ${FIELDS} } }`;
const QUEUE = /* GraphQL */ `
  query ($state: TutorApplicationState, $page: Int) {
    tutorApplications(state: $state, page: $page) {
      totalCount
      page
      pageSize
      items {
        id
        userId
        state
        attempt
        ageDays
        stalled
        university
      }
    }
  }
`;

const COMPLETE_RESUME = {
  birthYear: 2004,
  highSchoolType: "GENERAL",
  enterYear: 2023,
  university: "서울대학교",
  major: "수학교육과",
  subjects: [1001, 1005],
  availableTimes: [
    { day: "MON", start: "18:00", end: "20:00" },
    { day: "SAT", start: "10:00", end: "12:00" },
  ],
  classTypes: ["SMART"],
  zonecode: "08826",
  address: "서울 관악구 관악로 1",
  addressDetail: "302호",
  bio: "수학을 어려워하는 학생과 개념부터 차근차근 쌓아 올리는 수업을 하고 싶어요. 스스로 설명할 수 있을 때까지 함께 풀어요.",
  backgroundCheckConsent: true,
};

function upload(
  user: TestUser | null,
  kind: string,
  bytes: Buffer,
  contentType: string,
  durationSeconds?: number,
) {
  const query = new URLSearchParams({ kind });
  if (durationSeconds !== undefined) query.set("durationSeconds", String(durationSeconds));
  return t.app.inject({
    method: "POST",
    url: `/hub/tutor-application/files?${query}`,
    headers: {
      "content-type": contentType,
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: bytes,
  });
}

const envelopeCode = (res: LightMyRequestResponse) =>
  res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE as string;

/** A tutor with a complete resume and the enrolment proof, submitted. */
async function submittedTutor(): Promise<{ tutor: TestUser; id: string }> {
  const tutor = await newUser(t, "TEACHER");
  await ok(gql(tutor, SAVE, { input: COMPLETE_RESUME }));
  expect((await upload(tutor, "ENROLLMENT_PROOF", demoPdf(), "application/pdf")).statusCode).toBe(
    200,
  );
  const data = await ok(gql(tutor, SUBMIT));
  expect(data.submitTutorApplication.state).toBe("SUBMITTED");
  return { tutor, id: data.submitTutorApplication.id };
}

async function decideAs(
  staff: TestUser,
  id: string,
  decision: string,
  extra: Record<string, unknown> = {},
) {
  return (await ok(gql(staff, DECIDE, { input: { applicationId: id, decision, ...extra } })))
    .decideTutorApplication;
}

describe("the resume", () => {
  it("starts as JOIN with SPEC.md §3's defaults and the account's verified name and phone", async () => {
    const tutor = await newUser(t, "TEACHER");
    const { myTutorApplication: app } = await ok(gql(tutor, MINE));
    expect(app.state).toBe("JOIN");
    expect(app.userId).toBe(tutor.userNo);
    expect(app.resume).toMatchObject({
      name: "박보호",
      phoneVerified: true,
      universityStatus: "ENROLLED",
      wifiRouter: "OLD",
      privacyOptIn: true,
      marketingOptIn: true,
      pushSwitches: ["normal", "night", "ad", "ad-sms", "ad-email"],
      backgroundCheckConsent: false,
    });
    expect(app.submitProblems.map((p: { field: string }) => p.field)).toContain("enrollmentProof");
    // Asking twice keeps one application.
    expect((await ok(gql(tutor, MINE))).myTutorApplication.id).toBe(app.id);
  });

  it("keeps a draft between calls: fields left out keep their value", async () => {
    const tutor = await newUser(t, "TEACHER");
    await ok(gql(tutor, SAVE, { input: { university: "서울대학교", marketingOptIn: false } }));
    await ok(gql(tutor, SAVE, { input: { major: "물리학과" } }));
    const { myTutorApplication: app } = await ok(
      gql(tutor, `query { myTutorApplication { resume { university major marketingOptIn } } }`),
    );
    expect(app.resume).toEqual({
      university: "서울대학교",
      major: "물리학과",
      marketingOptIn: false,
    });
  });

  it.each([
    [
      "a block past 22:00",
      { availableTimes: [{ day: "MON", start: "21:00", end: "22:30" }] },
      "밤 10시",
    ],
    [
      "overlapping blocks",
      {
        availableTimes: [
          { day: "MON", start: "18:00", end: "20:00" },
          { day: "MON", start: "19:00", end: "21:00" },
        ],
      },
      "겹쳐요",
    ],
    ["an unknown subject", { subjects: [999999] }, "알 수 없는 과목"],
    ["an unknown university status", { universityStatus: "DROPPED" }, "universityStatus"],
    ["a short zip code", { zonecode: "123" }, "zonecode"],
    ["a bio over 2,000 characters", { bio: "가".repeat(2001) }, "bio"],
  ])("refuses %s with a clear error and keeps the draft", async (_name, input, message) => {
    const tutor = await newUser(t, "TEACHER");
    await ok(gql(tutor, SAVE, { input: { university: "연세대학교" } }));
    const error = await refused(gql(tutor, SAVE, { input }));
    expect(error.classification).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    const { myTutorApplication: app } = await ok(gql(tutor, MINE));
    expect(app.resume.availableTimes).toEqual([]);
    expect(app.resume.subjects).toEqual([]);
  });

  it("is for tutors: a student or a signed-out caller is refused", async () => {
    const student = await newUser(t, "STUDENT");
    expect(await refused(gql(student, MINE))).toMatchObject({
      classification: "FORBIDDEN",
      code: "not_a_tutor",
    });
    expect((await refused(gql(null, MINE))).classification).toBe("UNAUTHORIZED");
  });

  it("cannot be submitted incomplete: every missing field is named", async () => {
    const tutor = await newUser(t, "TEACHER");
    await ok(gql(tutor, SAVE, { input: COMPLETE_RESUME }));
    const error = await refused(gql(tutor, SUBMIT));
    expect(error).toMatchObject({ classification: "BAD_REQUEST", code: "resume_incomplete" });
    expect(error.message).toContain("재학증명서");
    expect((await ok(gql(tutor, MINE))).myTutorApplication.state).toBe("JOIN");
  });
});

describe("uploads", () => {
  it("stores a PDF, PNG or JPEG enrolment proof, readable by the applicant and staff only", async () => {
    const tutor = await newUser(t, "TEACHER");
    const other = await newUser(t, "TEACHER");
    const res = await upload(tutor, "ENROLLMENT_PROOF", demoPdf(), "application/pdf");
    expect(res.statusCode).toBe(200);
    const file = res.json().ONUEI_RES.DATA.RESPONSE.FILE;
    expect(file).toMatchObject({ KIND: "ENROLLMENT_PROOF", CONTENT_TYPE: "application/pdf" });
    const png = Buffer.concat([
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
      Buffer.alloc(64),
    ]);
    expect((await upload(tutor, "ENROLLMENT_PROOF", png, "image/png")).statusCode).toBe(200);

    const get = (user: TestUser | null) =>
      t.app.inject({
        method: "GET",
        url: file.URL,
        headers: user ? { authorization: `Bearer ${user.token}` } : {},
      });
    const mine = await get(tutor);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.rawPayload.equals(demoPdf())).toBe(true);
    expect((await get(admin)).statusCode).toBe(200);
    const theirs = await get(other);
    expect(theirs.statusCode).toBe(404);
    expect(envelopeCode(theirs)).toBe("file_not_found");
    expect((await get(null)).statusCode).toBe(401);
    const student = await newUser(t, "STUDENT");
    expect((await get(student)).statusCode).toBe(404);
  });

  it.each([
    [
      "a text file",
      Buffer.from("hello, this is not a document"),
      "text/plain",
      415,
      "file_type_not_allowed",
    ],
    [
      "a text file claiming to be a PDF",
      Buffer.from("not a pdf at all, just text"),
      "application/pdf",
      415,
      "file_type_not_allowed",
    ],
    ["a PDF claiming to be a PNG", demoPdf(), "image/png", 415, "file_type_mismatch"],
    ["audio as an enrolment proof", demoWav(1), "audio/wav", 415, "file_type_not_allowed"],
    ["an empty file", Buffer.alloc(0), "application/pdf", 400, "file_empty"],
    [
      "a file over 10 MB",
      Buffer.concat([demoPdf(), Buffer.alloc(TUTOR_FILE_MAX_BYTES)]),
      "application/pdf",
      413,
      "file_too_large",
    ],
  ])("refuses %s and stores nothing", async (_name, bytes, type, status, code) => {
    const tutor = await newUser(t, "TEACHER");
    const before = storage.size();
    const res = await upload(tutor, "ENROLLMENT_PROOF", bytes, type);
    expect(res.statusCode).toBe(status);
    expect(envelopeCode(res)).toBe(code);
    expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toMatch(/[가-힣]/);
    expect(storage.size()).toBe(before);
    expect((await ok(gql(tutor, MINE))).myTutorApplication.files).toEqual([]);
  });

  it("refuses an unknown kind, a signed-out caller and a voice answer before the documents pass", async () => {
    const tutor = await newUser(t, "TEACHER");
    const bad = await upload(tutor, "SELFIE", demoPdf(), "application/pdf");
    expect(bad.statusCode).toBe(400);
    expect((await upload(null, "ENROLLMENT_PROOF", demoPdf(), "application/pdf")).statusCode).toBe(
      401,
    );
    const early = await upload(tutor, "VOICE_ANSWER", demoWav(1), "audio/wav", 1);
    expect(early.statusCode).toBe(409);
    expect(envelopeCode(early)).toBe("transition_not_allowed");
  });
});

describe("the pipeline", () => {
  it("takes a tutor from JOIN to ACTIVE, each step recorded, the status page told each time", async () => {
    const { tutor, id } = await submittedTutor();
    let app = await decideAs(admin, id, "APPROVE", { score: 85, reason: "서류 확인" });
    expect(app.state).toBe("DOCUMENTS_OK");
    expect(app.transitions.at(-1)).toMatchObject({
      toState: "DOCUMENTS_OK",
      initiator: "ADMIN",
      score: 85,
    });
    const mine = (await ok(gql(tutor, MINE))).myTutorApplication;
    expect(mine.nextAction).toContain("음성 답변");
    expect(mine.transitions.at(-1).score).toBeNull(); // scores are for staff

    // The voice answer: too long, then a real one.
    const long = await upload(tutor, "VOICE_ANSWER", demoWav(1), "audio/wav", 181);
    expect(envelopeCode(long)).toBe("voice_too_long");
    expect((await refused(gql(tutor, VOICE))).code).toBe("voice_missing");
    expect((await upload(tutor, "VOICE_ANSWER", demoWav(2), "audio/wav", 2)).statusCode).toBe(200);
    app = (await ok(gql(tutor, VOICE))).submitVoiceAnswer;
    expect(app.state).toBe("VOICE_SUBMITTED");
    expect(app.files.find((f: { kind: string }) => f.kind === "VOICE_ANSWER")).toMatchObject({
      contentType: "audio/wav",
      durationSeconds: 2,
    });

    app = await decideAs(sales, id, "GPASS", { score: 90 });
    expect(app.state).toBe("GPASS");
    app = await decideAs(admin, id, "APPROVE");
    expect(app.state).toBe("CONTRACT");
    expect(app.agreement).toMatchObject({ signedAt: null });

    // Not ACTIVE without the checks and the signature.
    const blocked = await refused(
      gql(admin, DECIDE, { input: { applicationId: id, decision: "APPROVE" } }),
    );
    expect(blocked).toMatchObject({ classification: "BAD_REQUEST", code: "activation_blocked" });
    expect(blocked.message).toContain("성범죄");
    expect(blocked.message).toContain("서명");

    expect(
      (await refused(gql(tutor, SIGN, { input: { signerName: "박보호", agreed: false } }))).code,
    ).toBe("not_agreed");
    app = (await ok(gql(tutor, SIGN, { input: { signerName: "박보호", agreed: true } })))
      .signTutorAgreement;
    expect(app.state).toBe("CONTRACT");
    expect(app.agreement.signerName).toBe("박보호");
    expect(app.activationBlockers).toHaveLength(2);

    app = (
      await ok(
        gql(admin, CHECK, {
          input: {
            applicationId: id,
            kind: "SEX_OFFENSE",
            result: "CLEAR",
            reference: "2026-56-001",
          },
        }),
      )
    ).recordBackgroundCheck;
    expect(app.state).toBe("CONTRACT");
    app = (
      await ok(
        gql(admin, CHECK, { input: { applicationId: id, kind: "CHILD_ABUSE", result: "CLEAR" } }),
      )
    ).recordBackgroundCheck;
    expect(app.state).toBe("ACTIVE");
    expect(app.matchingAvailable).toBe(true);
    expect(app.matchabilityProblems).toEqual([]);
    expect(app.transitions.map((tr: { toState: string }) => tr.toState)).toEqual([
      "SUBMITTED",
      "DOCUMENTS_OK",
      "VOICE_SUBMITTED",
      "GPASS",
      "CONTRACT",
      "ACTIVE",
    ]);
    expect(app.transitions.at(-1).initiator).toBe("AUTO");
    expect(app.profileCard).toMatchObject({ maskedName: "박**", university: "서울대학교" });

    // Signed document and the audit trail are on file.
    const [agreement] = await t.database.db
      .select()
      .from(schema.tutorAgreements)
      .where(eq(schema.tutorAgreements.applicationId, Number(id)));
    expect(agreement!.textHash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `tutor_application:${id}`));
    expect(audit.map((a) => a.action)).toContain("tutor_application_decide");
    expect(audit.map((a) => a.action)).toContain("tutor_background_check");
  });

  it("refuses a skipped step, changing nothing", async () => {
    const { id } = await submittedTutor();
    for (const decision of ["ACTIVE", "GPASS", "CONTRACT", "RESUME", "PAUSE"]) {
      const error = await refused(gql(admin, DECIDE, { input: { applicationId: id, decision } }));
      expect(error).toMatchObject({
        classification: "BAD_REQUEST",
        code: "transition_not_allowed",
      });
    }
    const app = (
      await ok(
        gql(
          admin,
          `query($id: ID!) { tutorApplication(applicationId: $id) { state transitions { toState } } }`,
          { id },
        ),
      )
    ).tutorApplication;
    expect(app.state).toBe("SUBMITTED");
    expect(app.transitions).toHaveLength(1);
  });

  it("never lets a tutor, a student or the applicant decide or record checks", async () => {
    const { tutor, id } = await submittedTutor();
    const student = await newUser(t, "STUDENT");
    for (const caller of [tutor, student]) {
      expect(
        await refused(gql(caller, DECIDE, { input: { applicationId: id, decision: "APPROVE" } })),
      ).toMatchObject({
        classification: "FORBIDDEN",
        code: "staff_only",
      });
      expect(
        await refused(
          gql(caller, CHECK, {
            input: { applicationId: id, kind: "SEX_OFFENSE", result: "CLEAR" },
          }),
        ),
      ).toMatchObject({ classification: "FORBIDDEN" });
      expect((await refused(gql(caller, QUEUE))).classification).toBe("FORBIDDEN");
    }
    expect(
      (
        await ok(
          gql(admin, `query($id: ID!) { tutorApplication(applicationId: $id) { state } }`, { id }),
        )
      ).tutorApplication.state,
    ).toBe("SUBMITTED");
  });

  it("answers an unknown application as not found", async () => {
    const error = await refused(
      gql(admin, DECIDE, { input: { applicationId: "999999999", decision: "APPROVE" } }),
    );
    expect(error.classification).toBe("NOT_FOUND");
    expect(
      (await refused(gql(admin, DECIDE, { input: { applicationId: "abc", decision: "APPROVE" } })))
        .classification,
    ).toBe("BAD_REQUEST");
  });

  it("moves an application once when two staff decide at the same time", async () => {
    const { id } = await submittedTutor();
    const results = await Promise.all([
      gql(admin, DECIDE, { input: { applicationId: id, decision: "APPROVE" } }),
      gql(sales, DECIDE, {
        input: { applicationId: id, decision: "REJECT", reason: "서류 불명확" },
      }),
      gql(admin, DECIDE, { input: { applicationId: id, decision: "APPROVE" } }),
    ]);
    const succeeded = results.filter((r) => !r.json().errors);
    expect(succeeded).toHaveLength(1);
    const moves = await t.database.db
      .select()
      .from(schema.tutorApplicationTransitions)
      .where(eq(schema.tutorApplicationTransitions.applicationId, Number(id)));
    expect(moves).toHaveLength(2); // SUBMITTED, then exactly one decision
  });

  it("needs a reason to refuse; a refused applicant re-applies after the cool-down, counted", async () => {
    const { tutor, id } = await submittedTutor();
    expect(
      (await refused(gql(admin, DECIDE, { input: { applicationId: id, decision: "REJECT" } })))
        .code,
    ).toBe("reason_required");
    const app = await decideAs(admin, id, "REJECT", {
      reason: "재학증명서가 흐려서 읽을 수 없어요.",
    });
    expect(app.state).toBe("NOGOOD");
    expect(app.reapplyAfter).not.toBeNull();
    const mine = (await ok(gql(tutor, MINE))).myTutorApplication;
    expect(mine.lastReason).toBe("재학증명서가 흐려서 읽을 수 없어요.");
    // The draft can be fixed, but not resubmitted before the cool-down ends.
    await ok(gql(tutor, SAVE, { input: { major: "수학과" } }));
    const early = await refused(gql(tutor, SUBMIT));
    expect(early).toMatchObject({ code: "reapply_cooldown" });
    expect(early.message).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일부터/);

    const db = t.database.db;
    await db
      .update(schema.tutorApplications)
      .set({ reapplyAfter: new Date(Date.now() - 1000) })
      .where(eq(schema.tutorApplications.id, Number(id)));
    const again = (await ok(gql(tutor, SUBMIT))).submitTutorApplication;
    expect(again).toMatchObject({ state: "SUBMITTED", attempt: 2 });
  });

  it("records a check only with the applicant's consent and after submission", async () => {
    const tutor = await newUser(t, "TEACHER");
    const { myTutorApplication: joined } = await ok(gql(tutor, MINE));
    const early = await refused(
      gql(admin, CHECK, {
        input: { applicationId: joined.id, kind: "SEX_OFFENSE", result: "REQUESTED" },
      }),
    );
    expect(early.code).toBe("transition_not_allowed");

    const { id } = await submittedTutor();
    await t.database.db
      .update(schema.tutorApplications)
      .set({ resume: { backgroundCheckConsent: false } })
      .where(eq(schema.tutorApplications.id, Number(id)));
    const noConsent = await refused(
      gql(admin, CHECK, { input: { applicationId: id, kind: "SEX_OFFENSE", result: "REQUESTED" } }),
    );
    expect(noConsent.code).toBe("no_consent");
  });
});

describe("staff queue", () => {
  it("lists applications by state, oldest first, a page at a time", async () => {
    await submittedTutor();
    const { tutorApplications: page } = await ok(
      gql(admin, QUEUE, { state: "SUBMITTED", page: 1 }),
    );
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    expect(page.pageSize).toBe(20);
    expect(page.items.every((i: { state: string }) => i.state === "SUBMITTED")).toBe(true);
    expect((await refused(gql(admin, QUEUE, { page: 0 }))).classification).toBe("BAD_REQUEST");
    expect((await refused(gql(admin, QUEUE, { state: "WAITING" }))).classification).toBe(
      "BAD_REQUEST",
    );
  });

  it("flags a step stalled on the applicant once", async () => {
    const { id } = await submittedTutor();
    await decideAs(admin, id, "APPROVE");
    await t.database.db
      .update(schema.tutorApplications)
      .set({ stateChangedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(schema.tutorApplications.id, Number(id)));
    const first = await t.app.jobTable["tutor-applications-stalled"]!();
    expect(first.processed).toBeGreaterThanOrEqual(1);
    const app = (
      await ok(
        gql(admin, `query($id: ID!) { tutorApplication(applicationId: $id) { stalled } }`, { id }),
      )
    ).tutorApplication;
    expect(app.stalled).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(schema.tutorApplications)
      .where(eq(schema.tutorApplications.id, Number(id)));
    const again = await t.app.jobTable["tutor-applications-stalled"]!();
    const [after] = await t.database.db
      .select()
      .from(schema.tutorApplications)
      .where(eq(schema.tutorApplications.id, Number(id)));
    expect(after!.remindedAt).toEqual(row!.remindedAt);
    expect(again.processed).toBe(0);
  });
});

describe("after ACTIVE", () => {
  async function activeTutor() {
    const { tutor, id } = await submittedTutor();
    await decideAs(admin, id, "APPROVE");
    await upload(tutor, "VOICE_ANSWER", demoWav(1), "audio/wav", 1);
    await ok(gql(tutor, VOICE));
    await decideAs(admin, id, "APPROVE");
    await decideAs(admin, id, "APPROVE");
    for (const kind of ["SEX_OFFENSE", "CHILD_ABUSE"]) {
      await ok(gql(admin, CHECK, { input: { applicationId: id, kind, result: "CLEAR" } }));
    }
    const app = (await ok(gql(tutor, SIGN, { input: { signerName: "박보호", agreed: true } })))
      .signTutorAgreement;
    expect(app.state).toBe("ACTIVE");
    return { tutor, id };
  }

  it("a tutor on leave cannot take new students; the status is re-confirmed", async () => {
    const { tutor } = await activeTutor();
    let app = (await ok(gql(tutor, PROFILE, { input: { universityStatus: "LEAVE" } })))
      .updateTutorProfile;
    expect(app.matchingAvailable).toBe(false);
    expect(app.matchabilityProblems.join(" ")).toContain("재학");
    const error = await refused(gql(tutor, PROFILE, { input: { matchingAvailable: true } }));
    expect(error.code).toBe("not_enrolled");
    app = (
      await ok(
        gql(tutor, PROFILE, { input: { universityStatus: "ENROLLED", matchingAvailable: true } }),
      )
    ).updateTutorProfile;
    expect(app.matchabilityProblems).toEqual([]);
    // The resume is no longer a draft.
    expect((await refused(gql(tutor, SAVE, { input: { major: "x" } }))).code).toBe("resume_locked");
  });

  it("a FOUND record keeps a paused tutor from being resumed", async () => {
    const { id } = await activeTutor();
    await decideAs(admin, id, "PAUSE", { reason: "재확인" });
    await ok(
      gql(admin, CHECK, { input: { applicationId: id, kind: "CHILD_ABUSE", result: "FOUND" } }),
    );
    const error = await refused(
      gql(admin, DECIDE, { input: { applicationId: id, decision: "RESUME" } }),
    );
    expect(error.code).toBe("activation_blocked");
  });

  it("an applicant deletes their application and its files leave storage; an ACTIVE one cannot", async () => {
    const tutor = await newUser(t, "TEACHER");
    await upload(tutor, "ENROLLMENT_PROOF", demoPdf(), "application/pdf");
    const { myTutorApplication: app } = await ok(gql(tutor, MINE));
    const before = storage.size();
    const del = `mutation($id: ID!) { deleteTutorApplication(applicationId: $id) }`;
    const other = await newUser(t, "TEACHER");
    expect((await refused(gql(other, del, { id: app.id }))).classification).toBe("NOT_FOUND");
    expect((await ok(gql(tutor, del, { id: app.id }))).deleteTutorApplication).toBe(true);
    expect(storage.size()).toBe(before - 1);
    const { tutor: active, id } = await activeTutor();
    expect((await refused(gql(active, del, { id }))).code).toBe("application_active");
  });
});

describe("moveApplication asks TUTOR_APPLICATION_TRANSITIONS (issue #10)", () => {
  it("ACTIVE → SUBMITTED is refused and nothing is written", async () => {
    const tutor = await newUser(t, "TEACHER");
    const now = new Date();
    const [row] = await t.database.db
      .insert(schema.tutorApplications)
      .values({
        userId: tutor.userNo,
        state: "ACTIVE",
        resume: defaultTutorResume() as unknown as Record<string, unknown>,
      })
      .returning();
    await expect(
      applicationsRepo.moveApplication(t.database.db, {
        id: row!.id,
        from: "ACTIVE",
        to: "SUBMITTED",
        now,
        initiator: "AUTO",
        actorUserId: null,
        reason: null,
        score: null,
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    const [after] = await t.database.db
      .select()
      .from(schema.tutorApplications)
      .where(eq(schema.tutorApplications.id, row!.id));
    expect(after!.state).toBe("ACTIVE");
  });
});
