/**
 * Referral codes (issue #18; docs/api/discounts.md; SPEC.md §3 REFERRAL_CODE_DISCOUNT): every
 * student account has one code; a friend who enters it on their first order gets
 * `REFERRAL_DISCOUNT_WON` off, and the code's owner gets the same off one later order per friend
 * who paid. The discount amounts and precedence are packages/domain discounts.ts.
 *
 * Rules: your own code, an unknown code, or a second friend's code (a family uses one code
 * once) are refused with a Korean message before anything is charged; the use is written in the
 * transaction that creates the order, so two parallel orders cannot both use it (unique friend
 * index), and a failed order gives it back (`releaseReferralsOfPayment`).
 */
import { randomInt } from "node:crypto";
import type { Database } from "@seoltab/db";
import { AppError } from "../../errors.ts";
import { isUniqueViolation, withTransaction } from "../../platform/transactions.ts";
import {
  claimReward,
  countFriendsJoined,
  countUnclaimedRewards,
  findCode,
  findCodeOfUser,
  hasUsedAFriendsCode,
  insertCode,
  insertRedemption,
  releaseOfPayment,
} from "./discounts.repository.ts";

/** Korean messages of the discounts area (stable codes beside them). */
export const DISCOUNT_MESSAGES = {
  referralOwnCode: "내 추천 코드는 쓸 수 없어요. 친구에게 받은 코드를 입력해 주세요.",
  referralUnknown: "없는 추천 코드예요. 코드를 다시 확인해 주세요.",
  referralAlreadyUsed: "추천 코드 할인은 한 번만 받을 수 있어요. 이미 추천 코드를 쓰셨어요.",
  referralRewardTaken: "추천 보상이 다른 주문에 먼저 쓰였어요. 결제 금액을 다시 확인해 주세요.",
} as const;

/** Letters and digits without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

function newCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** The code as typed: spaces and dashes removed, upper case. */
export function normalizeReferralCode(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * The student's code, issued on first ask (a random 8-character code; a collision is retried).
 */
export async function referralCodeOf(db: Database, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const existing = await findCodeOfUser(db, userId);
    if (existing) return existing.code;
    await insertCode(db, userId, newCode());
  }
  const last = await findCodeOfUser(db, userId);
  if (!last) throw new Error("could not issue a referral code");
  return last.code;
}

/** What the code's owner sees: their code, friends who paid with it, rewards left. */
export async function referralSummary(
  db: Database,
  userId: number,
): Promise<{ code: string; friendsJoined: number; rewardsLeft: number }> {
  const code = await referralCodeOf(db, userId);
  return {
    code,
    friendsJoined: await countFriendsJoined(db, userId),
    rewardsLeft: await countUnclaimedRewards(db, userId),
  };
}

/** The referral part of an order: whose code a friend uses, and whether an owner reward applies. */
export interface ReferralUse {
  /** The owner of the friend's code used on this order; null when no code was given. */
  ownerUserId: number | null;
  /** The buyer has an unclaimed owner reward that this order takes. */
  ownerReward: boolean;
}

/**
 * Checks a code for `buyerUserId` and finds their owner reward (read only; nothing written).
 * @throws AppError validation `referral_unknown` | `referral_own_code`; conflict
 *   `referral_already_used`
 */
export async function resolveReferral(
  db: Database,
  buyerUserId: number,
  code: string | null | undefined,
): Promise<ReferralUse> {
  let ownerUserId: number | null = null;
  if (code) {
    const field = (message: string) => [{ field: "REFERRAL_CODE", message }];
    const row = await findCode(db, normalizeReferralCode(code));
    if (!row) {
      const m = DISCOUNT_MESSAGES.referralUnknown;
      throw new AppError("validation", "referral_unknown", m, field(m));
    }
    if (row.userId === buyerUserId) {
      const m = DISCOUNT_MESSAGES.referralOwnCode;
      throw new AppError("validation", "referral_own_code", m, field(m));
    }
    if (await hasUsedAFriendsCode(db, buyerUserId)) {
      const m = DISCOUNT_MESSAGES.referralAlreadyUsed;
      throw new AppError("conflict", "referral_already_used", m, field(m));
    }
    ownerUserId = row.userId;
  }
  const ownerReward = (await countUnclaimedRewards(db, buyerUserId)) > 0;
  return { ownerUserId, ownerReward };
}

/**
 * Writes the referral part of an order in the transaction that creates it (payments calls it
 * from `insertReadyPayment`): the friend's use (unique per friend) and the owner reward claim.
 * A throw rolls the order back: nothing is charged.
 * @throws AppError conflict `referral_already_used` (a parallel order used a code first),
 *   `referral_reward_taken` (a parallel order took the last reward)
 */
export async function recordReferralForOrder(
  tx: Database,
  buyerUserId: number,
  paymentId: number,
  use: ReferralUse,
): Promise<void> {
  if (use.ownerUserId !== null) {
    try {
      await withTransaction(tx, async (sp) => {
        await insertRedemption(sp, {
          ownerUserId: use.ownerUserId!,
          friendUserId: buyerUserId,
          paymentId,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(
          "conflict",
          "referral_already_used",
          DISCOUNT_MESSAGES.referralAlreadyUsed,
        );
      }
      throw err;
    }
  }
  if (use.ownerReward && !(await claimReward(tx, buyerUserId, paymentId))) {
    throw new AppError("conflict", "referral_reward_taken", DISCOUNT_MESSAGES.referralRewardTaken);
  }
}

/** Gives back the referral use and reward of an order that failed (READY → FAILED). */
export async function releaseReferralsOfPayment(tx: Database, paymentId: number): Promise<void> {
  await releaseOfPayment(tx, paymentId);
}
