/**
 * Billing cards (issue #4, #11 item 4; SPEC.md §3 Main billing card, §7
 * RegisterMainBillingCard; docs/api/payments.md): registering a student's main card through the
 * gateway's billing key (only the key and masked facts are kept) and reading it.
 */
import { payerFailureMessage, type CardType } from "@seoltab/domain";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import { type AuthUser, mayActFor } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  type CardCredentials,
} from "./gateway/gateway.port.ts";
import {
  findMainBillingCard,
  insertPendingBillingCard,
  replaceMainBillingCard,
  type BillingCardRow,
} from "./payments.repository.ts";
import { type PaymentsDeps, requireStudentFor } from "./payments.common.ts";

export interface RegisterCardInput extends CardCredentials {
  cardType: CardType;
  /** The student the card pays for; default: the caller. */
  userId?: number | null;
  /**
   * From a checkout (issue #11 item 4): keep the current main card; this card becomes the main
   * card only when a payment with it succeeds (`promoteBillingCard`). Default: main at once.
   */
  mainAfterPayment?: boolean | null;
}

/**
 * Registers the main billing card of a student (SPEC.md §7 RegisterMainBillingCard): the card
 * goes to the gateway once to issue a billing key (customer_uid `seoltab-u{user}-c{time}`); only
 * the key, masked number, company and name are kept. Returns the new card — the main card, or
 * with `mainAfterPayment` a card waiting for its first successful payment.
 * @throws AppError forbidden `not_your_user`; validation `card_refused` with the family's
 *   message for the gateway's code (packages/domain payerFailureMessage: SPEC.md §8's
 *   invalid-card message for F112; `PG_CODE` in the response); unavailable `gateway_unavailable`
 */
export async function registerMainBillingCard(
  deps: PaymentsDeps,
  caller: AuthUser,
  input: RegisterCardInput,
  requestId: string | null,
): Promise<BillingCardRow> {
  const userId = input.userId ?? caller.userNo;
  await requireStudentFor(deps.db, caller, userId);
  const now = deps.clock.now();
  const customerUid = `seoltab-u${userId}-c${now.getTime().toString(36)}`;
  let key;
  try {
    key = await deps.gateway.issueBillingKey(customerUid, {
      cardNumber: input.cardNumber,
      expiry: input.expiry,
      birth: input.birth,
      pwd2digit: input.pwd2digit,
    });
  } catch (err) {
    if (err instanceof GatewayRefusedError) {
      // The gateway's own text is for staff: logged without the card, never sent to the family.
      deps.log.info(
        { pgCode: err.pgCode, gatewayMessage: err.message, userId },
        "billing key refused",
      );
      throw new AppError("validation", "card_refused", payerFailureMessage(err.message), [], {
        response: { PG_CODE: err.pgCode },
      });
    }
    if (err instanceof GatewayTimeoutError || err instanceof GatewayUnavailableError) {
      throw new AppError("unavailable", "gateway_unavailable", PAYMENT_MESSAGES.gatewayUnavailable);
    }
    throw err;
  }
  const row = {
    userId,
    registeredByUserId: caller.userNo,
    billingKey: key.customerUid,
    name: key.cardName,
    companyName: key.companyName,
    numberMasked: key.maskedNumber,
    cardType: input.cardType,
    isLegacy: false,
  };
  const card = input.mainAfterPayment
    ? await insertPendingBillingCard(deps.db, row, now)
    : await replaceMainBillingCard(deps.db, row, now);
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: initiatorOf(caller),
    actorUserId: caller.userNo,
    action: "billing_card_registered",
    target: `user:${userId}`,
    detail: { cardId: card.id, company: card.companyName, main: card.isMain },
    requestId,
  });
  return card;
}

/**
 * The main billing card of `userId` (default: the caller), or null.
 * @throws AppError forbidden `not_your_user`
 */
export async function getMainBillingCard(
  deps: PaymentsDeps,
  caller: AuthUser,
  userId?: number | null,
): Promise<BillingCardRow | null> {
  const target = userId ?? caller.userNo;
  if (!(await mayActFor(deps.db, caller, target))) {
    throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
  }
  return (await findMainBillingCard(deps.db, target)) ?? null;
}
