/**
 * Enumerations of SPEC.md §3 (entities), §4 (states) and §5 (refund rules), plus the user types
 * and environments of DESIGN.md §3 and §6. Each is an `as const` array (the canonical order), a
 * union type of its values, and a type guard for values read from outside (wire, storage, URL).
 */

/** A type guard for the values of one enumeration: true only for a string in `values`. */
export function isOneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  const set: ReadonlySet<unknown> = new Set(values);
  return (value: unknown): value is T => set.has(value);
}

/** Card types (SPEC.md §3). */
export const CARD_TYPES = [
  "COMPANY_CREDIT_CARD",
  "COMPANY_DEBIT_CARD",
  "CREDIT_CARD",
  "DEBIT_CARD",
] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const isCardType = isOneOf(CARD_TYPES);

/** Kinds of payment item (SPEC.md §3). */
export const ITEM_KINDS = [
  "CONTENTS",
  "DEVICE",
  "ETC",
  "LECTURE",
  "PENALTY",
  "SEOLTAB_BOOK",
  "DELIVERY_FEE",
  "DELIVERY_FEE_FOR_REFUND",
  "SINGLE_LECTURE_GROUP",
  "USER_OWNED_DEVICE",
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const isItemKind = isOneOf(ITEM_KINDS);

/** Payment methods: billing card, cash, virtual bank account (SPEC.md §3). */
export const PAYMENT_METHODS = ["BILLING_CARD", "CASH", "VBANK"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const isPaymentMethod = isOneOf(PAYMENT_METHODS);

/** Who initiated a state change (SPEC.md §3, §6; recorded per DESIGN.md §4). */
export const INITIATORS = ["ADMIN", "AUTO", "SALES_TEAM", "UNKNOWN", "USER"] as const;
export type Initiator = (typeof INITIATORS)[number];
export const isInitiator = isOneOf(INITIATORS);

/** Device ownership types of a contract (SPEC.md §3). */
export const OWNERSHIP_TYPES = ["OWNED", "PAID", "RENTED"] as const;
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number];
export const isOwnershipType = isOneOf(OWNERSHIP_TYPES);

/** Discount types of a sales policy: a won amount or a percentage (SPEC.md §3). */
export const DISCOUNT_TYPES = ["AMOUNT", "PERCENT"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const isDiscountType = isOneOf(DISCOUNT_TYPES);

/** Discount kinds (SPEC.md §3). */
export const DISCOUNT_KINDS = [
  "ADDITIONAL_LECTURE_DISCOUNT",
  "REFERRAL_CODE_DISCOUNT",
  "USER_OWNED_DEVICE_DISCOUNT",
  "DEVICE_OWNER_DISCOUNT",
] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const isDiscountKind = isOneOf(DISCOUNT_KINDS);

/** Payment providers, SPEC.md §3 "Providers". */
export const PAYMENT_PROVIDERS = ["NICE", "TOSS"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const isPaymentProvider = isOneOf(PAYMENT_PROVIDERS);

/** Channels a refund is paid through (SPEC.md §3). */
export const REFUND_CHANNELS = ["BANK", "CARD"] as const;
export type RefundChannel = (typeof REFUND_CHANNELS)[number];
export const isRefundChannel = isOneOf(REFUND_CHANNELS);

/** Device types (SPEC.md §3). */
export const DEVICE_TYPES = ["AIR_PODS_MAX", "IPAD", "ANDROID_TABLET"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const isDeviceType = isOneOf(DEVICE_TYPES);

/** Device condition (SPEC.md §3). */
export const DEVICE_CONDITIONS = ["NEW_DEVICE", "USED_DEVICE"] as const;
export type DeviceCondition = (typeof DEVICE_CONDITIONS)[number];
export const isDeviceCondition = isOneOf(DEVICE_CONDITIONS);

/** Gender (SPEC.md §3; the join form defaults to MAN, see `DEFAULT_GENDER`). */
export const GENDERS = ["MAN", "WOMAN"] as const;
export type Gender = (typeof GENDERS)[number];
export const isGender = isOneOf(GENDERS);

/** School level (SPEC.md §3). */
export const SCHOOL_LEVELS = ["HIGH", "MIDDLE"] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];
export const isSchoolLevel = isOneOf(SCHOOL_LEVELS);

/** SPEC.md §3 "Grade-like values" (their meaning is not shown in SPEC.md). */
export const GRADE_LIKE_VALUES = ["ONE", "TWO", "EIGHT", "NINE", "ELEVEN"] as const;
export type GradeLikeValue = (typeof GRADE_LIKE_VALUES)[number];
export const isGradeLikeValue = isOneOf(GRADE_LIKE_VALUES);

/** Whether an order is bought for oneself or as a gift (SPEC.md §3 "Purchase or gift"). */
export const PURCHASE_OR_GIFT = ["GIFT", "PURCHASE"] as const;
export type PurchaseOrGift = (typeof PURCHASE_OR_GIFT)[number];
export const isPurchaseOrGift = isOneOf(PURCHASE_OR_GIFT);

/** Plan kinds (SPEC.md §3). */
export const PLAN_KINDS = ["BASIC", "CONTENTS", "SEOLTAB_BOOK", "SMART"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const isPlanKind = isOneOf(PLAN_KINDS);

/** Back-office payment search keys (SPEC.md §3). */
export const SEARCH_KEYS = [
  "IMP_UID",
  "MERCHANT_UID",
  "PACKAGE_ID",
  "PAYMENT_ID",
  "USER_ID",
  "USER_NAME",
  "ACCESS_KEY",
  "FIRST_EIGHT_CARD_NUMBER",
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
export const isSearchKey = isOneOf(SEARCH_KEYS);

/** Audit log kinds (SPEC.md §3, DESIGN.md §4). */
export const LOG_KINDS = ["EXECUTION", "SECURITY"] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const isLogKind = isOneOf(LOG_KINDS);

/** Payment item states, SPEC.md §4 set one. Transitions: `PAYMENT_ITEM_TRANSITIONS`. */
export const PAYMENT_ITEM_STATES = [
  "PAID",
  "REFUNDED",
  "REFUND_REQUESTED",
  "REFUND_REQUEST_FAILED",
] as const;
export type PaymentItemState = (typeof PAYMENT_ITEM_STATES)[number];
export const isPaymentItemState = isOneOf(PAYMENT_ITEM_STATES);

/** Payment states, SPEC.md §4 set two. Transitions: `PAYMENT_TRANSITIONS`. */
export const PAYMENT_STATES = [
  "FAILED",
  "PAID",
  "PARTIALLY_REFUNDED",
  "READY",
  "TOTALLY_REFUNDED",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const isPaymentState = isOneOf(PAYMENT_STATES);

/** Refund status of a payment (SPEC.md §4 refund-status set). */
export const REFUND_STATUSES = ["PARTIALLY_REFUNDED", "TOTALLY_REFUNDED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const isRefundStatus = isOneOf(REFUND_STATUSES);

/** Matching or lecture states (SPEC.md §4). */
export const LECTURE_STATES = [
  "ACTIVE",
  "AUTO_FINISH",
  "DONE",
  "FINISH",
  "MATCHED",
  "NOCARD",
  "NOPAY",
  "READY",
  "REGISTER",
  "REMATCH",
  "REMATCH_B",
] as const;
export type LectureState = (typeof LECTURE_STATES)[number];
export const isLectureState = isOneOf(LECTURE_STATES);

/** Lecture states in which the lecture is closed: refunds are refused (SPEC.md §5 CLOSED_LECTURE). */
export const CLOSED_LECTURE_STATES = [
  "AUTO_FINISH",
  "DONE",
  "FINISH",
] as const satisfies readonly LectureState[];
export const isClosedLectureState = isOneOf(CLOSED_LECTURE_STATES);

/** User types: STUDENT, TEACHER (tutor), PARENT, and staff (SPEC.md §6, DESIGN.md §3). */
export const USER_TYPES = ["STUDENT", "TEACHER", "PARENT", "ADMIN", "SALES_TEAM"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const isUserType = isOneOf(USER_TYPES);

/** Back-office staff user types: they may act for any user (DESIGN.md §3). */
export const STAFF_USER_TYPES = ["ADMIN", "SALES_TEAM"] as const satisfies readonly UserType[];
export const isStaffUserType = isOneOf(STAFF_USER_TYPES);

/**
 * Store item lecture `item_type` (SPEC.md §3), and LECTURE_WINTER: the fixed-term winter course
 * (decision 017; packages/domain winter-course.ts).
 */
export const ITEM_TYPES = ["LECTURE_SMART", "LECTURE_BASIC", "LECTURE_WINTER"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const isItemType = isOneOf(ITEM_TYPES);

/** Store device `used_type` (SPEC.md §3). */
export const USED_TYPES = ["NEW", "USED"] as const;
export type UsedType = (typeof USED_TYPES)[number];
export const isUsedType = isOneOf(USED_TYPES);

/** Reasons a payment item cannot be refunded, in SPEC.md §5 order (see `refundEligibility`). */
export const REFUND_INELIGIBILITY_REASONS = [
  "CLOSED_LECTURE",
  "NOT_MY_PAYMENT",
  "ONE_MONTH_PASSED",
  "REFUNDED_PAYMENT_ITEM",
  "VBANK_IS_NOT_ALLOWED",
] as const;
export type RefundIneligibilityReason = (typeof REFUND_INELIGIBILITY_REASONS)[number];
export const isRefundIneligibilityReason = isOneOf(REFUND_INELIGIBILITY_REASONS);

/** Deployment environments; production is the default (SPEC.md §7, §9; DESIGN.md §6). */
export const ENVIRONMENTS = ["production", "stage", "development"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const isEnvironment = isOneOf(ENVIRONMENTS);
