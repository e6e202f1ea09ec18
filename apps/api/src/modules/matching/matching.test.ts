/**
 * Lectures, lesson requests and matching (issue #13): a paid lecture line becomes a lecture; the
 * family writes and submits the form (hub validation and cancel); staff rank and suggest ACTIVE
 * tutors; tutors accept or refuse; the family picks one of the accepted tutors with a weekly plan
 * and the lecture is MATCHED; a refund ends it. Every bad input of the issue: another family's
 * lecture, an unpaid line, a finished lecture, an offer not accepted or closed, another tutor's
 * suggestion, a tutor who is not ACTIVE, blocks after 22:00, concurrent choices (exactly one
 * tutor). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { and, eq, schema, sql } from "@seoltab/db";
import { TransitionNotAllowedError, defaultTutorResume } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import * as matchingRepo from "./matching.repository.ts";
import * as lessonRequestsRepo from "../lesson-requests/lesson-requests.repository.ts";
import type { TestApp } from "../../test/test-app.ts";
import { useSandboxApp } from "../../test/sandbox-app.ts";
import { MOBILE_NUMBER_IN_TEXT } from "../../test/accounts.ts";
import { gqlAs, okData, refusedAnswer } from "../lessons/lessons.test-support.ts";
import {
  call,
  linkParent,
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  subscribe,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";

let t: TestApp;
const clock = offsetClock();
let math: StoreItem;
let admin: TestUser;

useSandboxApp({ clock, accountsClock: true, admin: true }, (app) => {
  ({ t, math, admin } = app);
});

/** GraphQL as `user` on the matching backend (lessons.test-support.ts). */
const gql = (user: TestUser | null, query: string, variables: Record<string, unknown> = {}) =>
  gqlAs(t)("matching", user, query, variables);
const ok = okData;
const refused = refusedAnswer;

function hub(user: TestUser | null, method: "POST" | "PATCH", path: string, body: unknown) {
  return t.app.inject({
    method,
    url: `/hub${path}`,
    headers: {
      "content-type": "application/json",
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

interface Paid {
  paymentId: number;
  lectureItemId: number;
}

/** A paid 3-month smart math order of a student with a card. */
async function paidStudent(): Promise<{ student: TestUser; paid: Paid }> {
  const student = await newUser(t, "STUDENT");
  expect((await registerCard(t, student)).json().errors).toBeUndefined();
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 3 }],
  });
  const payment = responseOf(res);
  expect(payment.STATE).toBe("PAID");
  const lines = payment.ITEMS as { ID: number; ITEM_KIND: string }[];
  return {
    student,
    paid: {
      paymentId: payment.PAYMENT_ID,
      lectureItemId: lines.find((l) => l.ITEM_KIND === "LECTURE")!.ID,
    },
  };
}

async function lectureOf(paymentItemId: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.lectures)
    .where(eq(schema.lectures.paymentItemId, paymentItemId));
  return row!;
}

/** An ACTIVE, matchable tutor teaching `subjects` in `times` (set up directly; the pipeline is tested in tutor-applications). */
async function activeTutor(
  options: {
    subjects?: number[];
    times?: { day: string; start: string; end: string }[];
    state?: string;
    university?: string;
  } = {},
): Promise<TestUser> {
  const tutor = await newUser(t, "TEACHER");
  const now = new Date();
  await t.database.db.insert(schema.tutorApplications).values({
    userId: tutor.userNo,
    state: options.state ?? "ACTIVE",
    resume: {
      ...defaultTutorResume(),
      name: "박보호",
      university: options.university ?? "서울대학교",
      major: "수학교육과",
      subjects: options.subjects ?? [1001],
      availableTimes: options.times ?? [
        { day: "MON", start: "18:00", end: "21:00" },
        { day: "WED", start: "18:00", end: "21:00" },
      ],
      classTypes: ["SMART"],
      bio: "개념부터 차근차근.",
    } as unknown as Record<string, unknown>,
    matchingAvailable: true,
    universityStatusConfirmedAt: now,
  });
  return tutor;
}

