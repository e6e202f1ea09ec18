/**
 * The cycle-reviews area (issue #14 "Per-cycle review"; DESIGN.md §9; docs/api/cycle-reviews.md):
 * after every 4 held lessons the student or a linked parent rates the lecture's tutor 0..10 with a
 * comment, answers "change tutor?" and says whether the review may be published. Each cycle is
 * reviewed once (unique (lecture, cycle); the lecture row is locked while submitting). The submit
 * emits `cycle-review.submitted` in its transaction: lecture-changes opens a tutor-change request
 * for staff on a low score with "yes" — this area never opens one itself. Staff list the reviews
 * with consent and publish or unpublish one (`cycle-review.published`, marketing shows it).
 *
 * Who may act: the student and linked parents submit and read; staff read, publish, unpublish.
 * Another family's lecture (or an unknown one): FORBIDDEN `not_your_lecture`.
 */
import type { Database } from "@seoltab/db";
import {
  CYCLE_REVIEW_MESSAGES,
  dueReviewCycle,
  isLowReviewScore,
  isStaffUserType,
  maskName,
  maskTutorName,
  parseCycleReview,
  publicationStateOf,
  reviewStars,
  seoulDateParts,
  type CycleReviewInput,
} from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { requireStaff } from "../../platform/auth.ts";
import type { EventBus } from "../../platform/events.ts";
import { isUniqueViolation, withTransaction } from "../../platform/transactions.ts";
import { findUserById, type AuthUser } from "../accounts/accounts.public.ts";
import { findTaxonomyEntries } from "../catalog/catalog.public.ts";
import { lectureForCaller, type LectureRow } from "../lectures/lectures.public.ts";
import { findRequestByLecture, formOf } from "../lesson-requests/lesson-requests.public.ts";
import { countHeldLessons } from "../lessons/lessons.public.ts";
import type {} from "./cycle-reviews.public.ts"; // DomainEvents: cycle-review.*
import * as repo from "./cycle-reviews.repository.ts";

export interface CycleReviewsDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
}

export const CYCLE_REVIEW_API_MESSAGES = {
  ...CYCLE_REVIEW_MESSAGES,
  staffOnly: "운영팀만 할 수 있는 일이에요.",
  familyOnly: "수업 평가는 학생 본인이나 연결된 보호자만 남길 수 있어요.",
  notFound: "수업 평가를 찾을 수 없어요.",
  noConsent: "작성자가 공개에 동의하지 않은 평가는 게시할 수 없어요.",
  noComment: "한 줄 평이 없는 평가는 게시할 수 없어요.",
  page: "페이지 번호는 1 이상이어야 해요.",
} as const;

export const CYCLE_REVIEW_PAGE_SIZE = 20;

const staffRefusal = { code: "staff_only", message: CYCLE_REVIEW_API_MESSAGES.staffOnly };

/** A lecture's reviews and the cycle the family may review now (null: none). */
export interface LectureCycleReviews {
  lecture: LectureRow;
  held: number;
  dueCycle: number | null;
  reviews: repo.CycleReviewRow[];
}

/**
 * cycleReviews(lectureId): the student, a linked parent or staff.
 * @throws AppError forbidden `not_your_lecture`
 */
export async function cycleReviewsOf(
  deps: CycleReviewsDeps,
  caller: AuthUser,
  lectureId: number,
): Promise<LectureCycleReviews> {
  const lecture = await lectureForCaller(deps.db, caller, lectureId);
  const [held, reviews] = await Promise.all([
    countHeldLessons(deps.db, lecture.id),
    repo.findReviewsOfLecture(deps.db, lecture.id),
  ]);
  return {
    lecture,
    held,
    dueCycle: dueReviewCycle(
      held,
      reviews.map((r) => r.cycle),
    ),
    reviews,
  };
}

