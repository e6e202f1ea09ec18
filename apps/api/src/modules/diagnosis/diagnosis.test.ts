/**
 * The diagnosis backend (issue #20): diagnosisTests, startDiagnosis (no answers sent),
 * submitDiagnosis (scored per unit, once — also when two submissions race), diagnosisReport
 * (by token as a guest, by account, by a linked parent, by the matched tutor; another person
 * gets the same answer as for an unknown id), claimDiagnosis after sign-in, myDiagnoses,
 * studentDiagnoses, and bad input (unknown test, items not in the attempt, a finished attempt).
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { LEVEL_TESTS } from "@seoltab/domain/diagnosis-content";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  linkParent,
  newUser,
  smartMath,
  type TestUser,
} from "../payments/payments.test-support.ts";
import { matchLecture, okData, refusedAnswer } from "../lessons/lessons.test-support.ts";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { markSubmitted } from "./diagnosis.repository.ts";
import { UNSUBMITTED_ATTEMPT_TTL_MS } from "./diagnosis.service.ts";

let t: TestApp;
const clock = offsetClock();
let admin: TestUser;

beforeAll(async () => {
  const gateway = createSandboxGateway({ clock: () => clock.now() });
  t = await buildTestApp({}, {}, { payments: { gateway, clock }, accounts: { clock } });
  admin = await newUser(t, "ADMIN");
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
    url: "/diagnosis/graphql",
    headers: {
      "content-type": "application/json",
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: JSON.stringify({ query, variables }),
  });
}
const ok = okData;
const refused = refusedAnswer;

const START = `mutation($id: ID!) { startDiagnosis(testId: $id) {
  id attemptToken test { id title itemCount units } items { id unit question choices passage } } }`;
const SUBMIT = `mutation($i: SubmitDiagnosisInput!) { submitDiagnosis(input: $i) {
  id correct total percent strongUnits weakUnits startLevel startLevelLabel lessonType
  lessonTypeLabel kept nextSteps { consultation enrollment }
  units { unit correct total standing standingLabel } items { id chosen answer correct } } }`;
const REPORT = `query($id: ID!, $token: String) { diagnosisReport(id: $id, attemptToken: $token) {
  id percent kept userNo test { subject } } }`;
const CLAIM = `mutation($i: ClaimDiagnosisInput!) { claimDiagnosis(input: $i) { id userNo submitted } }`;

const MATH_MIDDLE = "MATH-MIDDLE-1";

interface Started {
  id: string;
  attemptToken: string;
  items: { id: string; unit: string; choices: string[] }[];
}

async function start(user: TestUser | null, testId = MATH_MIDDLE): Promise<Started> {
  const data = await ok(gql(user, START, { id: testId }));
  return data.startDiagnosis as Started;
}

/** Answers: the right choice for the first `right` items, a wrong one for the rest. */
function answersFor(started: Started, right: number, testId = MATH_MIDDLE) {
  const test = LEVEL_TESTS.get(testId)!;
  return started.items.map((item, i) => {
    const answer = test.items.find((x) => x.id === item.id)!.answer;
    return { itemId: item.id, choice: i < right ? answer : (answer + 1) % item.choices.length };
  });
}

