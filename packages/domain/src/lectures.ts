/**
 * The lecture state shown in a student's LECTURE_INFO (SPEC.md §3 User info, §4 matching or
 * lecture states) for a bought lecture, until tutor matching exists (then MATCHED / ACTIVE /
 * REMATCH come from it). Pure: the current time is a parameter.
 *
 * Precedence (first that applies):
 * 1. refunded item (REFUNDED) → FINISH
 * 2. payment not paid yet (READY, e.g. a virtual account awaiting its deposit) → NOPAY
 * 3. subscription PAST_DUE (renewals declined) → NOPAY
 * 4. the paid period is over and no active subscription carries it on → DONE
 * 5. otherwise → READY (paid, waiting for a tutor match)
 */
import type { LectureState, PaymentItemState, PaymentState } from "./enums.ts";
import { assertTransition, canTransition, type TransitionTable } from "./payments.ts";

export interface LectureStateInput {
  paymentState: PaymentState;
  itemState: PaymentItemState | null;
  /** ACTIVE, PAST_DUE, CANCELLED, or null without a subscription. */
  subscriptionStatus: string | null;
  /** End of the paid period (exclusive); null while unpaid. */
  endsAt: Date | null;
  now: Date;
}

export function lectureState(input: LectureStateInput): LectureState {
  if (input.itemState === "REFUNDED") return "FINISH";
  if (input.paymentState === "READY") return "NOPAY";
  if (input.subscriptionStatus === "PAST_DUE") return "NOPAY";
  if (
    input.endsAt !== null &&
    input.endsAt.getTime() <= input.now.getTime() &&
    input.subscriptionStatus !== "ACTIVE"
  ) {
    return "DONE";
  }
  return "READY";
}

// --- lecture records (issue #13; DESIGN.md §9) ------------------------------------------------

/**
 * What each state of a lecture record means (docs/api/lectures.md has the same table):
 * - REGISTER: paid; the lesson request form is not submitted yet.
 * - READY: the form is submitted; a staff manager is looking for a tutor (a NEW matching).
 * - MATCHED: the family chose a tutor and agreed a weekly plan; no lesson held yet.
 * - ACTIVE: the first lesson was held; lessons follow the weekly plan.
 * - REMATCH: the family asked for another tutor; a TEACHER_CHANGE matching is open.
 * - REMATCH_B: the tutor stepped down; staff look for another tutor.
 * - NOPAY: a renewal or deposit is unpaid; lessons wait.
 * - NOCARD: a renewal is due and there is no billing card.
 * - FINISH: stopped early (the item was refunded, or staff ended it).
 * - AUTO_FINISH: the paid period ended without a renewal.
 * - DONE: the course ran to its end.
 */
export const LECTURE_TRANSITIONS: TransitionTable<LectureState> = {
  REGISTER: ["READY", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH"],
  READY: ["REGISTER", "MATCHED", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH"],
  MATCHED: ["ACTIVE", "REMATCH", "REMATCH_B", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH"],
  ACTIVE: ["REMATCH", "REMATCH_B", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH", "DONE"],
  REMATCH: ["MATCHED", "ACTIVE", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH"],
  REMATCH_B: ["MATCHED", "ACTIVE", "FINISH", "NOPAY", "NOCARD", "AUTO_FINISH"],
  NOPAY: ["REGISTER", "READY", "MATCHED", "ACTIVE", "FINISH", "AUTO_FINISH"],
  NOCARD: ["REGISTER", "READY", "MATCHED", "ACTIVE", "NOPAY", "FINISH", "AUTO_FINISH"],
  FINISH: [],
  AUTO_FINISH: [],
  DONE: [],
};

/**
 * True when LECTURE_TRANSITIONS allows a lecture to move from `from` to `to`.
 * Example: `canMoveLecture("REGISTER", "READY")` → true; `canMoveLecture("FINISH", "ACTIVE")` → false.
 */
export function canMoveLecture(from: LectureState, to: LectureState): boolean {
  return canTransition(LECTURE_TRANSITIONS, from, to);
}

/**
 * Asks LECTURE_TRANSITIONS before a lecture's state is written: returns when `from` → `to` is
 * allowed, else throws TransitionNotAllowedError (lifecycle "lecture"; the api answers it as a
 * conflict, `transition_not_allowed`). Example: `assertLectureMove("DONE", "ACTIVE")` throws.
 */
export function assertLectureMove(from: LectureState, to: LectureState): void {
  assertTransition(LECTURE_TRANSITIONS, "lecture", from, to);
}

/** States a lecture never leaves. */
export const FINAL_LECTURE_STATES: readonly LectureState[] = ["FINISH", "AUTO_FINISH", "DONE"];

/**
 * The state LECTURE_INFO shows for a lecture record: the record's own state, except that what
 * the payments say about the pass wins while the record is not final — a refunded item
 * (FINISH), an unpaid renewal or deposit (NOPAY), a period over (DONE).
 * Example: `displayedLectureState("MATCHED", "NOPAY")` → "NOPAY";
 * `displayedLectureState("READY", "READY")` → "READY".
 */
export function displayedLectureState(record: LectureState, derived: LectureState): LectureState {
  if (FINAL_LECTURE_STATES.includes(record)) return record;
  if (derived === "FINISH" || derived === "NOPAY" || derived === "DONE") return derived;
  return record;
}