/** The lecture's subject as shown (the top subject of the request form's INGANG entry). */
async function subjectOf(db: Database, lecture: LectureRow): Promise<string> {
  const form = formOf(await findRequestByLecture(db, lecture.id));
  if (form.lectureSubjectId !== null) {
    const entries = await findTaxonomyEntries(db, "INGANG");
    let entry = entries.find((e) => e.termTaxonomyId === form.lectureSubjectId);
    while (entry && entry.depth > 1 && entry.parent) {
      const parent = entry.parent;
      entry = entries.find((e) => e.termTaxonomyId === parent);
    }
    if (entry) return entry.name.slice(0, 20);
  }
  return lecture.title.slice(0, 20);
}

/**
 * submitCycleReview: the student or a linked parent reviews the due cycle of their lecture.
 * Checks the fields first (nothing is written on bad input), then, with the lecture locked, that
 * `cycle` is the due one. Emits `cycle-review.submitted` in the same transaction.
 * @throws AppError validation `validation_failed` (score 0..10 integer, comment <= 1,000, cycle);
 *   forbidden `not_your_lecture` | `family_only` (staff, tutors);
 *   conflict `review_already_submitted` | `cycle_not_due`
 */
export async function submitCycleReview(
  deps: CycleReviewsDeps,
  caller: AuthUser,
  input: CycleReviewInput & { lectureId: number },
): Promise<repo.CycleReviewRow> {
  const parsed = parseCycleReview(input);
  if (!parsed.ok) {
    throw new AppError(
      "validation",
      "validation_failed",
      parsed.problems[0]!.message,
      parsed.problems,
    );
  }
  const values = parsed.value;
  if (isStaffUserType(caller.userType)) {
    throw new AppError("forbidden", "family_only", CYCLE_REVIEW_API_MESSAGES.familyOnly);
  }
  const at = deps.clock.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      // The lock serialises concurrent submits of one lecture; the unique index is the backstop.
      const lecture = await lectureForCaller(tx, caller, input.lectureId, { forUpdate: true });
      const reviews = await repo.findReviewsOfLecture(tx, lecture.id);
      if (reviews.some((r) => r.cycle === values.cycle)) throw alreadySubmitted();
      const held = await countHeldLessons(tx, lecture.id);
      const due = dueReviewCycle(
        held,
        reviews.map((r) => r.cycle),
      );
      if (due !== values.cycle) {
        throw new AppError("conflict", "cycle_not_due", CYCLE_REVIEW_MESSAGES.notDue, [
          { field: "cycle", message: CYCLE_REVIEW_MESSAGES.notDue },
        ]);
      }
      const lowScore = isLowReviewScore(values.score);
      const review = await repo.insertReview(tx, {
        lectureId: lecture.id,
        cycle: values.cycle,
        userId: lecture.userId,
        tutorUserId: lecture.tutorUserId,
        authorUserId: caller.userNo,
        authorRole: caller.userType === "PARENT" ? "PARENT" : "STUDENT",
        score: values.score,
        comment: values.comment,
        wantsTutorChange: values.wantsTutorChange,
        lowScore,
        publishConsent: values.publishConsent,
        subject: await subjectOf(tx, lecture),
        heldLessons: held,
        createdAt: at,
      });
      await deps.events.emit(tx, "cycle-review.submitted", {
        reviewId: review.id,
        lectureId: lecture.id,
        userId: lecture.userId,
        tutorUserId: lecture.tutorUserId,
        cycle: review.cycle,
        score: review.score,
        wantsTutorChange: review.wantsTutorChange,
        lowScore,
        comment: review.comment,
        actorUserId: caller.userNo,
        at,
      });
      return review;
    });
  } catch (error) {
    if (isUniqueViolation(error, repo.LECTURE_CYCLE_KEY)) throw alreadySubmitted();
    throw error;
  }
}

function alreadySubmitted(): AppError {
  return new AppError(
    "conflict",
    "review_already_submitted",
    CYCLE_REVIEW_MESSAGES.alreadySubmitted,
  );
}

