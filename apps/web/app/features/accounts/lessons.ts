/**
 * LECTURE_INFO of POST /main/getUserInfo (docs/api/accounts.md): the lectures a student bought,
 * newest first. Read defensively: the store keeps entries as loose records (an older build may
 * have stored another shape), and an entry without a title or state is left out.
 */
import { z } from "zod";

const lectureInfoEntry = z.object({
  LECTURE_NO: z.number(),
  PAYMENT_ID: z.number().nullish(),
  TITLE: z.string(),
  MONTHS: z.number(),
  STATE: z.string(),
  START_AT: z.string().nullish(),
  END_AT: z.string().nullish(),
  NEXT_CHARGE_AT: z.string().nullish(),
  /** The lecture record (issue #13): its id, the tutor once matched, the request form's state. */
  LECTURE_ID: z.number().nullish(),
  TUTOR_NAME: z.string().nullish(),
  REQUEST_STATE: z.string().nullish(),
  NEXT_LESSON_AT: z.string().nullish(),
});

/** One bought lecture. Times are ISO 8601 UTC (shown in Asia/Seoul); END_AT is exclusive. */
export type Lesson = z.output<typeof lectureInfoEntry>;

/** The well-formed entries of a LECTURE_INFO list, in the order given. */
export function lessonsOf(entries: readonly unknown[] | null | undefined): Lesson[] {
  if (!entries) return [];
  return entries.flatMap((entry) => {
    const parsed = lectureInfoEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
