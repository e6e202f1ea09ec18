/**
 * Lessons (issue #14, the lessons part): a MATCHED lecture's weekly plan becomes lessons 4 weeks
 * ahead (idempotent, Asia/Seoul, never past 22:00); the tutor records a started lesson once (the
 * first makes the lecture ACTIVE), with at most the planned minutes; families read their lessons
 * and the ledger; a refund cancels the planned lessons. Bad input: another tutor's lesson, a future
 * lesson, too many minutes, twice, concurrently. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { redactUrl } from "../../app.ts";
import { offsetClock } from "../../clock.ts";
import type { TestApp } from "../../test/test-app.ts";
import { useSandboxApp } from "../../test/sandbox-app.ts";
import * as lessonsRepo from "./lessons.repository.ts";
import { gqlAs, matchLecture, okData, refusedAnswer } from "./lessons.test-support.ts";
import {
  linkParent,
  newUser,
  responseOf,
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

/** GraphQL as `user` on a backend (lessons.test-support.ts). */
const gql = (...args: Parameters<ReturnType<typeof gqlAs>>) => gqlAs(t)(...args);
const ok = okData;
const refused = refusedAnswer;

const PLAN = [{ day: "MON" as const, start: "18:00", end: "19:30" }];

/** A student whose paid lecture is MATCHED with a fresh ACTIVE tutor on PLAN. */
const matchedLecture = () => matchLecture(t, { admin, item: math, plan: PLAN });

async function lessonRows(lectureId: number) {
  return t.database.db
    .select()
    .from(schema.lessons)
    .where(eq(schema.lessons.lectureId, lectureId))
    .orderBy(schema.lessons.startsAt);
}

const RANGE = () => ({
  from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
  to: new Date(Date.now() + 35 * 86_400_000).toISOString(),
});
const RECORD = `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { id state heldMinutes note } }`;