/**
 * Staff: the reviews whose author agreed to publication, newest first (`published` filters).
 * @throws AppError forbidden `staff_only`; validation `invalid_page`
 */
export async function consentedReviews(
  deps: CycleReviewsDeps,
  caller: AuthUser,
  input: { page: number; published?: boolean },
) {
  requireStaff(caller, staffRefusal);
  if (!Number.isInteger(input.page) || input.page < 1) {
    throw new AppError("validation", "invalid_page", CYCLE_REVIEW_API_MESSAGES.page, [
      { field: "page", message: CYCLE_REVIEW_API_MESSAGES.page },
    ]);
  }
  const { rows, total } = await repo.findConsentedPage(
    deps.db,
    input.published === undefined ? {} : { published: input.published },
    (input.page - 1) * CYCLE_REVIEW_PAGE_SIZE,
    CYCLE_REVIEW_PAGE_SIZE,
  );
  return {
    rows,
    total,
    page: input.page,
    totalPages: Math.max(1, Math.ceil(total / CYCLE_REVIEW_PAGE_SIZE)),
  };
}

/** The masked labels a published review shows. */
async function publicLabels(db: Database, review: repo.CycleReviewRow) {
  const student = await findUserById(db, review.userId);
  const tutor = review.tutorUserId ? await findUserById(db, review.tutorUserId) : undefined;
  const studentLabel = `${maskName(student?.name ?? "학생")} 학생`;
  return {
    authorLabel: review.authorRole === "PARENT" ? `${studentLabel} 학부모` : studentLabel,
    title: `${maskTutorName(tutor?.name ?? null)} 선생님과 ${review.subject} 수업`,
  };
}

/**
 * Staff: publishes (or, with `published` false, unpublishes) a review on /seoltab_review. Only a
 * review with the author's consent and a comment can be published. An audit entry records it.
 * @throws AppError forbidden `staff_only`; not_found `review_not_found`;
 *   conflict `no_publish_consent` | `no_comment`
 */
export async function setReviewPublished(
  deps: CycleReviewsDeps,
  caller: AuthUser,
  input: { reviewId: number; published: boolean },
): Promise<repo.CycleReviewRow> {
  const initiator = requireStaff(caller, staffRefusal);
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const review = await repo.findReviewById(tx, input.reviewId, { forUpdate: true });
    if (!review) {
      throw new AppError("not_found", "review_not_found", CYCLE_REVIEW_API_MESSAGES.notFound);
    }
    if (input.published && !review.publishConsent) {
      throw new AppError("conflict", "no_publish_consent", CYCLE_REVIEW_API_MESSAGES.noConsent);
    }
    if (input.published && !review.comment) {
      throw new AppError("conflict", "no_comment", CYCLE_REVIEW_API_MESSAGES.noComment);
    }
    if (input.published === (review.publishedAt !== null)) return review;
    const row = await repo.setPublished(
      tx,
      review.id,
      publicationStateOf(review.publishedAt),
      input.published ? { at, byUserId: caller.userNo } : null,
    );
    // The row is locked (FOR UPDATE) since it was read, so the conditional write cannot miss.
    if (!row) throw new Error(`cycle review ${review.id}: publication moved under its lock`);
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: input.published ? "cycle_review_publish" : "cycle_review_unpublish",
      target: `cycle_review:${review.id}`,
      detail: { lectureId: review.lectureId, cycle: review.cycle },
    });
    await deps.events.emit(tx, "cycle-review.published", {
      reviewId: review.id,
      review: input.published
        ? {
            ...(await publicLabels(tx, review)),
            year: seoulDateParts(review.createdAt).year,
            subject: review.subject,
            body: review.comment ?? "",
            score: review.score,
            rating: reviewStars(review.score),
            createdAt: review.createdAt,
          }
        : null,
      at,
    });
    return row;
  });
}