describe("diagnosisTests and startDiagnosis", () => {
  it("lists the level test of a subject and school level for a guest", async () => {
    const data = await ok(
      gql(
        null,
        `{ diagnosisTests(subject: "KOREAN", schoolLevel: "HIGH") {
          id subject subjectLabel schoolLevel schoolLevelLabel title units itemCount minutes } }`,
      ),
    );
    expect(data.diagnosisTests).toEqual([
      expect.objectContaining({
        id: "KOREAN-HIGH-1",
        subjectLabel: "국어",
        schoolLevelLabel: "고등학생",
        itemCount: 10,
        units: expect.arrayContaining(["현대시"]),
      }),
    ]);
  });

  it("refuses an unknown subject or school level with a Korean message", async () => {
    const err = await refused(
      gql(null, `{ diagnosisTests(subject: "SCIENCE", schoolLevel: "MIDDLE") { id } }`),
    );
    expect(err.classification).toBe("BAD_REQUEST");
    expect(err.message).toMatch(/입력값/);
  });

  it("starts a test with its items and never sends an answer", async () => {
    const res = await gql(null, START, { id: MATH_MIDDLE });
    const text = res.body;
    const started = (await ok(Promise.resolve(res))).startDiagnosis as Started;
    expect(started.attemptToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.items).toHaveLength(10);
    expect(new Set(started.items.map((i) => i.unit)).size).toBe(5);
    expect(text).not.toMatch(/"answer"/);
    const [row] = await t.database.db
      .select()
      .from(schema.diagnosisAttempts)
      .where(eq(schema.diagnosisAttempts.id, Number(started.id)));
    expect(row!.tokenHash).not.toContain(started.attemptToken);
    expect(row!.userId).toBeNull();
    // Asking for an answer field is a schema error.
    const err = await refused(
      gql(null, `mutation { startDiagnosis(testId: "${MATH_MIDDLE}") { items { answer } } }`),
    );
    expect(err.classification).toBe("BAD_REQUEST");
  });

  it("refuses an unknown test id (not found, nothing written)", async () => {
    const before = await t.database.db.$count(schema.diagnosisAttempts);
    const err = await refused(gql(null, START, { id: "PHYSICS-HIGH-1" }));
    expect(err).toMatchObject({ classification: "NOT_FOUND", code: "diagnosis_test_not_found" });
    expect(await t.database.db.$count(schema.diagnosisAttempts)).toBe(before);
  });
});

