/**
 * What every part of the payments area shares (issue #4; docs/api/payments.md): its settings and
 * dependencies (`PaymentsDeps`: db, gateway, clock, log, settings, event bus) and the access
 * check of a student's payment calls (`requireStudentFor`).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import { type AuthUser, findUserById, mayActFor } from "../accounts/accounts.public.ts";
import type { EventBus } from "../../platform/events.ts";
import type { PaymentGateway } from "./gateway/gateway.port.ts";

export interface PaymentsSettings {
  /** Holder name shown on virtual accounts (our business name). */
  vbankHolder: string;
  /** Days until a virtual account's deposit deadline (end of that day, Asia/Seoul). */
  vbankDueDays: number;
  /** How long a duplicate request waits for the first one's outcome, ms. */
  duplicateWaitMs: number;
}

export interface PaymentsDeps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: PaymentsSettings;
  /** The app's event bus: emits `payment.paid` (payments.public.ts) in the paying transaction. */
  events: EventBus;
}

export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = {
  vbankHolder: "(주)설탭",
  vbankDueDays: 3,
  duplicateWaitMs: 25_000,
};

/**
 * The student `userId` when the caller may act for them (self, parent, staff).
 * @throws AppError forbidden `not_your_user`; not_found `user_not_found`; validation `not_a_student`
 */
export async function requireStudentFor(db: Database, caller: AuthUser, userId: number) {
  if (!(await mayActFor(db, caller, userId))) {
    throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("not_found", "user_not_found", PAYMENT_MESSAGES.userNotFound);
  if (user.userType !== "STUDENT") {
    throw new AppError("validation", "not_a_student", PAYMENT_MESSAGES.notAStudent);
  }
  return user;
}
