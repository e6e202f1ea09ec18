/**
 * The payment backend's GraphQL operations (docs/api/payments.md "GraphQL"; SPEC.md §7), sent
 * with `context: { clientName: "payment" }` (PAYMENT_CONTEXT) to /payment/graphql.
 *
 * The operations are in payments.payment.graphql; their result and variable types are generated
 * from the published schema (app/graphql/payment.generated.ts, `npm run codegen`).
 */
import {
  InterestFreeInstallmentPeriodDocument,
  MyMainBillingCardDocument,
  PaymentDocument,
  PaymentsDocument,
  RegisterMainBillingCardDocument,
  type InterestFreeInstallmentPeriodQuery,
  type MyMainBillingCardQuery,
  type PaymentQuery,
  type PaymentsQuery,
  type RegisterMainBillingCardInput as WireRegisterMainBillingCardInput,
} from "../../../graphql/payment.generated";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/** SPEC.md §3 "Main billing card"; `number` masked to the first 8 and last 4 digits. */
export type MainBillingCard = NonNullable<MyMainBillingCardQuery["myMainBillingCard"]>;

/** The caller's main card, or a staff member's view of `userId`'s. */
export const MY_MAIN_BILLING_CARD = MyMainBillingCardDocument;

/**
 * Registers a card as the main billing card (or, with `mainAfterPayment`, keeps it for one
 * payment); `cardType` PERSONAL or CORPORATE. Answers the card id.
 */
export type RegisterMainBillingCardInput = WireRegisterMainBillingCardInput;

export const REGISTER_MAIN_BILLING_CARD = RegisterMainBillingCardDocument;

/** A card company's interest-free months. */
export type InterestFreeInstallmentPeriod =
  InterestFreeInstallmentPeriodQuery["interestFreeInstallmentPeriods"][number];

export const INTEREST_FREE_INSTALLMENT_PERIODS = InterestFreeInstallmentPeriodDocument;

/**
 * A payment of the list (SPEC.md §3 Payment): amounts in won, times ISO 8601 UTC; `failReason`
 * is the family's message; `items` carry each line's state for the refund link.
 */
export type PaymentSummary = UserPaymentsPage["payments"][number];

/** One page of `userPayments` (keyset: `endCursor` into `after`). */
export type UserPaymentsPage = PaymentsQuery["userPayments"];

export const PAYMENTS_PAGE_SIZE = 20;

/** The caller's payments (or a staff member's view of `userId`'s), newest first. */
export const USER_PAYMENTS = PaymentsDocument;

/** A payment with everything its result page shows. */
export type PaymentDetail = NonNullable<PaymentQuery["payment"]>;

/** A virtual account to pay into (VBANK): `dueAt` ISO 8601. */
export type VirtualAccount = NonNullable<PaymentDetail["virtualAccount"]>;

/** One line of a payment: won; `listPrice` before the monthly discount, `policies` applied. */
export type PaymentItem = PaymentDetail["items"][number];

export const PAYMENT = PaymentDocument;