describe("submitDiagnosis and diagnosisReport", () => {
  it("scores a guest's answers per unit and shows the report to the token only", async () => {
    const started = await start(null);
    // Right: the first 4 items (units 1 and 2 strong), wrong after; one item skipped.
    const answers = answersFor(started, 4);
    answers[9] = { itemId: answers[9]!.itemId, choice: null as unknown as number };
    const data = await ok(
      gql(null, SUBMIT, {
        i: { attemptId: started.id, attemptToken: started.attemptToken, answers },
      }),
    );
    const report = data.submitDiagnosis;
    expect(report).toMatchObject({
      correct: 4,
      total: 10,
      percent: 40,
      strongUnits: ["소인수분해", "정수와 유리수"],
      weakUnits: ["일차방정식", "일차함수", "이차방정식"],
      startLevel: "FOUNDATION",
      startLevelLabel: "기초 다지기",
      lessonType: "CONCEPT",
      kept: false,
    });
    expect(report.nextSteps.consultation).toBe(
      `/consultation?subject=${encodeURIComponent("수학")}&from=ai_diagnosis`,
    );
    expect(report.nextSteps.enrollment).toBe(
      `/guest_enrollment?subject=${encodeURIComponent("수학")}&from=ai_diagnosis`,
    );
    expect(report.units[0]).toMatchObject({ unit: "소인수분해", correct: 2, total: 2 });
    expect(report.items[9]).toMatchObject({ chosen: null, correct: false });

    const again = await ok(gql(null, REPORT, { id: started.id, token: started.attemptToken }));
    expect(again.diagnosisReport).toMatchObject({ id: started.id, percent: 40, kept: false });

    // Another guest (no token, or another attempt's token) and a signed-in stranger: not found.
    const other = await start(null);
    const stranger = await newUser(t, "STUDENT");
    const unknown = await refused(gql(null, REPORT, { id: "999999999" }));
    for (const attempt of [
      gql(null, REPORT, { id: started.id }),
      gql(null, REPORT, { id: started.id, token: other.attemptToken }),
      gql(stranger, REPORT, { id: started.id }),
    ]) {
      const err = await refused(attempt);
      expect(err).toEqual(unknown);
    }
    expect(unknown).toMatchObject({ classification: "NOT_FOUND", code: "diagnosis_not_found" });
  });

  it("refuses a second submission with a clear error and changes nothing", async () => {
    const started = await start(null);
    const i = { attemptId: started.id, attemptToken: started.attemptToken };
    await ok(gql(null, SUBMIT, { i: { ...i, answers: answersFor(started, 10) } }));
    const err = await refused(gql(null, SUBMIT, { i: { ...i, answers: answersFor(started, 0) } }));
    expect(err).toMatchObject({
      classification: "BAD_REQUEST",
      code: "diagnosis_already_submitted",
    });
    expect(err.message).toMatch(/이미 제출한 진단/);
    const report = await ok(gql(null, REPORT, { id: started.id, token: started.attemptToken }));
    expect(report.diagnosisReport.percent).toBe(100);
  });

  it("two submissions at once: exactly one wins", async () => {
    const started = await start(null);
    const i = { attemptId: started.id, attemptToken: started.attemptToken };
    const results = await Promise.all(
      [10, 0, 5].map(async (right) =>
        (await gql(null, SUBMIT, { i: { ...i, answers: answersFor(started, right) } })).json(),
      ),
    );
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => r.errors[0].extensions.code)).toEqual([
      "diagnosis_already_submitted",
      "diagnosis_already_submitted",
    ]);
    const report = await ok(gql(null, REPORT, { id: started.id, token: started.attemptToken }));
    expect(report.diagnosisReport.percent).toBe(won[0].data.submitDiagnosis.percent);
  });

  it("the writer asks DIAGNOSIS_ATTEMPT_TRANSITIONS: SUBMITTED → SUBMITTED throws, nothing written (issue #10)", async () => {
    const started = await start(null);
    const i = { attemptId: started.id, attemptToken: started.attemptToken };
    await ok(gql(null, SUBMIT, { i: { ...i, answers: answersFor(started, 10) } }));
    const read = async () =>
      (
        await t.database.db
          .select()
          .from(schema.diagnosisAttempts)
          .where(eq(schema.diagnosisAttempts.id, Number(started.id)))
      )[0]!;
    const before = await read();
    await expect(
      markSubmitted(t.database.db, {
        id: before.id,
        from: "SUBMITTED",
        answers: {},
        result: before.result as never,
        at: clock.now(),
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await read()).toEqual(before);
  });

  it("refuses answers for items not in the attempt, bad choices and a wrong token", async () => {
    const started = await start(null);
    const i = { attemptId: started.id, attemptToken: started.attemptToken };
    const notInAttempt = await refused(
      gql(null, SUBMIT, {
        i: { ...i, answers: [...answersFor(started, 3), { itemId: "MATH-M-20", choice: 0 }] },
      }),
    );
    expect(notInAttempt).toMatchObject({
      classification: "BAD_REQUEST",
      code: "diagnosis_item_not_in_attempt",
    });
    const outOfRange = await refused(
      gql(null, SUBMIT, { i: { ...i, answers: [{ itemId: started.items[0]!.id, choice: 7 }] } }),
    );
    expect(outOfRange.code).toBe("diagnosis_choice_out_of_range");
    const twice = await refused(
      gql(null, SUBMIT, {
        i: {
          ...i,
          answers: [
            { itemId: started.items[0]!.id, choice: 0 },
            { itemId: started.items[0]!.id, choice: 1 },
          ],
        },
      }),
    );
    expect(twice.code).toBe("diagnosis_duplicate_item");
    const other = await start(null);
    const wrongToken = await refused(
      gql(null, SUBMIT, {
        i: { attemptId: started.id, attemptToken: other.attemptToken, answers: [] },
      }),
    );
    expect(wrongToken.code).toBe("diagnosis_not_found");
    const malformed = await refused(
      gql(null, SUBMIT, { i: { attemptId: "abc", attemptToken: "x", answers: [] } }),
    );
    expect(malformed.classification).toBe("BAD_REQUEST");
    // Nothing was written: the attempt is still open and takes a valid submission.
    const done = await ok(gql(null, SUBMIT, { i: { ...i, answers: answersFor(started, 8) } }));
    expect(done.submitDiagnosis.percent).toBe(80);
  });

  it("a report is not there before the submission", async () => {
    const started = await start(null);
    const err = await refused(gql(null, REPORT, { id: started.id, token: started.attemptToken }));
    expect(err.code).toBe("diagnosis_not_submitted");
  });
});

