/**
 * Held lessons of a lecture, for the per-cycle review (issue 14; docs/api/cycle-reviews.md): a
 * review is due after every 4 held lessons. A read of `lessons` beside lessons.repository.ts;
 * other areas reach it through lessons.public.ts.
 */
import { and, eq, schema, sql, type Database } from "@seoltab/db";

const l = schema.lessons;

/** How many lessons of `lectureId` are held (DONE), whenever they were recorded. */
export async function countHeldLessons(db: Database, lectureId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .where(and(eq(l.lectureId, lectureId), eq(l.state, "DONE")));
  return row?.n ?? 0;
}
