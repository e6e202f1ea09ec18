/**
 * The lesson ledger of paid lecture lines, for the refund quote (issue 14; DESIGN.md §9 "Lesson
 * ledger"; docs/decisions/029-refund-quote-from-the-ledger.md): the one query the refund quote
 * makes of `lessons`, inside the lessons area. Other areas reach it through lessons.public.ts;
 * the refunds area is handed `lessonLedgersOfLines` by modules/index.ts.
 */
import { and, eq, inArray, lte, schema, sql, type Database } from "@seoltab/db";
import { findLectureByPaymentItem } from "../lectures/lectures.public.ts";

const l = schema.lessons;

/** The ledger of one LECTURE line whose lecture has lesson records. */
export interface LineLessonLedger {
  paymentItemId: number;
  lectureId: number;
  /** Lesson rows of the lecture (planned, held, cancelled). */
  lessons: number;
  /** Lessons held (DONE) and recorded at or before the instant asked about. */
  held: number;
  /** Lessons cancelled (CANCEL), by anyone. */
  cancelled: number;
}

/**
 * For each of `paymentItemIds` that has a lecture (lectures.payment_item_id) with at least one
 * lesson row: its ledger as it stood at `at` — lessons held are those DONE with `recorded_at` ≤
 * `at` (the refund quote of a request made earlier is not changed by lessons recorded later).
 * Lines without a lecture, or whose lecture has no lessons yet, are absent from the map.
 * @returns paymentItemId → ledger
 */
export async function lessonLedgersOfLines(
  db: Database,
  paymentItemIds: readonly number[],
  at: Date,
): Promise<Map<number, LineLessonLedger>> {
  const lectures = new Map<number, number>(); // lectureId → paymentItemId
  for (const paymentItemId of new Set(paymentItemIds)) {
    const lecture = await findLectureByPaymentItem(db, paymentItemId);
    if (lecture) lectures.set(lecture.id, paymentItemId);
  }
  if (lectures.size === 0) return new Map();
  const rows = await db
    .select({
      lectureId: l.lectureId,
      lessons: sql<number>`count(*)::int`,
      held: sql<number>`(count(*) filter (where ${and(eq(l.state, "DONE"), lte(l.recordedAt, at))}))::int`,
      cancelled: sql<number>`(count(*) filter (where ${eq(l.state, "CANCEL")}))::int`,
    })
    .from(l)
    .where(inArray(l.lectureId, [...lectures.keys()]))
    .groupBy(l.lectureId);
  return new Map(
    rows.map((r) => {
      const paymentItemId = lectures.get(r.lectureId)!;
      return [
        paymentItemId,
        {
          paymentItemId,
          lectureId: r.lectureId,
          lessons: Number(r.lessons),
          held: Number(r.held),
          cancelled: Number(r.cancelled),
        },
      ];
    }),
  );
}
