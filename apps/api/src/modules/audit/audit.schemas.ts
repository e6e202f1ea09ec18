/**
 * Edge validation of the audit view and export filters (issue 16; docs/api/audit.md). Times are
 * ISO 8601 instants with an offset ("2026-11-24T09:00:00+09:00") or Seoul calendar days
 * ("2026-11-24" = that day's 00:00 in Asia/Seoul); `to` is exclusive.
 */
import { z } from "zod";
import { LOG_KINDS, PAYMENT_METHODS, PAYMENT_STATES, REFUND_CHANNELS } from "@seoltab/domain";
import type { AuditEntryFilter } from "../../platform/audit.ts";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-24" → 2026-11-23T15:00:00Z (Seoul midnight); an ISO instant as given. */
export const instant = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const day = DAY.exec(value);
    const at = day
      ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) - 9 * 3_600_000)
      : /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)
        ? new Date(value)
        : null;
    if (!at || Number.isNaN(at.getTime())) {
      ctx.addIssue({
        code: "custom",
        message: "날짜는 2026-11-24 또는 2026-11-24T09:00:00+09:00 형식으로 입력해 주세요.",
      });
      return z.NEVER;
    }
    return at;
  });

const userNo = z.coerce
  .number({ error: "회원 번호는 숫자로 입력해 주세요." })
  .int({ error: "회원 번호는 숫자로 입력해 주세요." })
  .min(1, { error: "회원 번호는 1 이상이에요." })
  .max(2_147_483_647, { error: "회원 번호가 너무 커요." });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${max}자 이하로 입력해 주세요.` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** The audit view's filter (GraphQL `filter`, REST query of audit.csv). */
export const auditFilterInput = z.strictObject({
  kind: z.enum(LOG_KINDS, { error: "종류는 EXECUTION 또는 SECURITY 예요." }).optional(),
  person: userNo.optional(),
  record: text(128),
  action: text(64),
  from: instant.optional(),
  to: instant.optional(),
});

export type AuditFilterInput = z.output<typeof auditFilterInput>;

/** The platform filter of a validated input. */
export function auditFilterOf(input: AuditFilterInput): AuditEntryFilter {
  return {
    kind: input.kind,
    personUserNo: input.person,
    record: input.record,
    action: input.action,
    from: input.from,
    to: input.to,
  };
}

/** Query of payments.csv. */
export const paymentExportInput = z.strictObject({
  state: z
    .enum(PAYMENT_STATES, {
      error: "상태는 READY, PAID, FAILED, PARTIALLY_REFUNDED, TOTALLY_REFUNDED 중 하나예요.",
    })
    .optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: "결제수단은 BILLING_CARD, CASH, VBANK 중 하나예요." })
    .optional(),
  userNo: userNo.optional(),
  from: instant.optional(),
  to: instant.optional(),
});

/** Query of refund-requests.csv. */
export const refundExportInput = z.strictObject({
  state: z
    .enum(["REFUNDED", "FAILED", "STAFF_REVIEW", "REJECTED"], {
      error: "상태는 REFUNDED, FAILED, STAFF_REVIEW, REJECTED 중 하나예요.",
    })
    .optional(),
  channel: z.enum(REFUND_CHANNELS, { error: "환불수단은 CARD 또는 BANK 예요." }).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
