/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type CardType =
  | 'COMPANY_CREDIT_CARD'
  | 'COMPANY_DEBIT_CARD'
  | 'CREDIT_CARD'
  | 'DEBIT_CARD';

export type ContractToSignInput = {
  /** The payment whose contract is asked for (its receipt's 계약서 서명하기); without it, the oldest. */
  paymentId?: string | null | undefined;
  /** The student whose contract is asked for. */
  userId: number;
};

/** Tablet ownership of a contract (SPEC.md §3): the family's own, bought, or lent with the lessons. */
export type OwnershipType =
  | 'OWNED'
  | 'PAID'
  | 'RENTED';

export type RefundAccountInput = {
  /** Digits (dashes and spaces allowed). */
  accountNumber: string;
  /** Bank code as the payment gateway spells it, e.g. 004 (KB국민은행), 088 (신한은행). */
  bankCode: string;
  holder: string;
};

export type RegisterMainBillingCardInput = {
  /** YYMMDD of the holder, or a 10-digit business registration number for company cards. */
  birth: string;
  /** Card number, digits (spaces and dashes allowed). */
  cardNumber: string;
  cardType: CardType;
  /** YYYY-MM */
  expiry: string;
  /**
   * From a checkout: keep the current main card, and make this one the main card only when a
   * payment with it (BILLING_CARD_ID of payment_seoltab_subscribe) succeeds. Default false:
   * the card becomes the main card now.
   */
  mainAfterPayment?: boolean | null | undefined;
  /** First two digits of the card PIN. */
  pwd2digit: string;
  /** The student the card pays for (a parent or staff); default: the caller. */
  userId?: number | null | undefined;
};

export type RequestRefundInput = {
  /** A device or book in the request was used or damaged so that its value fell (전자상거래법 제17조제2항; opening the box alone does not count); default false. */
  opened?: boolean | null | undefined;
  paymentId: string;
  /** Items to refund; default: every item still refundable. */
  paymentItemIds?: Array<string> | null | undefined;
  /** Why, in the person's words (1-500 characters). */
  reason: string;
  /** Needed when the channel is BANK. */
  refundAccount?: RefundAccountInput | null | undefined;
  /** Why books go back: CHANGE_OF_MIND (default; the return shipping is kept back, 전자상거래법 제18조제9항) or DEFECTIVE_OR_NOT_AS_SOLD (no fee, 제18조제10항; staff check the books first). */
  returnReason?: string | null | undefined;
};

export type SignContractInput = {
  /** Must be true: the signer has read and agrees to the contract. */
  agreed: boolean;
  contractToSignId: string;
  /** The name typed as the signature: 1-50 characters. */
  signerName: string;
};

export type ContractToSignQueryVariables = Exact<{
  input: ContractToSignInput;
}>;


export type ContractToSignQuery = { contractToSign: { id: string, userId: number, userName: string, parentName: string | null, name: string, paidAt: string, month: number, paymentId: string, paymentState: string, refundedAmount: number, paidPrice: number } | null };

export type ContractsToSignQueryVariables = Exact<{
  userId: number;
}>;


export type ContractsToSignQuery = { contractsToSign: Array<{ id: string, userId: number, userName: string, parentName: string | null, name: string, paidAt: string, month: number, paymentId: string, paymentState: string, refundedAmount: number, paidPrice: number }> };

export type UserContractsQueryVariables = Exact<{
  userId: number;
}>;


export type UserContractsQuery = { userContracts: Array<{ id: string, userId: number, userName: string, parentName: string | null, paidAt: string, deviceId: number | null, paymentId: string, paymentState: string, refundedAmount: number, paidPrice: number, contract: { id: string, name: string, ownershipType: OwnershipType, isUsed: boolean, month: number } }> };

export type ContractDocumentQueryVariables = Exact<{
  contractId: string;
}>;


export type ContractDocumentQuery = { contractDocument: { contractId: string, version: string, title: string, textHash: string, signedBy: string | null, signerRole: string | null, signedAt: string | null, signedTextHash: string | null, paymentId: string, paymentState: string, refundedAmount: number, paidPrice: number, sections: Array<{ heading: string, paragraphs: Array<string> }> } | null };