describe("accounts: claim, myDiagnoses, parent and tutor", () => {
  it("keeps a guest's attempt on the account that signs in, once, and lists it", async () => {
    const student = await newUser(t, "STUDENT");
    const started = await start(null, "ENGLISH-HIGH-1");
    await ok(
      gql(null, SUBMIT, {
        i: {
          attemptId: started.id,
          attemptToken: started.attemptToken,
          answers: answersFor(started, 9, "ENGLISH-HIGH-1"),
        },
      }),
    );
    const claimInput = { attemptId: started.id, attemptToken: started.attemptToken };
    const anonymous = await refused(gql(null, CLAIM, { i: claimInput }));
    expect(anonymous.classification).toBe("UNAUTHORIZED");
    const claimed = await ok(gql(student, CLAIM, { i: claimInput }));
    expect(claimed.claimDiagnosis).toEqual({
      id: started.id,
      userNo: student.userNo,
      submitted: true,
    });
    // Claiming again is harmless; another account cannot take it (same answer as unknown).
    await ok(gql(student, CLAIM, { i: claimInput }));
    const thief = await newUser(t, "STUDENT");
    const stolen = await refused(gql(thief, CLAIM, { i: claimInput }));
    expect(stolen).toMatchObject({ classification: "NOT_FOUND", code: "diagnosis_not_found" });

    const list = await ok(
      gql(
        student,
        `{ myDiagnoses { id percent startLevel startLevelLabel weakUnits submittedAt test { subject title } } }`,
      ),
    );
    expect(list.myDiagnoses).toEqual([
      expect.objectContaining({
        id: started.id,
        percent: 90,
        startLevel: "ADVANCED",
        test: { subject: "ENGLISH", title: "고등 영어 레벨 진단" },
      }),
    ]);
    // Kept: the account reads it; the token alone no longer does.
    const mine = await ok(gql(student, REPORT, { id: started.id }));
    expect(mine.diagnosisReport).toMatchObject({ kept: true, userNo: student.userNo });
    expect(
      (await refused(gql(null, REPORT, { id: started.id, token: started.attemptToken }))).code,
    ).toBe("diagnosis_not_found");
    expect((await ok(gql(thief, `{ myDiagnoses { id } }`))).myDiagnoses).toEqual([]);
  });

  it("a signed-in taker's attempt is theirs from the start; a linked parent sees it", async () => {
    const student = await newUser(t, "STUDENT");
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    const started = await start(student, "KOREAN-MIDDLE-1");
    await ok(
      gql(student, SUBMIT, {
        i: { attemptId: started.id, answers: answersFor(started, 6, "KOREAN-MIDDLE-1") },
      }),
    );
    const report = await ok(gql(parent, REPORT, { id: started.id }));
    expect(report.diagnosisReport).toMatchObject({ percent: 60, kept: true });
    const list = await ok(gql(parent, `{ myDiagnoses { id userNo } }`));
    expect(list.myDiagnoses).toEqual([{ id: started.id, userNo: student.userNo }]);
  });

  it("the tutor matched with the student reads the report; another tutor does not", async () => {
    const math = await smartMath(t);
    const matched = await matchLecture(t, {
      admin,
      item: math,
      plan: [{ day: "TUE", start: "18:00", end: "19:30" }],
    });
    const started = await start(matched.student);
    await ok(
      gql(matched.student, SUBMIT, {
        i: { attemptId: started.id, answers: answersFor(started, 7) },
      }),
    );
    const seen = await ok(gql(matched.tutor, REPORT, { id: started.id }));
    expect(seen.diagnosisReport.percent).toBe(70);
    const list = await ok(
      gql(matched.tutor, `query($l: ID!) { studentDiagnoses(lectureId: $l) { id percent } }`, {
        l: String(matched.lectureId),
      }),
    );
    expect(list.studentDiagnoses).toEqual([{ id: started.id, percent: 70 }]);
    const otherTutor = await newUser(t, "TEACHER");
    expect((await refused(gql(otherTutor, REPORT, { id: started.id }))).code).toBe(
      "diagnosis_not_found",
    );
    const notHis = await refused(
      gql(otherTutor, `query($l: ID!) { studentDiagnoses(lectureId: $l) { id } }`, {
        l: String(matched.lectureId),
      }),
    );
    expect(notHis.code).toBe("not_your_lecture");
  });

  it("an invalid token is a token error (the client refreshes), not a guest", async () => {
    const err = await refused(
      gql({ userNo: 0, email: "", token: "not-a-token" }, START, { id: MATH_MIDDLE }),
    );
    expect(err.classification).toBe("UNAUTHORIZED");
  });
});

