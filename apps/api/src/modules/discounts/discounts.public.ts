/**
 * What other areas may use of the discounts area (issue #18): the checkout resolves and records
 * referral codes through these.
 */
export {
  DISCOUNT_MESSAGES,
  recordReferralForOrder,
  releaseReferralsOfPayment,
  resolveReferral,
  type ReferralUse,
} from "./discounts.service.ts";
export { salesMethodConversion } from "./sales-policies.service.ts";