const FORM = {
  schoolName: "휘문고등학교",
  gradeCode: "H2",
  lectureSubjectId: 1111,
  schedules: [
    { day: "MON", start: "18:00", end: "20:00" },
    { day: "WED", start: "19:00", end: "21:00" },
  ],
  tutorPreferenceTypes: ["TOP_UNIVERSITY"],
  weakTypes: ["CONCEPT"],
  howHeard: "SEARCH",
  memo: "수학 개념이 약해요.",
};

const SAVE = `mutation($input: LessonRequestInput!) { saveLessonRequest(input: $input) { id state submitProblems { field } form { lessonStartType promotionType schoolName allGrades { grade terms } schedules { day start end } } } }`;
const SUBMIT = `mutation($id: ID!) { submitLessonRequest(lectureId: $id) { id state } }`;
const OFFERS = `query($id: ID!) { matchingOffers(lectureId: $id) { stage text offers { id tutor { tutorId maskedName university } reasons slots { day start end } } } }`;
const CHOOSE = `mutation($offer: ID!, $plan: [WeeklyTimeBlockInput!]!) { chooseTutor(offerId: $offer, weeklyPlan: $plan) { id state tutorId tutorName weeklyPlan { day start end } } }`;
const RESPOND = `mutation($input: RespondToSuggestionInput!) { respondToSuggestion(input: $input) { id state slots { day start end } refusedReason } }`;
const SUGGEST = `mutation($m: ID!, $tutor: Int!) { suggestTutor(matchingId: $m, tutorId: $tutor) { id state reasons } }`;
const CANDIDATES = `query($m: ID!) { matchingCandidates(matchingId: $m) { tutorId score reasons overlapMinutes card { maskedName } } }`;
const MATCHINGS = `query($state: String) { matchings(state: $state) { totalCount items { id lectureId state studentName suggestions { tutorId state } } } }`;

/** A student with a paid lecture whose form is submitted; returns the open matching's id. */
async function submitted() {
  const { student, paid } = await paidStudent();
  const lecture = await lectureOf(paid.lectureItemId);
  await ok(gql(student, SAVE, { input: { lectureId: String(lecture.id), ...FORM } }));
  await ok(gql(student, SUBMIT, { id: String(lecture.id) }));
  const [matching] = await t.database.db
    .select()
    .from(schema.matchings)
    .where(and(eq(schema.matchings.lectureId, lecture.id), eq(schema.matchings.state, "OPEN")));
  return { student, paid, lecture, matchingId: String(matching!.id) };
}

describe("lectures", () => {
  it("a paid lecture line becomes one REGISTER lecture with its first move, shown in LECTURE_INFO", async () => {
    const { student, paid } = await paidStudent();
    const lecture = await lectureOf(paid.lectureItemId);
    expect(lecture).toMatchObject({
      userId: student.userNo,
      paymentId: paid.paymentId,
      state: "REGISTER",
      months: 3,
    });
    const moves = await t.database.db
      .select()
      .from(schema.lectureTransitions)
      .where(eq(schema.lectureTransitions.lectureId, lecture.id));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ fromState: null, toState: "REGISTER", initiator: "AUTO" });

    const info = responseOf(
      await call(t, "/main/getUserInfo", { USER_NO: student.userNo }, { token: student.token }),
    );
    const entry = info.LECTURE_INFO.find(
      (l: { LECTURE_NO: number }) => l.LECTURE_NO === paid.lectureItemId,
    );
    expect(entry).toMatchObject({
      STATE: "REGISTER",
      LECTURE_ID: lecture.id,
      TUTOR_NAME: null,
      REQUEST_STATE: null,
    });

    const { myLectures } = await ok(
      gql(student, `{ myLectures { id state lectureVtNo transitions { toState } } }`),
    );
    expect(myLectures[0]).toMatchObject({
      id: String(lecture.id),
      state: "REGISTER",
      lectureVtNo: paid.lectureItemId,
    });
  });

  it("another family cannot see a lecture; a parent of the student can", async () => {
    const { student, paid } = await paidStudent();
    const lecture = await lectureOf(paid.lectureItemId);
    const other = await newUser(t, "STUDENT");
    const q = `query($id: ID!) { lecture(lectureId: $id) { id } }`;
    expect(await refused(gql(other, q, { id: String(lecture.id) }))).toMatchObject({
      classification: "FORBIDDEN",
      code: "not_your_lecture",
    });
    expect(
      await refused(
        gql(other, `query($u: Int) { myLectures(userId: $u) { id } }`, { u: student.userNo }),
      ),
    ).toMatchObject({
      classification: "FORBIDDEN",
    });
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    expect((await ok(gql(parent, q, { id: String(lecture.id) }))).lecture.id).toBe(
      String(lecture.id),
    );
  });
});

