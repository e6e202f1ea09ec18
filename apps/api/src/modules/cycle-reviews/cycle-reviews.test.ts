/**
 * Per-cycle reviews (issue #14): a review is due after 4 held lessons (not before), the student or
 * a linked parent submits it once — also when 5 submits race (exactly one row) — bad scores are
 * refused with a Korean message and change nothing, another family is refused, the submit emits
 * `cycle-review.submitted` with lowScore / wantsTutorChange, and staff publish only reviews with
 * consent, which then appear on the marketing review list as verified. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { createEventBus } from "../../platform/events.ts";
import type { TestApp } from "../../test/test-app.ts";
import { useSandboxApp } from "../../test/sandbox-app.ts";
import {
  linkParent,
  newUser,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";
import type { CycleReviewSubmittedEvent } from "./cycle-reviews.public.ts";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { setPublished } from "./cycle-reviews.repository.ts";
import { submitCycleReview } from "./cycle-reviews.service.ts";
import { gqlAs, matchLecture, okData, refusedAnswer } from "../lessons/lessons.test-support.ts";

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

/** A student (김하늘) whose paid lecture is MATCHED with a fresh ACTIVE tutor (박보호) on PLAN. */
async function matchedLecture() {
  const matched = await matchLecture(t, { admin, item: math, plan: PLAN });
  await t.database.db
    .update(schema.users)
    .set({ name: "김하늘" })
    .where(eq(schema.users.id, matched.student.userNo));
  return { ...matched, id: String(matched.lectureId) };
}

/** The tutor records the first `n` lessons (moved into the past first, as if they started). */
async function holdLessons(fixture: { tutor: TestUser; lectureId: number }, n: number) {
  const rows = await t.database.db
    .select()
    .from(schema.lessons)
    .where(
      and(eq(schema.lessons.lectureId, fixture.lectureId), eq(schema.lessons.state, "RESERVATION")),
    )
    .orderBy(schema.lessons.startsAt);
  expect(rows.length).toBeGreaterThanOrEqual(n);
  for (const [i, row] of rows.slice(0, n).entries()) {
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(clock.now().getTime() - (n - i + 1) * 7 * 86_400_000) })
      .where(eq(schema.lessons.id, row.id));
    await ok(
      gql(
        "workspace",
        fixture.tutor,
        `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { state } }`,
        { i: { lessonId: String(row.id), minutes: 90, note: "수업 내용" } },
      ),
    );
  }
}

const STATUS = `query($id: ID!) { cycleReviews(lectureId: $id) {
  lectureId heldLessons dueCycle cycleLessons
  reviews { id cycle score comment wantsTutorChange lowScore publishConsent authorRole subject published }
} }`;
const SUBMIT = `mutation($i: SubmitCycleReviewInput!) { submitCycleReview(input: $i) {
  id cycle score comment wantsTutorChange lowScore publishConsent authorRole subject published
} }`;
const PUBLISH = `mutation($id: ID!, $p: Boolean!) { publishCycleReview(reviewId: $id, published: $p) { id published publishedAt } }`;
const CONSENTED = `query($page: Int, $published: Boolean) { consentedCycleReviews(page: $page, published: $published) {
  totalCount totalPages currentPage
  data { lectureTitle studentName tutorName review { id score comment published } }
} }`;

async function reviewRows(lectureId: number) {
  return t.database.db
    .select()
    .from(schema.cycleReviews)
    .where(eq(schema.cycleReviews.lectureId, lectureId));
}

const input = (id: string, patch: Record<string, unknown> = {}) => ({
  i: {
    lectureId: id,
    cycle: 1,
    score: 9,
    comment: "설명이 꼼꼼하고 숙제 피드백이 빨라요.",
    wantsTutorChange: false,
    publishConsent: true,
    ...patch,
  },
});