export type SignContractMutationVariables = Exact<{
  input: SignContractInput;
}>;


export type SignContractMutation = { signContract: { userContractId: string } };

export type UserContractQueryVariables = Exact<{
  userId: number;
}>;


export type UserContractQuery = { userContract: { id: string, userId: number, userName: string, parentName: string | null, paidAt: string, deviceId: number | null, contract: { id: string, name: string, ownershipType: OwnershipType, isUsed: boolean, month: number } } | null };

export type MyMainBillingCardQueryVariables = Exact<{
  userId?: number | null | undefined;
}>;


export type MyMainBillingCardQuery = { myMainBillingCard: { id: number, name: string, companyName: string, number: string, isLegacy: boolean } | null };

export type RegisterMainBillingCardMutationVariables = Exact<{
  input: RegisterMainBillingCardInput;
}>;


export type RegisterMainBillingCardMutation = { registerMainBillingCard: number };

export type InterestFreeInstallmentPeriodQueryVariables = Exact<{ [key: string]: never; }>;


export type InterestFreeInstallmentPeriodQuery = { interestFreeInstallmentPeriods: Array<{ id: number, name: string, freeMonth: number }> };

export type PaymentsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  userId?: number | null | undefined;
}>;


export type PaymentsQuery = { userPayments: { hasNextPage: boolean, endCursor: string | null, payments: Array<{ id: string, userId: number, state: string, paymentMethod: string, completedAt: string | null, name: string, productsPrice: number, discountedValue: number, paidPrice: number, refundedAmount: number, failReason: string | null, receiptUrl: string | null, createdAt: string, items: Array<{ id: string, state: string | null }>, virtualAccount: { bankName: string, accountNumber: string, holder: string, dueAt: string } | null }> } };

export type PaymentQueryVariables = Exact<{
  id: string;
}>;


export type PaymentQuery = { payment: { id: string, userId: number, state: string, paymentMethod: string, completedAt: string | null, createdAt: string, name: string, productsPrice: number, discountedValue: number, paidPrice: number, refundedAmount: number, failReason: string | null, receiptUrl: string | null, cardQuota: number, virtualAccount: { bankName: string, accountNumber: string, holder: string, dueAt: string } | null, items: Array<{ id: string, itemKind: string, name: string, quantity: number, months: number, salePrice: number, policyPrice: number, paidPrice: number, listPrice: number, policies: Array<{ name: string, amount: number }> }> } | null };

export type SubscriptionsQueryVariables = Exact<{
  userId?: number | null | undefined;
}>;


export type SubscriptionsQuery = { subscriptions: Array<{ id: string, userId: number, name: string, status: string, renewalAmount: number, nextChargeAt: string | null, lastChargedAt: string | null, paidUntil: string, cancelledAt: string | null, cancelReason: string | null }> };

export type CancelSubscriptionMutationVariables = Exact<{
  id: string;
}>;


export type CancelSubscriptionMutation = { cancelSubscription: { message: string, subscription: { id: string, userId: number, name: string, status: string, renewalAmount: number, nextChargeAt: string | null, lastChargedAt: string | null, paidUntil: string, cancelledAt: string | null, cancelReason: string | null } } };

export type RefundEligibilityQueryVariables = Exact<{
  paymentId: string;
  paymentItemIds?: Array<string> | string | null | undefined;
  opened?: boolean | null | undefined;
  returnReason?: string | null | undefined;
}>;