describe("the lesson request form", () => {
  it("hub validation says whether a form can be written, and why not", async () => {
    const { student, paid } = await paidStudent();
    const res = await hub(student, "POST", "/request-form/validation", {
      lectureVtNo: paid.lectureItemId,
    });
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toMatchObject({ VALID: true, REASON_CODE: null });
    const other = await newUser(t, "STUDENT");
    const theirs = await hub(other, "POST", "/request-form/validation", {
      lectureVtNo: paid.lectureItemId,
    });
    expect(theirs.statusCode).toBe(403);
    expect(
      (await hub(student, "POST", "/request-form/validation", { lectureVtNo: "abc" })).statusCode,
    ).toBe(400);
    expect(
      (await hub(null, "POST", "/request-form/validation", { lectureVtNo: paid.lectureItemId }))
        .statusCode,
    ).toBe(401);
    expect(
      (await hub(student, "POST", "/request-form/validation", { lectureVtNo: 999_999_999 }))
        .statusCode,
    ).toBe(403);

    // An unpaid line (a virtual account awaiting its deposit).
    const vbank = responseOf(
      await subscribe(t, student, {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        PAYMENT_METHOD: "VBANK",
        ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      }),
    );
    const unpaidLine = (vbank.ITEMS as { ID: number; ITEM_KIND: string }[]).find(
      (l) => l.ITEM_KIND === "LECTURE",
    )!.ID;
    const unpaid = responseOf(
      await hub(student, "POST", "/request-form/validation", { lectureVtNo: unpaidLine }),
    );
    expect(unpaid).toMatchObject({ VALID: false, REASON_CODE: "NOT_PAID" });
    expect(unpaid.REASON).toMatch(/결제/);
  });

  it("keeps a draft with SPEC.md §3's defaults, refuses late blocks, names what is missing", async () => {
    const { student, paid } = await paidStudent();
    const lecture = await lectureOf(paid.lectureItemId);
    const draft = (
      await ok(
        gql(student, SAVE, {
          input: { lectureId: String(lecture.id), schoolName: "휘문고등학교" },
        }),
      )
    ).saveLessonRequest;
    expect(draft.state).toBe("DRAFT");
    expect(draft.form).toMatchObject({
      lessonStartType: "FAST",
      promotionType: "none-event",
      schoolName: "휘문고등학교",
    });
    expect(draft.form.allGrades).toHaveLength(12);
    expect(draft.form.allGrades[0].terms).toEqual([-1, -1, -1, -1, -1]);
    expect(draft.submitProblems.map((p: { field: string }) => p.field)).toEqual([
      "gradeCode",
      "lectureSubjectId",
      "schedules",
    ]);

    const late = await refused(
      gql(student, SAVE, {
        input: {
          lectureId: String(lecture.id),
          schedules: [{ day: "MON", start: "21:00", end: "22:30" }],
        },
      }),
    );
    expect(late.classification).toBe("BAD_REQUEST");
    expect(late.message).toContain("밤 10시");
    const overlap = await refused(
      gql(student, SAVE, {
        input: {
          lectureId: String(lecture.id),
          schedules: [
            { day: "MON", start: "18:00", end: "20:00" },
            { day: "MON", start: "19:00", end: "21:00" },
          ],
        },
      }),
    );
    expect(overlap.message).toContain("겹쳐요");
    expect((await refused(gql(student, SUBMIT, { id: String(lecture.id) }))).code).toBe(
      "request_incomplete",
    );
    const other = await newUser(t, "STUDENT");
    expect(
      (await refused(gql(other, SAVE, { input: { lectureId: String(lecture.id), memo: "x" } })))
        .classification,
    ).toBe("FORBIDDEN");
  });

  it("migration 0017 moves drafts saved with NONE_EVENT / FRIEND / EVENT to SPEC.md §3's spelling", async () => {
    const { student, paid } = await paidStudent();
    const lecture = await lectureOf(paid.lectureItemId);
    await ok(
      gql(student, SAVE, { input: { lectureId: String(lecture.id), promotionType: "friend" } }),
    );
    const [row] = await t.database.db
      .select()
      .from(schema.lessonRequests)
      .where(eq(schema.lessonRequests.lectureId, lecture.id));
    await t.database.db
      .update(schema.lessonRequests)
      .set({ form: { ...row!.form, promotionType: "FRIEND" } })
      .where(eq(schema.lessonRequests.id, row!.id));
    const migration = readFileSync(
      new URL(
        "../../../../../packages/db/migrations/0017_promotion_type_wire.sql",
        import.meta.url,
      ),
      "utf8",
    );
    await t.database.db.execute(sql.raw(migration));
    const [after] = await t.database.db
      .select()
      .from(schema.lessonRequests)
      .where(eq(schema.lessonRequests.id, row!.id));
    expect(after!.form.promotionType).toBe("friend");
    expect(after!.form.schoolName ?? null).toEqual(row!.form.schoolName ?? null);
    // The old spelling is refused at the edge now.
    const old = await refused(
      gql(student, SAVE, { input: { lectureId: String(lecture.id), promotionType: "NONE_EVENT" } }),
    );
    expect(old.classification).toBe("BAD_REQUEST");
  });

  it("submitting opens a matching and moves the lecture to READY; a cancel before the match undoes both", async () => {
    const { student, paid, lecture, matchingId } = await submitted();
    expect((await lectureOf(paid.lectureItemId)).state).toBe("READY");
    expect(
      responseOf(
        await hub(student, "POST", "/request-form/validation", { lectureVtNo: paid.lectureItemId }),
      ),
    ).toMatchObject({
      VALID: false,
      REASON_CODE: "ALREADY_SUBMITTED",
    });
    expect((await refused(gql(student, SUBMIT, { id: String(lecture.id) }))).code).toBe(
      "request_already_submitted",
    );
    expect(
      (await refused(gql(student, SAVE, { input: { lectureId: String(lecture.id), memo: "x" } })))
        .code,
    ).toBe("request_already_submitted");

    const request = (
      await ok(
        gql(student, `query($id: ID!) { lessonRequest(lectureId: $id) { id state } }`, {
          id: String(lecture.id),
        }),
      )
    ).lessonRequest;
    const other = await newUser(t, "STUDENT");
    expect(
      (await hub(other, "PATCH", "/request-form/cancel", { id: Number(request.id) })).statusCode,
    ).toBe(404);
    const cancelled = await hub(student, "PATCH", "/request-form/cancel", {
      id: Number(request.id),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(responseOf(cancelled)).toMatchObject({ STATE: "CANCELLED" });
    expect((await lectureOf(paid.lectureItemId)).state).toBe("REGISTER");
    const [closed] = await t.database.db
      .select()
      .from(schema.matchings)
      .where(eq(schema.matchings.id, Number(matchingId)));
    expect(closed!.state).toBe("CLOSED");
    expect(
      (await hub(student, "PATCH", "/request-form/cancel", { id: Number(request.id) })).statusCode,
    ).toBe(409);
    // And it can be sent again.
    expect(
      (await ok(gql(student, SUBMIT, { id: String(lecture.id) }))).submitLessonRequest.state,
    ).toBe("SUBMITTED");
  });
});

describe("matching", () => {
  it("pay → form → staff suggest → tutor accepts → the family picks → MATCHED", async () => {
    const good = await activeTutor();
    const paused = await activeTutor({ state: "PAUSED" });
    const wrongSubject = await activeTutor({ subjects: [1002] });
    const noOverlap = await activeTutor({ times: [{ day: "SAT", start: "09:00", end: "12:00" }] });
    const second = await activeTutor({ university: "고려대학교" });
    const { student, paid, lecture, matchingId } = await submitted();

    const queue = (await ok(gql(admin, MATCHINGS, { state: "OPEN" }))).matchings;
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(matchingId);

    const ranked = (await ok(gql(admin, CANDIDATES, { m: matchingId }))).matchingCandidates;
    const ids = ranked.map((c: { tutorId: number }) => c.tutorId);
    expect(ids).toContain(good.userNo);
    expect(ids).toContain(second.userNo);
    for (const out of [paused, wrongSubject, noOverlap]) expect(ids).not.toContain(out.userNo);
    expect(ids.indexOf(good.userNo)).toBeLessThan(ids.indexOf(second.userNo)); // 서울대 preference
    expect(ranked[0].reasons.join(" ")).toContain("겹쳐요");

    expect((await refused(gql(admin, SUGGEST, { m: matchingId, tutor: paused.userNo }))).code).toBe(
      "tutor_not_matchable",
    );
    expect(
      (await refused(gql(student, SUGGEST, { m: matchingId, tutor: good.userNo }))).classification,
    ).toBe("FORBIDDEN");
    const suggestion = (await ok(gql(admin, SUGGEST, { m: matchingId, tutor: good.userNo })))
      .suggestTutor;
    const secondSuggestion = (
      await ok(gql(admin, SUGGEST, { m: matchingId, tutor: second.userNo }))
    ).suggestTutor;
    expect(suggestion.state).toBe("SUGGESTED");
    expect((await refused(gql(admin, SUGGEST, { m: matchingId, tutor: good.userNo }))).code).toBe(
      "already_suggested",
    );

    // The parent sees the search.
    expect(
      (await ok(gql(student, OFFERS, { id: String(lecture.id) }))).matchingOffers,
    ).toMatchObject({ stage: "LOOKING", offers: [] });

    // Tutors answer: only their own, with slots inside the student's times.
    const mine = (
      await ok(
        gql(good, `{ mySuggestions { id state lectureTitle studentName schedules { day } } }`),
      )
    ).mySuggestions;
    expect(mine[0]).toMatchObject({ id: suggestion.id, state: "SUGGESTED" });
    expect(mine[0].studentName).toMatch(/\*/);
    expect(
      (
        await refused(
          gql(second, RESPOND, {
            input: { suggestionId: suggestion.id, accept: true, slots: FORM.schedules },
          }),
        )
      ).classification,
    ).toBe("NOT_FOUND");
    expect(
      (
        await refused(
          gql(good, RESPOND, {
            input: {
              suggestionId: suggestion.id,
              accept: true,
              slots: [{ day: "TUE", start: "18:00", end: "19:00" }],
            },
          }),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
    expect(
      (await refused(gql(good, RESPOND, { input: { suggestionId: suggestion.id, accept: false } })))
        .classification,
    ).toBe("BAD_REQUEST");
    const accepted = (
      await ok(
        gql(good, RESPOND, {
          input: {
            suggestionId: suggestion.id,
            accept: true,
            slots: [{ day: "MON", start: "18:00", end: "20:00" }],
          },
        }),
      )
    ).respondToSuggestion;
    expect(accepted.state).toBe("ACCEPTED");
    expect(
      (
        await refused(
          gql(good, RESPOND, {
            input: { suggestionId: suggestion.id, accept: false, refusedReason: "x" },
          }),
        )
      ).code,
    ).toBe("suggestion_answered");

    const offers = (await ok(gql(student, OFFERS, { id: String(lecture.id) }))).matchingOffers;
    expect(offers.stage).toBe("ACCEPTED");
    expect(offers.text).toContain("1명");
    expect(offers.offers).toHaveLength(1);
    expect(offers.offers[0].tutor).toMatchObject({
      tutorId: good.userNo,
      maskedName: "박**",
      university: "서울대학교",
    });
    expect(JSON.stringify(offers)).not.toMatch(MOBILE_NUMBER_IN_TEXT);

    // Not accepted → cannot be chosen; a plan outside the slots is refused.
    expect(
      (
        await refused(
          gql(student, CHOOSE, {
            offer: secondSuggestion.id,
            plan: [{ day: "MON", start: "18:00", end: "19:00" }],
          }),
        )
      ).code,
    ).toBe("offer_closed");
    expect(
      (
        await refused(
          gql(student, CHOOSE, {
            offer: offers.offers[0].id,
            plan: [{ day: "WED", start: "19:00", end: "20:00" }],
          }),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
    const other = await newUser(t, "STUDENT");
    expect(
      (
        await refused(
          gql(other, CHOOSE, {
            offer: offers.offers[0].id,
            plan: [{ day: "MON", start: "18:00", end: "19:00" }],
          }),
        )
      ).code,
    ).toBe("not_your_lecture");

    // Two choices at once: exactly one tutor is matched.
    const plan = [{ day: "MON", start: "18:00", end: "19:30" }];
    const results = await Promise.all([
      gql(student, CHOOSE, { offer: offers.offers[0].id, plan }),
      gql(student, CHOOSE, { offer: offers.offers[0].id, plan }),
    ]);
    const wins = results.filter((r) => !r.json().errors);
    expect(wins).toHaveLength(1);
    expect(wins[0]!.json().data.chooseTutor).toMatchObject({
      state: "MATCHED",
      tutorId: good.userNo,
      weeklyPlan: plan,
    });
    const moves = await t.database.db
      .select()
      .from(schema.lectureTransitions)
      .where(
        and(
          eq(schema.lectureTransitions.lectureId, lecture.id),
          eq(schema.lectureTransitions.toState, "MATCHED"),
        ),
      );
    expect(moves).toHaveLength(1);
    const suggestions = await t.database.db
      .select()
      .from(schema.matchingSuggestions)
      .where(eq(schema.matchingSuggestions.matchingId, Number(matchingId)));
    expect(suggestions.map((s) => s.state).sort()).toEqual(["CHOSEN", "CLOSED"]);

    const info = responseOf(
      await call(t, "/main/getUserInfo", { USER_NO: student.userNo }, { token: student.token }),
    );
    expect(
      info.LECTURE_INFO.find((l: { LECTURE_NO: number }) => l.LECTURE_NO === paid.lectureItemId),
    ).toMatchObject({
      STATE: "MATCHED",
      TUTOR_NAME: "박보호",
      REQUEST_STATE: "SUBMITTED",
    });
    expect((await ok(gql(student, OFFERS, { id: String(lecture.id) }))).matchingOffers.stage).toBe(
      "MATCHED",
    );
    // The tutor sees the lecture they teach.
    expect(
      (
        await ok(
          gql(good, `query($id: ID!) { lecture(lectureId: $id) { state } }`, {
            id: String(lecture.id),
          }),
        )
      ).lecture.state,
    ).toBe("MATCHED");
  });

  it("an unanswered suggestion expires after 24 hours", async () => {
    const tutor = await activeTutor();
    const { matchingId } = await submitted();
    const suggestion = (await ok(gql(admin, SUGGEST, { m: matchingId, tutor: tutor.userNo })))
      .suggestTutor;
    await t.database.db
      .update(schema.matchingSuggestions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.matchingSuggestions.id, Number(suggestion.id)));
    const report = await t.app.jobTable["matching-suggestions-expire"]!();
    expect(report.processed).toBeGreaterThanOrEqual(1);
    expect(
      (
        await refused(
          gql(tutor, RESPOND, {
            input: {
              suggestionId: suggestion.id,
              accept: true,
              slots: [{ day: "MON", start: "18:00", end: "19:00" }],
            },
          }),
        )
      ).code,
    ).toBe("suggestion_answered");
    const detail = (
      await ok(
        gql(admin, `query($m: ID!) { matching(matchingId: $m) { suggestions { state } } }`, {
          m: matchingId,
        }),
      )
    ).matching;
    expect(detail.suggestions[0].state).toBe("EXPIRED");
  });

  it("a refund of the line ends the lecture (FINISH) and closes its matching", async () => {
    const { student, paid, lecture, matchingId } = await submitted();
    const res = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($input: RequestRefundInput!) { requestRefund(input: $input) { state } }`,
        variables: { input: { paymentId: String(paid.paymentId), reason: "단순 변심" } },
      }),
    });
    expect(res.json().data.requestRefund.state).toBe("REFUNDED");
    expect((await lectureOf(paid.lectureItemId)).state).toBe("FINISH");
    const [matching] = await t.database.db
      .select()
      .from(schema.matchings)
      .where(eq(schema.matchings.id, Number(matchingId)));
    expect(matching!.state).toBe("CLOSED");
    expect(
      responseOf(
        await hub(student, "POST", "/request-form/validation", { lectureVtNo: paid.lectureItemId }),
      ),
    ).toMatchObject({
      VALID: false,
      REASON_CODE: "FINISHED",
    });
    expect(
      (await refused(gql(student, SAVE, { input: { lectureId: String(lecture.id), memo: "x" } })))
        .classification,
    ).toBe("BAD_REQUEST");
  });
});

describe("matching writers ask their tables (issue #10)", () => {
  it("an illegal suggestion or matching move is refused and nothing is written", async () => {
    const { matchingId } = await submitted();
    const db = t.database.db;
    const id = Number(matchingId);
    const now = new Date();
    const [refusedRow] = await db
      .insert(schema.matchingSuggestions)
      .values({
        matchingId: id,
        tutorUserId: admin.userNo,
        state: "REFUSED",
        reasons: [],
        score: 1,
        refusedReason: "시간이 맞지 않아요.",
        suggestedByUserId: admin.userNo,
        suggestedAt: now,
        expiresAt: new Date(now.getTime() - 60_000),
        answeredAt: now,
      })
      .returning();
    const suggestion = () =>
      db
        .select()
        .from(schema.matchingSuggestions)
        .where(eq(schema.matchingSuggestions.id, refusedRow!.id))
        .then((rows) => rows[0]!);

    // moveSuggestion: REFUSED is terminal.
    await expect(
      matchingRepo.moveSuggestion(db, refusedRow!.id, "REFUSED", { state: "ACCEPTED", slots: [] }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    // closeOtherSuggestions / expireSuggestions only move the table's sources.
    await matchingRepo.closeOtherSuggestions(db, id, now);
    await matchingRepo.expireSuggestions(db, now);
    expect(await suggestion()).toMatchObject({ state: "REFUSED", slots: null });

    // closeMatching: only OPEN moves; a CLOSED matching stays CLOSED, and OPEN → OPEN is refused.
    await expect(
      matchingRepo.closeMatching(db, id, "OPEN" as "CLOSED", now),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await matchingRepo.closeMatching(db, id, "CLOSED", now)).toBe(true);
    expect(await matchingRepo.closeMatching(db, id, "MATCHED", now)).toBe(false);
    const [matching] = await db.select().from(schema.matchings).where(eq(schema.matchings.id, id));
    expect(matching!.state).toBe("CLOSED");
  });
});

describe("lesson-request writers ask LESSON_REQUEST_TRANSITIONS (issue #10)", () => {
  it("a submitted form cannot go back to DRAFT: refused, nothing written; the legal cancel runs once", async () => {
    const { lecture } = await submitted();
    const db = t.database.db;
    const read = async () =>
      (
        await db
          .select()
          .from(schema.lessonRequests)
          .where(eq(schema.lessonRequests.lectureId, lecture.id))
      )[0]!;
    const before = await read();
    expect(before.state).toBe("SUBMITTED");
    await expect(
      lessonRequestsRepo.moveRequest(
        db,
        before.id,
        { from: "SUBMITTED", to: "DRAFT" },
        { form: {}, updatedAt: new Date() },
      ),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await read()).toEqual(before);
    // SUBMITTED → CANCELLED is allowed, and conditional: of two writers one moves it.
    const at = new Date();
    const results = await Promise.all([
      lessonRequestsRepo.moveRequest(
        db,
        before.id,
        { from: "SUBMITTED", to: "CANCELLED" },
        {
          cancelledAt: at,
        },
      ),
      lessonRequestsRepo.moveRequest(
        db,
        before.id,
        { from: "SUBMITTED", to: "CANCELLED" },
        {
          cancelledAt: at,
        },
      ),
    ]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    expect((await read()).state).toBe("CANCELLED");
  });
});
