/**
 * Referral codes and their use (issue #18; SPEC.md §3 REFERRAL_CODE_DISCOUNT). Re-exported by
 * schema.ts. Migration 0026.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

/** One code per student account, issued the first time it is asked for. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 8 characters of an alphabet without look-alikes (packages/domain REFERRAL_CODE_ALPHABET). */
    code: varchar("code", { length: 12 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_codes_code_key").on(t.code)],
);

/**
 * A friend's use of a code: at most one per friend (unique), written with the friend's order
 * (READY) and deleted if that order fails; the owner's reward is claimed by one of the owner's
 * orders (`owner_reward_payment_id`), released again if that order fails.
 */
export const referralRedemptions = pgTable(
  "referral_redemptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerUserId: integer("owner_user_id").notNull(),
    friendUserId: integer("friend_user_id").notNull(),
    paymentId: bigint("payment_id", { mode: "number" }).notNull(),
    ownerRewardPaymentId: bigint("owner_reward_payment_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_redemptions_friend_key").on(t.friendUserId),
    index("referral_redemptions_owner_idx").on(t.ownerUserId),
    index("referral_redemptions_payment_idx").on(t.paymentId),
    check("referral_redemptions_not_self_check", sql`${t.ownerUserId} <> ${t.friendUserId}`),
  ],
);
