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