describe("lessons", () => {
  it("a matched lecture's plan becomes 4 weeks of lessons on Mondays 18:00-19:30 Seoul, once", async () => {
    const { student, tutor, lectureId } = await matchedLecture();
    const rows = await lessonRows(lectureId);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const row of rows) {
      expect(row.state).toBe("RESERVATION");
      expect(row.minutes).toBe(90);
      expect(row.startsAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(seoulWallClock(row.startsAt)).toMatchObject({ weekday: "MON", time: "18:00" });
      expect(seoulWallClock(row.endsAt).time).toBe("19:30");
      expect(row.tutorUserId).toBe(tutor.userNo);
    }
    expect(new Set(rows.map((r) => r.recurrenceId)).size).toBe(rows.length);
    const info = responseOf(
      await t.app.inject({
        method: "POST",
        url: "/main/getUserInfo",
        headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
        payload: JSON.stringify({}),
      }),
    );
    expect(info.LECTURE_INFO[0]).toMatchObject({
      LECTURE_ID: lectureId,
      STATE: "MATCHED",
      NEXT_LESSON_AT: rows[0]!.startsAt.toISOString(),
    });
    const report = await t.app.jobTable["lessons-materialize"]!();
    expect((await lessonRows(lectureId)).length).toBe(rows.length);
    expect(report.processed).toBeGreaterThanOrEqual(0);

    const tutorView = (
      await ok(
        gql(
          "workspace",
          tutor,
          `query($f: String!, $t: String!) { myLessons(from: $f, to: $t) { id seoulTime weekday studentName lectureTitle } }`,
          { f: RANGE().from, t: RANGE().to },
        ),
      )
    ).myLessons;
    expect(tutorView).toHaveLength(rows.length);
    expect(tutorView[0]).toMatchObject({ seoulTime: "18:00", weekday: "MON" });
    const familyView = (
      await ok(
        gql(
          "matching",
          student,
          `query($f: String!, $t: String!) { myLessons(from: $f, to: $t) { id tutorName } }`,
          { f: RANGE().from, t: RANGE().to },
        ),
      )
    ).myLessons;
    expect(familyView[0].tutorName).toBe("박보호");
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    expect(
      (
        await ok(
          gql(
            "matching",
            parent,
            `query($f: String!, $t: String!) { myLessons(from: $f, to: $t) { id } }`,
            { f: RANGE().from, t: RANGE().to },
          ),
        )
      ).myLessons,
    ).toHaveLength(rows.length);
    const stranger = await newUser(t, "STUDENT");
    expect(
      (
        await refused(
          gql(
            "matching",
            stranger,
            `query($f: String!, $t: String!, $u: Int) { myLessons(from: $f, to: $t, userId: $u) { id } }`,
            { f: RANGE().from, t: RANGE().to, u: student.userNo },
          ),
        )
      ).classification,
    ).toBe("FORBIDDEN");
    expect(
      (
        await refused(
          gql(
            "matching",
            student,
            `query { myLessons(from: "2026-01-01T00:00:00Z", to: "2026-12-31T00:00:00Z") { id } }`,
          ),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
  });

  it("the tutor records a started lesson once; the first makes the lecture ACTIVE; the ledger counts it", async () => {
    const { student, tutor, lectureId } = await matchedLecture();
    const [first, second] = await lessonRows(lectureId);
    expect(
      (
        await refused(
          gql("workspace", tutor, RECORD, { i: { lessonId: String(first!.id), minutes: 90 } }),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
    // The lesson has started.
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.lessons.id, first!.id));
    const other = await newUser(t, "TEACHER");
    expect(
      (
        await refused(
          gql("workspace", other, RECORD, { i: { lessonId: String(first!.id), minutes: 90 } }),
        )
      ).code,
    ).toBe("lesson_not_found");
    expect(
      (
        await refused(
          gql("workspace", tutor, RECORD, { i: { lessonId: String(first!.id), minutes: 91 } }),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
    expect(
      (
        await refused(
          gql("workspace", student, RECORD, { i: { lessonId: String(first!.id), minutes: 90 } }),
        )
      ).classification,
    ).toBe("NOT_FOUND");

    const results = await Promise.all([
      gql("workspace", tutor, RECORD, {
        i: { lessonId: String(first!.id), minutes: 85, note: "이차함수 개념, 숙제 p.32" },
      }),
      gql("workspace", tutor, RECORD, {
        i: { lessonId: String(first!.id), minutes: 85, note: "이차함수 개념, 숙제 p.32" },
      }),
    ]);
    expect(results.filter((r) => !r.json().errors)).toHaveLength(1);
    expect(results.find((r) => r.json().errors)!.json().errors[0].extensions.code).toBe(
      "lesson_already_recorded",
    );
    const [lecture] = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.id, lectureId));
    expect(lecture!.state).toBe("ACTIVE");

    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(Date.now() - 1_800_000) })
      .where(eq(schema.lessons.id, second!.id));
    await ok(gql("workspace", tutor, RECORD, { i: { lessonId: String(second!.id), minutes: 0 } }));
    const ledger = (
      await ok(
        gql(
          "matching",
          student,
          `query($id: ID!) { lessonLedger(lectureId: $id) { held heldMinutes zeroMinute upcoming cancelled lessons { note state } } }`,
          { id: String(lectureId) },
        ),
      )
    ).lessonLedger;
    expect(ledger).toMatchObject({ held: 2, heldMinutes: 85, zeroMinute: 1, cancelled: 0 });
    expect(ledger.lessons.find((l: { note: string | null }) => l.note)?.note).toBe(
      "이차함수 개념, 숙제 p.32",
    );

    // The 0-minute lesson is flagged to staff until one of them reviews it, once.
    const QUEUE = `{ zeroMinuteLessons { total items { id heldMinutes tutorName } } }`;
    const queue = (await ok(gql("matching", admin, QUEUE))).zeroMinuteLessons;
    expect(queue.items.map((l: { id: string }) => l.id)).toContain(String(second!.id));
    expect((await refused(gql("matching", student, QUEUE))).classification).toBe("FORBIDDEN");
    const REVIEW = `mutation($id: ID!) { reviewZeroMinuteLesson(lessonId: $id) { id } }`;
    await ok(gql("matching", admin, REVIEW, { id: String(second!.id) }));
    expect((await refused(gql("matching", admin, REVIEW, { id: String(second!.id) }))).code).toBe(
      "lesson_not_found",
    );
    expect(
      (await ok(gql("matching", admin, QUEUE))).zeroMinuteLessons.items.map(
        (l: { id: string }) => l.id,
      ),
    ).not.toContain(String(second!.id));
  });

  it("a refund ends the lecture and cancels its planned lessons", async () => {
    const { student, lectureId, paymentId } = await matchedLecture();
    const res = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($input: RequestRefundInput!) { requestRefund(input: $input) { state } }`,
        variables: { input: { paymentId: String(paymentId), reason: "단순 변심" } },
      }),
    });
    expect(res.json().data.requestRefund.state).toBe("REFUNDED");
    const rows = await lessonRows(lectureId);
    expect(rows.every((r) => r.state === "CANCEL")).toBe(true);
  });
});

describe("calendar feeds", () => {
  it("serves a person's lessons as a private iCalendar URL, replaced and revoked on request", async () => {
    const { student, tutor, lectureId } = await matchedLecture();
    const [first] = await lessonRows(lectureId);
    const create = `mutation { createCalendarFeed { path } }`;
    const path = (await ok(gql("matching", student, create))).createCalendarFeed.path as string;
    expect(path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const get = (p: string) => t.app.inject({ method: "GET", url: p });
    const feed = await get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const stamp = first!.startsAt
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(feed.body).toContain("BEGIN:VEVENT");
    expect(feed.body).toContain(stamp.slice(0, 13));
    // An instant, not floating local time: "DTSTART:20261130T090000Z" for 18:00 Seoul.
    expect(feed.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(feed.body).not.toMatch(/DTSTART:\d{8}T\d{6}\r?\n/);
    expect(feed.body).toContain(`lesson-${lectureId}-`);

    const tutorPath = (await ok(gql("workspace", tutor, create))).createCalendarFeed.path as string;
    expect((await get(tutorPath)).body).toContain(`lesson-${lectureId}-`);

    // A new URL replaces the old; revoking ends it.
    const again = (await ok(gql("matching", student, create))).createCalendarFeed.path as string;
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(again)).statusCode).toBe(200);
    expect(
      (await ok(gql("matching", student, `mutation { revokeCalendarFeed }`))).revokeCalendarFeed,
    ).toBe(true);
    expect((await get(again)).statusCode).toBe(404);
    expect((await get("/calendar/not-a-token.ics")).statusCode).toBe(404);
    expect(redactUrl(again)).toBe("/calendar/[redacted].ics");
    const [stored] = await t.database.db.select().from(schema.calendarFeeds);
    expect(stored === undefined || !JSON.stringify(stored).includes(again.slice(10, 53))).toBe(
      true,
    );
  });
});

describe("lesson writers ask LESSON_TRANSITIONS (issue #10)", () => {
  it("markHeld refuses CANCEL → DONE and writes nothing; the cancel writers leave a DONE lesson alone", async () => {
    const { lectureId } = await matchedLecture();
    const [first, second] = await lessonRows(lectureId);
    await t.database.db
      .update(schema.lessons)
      .set({ state: "CANCEL" })
      .where(eq(schema.lessons.id, first!.id));
    await expect(
      lessonsRepo.markHeld(t.database.db, first!.id, "CANCEL", {
        heldMinutes: 60,
        note: null,
        recordedAt: new Date(),
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    const [after] = await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.id, first!.id));
    expect(after).toMatchObject({ state: "CANCEL", heldMinutes: first!.heldMinutes });

    // DONE is terminal: neither cancel writer may move it (their WHERE holds the table's source).
    await t.database.db
      .update(schema.lessons)
      .set({ state: "DONE", heldMinutes: 90 })
      .where(eq(schema.lessons.id, second!.id));
    const past = new Date(0);
    await lessonsRepo.cancelUpcoming(t.database.db, lectureId, past, "test", "test");
    await lessonsRepo.cancelPlanned(
      t.database.db,
      lectureId,
      { from: past },
      { by: "test", reason: "test", cause: "LECTURE_END" },
    );
    const [done] = await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.id, second!.id));
    expect(done).toMatchObject({ state: "DONE", heldMinutes: 90, cancelReason: null });
  });
});