export type RefundEligibilityQuery = { refundEligibility: { paymentId: string, eligible: boolean, reasons: Array<string>, refundableAmount: number, grossAmount: number, returnReasonAsked: boolean, returnReason: string, rule: string, explanation: string, channel: string, refundAccountRequired: boolean, deductions: Array<{ kind: string, name: string, paymentItemId: string | null, ruleAmount: number, amount: number, explanation: string }>, items: Array<{ paymentItemId: string, name: string, itemKind: string, state: string | null, paidPrice: number, refundedAmount: number, eligible: boolean, reasons: Array<string>, amount: number, rule: string, explanation: string, purchaseOrGift: string | null, deviceCondition: string | null, lessonQuote: { paymentItemId: string, lessonsHeld: number, lessonsCounted: number, lessonsBought: number, listPrice: number, pricePerLesson: number, deductedAmount: number, summary: string } | null }>, renewal: { subscriptionId: string, status: string, endsRenewals: boolean, nextChargeAt: string | null, renewalAmount: number, message: string } | null } };

export type RefundPaymentQueryVariables = Exact<{
  id: string;
}>;


export type RefundPaymentQuery = { payment: { id: string, state: string, paymentMethod: string, completedAt: string | null, name: string, paidPrice: number, refundedAmount: number } | null };

export type RequestRefundMutationVariables = Exact<{
  input: RequestRefundInput;
}>;


export type RequestRefundMutation = { requestRefund: { state: string, reasons: Array<string>, refundedAmount: number, amount: number, rule: string, refundRequestId: string, channel: string, message: string, deductions: Array<{ kind: string, name: string, paymentItemId: string | null, ruleAmount: number, amount: number, explanation: string }>, lessonQuotes: Array<{ paymentItemId: string, lessonsHeld: number, lessonsCounted: number, lessonsBought: number, listPrice: number, pricePerLesson: number, deductedAmount: number, summary: string }>, renewal: { subscriptionId: string, status: string, endsRenewals: boolean, nextChargeAt: string | null, renewalAmount: number, message: string } | null } };


