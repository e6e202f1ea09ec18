/**
 * Lecture change requests (issue #14 `lecture-changes`): the change form (phoenix REST and
 * GraphQL), a family's move accepted by the tutor (same lesson, same RECURRENCE-ID, the ICS feed
 * follows), a tutor's late move, a new weekly plan from a date on, a tutor change through a
 * TEACHER_CHANGE matching, a pause and its limit, a stop settled by the refund, the staff queue.
 * Bad input: another family's lesson, a lesson in the past or ending after 22:00, overlaps, the
 * family's 12-hour window, two concurrent moves of one lesson, two concurrent answers, pausing
 * past the limit — a clear Korean error and nothing changed. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { seoulDateOf } from "@seoltab/domain/lecture-changes";
import { offsetClock } from "../../clock.ts";
import * as changesRepo from "./lecture-changes.repository.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  call,
  newUser,
  responseOf,
  smartMath,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";
import {
  chooseNewTutor,
  gqlAs,
  matchLecture,
  okData,
  refusedAnswer,
} from "../lessons/lessons.test-support.ts";

let t: TestApp;
const clock = offsetClock();
let math: StoreItem;
let admin: TestUser;
let gql: ReturnType<typeof gqlAs>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  const gateway = createSandboxGateway({ clock: () => clock.now() });
  t = await buildTestApp({}, {}, { payments: { gateway, clock }, accounts: { clock } });
  gql = gqlAs(t);
  math = await smartMath(t);
  admin = await newUser(t, "ADMIN");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const refused = refusedAnswer;

const PLAN = [
  { day: "MON" as const, start: "18:00", end: "19:00" },
  { day: "THU" as const, start: "18:00", end: "19:00" },
];

const CHANGE_FIELDS = `id kind state requestedSide late canRespond canCancel lessonId proposedStartsAt effectiveFrom pauseFrom pauseUntil decidedSide reason`;
const REQUEST = `mutation($i: LectureChangeInput!) { requestLectureChange(input: $i) { ${CHANGE_FIELDS} } }`;
const RESPOND = `mutation($i: RespondToLectureChangeInput!) { respondToLectureChange(input: $i) { ${CHANGE_FIELDS} } }`;
const LIST = `query($id: ID!) { lectureChanges(lectureId: $id) { ${CHANGE_FIELDS} } }`;

async function lessonRows(lectureId: number) {
  return t.database.db
    .select()
    .from(schema.lessons)
    .where(eq(schema.lessons.lectureId, lectureId))
    .orderBy(schema.lessons.startsAt);
}
const planned = async (lectureId: number) =>
  (await lessonRows(lectureId)).filter((l) => l.state === "RESERVATION");

async function lectureRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.lectures)
    .where(eq(schema.lectures.id, id));
  return row!;
}

describe("the change form", () => {
  it("answers GET /serverless/lectureChangeForm/student/{id} and lectureChangeForm with kinds and lessons", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const rest = await call(t, `/serverless/lectureChangeForm/student/${lectureId}`, undefined, {
      token: student.token,
      method: "GET",
    });
    expect(rest.statusCode).toBe(200);
    const form = responseOf(rest);
    expect(form).toMatchObject({ LECTURE_ID: lectureId, LECTURE_STATE: "MATCHED", SIDE: "FAMILY" });
    expect(form.WEEKLY_PLAN).toEqual(PLAN);
    expect(form.UPCOMING_LESSONS.length).toBeGreaterThanOrEqual(7);
    const kinds = Object.fromEntries(
      (form.KINDS as { KIND: string; ALLOWED: boolean; DECIDED_BY: string }[]).map((k) => [
        k.KIND,
        k,
      ]),
    );
    expect(kinds.MOVE_LESSON).toMatchObject({ ALLOWED: true, DECIDED_BY: "OTHER_SIDE" });
    expect(kinds.PAUSE).toMatchObject({ ALLOWED: true, DECIDED_BY: "STAFF" });

    const tutorForm = (
      await okData(
        gql(
          "workspace",
          tutor,
          `query($id: ID!) { lectureChangeForm(lectureId: $id) { side kinds { kind allowed reason } upcomingLessons { id seoulTime } } }`,
          { id: String(lectureId) },
        ),
      )
    ).lectureChangeForm;
    expect(tutorForm.side).toBe("TUTOR");
    const pause = tutorForm.kinds.find((k: { kind: string }) => k.kind === "PAUSE");
    expect(pause).toMatchObject({ allowed: false });
    expect(pause.reason).toMatch(/신청할 수 없는/);

    const stranger = await newUser(t, "STUDENT");
    const other = await call(t, `/serverless/lectureChangeForm/student/${lectureId}`, undefined, {
      token: stranger.token,
      method: "GET",
    });
    expect(other.statusCode).toBe(403);
    const bad = await call(t, `/serverless/lectureChangeForm/student/abc`, undefined, {
      token: student.token,
      method: "GET",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("moving one lesson", () => {
  it("the family asks, the tutor accepts: the same lesson moves, the count stays, the ICS feed follows", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const before = await lessonRows(lectureId);
    const first = before[0]!;
    const newStartsAt = new Date(first.startsAt.getTime() + DAY); // the next day, 18:00
    const asked = (
      await okData(
        gql("matching", student, REQUEST, {
          i: {
            lectureId: String(lectureId),
            kind: "MOVE_LESSON",
            lessonId: String(first.id),
            newStartsAt: newStartsAt.toISOString(),
          },
        }),
      )
    ).requestLectureChange;
    expect(asked).toMatchObject({ state: "RECEIVED", requestedSide: "FAMILY", late: false });

    // The family cannot accept its own request; the tutor sees it to answer.
    expect(
      (
        await refused(
          gql("matching", student, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
        )
      ).code,
    ).toBe("not_your_change");
    const seen = (await okData(gql("workspace", tutor, LIST, { id: String(lectureId) })))
      .lectureChanges;
    expect(seen[0]).toMatchObject({ id: asked.id, canRespond: true, canCancel: false });

    const accepted = (
      await okData(
        gql("workspace", tutor, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
      )
    ).respondToLectureChange;
    expect(accepted).toMatchObject({ state: "ACCEPTED", decidedSide: "TUTOR" });

    const after = await lessonRows(lectureId);
    expect(after).toHaveLength(before.length);
    const moved = after.find((l) => l.id === first.id)!;
    expect(moved.recurrenceId).toBe(first.recurrenceId);
    expect(moved.startsAt.toISOString()).toBe(newStartsAt.toISOString());
    expect(seoulWallClock(moved.startsAt).time).toBe("18:00");

    // Materialising again never brings the original slot back.
    await t.app.jobTable["lessons-materialize"]!();
    expect(await lessonRows(lectureId)).toHaveLength(before.length);

    const path = (await okData(gql("workspace", tutor, `mutation { createCalendarFeed { path } }`)))
      .createCalendarFeed.path as string;
    const feed = await t.app.inject({ method: "GET", url: path });
    const stamp = newStartsAt
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "")
      .slice(0, 13);
    expect(feed.body).toContain(stamp);
    const events = feed.body.split("BEGIN:VEVENT").length - 1;
    expect(events).toBe(before.length);
  });

  it("refuses another family, a lesson in the past, after 22:00, an overlap, the 12-hour window", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const [first, second] = await lessonRows(lectureId);
    const move = (
      user: TestUser,
      lessonId: number,
      startsAt: Date,
      backend: "matching" | "workspace" = "matching",
      reason?: string,
    ) =>
      gql(backend, user, REQUEST, {
        i: {
          lectureId: String(lectureId),
          kind: "MOVE_LESSON",
          lessonId: String(lessonId),
          newStartsAt: startsAt.toISOString(),
          ...(reason ? { reason } : {}),
        },
      });

    const stranger = await newUser(t, "STUDENT");
    expect(
      (await refused(move(stranger, first!.id, new Date(first!.startsAt.getTime() + DAY)))).code,
    ).toBe("not_your_lecture");

    const late = await refused(
      move(student, first!.id, new Date(first!.startsAt.getTime() + 3.5 * HOUR)),
    );
    expect(late).toMatchObject({ classification: "BAD_REQUEST", code: "validation_failed" });
    expect(late.message).toContain("밤 10시");

    const overlap = await refused(
      move(student, first!.id, new Date(second!.startsAt.getTime() + 30 * 60_000)),
    );
    expect(overlap.message).toContain("겹쳐요");

    // The tutor's lesson of another lecture, at the time asked for.
    const other = await matchLecture(t, {
      admin,
      item: math,
      plan: [{ day: "WED", start: "18:00", end: "19:00" }],
      tutor,
    });
    const [otherFirst] = await lessonRows(other.lectureId);
    expect((await refused(move(student, first!.id, otherFirst!.startsAt))).message).toContain(
      "선생님의 다른 수업",
    );

    // 6 hours before the lesson (its start is set in the database; moving the clock would
    // expire the tokens): the family is too late, the tutor is taken but marked late.
    const soon = new Date(Date.now() + 6 * HOUR);
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + HOUR) })
      .where(eq(schema.lessons.id, first!.id));
    const nextDay = new Date(first!.startsAt.getTime() + DAY);
    const tooLate = await refused(move(student, first!.id, nextDay));
    expect(tooLate.code).toBe("notice_too_short");
    expect(tooLate.message).toContain("12시간");
    const noReason = await refused(move(tutor, first!.id, nextDay, "workspace"));
    expect(noReason.message).toContain("이유");
    const tutorLate = (await okData(move(tutor, first!.id, nextDay, "workspace", "학교 시험")))
      .requestLectureChange;
    expect(tutorLate).toMatchObject({ requestedSide: "TUTOR", late: true });
    const declined = (
      await okData(
        gql("matching", student, RESPOND, {
          i: { changeId: tutorLate.id, decision: "DECLINE", note: "그날은 어려워요" },
        }),
      )
    ).respondToLectureChange;
    expect(declined.state).toBe("DECLINED");

    // After the lesson started: nothing can move it.
    const started = new Date(Date.now() - HOUR);
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: started, endsAt: new Date(started.getTime() + HOUR) })
      .where(eq(schema.lessons.id, first!.id));
    const past = await refused(move(student, first!.id, nextDay));
    expect(past.message).toContain("이미 지난 수업");
    expect((await lessonRows(lectureId)).find((l) => l.id === first!.id)!.startsAt).toEqual(
      started,
    );
  });

  it("two concurrent moves of one lesson make one request; two concurrent answers, one decision", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const [first] = await lessonRows(lectureId);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        gql("matching", student, REQUEST, {
          i: {
            lectureId: String(lectureId),
            kind: "MOVE_LESSON",
            lessonId: String(first!.id),
            newStartsAt: new Date(first!.startsAt.getTime() + DAY + n * 10 * 60_000).toISOString(),
          },
        }),
      ),
    );
    const bodies = answers.map((a) => a.json());
    const taken = bodies.filter((b) => !b.errors);
    expect(taken).toHaveLength(1);
    for (const b of bodies.filter((b) => b.errors)) {
      expect(b.errors[0].extensions.code).toBe("change_already_open");
    }
    const id = taken[0].data.requestLectureChange.id;
    const [accept, decline] = await Promise.all([
      gql("workspace", tutor, RESPOND, { i: { changeId: id, decision: "ACCEPT" } }),
      gql("workspace", tutor, RESPOND, { i: { changeId: id, decision: "DECLINE" } }),
    ]);
    const results = [accept.json(), decline.json()];
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.find((r) => r.errors).errors[0].extensions.code).toBe("change_closed");
    const rows = await t.database.db
      .select()
      .from(schema.lectureChanges)
      .where(eq(schema.lectureChanges.lectureId, lectureId));
    expect(rows).toHaveLength(1);
  });
});

describe("a new weekly plan from a date on", () => {
  it("the tutor asks, the family accepts: lessons before the date stay, after it follow the new plan", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const before = await planned(lectureId);
    const effectiveFrom = seoulDateOf(new Date(Date.now() + 10 * DAY));
    const newPlan = [
      { day: "MON", start: "18:00", end: "19:00" },
      { day: "FRI", start: "17:00", end: "18:00" },
    ];
    const asked = (
      await okData(
        gql("workspace", tutor, REQUEST, {
          i: {
            lectureId: String(lectureId),
            kind: "CHANGE_PLAN",
            weeklyPlan: newPlan,
            effectiveFrom,
            reason: "학기 시간표가 바뀌었어요",
          },
        }),
      )
    ).requestLectureChange;
    expect(asked).toMatchObject({ kind: "CHANGE_PLAN", effectiveFrom });
    await okData(
      gql("matching", student, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
    );

    const lecture = await lectureRow(lectureId);
    expect(lecture.weeklyPlan).toEqual(newPlan);
    const after = await planned(lectureId);
    const cut = new Date(`${effectiveFrom}T00:00:00+09:00`);
    const kept = before.filter((l) => l.startsAt < cut);
    expect(after.filter((l) => l.startsAt < cut).map((l) => l.id)).toEqual(kept.map((l) => l.id));
    const later = after.filter((l) => l.startsAt >= cut);
    expect(later.length).toBeGreaterThan(0);
    for (const l of later) {
      const wall = seoulWallClock(l.startsAt);
      expect(
        (wall.weekday === "MON" && wall.time === "18:00") ||
          (wall.weekday === "FRI" && wall.time === "17:00"),
      ).toBe(true);
    }
    // A Monday slot both plans have is the same lesson, not a new one.
    const monday = before.find(
      (l) => l.startsAt >= cut && seoulWallClock(l.startsAt).weekday === "MON",
    );
    if (monday) expect(after.some((l) => l.id === monday.id)).toBe(true);
    await t.app.jobTable["lessons-materialize"]!();
    const again = await planned(lectureId);
    expect(again.filter((l) => l.startsAt < cut).map((l) => l.id)).toEqual(kept.map((l) => l.id));
  });

  it("refuses a plan past 22:00 or starting today", async () => {
    const { student, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const ask = (weeklyPlan: unknown, effectiveFrom: string) =>
      refused(
        gql("matching", student, REQUEST, {
          i: { lectureId: String(lectureId), kind: "CHANGE_PLAN", weeklyPlan, effectiveFrom },
        }),
      );
    expect(
      (
        await ask(
          [{ day: "MON", start: "21:30", end: "22:30" }],
          seoulDateOf(new Date(Date.now() + 3 * DAY)),
        )
      ).message,
    ).toContain("밤 10시");
    expect(
      (await ask([{ day: "MON", start: "18:00", end: "19:00" }], seoulDateOf(new Date()))).code,
    ).toBe("validation_failed");
  });
});

describe("a tutor change", () => {
  it("staff accept it: REMATCH, a TEACHER_CHANGE matching, a new tutor, the same slots as the same lessons", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const before = await planned(lectureId);
    expect(
      (
        await refused(
          gql("matching", student, REQUEST, {
            i: { lectureId: String(lectureId), kind: "CHANGE_TUTOR" },
          }),
        )
      ).message,
    ).toContain("이유");
    const asked = (
      await okData(
        gql("matching", student, REQUEST, {
          i: { lectureId: String(lectureId), kind: "CHANGE_TUTOR", reason: "설명이 어려워요" },
        }),
      )
    ).requestLectureChange;
    // Only staff decide a tutor change.
    expect(
      (
        await refused(
          gql("workspace", tutor, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
        )
      ).code,
    ).toBe("not_your_change");
    const queue = (
      await okData(
        gql(
          "matching",
          admin,
          `{ lectureChangeQueue { total items { tutorLateChanges change { id kind state } } } }`,
        ),
      )
    ).lectureChangeQueue;
    expect(queue.items.map((i: { change: { id: string } }) => i.change.id)).toContain(asked.id);
    expect(
      (await refused(gql("matching", student, `{ lectureChangeQueue { total } }`))).classification,
    ).toBe("FORBIDDEN");

    await okData(
      gql("matching", admin, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
    );
    expect((await lectureRow(lectureId)).state).toBe("REMATCH");
    expect(await planned(lectureId)).toEqual([]);
    const [matching] = await t.database.db
      .select()
      .from(schema.matchings)
      .where(and(eq(schema.matchings.lectureId, lectureId), eq(schema.matchings.state, "OPEN")));
    expect(matching!.type).toBe("TEACHER_CHANGE");

    const { tutor: next } = await matchLecture(t, {
      admin,
      item: math,
      plan: [{ day: "SAT", start: "10:00", end: "11:00" }],
    });
    await chooseNewTutor(t, { admin, student, tutor: next, lectureId, plan: PLAN });
    const lecture = await lectureRow(lectureId);
    expect(lecture).toMatchObject({ state: "MATCHED", tutorUserId: next.userNo });
    const after = await planned(lectureId);
    expect(after.map((l) => l.id)).toEqual(before.map((l) => l.id));
    expect(after.every((l) => l.tutorUserId === next.userNo)).toBe(true);
  });
});

describe("pauses", () => {
  it("staff accept a pause: its lessons are cancelled and the days added; past the limit is refused", async () => {
    const { student, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const from = seoulDateOf(new Date(Date.now() + 2 * DAY));
    const until = seoulDateOf(new Date(Date.now() + 15 * DAY));
    const asked = (
      await okData(
        gql("matching", student, REQUEST, {
          i: {
            lectureId: String(lectureId),
            kind: "PAUSE",
            pauseFrom: from,
            pauseUntil: until,
            reason: "방학 여행",
          },
        }),
      )
    ).requestLectureChange;
    const more = await refused(
      gql("matching", student, REQUEST, {
        i: {
          lectureId: String(lectureId),
          kind: "PAUSE",
          pauseFrom: seoulDateOf(new Date(Date.now() + 20 * DAY)),
          pauseUntil: seoulDateOf(new Date(Date.now() + 27 * DAY)),
        },
      }),
    );
    expect(more.code).toBe("change_already_open");
    await okData(
      gql("matching", admin, RESPOND, { i: { changeId: asked.id, decision: "ACCEPT" } }),
    );
    const start = new Date(`${from}T00:00:00+09:00`).getTime();
    const end = new Date(`${until}T00:00:00+09:00`).getTime() + DAY;
    const rows = await lessonRows(lectureId);
    const inside = rows.filter((l) => l.startsAt.getTime() >= start && l.startsAt.getTime() < end);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((l) => l.state === "CANCEL" && l.cancelCause === "PAUSE")).toBe(true);
    expect((await lectureRow(lectureId)).pausedDays).toBe(14);
    // The end of the paid period (LECTURE_INFO END_AT) moves by the 14 days paused.
    const info = responseOf(await call(t, "/main/getUserInfo", {}, { token: student.token }))
      .LECTURE_INFO as { LECTURE_ID: number; START_AT: string; END_AT: string }[];
    const entry = info.find((e) => e.LECTURE_ID === lectureId)!;
    const days = (Date.parse(entry.END_AT) - Date.parse(entry.START_AT)) / DAY;
    expect(days).toBeGreaterThanOrEqual(28 + 14);
    expect(days).toBeLessThanOrEqual(31 + 14);
    await t.app.jobTable["lessons-materialize"]!();
    expect(
      (await lessonRows(lectureId)).filter(
        (l) =>
          l.state === "RESERVATION" && l.startsAt.getTime() >= start && l.startsAt.getTime() < end,
      ),
    ).toEqual([]);

    const overLimit = await refused(
      gql("matching", student, REQUEST, {
        i: {
          lectureId: String(lectureId),
          kind: "PAUSE",
          pauseFrom: seoulDateOf(new Date(Date.now() + 20 * DAY)),
          pauseUntil: seoulDateOf(new Date(Date.now() + 34 * DAY)),
        },
      }),
    );
    // 14 days taken + 15 asked > 28 in the period.
    expect(overLimit.message).toContain("모두 합쳐 28일");
  });
});

describe("a stop", () => {
  it("waits for staff and is settled when the lecture line is refunded", async () => {
    const { student, lectureId, paymentId } = await matchLecture(t, {
      admin,
      item: math,
      plan: PLAN,
    });
    const asked = (
      await okData(
        gql("matching", student, REQUEST, {
          i: { lectureId: String(lectureId), kind: "STOP", reason: "공부 방법을 바꾸기로 했어요" },
        }),
      )
    ).requestLectureChange;
    expect(asked.state).toBe("RECEIVED");
    const refunded = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($i: RequestRefundInput!) { requestRefund(input: $i) { state } }`,
        variables: { i: { paymentId: String(paymentId), reason: "단순 변심" } },
      }),
    });
    expect(refunded.json().errors).toBeUndefined();
    const [change] = (await okData(gql("matching", student, LIST, { id: String(lectureId) })))
      .lectureChanges;
    expect(change).toMatchObject({ id: asked.id, state: "ACCEPTED", decidedSide: "STAFF" });
    expect((await lectureRow(lectureId)).state).toBe("FINISH");
  });
});

describe("a low cycle review asking for another tutor", () => {
  it("opens a CHANGE_TUTOR request for staff, once; a good score or 'no' opens none", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const rows = await planned(lectureId);
    for (const [i, row] of rows.slice(0, 4).entries()) {
      await t.database.db
        .update(schema.lessons)
        .set({ startsAt: new Date(Date.now() - (5 - i) * 7 * DAY) })
        .where(eq(schema.lessons.id, row.id));
      await okData(
        gql(
          "workspace",
          tutor,
          `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { state } }`,
          {
            i: { lessonId: String(row.id), minutes: 60, note: "수업 내용" },
          },
        ),
      );
    }
    await okData(
      gql(
        "matching",
        student,
        `mutation($i: SubmitCycleReviewInput!) { submitCycleReview(input: $i) { id lowScore } }`,
        {
          i: {
            lectureId: String(lectureId),
            cycle: 1,
            score: 3,
            comment: "설명이 너무 빨라요",
            wantsTutorChange: true,
            publishConsent: false,
          },
        },
      ),
    );
    const changes = (await okData(gql("matching", student, LIST, { id: String(lectureId) })))
      .lectureChanges;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: "CHANGE_TUTOR",
      state: "RECEIVED",
      requestedSide: "FAMILY",
    });
    expect(changes[0].reason).toContain("3점");
  });
});

describe("decideChange asks LECTURE_CHANGE_TRANSITIONS (issue #10)", () => {
  it("an illegal move is refused and a decided request is not written again", async () => {
    const db = t.database.db;
    const [decided] = await db
      .select()
      .from(schema.lectureChanges)
      .where(eq(schema.lectureChanges.state, "DECLINED"))
      .limit(1);
    expect(decided).toBeDefined();
    const decision = { side: "STAFF", userId: null, at: new Date(), note: "다시" };
    await expect(
      changesRepo.decideChange(db, decided!.id, "RECEIVED" as "ACCEPTED", decision),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await changesRepo.decideChange(db, decided!.id, "ACCEPTED", decision)).toBeUndefined();
    const [after] = await db
      .select()
      .from(schema.lectureChanges)
      .where(eq(schema.lectureChanges.id, decided!.id));
    expect(after).toMatchObject({ state: "DECLINED", decisionNote: decided!.decisionNote });
  });
});
