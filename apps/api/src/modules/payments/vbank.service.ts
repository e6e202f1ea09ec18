/**
 * Staff actions on a virtual account awaiting its deposit (issue 16 "virtual accounts awaiting
 * deposit"; docs/api/admin.md; the console calls these through payments.public.ts):
 * - cancel: the gateway cancels the account (PortOne DELETE /vbanks/{imp_uid}) and the order
 *   is FAILED (nothing was paid; stock and referral uses are given back);
 * - re-issue: the old account is cancelled at the gateway and a new one is issued for the same
 *   order (same merchant_uid, a new due date); the family is told the new account.
 *
 * Both hold the payment's row lock while they talk to the gateway, so two staff acting on one
 * account at once do it once: the second finds it no longer awaiting (409 `vbank_not_awaiting`)
 * or, for a re-issue, the first's new account. Amounts are integer won; times UTC.
 */
import { eq, schema, type Database } from "@seoltab/db";
import type { Initiator } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  type GatewayPayment,
} from "./gateway/gateway.port.ts";
import {
  findPaymentById,
  transitionPayment,
  updatePaymentInState,
  withTransaction,
  type PaymentRow,
} from "./payments.repository.ts";
import { vbankDueAt } from "./payments.settlement.ts";
import type { PaymentsDeps } from "./payments.common.ts";

export const VBANK_ACTION_MESSAGES = {
  notFound: "결제를 찾을 수 없어요.",
  notAwaiting: "입금을 기다리는 가상계좌가 아니에요. 결제 상태를 다시 확인해 주세요.",
  changed: "그 사이 가상계좌가 바뀌었어요. 화면을 새로 고쳐 지금 계좌를 확인해 주세요.",
  expired: "입금 기한이 지난 가상계좌예요. 새 계좌를 발급해 주세요.",
  refused: (why: string) => `결제대행사가 요청을 거절했어요: ${why}`,
  unavailable: "결제대행사에 연결하지 못했어요. 바뀐 것은 없어요. 잠시 후 다시 시도해 주세요.",
  unknown:
    "결제대행사의 답을 받지 못했어요. 처리 여부는 잠시 후 결제 화면에서 확인해 주세요. (자동으로 확인해요)",
  issueFailed: "기존 계좌는 취소됐지만 새 계좌를 발급하지 못해 주문을 취소했어요.",
} as const;

/** Who acts and why (kept on the payment's history). */
export interface VbankActor {
  initiator: Initiator;
  actorUserId: number | null;
  /** Staff's reason, "라벨 — 직원이 적은 말". */
  reason: string;
  /**
   * Writes the caller's audit entry in the transaction that makes the change (both commit or
   * neither); `after` is the payment as left (FAILED when a re-issue could not get a new account).
   */
  record?: (tx: Database, change: { before: PaymentRow; after: PaymentRow }) => Promise<void>;
}

/** A virtual account as the console shows it (won, UTC). */
export interface VbankView {
  bankName: string;
  accountNumber: string;
  holder: string;
  dueAt: string;
}

/** Locks a READY virtual-account payment that has an account, or refuses. */
async function lockAwaiting(tx: Database, paymentId: number): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, paymentId))
    .for("update");
  if (!row) throw new AppError("not_found", "payment_not_found", VBANK_ACTION_MESSAGES.notFound);
  if (
    row.state !== "READY" ||
    row.paymentMethod !== "VBANK" ||
    !row.gatewayPaymentId ||
    !row.virtualAccount
  ) {
    throw new AppError("conflict", "vbank_not_awaiting", VBANK_ACTION_MESSAGES.notAwaiting);
  }
  return row;
}