describe("cycle reviews", () => {
  it("is not due before 4 held lessons, is due after 4, and is submitted once", async () => {
    const fixture = await matchedLecture();
    const { student, id, lectureId } = fixture;
    await holdLessons(fixture, 3);
    expect((await ok(gql("matching", student, STATUS, { id }))).cycleReviews).toMatchObject({
      heldLessons: 3,
      dueCycle: null,
      cycleLessons: 4,
      reviews: [],
    });
    const early = await refused(gql("matching", student, SUBMIT, input(id)));
    expect(early.code).toBe("cycle_not_due");
    expect(early.message).toMatch(/[가-힣]/);

    await holdLessons(fixture, 1);
    expect((await ok(gql("matching", student, STATUS, { id }))).cycleReviews).toMatchObject({
      heldLessons: 4,
      dueCycle: 1,
    });
    expect((await refused(gql("matching", student, SUBMIT, input(id, { cycle: 2 })))).code).toBe(
      "cycle_not_due",
    );

    const review = (await ok(gql("matching", student, SUBMIT, input(id)))).submitCycleReview;
    expect(review).toMatchObject({
      cycle: 1,
      score: 9,
      lowScore: false,
      wantsTutorChange: false,
      publishConsent: true,
      authorRole: "STUDENT",
      subject: "수학",
      published: false,
    });
    const after = (await ok(gql("matching", student, STATUS, { id }))).cycleReviews;
    expect(after.dueCycle).toBeNull();
    expect(after.reviews).toHaveLength(1);

    const again = await refused(gql("matching", student, SUBMIT, input(id, { score: 3 })));
    expect(again).toMatchObject({
      classification: "BAD_REQUEST",
      code: "review_already_submitted",
    });
    expect(again.message).toMatch(/이미/);
    const rows = await reviewRows(lectureId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(9);
  });

  it("5 parallel submits of one cycle write exactly one review", async () => {
    const fixture = await matchedLecture();
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, fixture.student);
    await holdLessons(fixture, 4);
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        gql("matching", n % 2 ? parent : fixture.student, SUBMIT, input(fixture.id, { score: n })),
      ),
    );
    const bodies = results.map((r) => r.json());
    expect(bodies.filter((b) => !b.errors)).toHaveLength(1);
    for (const b of bodies.filter((b) => b.errors)) {
      expect(b.errors[0].extensions.code).toBe("review_already_submitted");
    }
    expect(await reviewRows(fixture.lectureId)).toHaveLength(1);
  });

  it.each([
    { label: "score 11", patch: { score: 11 }, field: "score" },
    { label: "score -1", patch: { score: -1 }, field: "score" },
    { label: "score 2.5", patch: { score: 2.5 }, field: "score" },
    { label: "a 1,001-character comment", patch: { comment: "가".repeat(1001) }, field: "comment" },
  ])("refuses $label with a Korean message, nothing written", async ({ patch, field }) => {
    const fixture = await matchedLecture();
    await holdLessons(fixture, 4);
    const res = (await gql("matching", fixture.student, SUBMIT, input(fixture.id, patch))).json();
    expect(res.errors[0].extensions).toMatchObject({
      classification: "BAD_REQUEST",
      code: "validation_failed",
    });
    expect(res.errors[0].message).toMatch(field === "score" ? /0점부터 10점/ : /1,000자/);
    expect(await reviewRows(fixture.lectureId)).toHaveLength(0);
    expect(
      (await ok(gql("matching", fixture.student, STATUS, { id: fixture.id }))).cycleReviews,
    ).toMatchObject({ dueCycle: 1 });
  });

  it("another family, the tutor and staff cannot submit; staff can read", async () => {
    const fixture = await matchedLecture();
    await holdLessons(fixture, 4);
    const stranger = await newUser(t, "STUDENT");
    const strangerParent = await newUser(t, "PARENT");
    await linkParent(t, strangerParent, stranger);
    for (const who of [stranger, strangerParent, fixture.tutor]) {
      expect(await refused(gql("matching", who, SUBMIT, input(fixture.id)))).toMatchObject({
        classification: "FORBIDDEN",
        code: "not_your_lecture",
      });
      expect(await refused(gql("matching", who, STATUS, { id: fixture.id }))).toMatchObject({
        code: "not_your_lecture",
      });
    }
    expect((await refused(gql("matching", admin, SUBMIT, input(fixture.id)))).code).toBe(
      "family_only",
    );
    expect(
      (await ok(gql("matching", admin, STATUS, { id: fixture.id }))).cycleReviews.dueCycle,
    ).toBe(1);
    expect(await reviewRows(fixture.lectureId)).toHaveLength(0);
    expect((await refused(gql("matching", fixture.student, CONSENTED, {}))).code).toBe(
      "staff_only",
    );
  });

  it("emits cycle-review.submitted in the transaction, with lowScore and wantsTutorChange", async () => {
    const fixture = await matchedLecture();
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, fixture.student);
    await holdLessons(fixture, 4);
    const events = createEventBus(t.database.db);
    const seen: CycleReviewSubmittedEvent[] = [];
    events.on("cycle-review.submitted", "test", async (tx, event) => {
      // In the submitting transaction: the review is already visible to it.
      const [row] = await tx
        .select()
        .from(schema.cycleReviews)
        .where(eq(schema.cycleReviews.id, event.reviewId));
      expect(row).toBeDefined();
      seen.push(event);
    });
    const review = await submitCycleReview(
      { db: t.database.db, clock, events },
      { userNo: parent.userNo, userType: "PARENT" },
      {
        lectureId: fixture.lectureId,
        cycle: 1,
        score: 3,
        comment: "  설명이 너무 빨라요  ",
        wantsTutorChange: true,
        publishConsent: false,
      },
    );
    expect(seen).toEqual([
      {
        reviewId: review.id,
        lectureId: fixture.lectureId,
        userId: fixture.student.userNo,
        tutorUserId: fixture.tutor.userNo,
        cycle: 1,
        score: 3,
        wantsTutorChange: true,
        lowScore: true,
        comment: "설명이 너무 빨라요",
        actorUserId: parent.userNo,
        at: expect.any(Date),
      },
    ]);
    expect(review.authorRole).toBe("PARENT");

    // A handler that throws rolls the review back.
    const failing = createEventBus(t.database.db);
    failing.on("cycle-review.submitted", "test", () => {
      throw new Error("handler failed");
    });
    const other = await matchedLecture();
    await holdLessons(other, 4);
    await expect(
      submitCycleReview(
        { db: t.database.db, clock, events: failing },
        { userNo: other.student.userNo, userType: "STUDENT" },
        {
          lectureId: other.lectureId,
          cycle: 1,
          score: 8,
          comment: null,
          wantsTutorChange: false,
          publishConsent: true,
        },
      ),
    ).rejects.toThrow("handler failed");
    expect(await reviewRows(other.lectureId)).toHaveLength(0);
  });

  it("staff publish only reviews with consent; a published one is a verified marketing review", async () => {
    const withConsent = await matchedLecture();
    await holdLessons(withConsent, 4);
    const published = (
      await ok(
        gql(
          "matching",
          withConsent.student,
          SUBMIT,
          input(withConsent.id, { score: 8, comment: "질문하기 편해요." }),
        ),
      )
    ).submitCycleReview;
    const noConsent = await matchedLecture();
    await holdLessons(noConsent, 4);
    const privateReview = (
      await ok(
        gql("matching", noConsent.student, SUBMIT, input(noConsent.id, { publishConsent: false })),
      )
    ).submitCycleReview;

    expect(
      await refused(gql("matching", admin, PUBLISH, { id: privateReview.id, p: true })),
    ).toMatchObject({ classification: "BAD_REQUEST", code: "no_publish_consent" });
    expect(
      (await refused(gql("matching", withConsent.student, PUBLISH, { id: published.id, p: true })))
        .code,
    ).toBe("staff_only");

    const listed = (await ok(gql("matching", admin, CONSENTED, { published: false })))
      .consentedCycleReviews;
    const ids = listed.data.map((d: { review: { id: string } }) => d.review.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(privateReview.id);
    expect(
      listed.data.find((d: { review: { id: string } }) => d.review.id === published.id),
    ).toMatchObject({ studentName: "김하늘", tutorName: "박보호" });

    expect(
      (await ok(gql("matching", admin, PUBLISH, { id: published.id, p: true }))).publishCycleReview,
    ).toMatchObject({ published: true });
    const REVIEWS = `{ reviews(pageSize: 50) { data { id subject authorLabel title body rating score verified } } }`;
    const marketing = (await ok(gql("marketing", null, REVIEWS))).reviews.data;
    const verified = marketing.filter((r: { verified: boolean }) => r.verified);
    expect(verified).toContainEqual(
      expect.objectContaining({
        subject: "수학",
        authorLabel: "김*늘 학생",
        title: "박** 선생님과 수학 수업",
        body: "질문하기 편해요.",
        score: 8,
        rating: 4,
      }),
    );
    // The local demo's examples stay marked as not verified.
    expect(marketing.filter((r: { verified: boolean }) => !r.verified).length).toBeGreaterThan(0);
    for (const r of marketing.filter((r: { verified: boolean }) => !r.verified)) {
      expect(r.score).toBeNull();
    }

    await ok(gql("matching", admin, PUBLISH, { id: published.id, p: false }));
    const afterUnpublish = (await ok(gql("marketing", null, REVIEWS))).reviews.data;
    expect(afterUnpublish.filter((r: { verified: boolean }) => r.verified)).not.toContainEqual(
      expect.objectContaining({ body: "질문하기 편해요." }),
    );
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `cycle_review:${published.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "cycle_review_publish",
      "cycle_review_unpublish",
    ]);
  });

  it("the publication writer asks REVIEW_PUBLICATION_TRANSITIONS: publishing twice throws, nothing written (issue #10)", async () => {
    const lecture = await matchedLecture();
    await holdLessons(lecture, 4);
    const review = (
      await ok(
        gql("matching", lecture.student, SUBMIT, input(lecture.id, { comment: "꼼꼼해요." })),
      )
    ).submitCycleReview;
    await ok(gql("matching", admin, PUBLISH, { id: review.id, p: true }));
    const read = async () =>
      (
        await t.database.db
          .select()
          .from(schema.cycleReviews)
          .where(eq(schema.cycleReviews.id, Number(review.id)))
      )[0]!;
    const before = await read();
    expect(before.publishedAt).not.toBeNull();
    await expect(
      setPublished(t.database.db, before.id, "PUBLISHED", {
        at: new Date(before.publishedAt!.getTime() + 60_000),
        byUserId: lecture.student.userNo,
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await read()).toEqual(before);
    // A writer that read UNPUBLISHED (stale) misses: the write is conditional on the state read.
    expect(
      await setPublished(t.database.db, before.id, "UNPUBLISHED", {
        at: new Date(),
        byUserId: admin.userNo,
      }),
    ).toBeUndefined();
    expect(await read()).toEqual(before);
  });
});