export const ContractToSignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContractToSign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ContractToSignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contractToSign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"parentName"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentState"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}}]}}]}}]} as unknown as DocumentNode<ContractToSignQuery, ContractToSignQueryVariables>;
export const ContractsToSignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContractsToSign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contractsToSign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"parentName"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentState"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}}]}}]}}]} as unknown as DocumentNode<ContractsToSignQuery, ContractsToSignQueryVariables>;
export const UserContractsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UserContracts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userContracts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"parentName"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"deviceId"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipType"}},{"kind":"Field","name":{"kind":"Name","value":"isUsed"}},{"kind":"Field","name":{"kind":"Name","value":"month"}}]}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentState"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}}]}}]}}]} as unknown as DocumentNode<UserContractsQuery, UserContractsQueryVariables>;
export const ContractDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContractDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"contractId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contractDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"contractId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"contractId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contractId"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"heading"}},{"kind":"Field","name":{"kind":"Name","value":"paragraphs"}}]}},{"kind":"Field","name":{"kind":"Name","value":"textHash"}},{"kind":"Field","name":{"kind":"Name","value":"signedBy"}},{"kind":"Field","name":{"kind":"Name","value":"signerRole"}},{"kind":"Field","name":{"kind":"Name","value":"signedAt"}},{"kind":"Field","name":{"kind":"Name","value":"signedTextHash"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentState"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}}]}}]}}]} as unknown as DocumentNode<ContractDocumentQuery, ContractDocumentQueryVariables>;
export const SignContractDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SignContract"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SignContractInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signContract"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userContractId"}}]}}]}}]} as unknown as DocumentNode<SignContractMutation, SignContractMutationVariables>;
export const UserContractDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UserContract"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userContract"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"parentName"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"deviceId"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipType"}},{"kind":"Field","name":{"kind":"Name","value":"isUsed"}},{"kind":"Field","name":{"kind":"Name","value":"month"}}]}}]}}]}}]} as unknown as DocumentNode<UserContractQuery, UserContractQueryVariables>;
export const MyMainBillingCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyMainBillingCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myMainBillingCard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"isLegacy"}}]}}]}}]} as unknown as DocumentNode<MyMainBillingCardQuery, MyMainBillingCardQueryVariables>;
export const RegisterMainBillingCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterMainBillingCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterMainBillingCardInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerMainBillingCard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<RegisterMainBillingCardMutation, RegisterMainBillingCardMutationVariables>;
export const InterestFreeInstallmentPeriodDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InterestFreeInstallmentPeriod"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interestFreeInstallmentPeriods"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"freeMonth"}}]}}]}}]} as unknown as DocumentNode<InterestFreeInstallmentPeriodQuery, InterestFreeInstallmentPeriodQueryVariables>;
export const PaymentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Payments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userPayments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"productsPrice"}},{"kind":"Field","name":{"kind":"Name","value":"discountedValue"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"failReason"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"virtualAccount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bankName"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]} as unknown as DocumentNode<PaymentsQuery, PaymentsQueryVariables>;
export const PaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Payment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"productsPrice"}},{"kind":"Field","name":{"kind":"Name","value":"discountedValue"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"failReason"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cardQuota"}},{"kind":"Field","name":{"kind":"Name","value":"virtualAccount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bankName"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"itemKind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"months"}},{"kind":"Field","name":{"kind":"Name","value":"salePrice"}},{"kind":"Field","name":{"kind":"Name","value":"policyPrice"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"listPrice"}},{"kind":"Field","name":{"kind":"Name","value":"policies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PaymentQuery, PaymentQueryVariables>;
export const SubscriptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Subscriptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriptions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"renewalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"nextChargeAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastChargedAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidUntil"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelReason"}}]}}]}}]} as unknown as DocumentNode<SubscriptionsQuery, SubscriptionsQueryVariables>;
export const CancelSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"renewalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"nextChargeAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastChargedAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidUntil"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelReason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CancelSubscriptionMutation, CancelSubscriptionMutationVariables>;
export const RefundEligibilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RefundEligibility"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paymentItemIds"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"opened"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"returnReason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundEligibility"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"paymentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"paymentItemIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paymentItemIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"opened"},"value":{"kind":"Variable","name":{"kind":"Name","value":"opened"}}},{"kind":"Argument","name":{"kind":"Name","value":"returnReason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"returnReason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"eligible"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"}},{"kind":"Field","name":{"kind":"Name","value":"refundableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"grossAmount"}},{"kind":"Field","name":{"kind":"Name","value":"deductions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paymentItemId"}},{"kind":"Field","name":{"kind":"Name","value":"ruleAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"explanation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"returnReasonAsked"}},{"kind":"Field","name":{"kind":"Name","value":"returnReason"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"explanation"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"refundAccountRequired"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentItemId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"itemKind"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"eligible"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"explanation"}},{"kind":"Field","name":{"kind":"Name","value":"lessonQuote"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentItemId"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsHeld"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsCounted"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsBought"}},{"kind":"Field","name":{"kind":"Name","value":"listPrice"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerLesson"}},{"kind":"Field","name":{"kind":"Name","value":"deductedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"purchaseOrGift"}},{"kind":"Field","name":{"kind":"Name","value":"deviceCondition"}}]}},{"kind":"Field","name":{"kind":"Name","value":"renewal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"endsRenewals"}},{"kind":"Field","name":{"kind":"Name","value":"nextChargeAt"}},{"kind":"Field","name":{"kind":"Name","value":"renewalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RefundEligibilityQuery, RefundEligibilityQueryVariables>;
export const RefundPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RefundPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}}]}}]}}]} as unknown as DocumentNode<RefundPaymentQuery, RefundPaymentQueryVariables>;
export const RequestRefundDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestRefund"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestRefundInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestRefund"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"refundRequestId"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"deductions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paymentItemId"}},{"kind":"Field","name":{"kind":"Name","value":"ruleAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"explanation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lessonQuotes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentItemId"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsHeld"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsCounted"}},{"kind":"Field","name":{"kind":"Name","value":"lessonsBought"}},{"kind":"Field","name":{"kind":"Name","value":"listPrice"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerLesson"}},{"kind":"Field","name":{"kind":"Name","value":"deductedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"renewal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"endsRenewals"}},{"kind":"Field","name":{"kind":"Name","value":"nextChargeAt"}},{"kind":"Field","name":{"kind":"Name","value":"renewalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RequestRefundMutation, RequestRefundMutationVariables>;