/** The gateway's error as the console's answer (nothing was changed on our side). */
function gatewayError(err: unknown): Error {
  if (err instanceof GatewayRefusedError) {
    return new AppError("conflict", "vbank_refused", VBANK_ACTION_MESSAGES.refused(err.message));
  }
  if (err instanceof GatewayUnavailableError) {
    return new AppError("unavailable", "gateway_unavailable", VBANK_ACTION_MESSAGES.unavailable);
  }
  if (err instanceof GatewayTimeoutError) {
    return new AppError("unavailable", "gateway_unknown", VBANK_ACTION_MESSAGES.unknown);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * The old account no longer takes a deposit: cancelled now, or already cancelled before any
 * deposit (a repeat after a lost answer). A deposit already made is refused (409
 * `vbank_deposited`: the webhook / reconciliation will mark it PAID).
 */
async function cancelAtGateway(deps: PaymentsDeps, impUid: string): Promise<GatewayPayment> {
  try {
    return await deps.gateway.cancelVirtualAccount(impUid);
  } catch (err) {
    if (err instanceof GatewayRefusedError) {
      const seen = await deps.gateway.getPayment(impUid).catch(() => null);
      if (seen?.status === "cancelled" && seen.paidAt === null) return seen;
      if (seen?.status === "paid") {
        throw new AppError(
          "conflict",
          "vbank_deposited",
          "이미 입금된 가상계좌예요. 잠시 후 결제 상태를 다시 확인해 주세요.",
        );
      }
    }
    throw gatewayError(err);
  }
}

/**
 * Cancels a virtual account awaiting its deposit (staff, the console's `vbank_cancel`): the
 * gateway cancels the account, the payment READY → FAILED with the reason (stock and referral
 * reservations given back), and `payment.vbank-cancelled` is emitted in that transaction (the
 * messages area drops the pending deadline reminder).
 * @returns the payment before and after (won)
 * @throws AppError not_found `payment_not_found`; conflict `vbank_not_awaiting`,
 *   `vbank_deposited`, `vbank_refused`; unavailable `gateway_unavailable` (nothing changed),
 *   `gateway_unknown` (no answer: reconciliation settles it from the gateway)
 */
export async function cancelAwaitingVbank(
  deps: PaymentsDeps,
  paymentId: number,
  actor: VbankActor,
): Promise<{ before: PaymentRow; after: PaymentRow }> {
  return withTransaction(deps.db, async (tx) => {
    const before = await lockAwaiting(tx, paymentId);
    await cancelAtGateway(deps, before.gatewayPaymentId!);
    const at = deps.clock.now();
    const after = await transitionPayment(tx, paymentId, {
      from: "READY",
      to: "FAILED",
      initiator: actor.initiator,
      actorUserId: actor.actorUserId,
      reason: actor.reason,
      at,
      set: { failReason: `가상계좌 발급 취소 — ${actor.reason}`.slice(0, 300) },
    });
    await deps.events.emit(tx, "payment.vbank-cancelled", { payment: after!, at });
    await actor.record?.(tx, { before, after: after! });
    return { before, after: after! };
  });
}

/**
 * The old account is cancelled and the new one is not known (no answer, or an answer we do
 * not apply): the payment stays READY holding no account, so reconciliation applies whatever
 * the gateway has for the merchant_uid (a new ready account, or FAILED).
 */
async function unknownNewAccount(tx: Database, paymentId: number, at: Date) {
  await updatePaymentInState(
    tx,
    paymentId,
    "READY",
    { gatewayPaymentId: null, virtualAccount: null },
    at,
  );
  return { ok: false as const, error: gatewayError(new GatewayTimeoutError("no answer")) };
}

/**
 * Re-issues a virtual account for the same order (staff, the console's `vbank_reissue`): the
 * old account is cancelled at the gateway, a new one is issued with the same merchant_uid and
 * amount and a deposit deadline `dueDays` days from now (end of that day, Asia/Seoul), the
 * payment keeps its id and state READY with the new account, and `payment.vbank-issued` is
 * emitted with `reissue` (the family gets the new account; the old reminder is dropped).
 * Works also on an account whose deadline has passed while the payment is still READY.
 * `expectedImpUid` is the account staff saw: when the payment holds another one now (someone
 * re-issued it meanwhile) nothing is done, 409 `vbank_changed` — two staff re-issuing one
 * account at once give the family one new account, not two.
 * When the old account was cancelled but the gateway refused the new one, the order is FAILED
 * (409 `vbank_reissue_failed`); when its answer is lost, the payment stays READY without an
 * account and reconciliation applies what the gateway has (503 `gateway_unknown`).
 * @returns the payment before and after, and the new account
 * @throws AppError as `cancelAwaitingVbank`; conflict `vbank_changed`, `vbank_reissue_failed`
 */
export async function reissueAwaitingVbank(
  deps: PaymentsDeps,
  paymentId: number,
  dueDays: number,
  expectedImpUid: string,
  actor: VbankActor,
): Promise<{ before: PaymentRow; after: PaymentRow; vbank: VbankView }> {
  const outcome = await withTransaction(deps.db, async (tx) => {
    const before = await lockAwaiting(tx, paymentId);
    if (before.gatewayPaymentId !== expectedImpUid) {
      throw new AppError("conflict", "vbank_changed", VBANK_ACTION_MESSAGES.changed);
    }
    await cancelAtGateway(deps, before.gatewayPaymentId!);
    const at = deps.clock.now();
    let issued: GatewayPayment;
    try {
      issued = await deps.gateway.issueVirtualAccount({
        merchantUid: before.merchantUid,
        amount: before.paidPrice,
        name: before.name,
        dueAt: vbankDueAt(at, dueDays),
        holder: deps.settings.vbankHolder,
      });
    } catch (err) {
      if (err instanceof GatewayTimeoutError) return unknownNewAccount(tx, paymentId, at);
      await transitionPayment(tx, paymentId, {
        from: "READY",
        to: "FAILED",
        initiator: actor.initiator,
        actorUserId: actor.actorUserId,
        reason: `${VBANK_ACTION_MESSAGES.issueFailed} (${actor.reason})`,
        at,
        set: { failReason: VBANK_ACTION_MESSAGES.issueFailed },
      });
      const cancelled = (await findPaymentById(tx, paymentId))!;
      await deps.events.emit(tx, "payment.vbank-cancelled", { payment: cancelled, at });
      await actor.record?.(tx, { before, after: cancelled });
      const why = err instanceof Error ? err.message : "";
      return {
        ok: false as const,
        error: new AppError(
          "conflict",
          "vbank_reissue_failed",
          `${VBANK_ACTION_MESSAGES.issueFailed} ${why}`.trim().slice(0, 300),
        ),
      };
    }
    if (issued.status !== "ready" || !issued.vbank || issued.amount !== before.paidPrice) {
      return unknownNewAccount(tx, paymentId, at);
    }
    const vbank: VbankView = {
      bankName: issued.vbank.bankName,
      accountNumber: issued.vbank.accountNumber,
      holder: issued.vbank.holder,
      dueAt: issued.vbank.dueAt.toISOString(),
    };
    const after = await updatePaymentInState(
      tx,
      paymentId,
      "READY",
      { gatewayPaymentId: issued.impUid, receiptUrl: issued.receiptUrl, virtualAccount: vbank },
      at,
    );
    await deps.events.emit(tx, "payment.vbank-issued", {
      payment: after!,
      vbank: { ...issued.vbank },
      at,
      reissue: issued.impUid,
    });
    await actor.record?.(tx, { before, after: after! });
    return { ok: true as const, before, after: after!, vbank };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome;
}