// Last in this file: it moves the shared clock on by a week.
describe("diagnosis-attempts-prune job (decision 033)", () => {
  const prune = () => t.app.jobTable["diagnosis-attempts-prune"]!();
  async function stored(id: string) {
    const [row] = await t.database.db
      .select()
      .from(schema.diagnosisAttempts)
      .where(eq(schema.diagnosisAttempts.id, Number(id)));
    return row;
  }

  it("deletes attempts left unsubmitted for more than 7 days; keeps submitted and newer ones", async () => {
    const left = await start(null);
    const done = await start(null);
    await ok(
      gql(null, SUBMIT, {
        i: { attemptId: done.id, attemptToken: done.attemptToken, answers: answersFor(done, 7) },
      }),
    );
    clock.advance(UNSUBMITTED_ATTEMPT_TTL_MS - 60_000);
    await prune();
    expect((await stored(left.id))?.state).toBe("STARTED");

    clock.advance(2 * 60_000);
    const fresh = await start(null);
    expect((await prune()).processed).toBeGreaterThanOrEqual(1);
    expect(await stored(left.id)).toBeUndefined();
    expect((await stored(done.id))?.state).toBe("SUBMITTED");
    expect((await stored(fresh.id))?.state).toBe("STARTED");
    // The guest's token no longer opens it; the report of the submitted one is still there.
    const err = await refused(
      gql(null, SUBMIT, {
        i: { attemptId: left.id, attemptToken: left.attemptToken, answers: answersFor(left, 3) },
      }),
    );
    expect(err.code).toBe("diagnosis_not_found");
    const report = await ok(gql(null, REPORT, { id: done.id, token: done.attemptToken }));
    expect(report.diagnosisReport.percent).toBe(70);
    // A second run finds nothing more.
    expect((await prune()).processed).toBe(0);
  });

  it("a submission racing the job: either submitted and kept, or deleted and refused", async () => {
    const racing = await Promise.all([start(null), start(null), start(null)]);
    clock.advance(UNSUBMITTED_ATTEMPT_TTL_MS + 60_000);
    const [answers] = await Promise.all([
      Promise.all(
        racing.map(async (s) =>
          (
            await gql(null, SUBMIT, {
              i: { attemptId: s.id, attemptToken: s.attemptToken, answers: answersFor(s, 5) },
            })
          ).json(),
        ),
      ),
      prune(),
    ]);
    for (const [i, s] of racing.entries()) {
      const row = await stored(s.id);
      const answer = answers[i];
      if (answer.errors) {
        expect(answer.errors[0].extensions.code).toBe("diagnosis_not_found");
        expect(row).toBeUndefined();
      } else {
        expect(answer.data.submitDiagnosis.percent).toBe(50);
        expect(row?.state).toBe("SUBMITTED");
      }
    }
    // Whatever the race left STARTED is deleted by the next run; submitted rows stay.
    await prune();
    for (const s of racing) expect((await stored(s.id))?.state ?? "GONE").not.toBe("STARTED");
  });
});
