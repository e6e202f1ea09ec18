/**
 * Reading payments (issue #4; SPEC.md §7 Payments; docs/api/payments.md, docs/api/accounts.md):
 * a payment with its items and subscription (`viewOf`, `getPaymentForCaller`: another family's
 * payment reads as missing), a user's payments newest first with a keyset cursor
 * (`listUserPayments`), and a student's LECTURE_INFO (`lectureInfoOf`).
 */
import {
  addMonthsSeoul,
  lectureState,
  type LectureState,
  type PaymentItemState,
  type PaymentState,
} from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import { type AuthUser, findChildren, mayActFor } from "../accounts/accounts.public.ts";
import { decodeCursor, encodeCursor } from "../../platform/pagination.ts";
import type { ViewCache } from "../../platform/view-cache.ts";
import {
  findItemsOfPayments,
  findLectureItemsOfUser,
  findPaymentById,
  findPaymentsOfUsers,
  findSubscriptionByFirstPayment,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";
import type { PaymentsDeps } from "./payments.common.ts";

/** A payment with its items and the subscription it started (if any). */
export interface PaymentView {
  payment: PaymentRow;
  items: PaymentItemRow[];
  subscription: SubscriptionRow | null;
}

/** A payment with its items and subscription. */
export async function viewOf(db: Database, payment: PaymentRow): Promise<PaymentView> {
  const items = await findItemsOfPayments(db, [payment.id]);
  const subscription = (await findSubscriptionByFirstPayment(db, payment.id)) ?? null;
  return { payment, items, subscription };
}

/**
 * One payment the caller may see (their own, their child's, or any for staff); null otherwise
 * (another user's id is indistinguishable from a missing one).
 */
export async function getPaymentForCaller(
  deps: PaymentsDeps,
  caller: AuthUser,
  paymentId: number,
): Promise<PaymentView | null> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) return null;
  if (!(await mayActFor(deps.db, caller, payment.userId))) return null;
  return viewOf(deps.db, payment);
}

export interface PaymentPage {
  views: PaymentView[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * The caller's payments (SPEC.md §7 Payments): a student's own; a parent's children's (all, or
 * `userId`); staff must name `userId`. Newest first, keyset-paginated (`first` 1-50).
 * With `views` the page is kept in the read cache (platform/view-cache.ts); who may read is
 * checked on every call before it.
 * @throws AppError forbidden `not_your_user`; validation `invalid_cursor`
 */
export async function listUserPayments(
  deps: PaymentsDeps,
  caller: AuthUser,
  options: { userId?: number | null; first: number; after?: string | null },
  views?: ViewCache,
): Promise<PaymentPage> {
  let subject: string;
  if (options.userId != null) {
    if (!(await mayActFor(deps.db, caller, options.userId))) {
      throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
    }
    subject = `user:${options.userId}`;
  } else if (caller.userType === "PARENT") {
    subject = `children-of:${caller.userNo}`;
  } else {
    subject = `user:${caller.userNo}`;
  }
  const cursor = options.after ? decodeCursor(options.after, "int") : null;
  if (options.after && !cursor) {
    throw new AppError(
      "validation",
      "invalid_cursor",
      "페이지 정보가 올바르지 않아요. 처음부터 다시 불러와 주세요.",
    );
  }
  const load = async () => {
    const userIds =
      options.userId == null && caller.userType === "PARENT"
        ? (await findChildren(deps.db, caller.userNo)).map((c) => c.id)
        : [options.userId ?? caller.userNo];
    const rows = await findPaymentsOfUsers(deps.db, userIds, options.first + 1, cursor);
    const page = rows.slice(0, options.first);
    const items = await findItemsOfPayments(
      deps.db,
      page.map((p) => p.id),
    );
    const last = page.at(-1);
    return {
      value: {
        views: page.map((payment) => ({
          payment,
          items: items.filter((i) => i.paymentId === payment.id),
          subscription: null,
        })),
        hasNextPage: rows.length > options.first,
        endCursor: last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      },
      // Nothing in a payment page turns with time alone.
      validUntil: Infinity,
    };
  };
  if (!views) return (await load()).value;
  return views.read(`userPayments:${subject}:${options.first}:${options.after ?? ""}`, load);
}

/** One entry of a student's LECTURE_INFO (POST /main/getUserInfo; docs/api/accounts.md). */
export interface LectureInfoEntry {
  LECTURE_NO: number;
  PAYMENT_ID: number;
  TITLE: string;
  MONTHS: number;
  /** SPEC.md §4 matching or lecture state (packages/domain lectureState). */
  STATE: LectureState;
  /** ISO instants: the paid period; null while unpaid. */
  START_AT: string | null;
  END_AT: string | null;
  /** The next monthly charge (ISO), when a subscription renews it. */
  NEXT_CHARGE_AT: string | null;
}

/** The lectures a student bought, newest first (at most 50), with their state at `now`. */
export async function lectureInfoOf(
  db: Database,
  userId: number,
  now: Date,
): Promise<LectureInfoEntry[]> {
  const rows = await findLectureItemsOfUser(db, userId);
  return rows.map((row) => {
    const started = row.subscriptionStartedAt;
    const startAt = started ?? row.completedAt;
    const endsAt =
      started && row.subscriptionPaidMonths !== null
        ? addMonthsSeoul(started, row.subscriptionPaidMonths)
        : row.completedAt
          ? addMonthsSeoul(row.completedAt, row.itemMonths)
          : null;
    return {
      LECTURE_NO: row.itemId,
      PAYMENT_ID: row.paymentId,
      TITLE: row.itemName,
      MONTHS: row.itemMonths,
      STATE: lectureState({
        paymentState: row.paymentState as PaymentState,
        itemState: row.itemState as PaymentItemState | null,
        subscriptionStatus: row.subscriptionStatus,
        endsAt,
        now,
      }),
      START_AT: startAt ? startAt.toISOString() : null,
      END_AT: endsAt ? endsAt.toISOString() : null,
      NEXT_CHARGE_AT:
        row.subscriptionStatus === "ACTIVE" && row.subscriptionNextChargeAt
          ? row.subscriptionNextChargeAt.toISOString()
          : null,
    };
  });
}
