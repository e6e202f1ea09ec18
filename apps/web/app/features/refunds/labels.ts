/**
 * Korean words of the refund page: SPEC.md §5 reasons, the rules of docs/refunds.md with their
 * sources, item states (SPEC.md §4 set one) and the banks a refund can be paid to.
 */
import type { RefundIneligibilityReason } from "@seoltab/domain";

/** Why self-service refund is not possible, as the person reads it (SPEC.md §5). */
export const REFUND_REASON_LABELS: Record<RefundIneligibilityReason, string> = {
  CLOSED_LECTURE: "이미 종료된 수업이에요.",
  NOT_MY_PAYMENT: "본인이나 자녀의 결제가 아니라서 환불을 요청할 수 없어요.",
  ONE_MONTH_PASSED: "결제 후 1개월이 지나 직접 환불할 수 없어요 — 상담원이 확인 후 환불해 드려요.",
  REFUNDED_PAYMENT_ITEM: "이미 환불되었거나 환불을 요청한 항목이에요.",
  VBANK_IS_NOT_ALLOWED:
    "가상계좌 결제는 계좌로 환불돼요. 환불받을 계좌를 알려 주시면 담당자가 확인 후 보내 드려요.",
};

export function refundReasonLabel(reason: string): string {
  return REFUND_REASON_LABELS[reason as RefundIneligibilityReason] ?? reason;
}

/** The rule that sets the amount, with its source (docs/refunds.md). */
export const REFUND_RULE_LABELS: Record<string, string> = {
  ACADEMY_BEFORE_START: "학원법 시행령 [별표 4] · 교습 시작 전: 낸 수업료 전액",
  ACADEMY_FIRST_THIRD:
    "학원법 시행령 [별표 4] · 이번 달 수업의 1/3이 지나기 전: 이번 달 수업료의 2/3",
  ACADEMY_FIRST_HALF:
    "학원법 시행령 [별표 4] · 이번 달 수업의 1/2이 지나기 전: 이번 달 수업료의 1/2",
  ACADEMY_AFTER_HALF:
    "학원법 시행령 [별표 4] · 이번 달 수업의 1/2이 지난 뒤: 이번 달 수업료는 돌려받을 수 없어요",
  REMOTE_LESSONS_TAKEN:
    "학원법 시행령 [별표 4] 비고 2 · 원격교습: 낸 수업료에서 진행한 수업의 수업료(회당 금액 × 횟수)를 빼요",
  DEVICE_WITHDRAWAL_7_DAYS: "전자상거래법 제17조 · 결제일부터 7일 이내 청약철회: 상품 가격 전액",
  DEVICE_OPENED_OR_LATE:
    "전자상거래법 제17조 · 결제일부터 7일이 지났거나 사용·훼손으로 가치가 떨어진 상품: 담당자가 확인해 정해요",
  CONTENTS_WITHDRAWAL_7_DAYS:
    "전자상거래법 제17조 · 열어 보지 않은 디지털 콘텐츠, 결제일부터 7일 이내: 결제 금액 전액",
  CONTENTS_OPENED:
    "전자상거래법 제17조제2항제5호 · 열어 봤거나 7일이 지난 디지털 콘텐츠: 돌려받을 수 없어요",
  NOTHING_PAID: "낸 금액이 없는 항목: 돌려받을 금액이 없어요",
  STAFF_DECISION: "자동 기준이 없는 항목: 담당자가 확인해 정해요",
  MIXED: "항목마다 다른 기준이 적용돼요",
};

export function refundRuleLabel(rule: string): string {
  return REFUND_RULE_LABELS[rule] ?? rule;
}

/** Item states (SPEC.md §4 set one). */
export const ITEM_STATE_LABELS: Record<string, string> = {
  PAID: "결제 완료",
  REFUND_REQUESTED: "환불 확인 중",
  REFUNDED: "환불 완료",
  REFUND_REQUEST_FAILED: "환불 실패 · 다시 요청할 수 있어요",
};

/** An item that may still be asked for: PAID (or no state yet) or REFUND_REQUEST_FAILED. */
export function isRefundableItemState(state: string | null): boolean {
  return state === null || state === "PAID" || state === "REFUND_REQUEST_FAILED";
}

/** Said when only lines nothing was paid for are chosen (the server refuses them too). */
export const NOTHING_PAID_MESSAGE =
  "고른 항목은 낸 금액이 없어(0원) 돌려받을 금액이 없어요. 환불받을 수업이나 상품을 함께 골라 주세요.";

/**
 * Item kinds whose value a person may have lowered by use or damage (전자상거래법 제17조
 * 제2항제1호·제2호; opening the box to check the contents does not count).
 */
export const GOODS_KINDS = new Set(["DEVICE", "SEOLTAB_BOOK"]);

/**
 * Why shipped goods go back (전자상거래법 제18조): by change of mind the return shipping is kept
 * back from the refund (제9항); defective or not as sold, the company pays it (제10항).
 */
export const RETURN_REASON_OPTIONS: readonly { value: string; label: string; hint: string }[] = [
  {
    value: "CHANGE_OF_MIND",
    label: "단순 변심",
    hint: "반품 배송비를 환불 금액에서 빼요.",
  },
  {
    value: "DEFECTIVE_OR_NOT_AS_SOLD",
    label: "상품 불량이거나 설명과 달라요",
    hint: "반품 배송비는 회사가 내요. 담당자가 상품을 확인한 뒤 환불해 드려요.",
  },
];

/** How a device line came with the order (SPEC.md §3 purchase or gift, device condition). */
export function deviceTermsLabel(
  purchaseOrGift: string | null | undefined,
  deviceCondition: string | null | undefined,
): string | null {
  const condition =
    deviceCondition === "NEW_DEVICE"
      ? "새 제품"
      : deviceCondition === "USED_DEVICE"
        ? "중고 제품"
        : null;
  const how = purchaseOrGift === "GIFT" ? "증정" : purchaseOrGift === "PURCHASE" ? "구매" : null;
  const parts = [condition, how].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Banks a refund can be paid to: PortOne (금융결제원) bank codes. */
export const REFUND_BANKS: readonly { code: string; name: string }[] = [
  { code: "004", name: "KB국민은행" },
  { code: "088", name: "신한은행" },
  { code: "020", name: "우리은행" },
  { code: "081", name: "하나은행" },
  { code: "011", name: "NH농협은행" },
  { code: "003", name: "IBK기업은행" },
  { code: "090", name: "카카오뱅크" },
  { code: "092", name: "토스뱅크" },
  { code: "089", name: "케이뱅크" },
  { code: "023", name: "SC제일은행" },
  { code: "027", name: "한국씨티은행" },
  { code: "031", name: "iM뱅크(대구은행)" },
  { code: "032", name: "부산은행" },
  { code: "039", name: "경남은행" },
  { code: "034", name: "광주은행" },
  { code: "037", name: "전북은행" },
  { code: "035", name: "제주은행" },
  { code: "007", name: "수협은행" },
  { code: "002", name: "KDB산업은행" },
  { code: "071", name: "우체국" },
  { code: "045", name: "새마을금고" },
  { code: "048", name: "신협" },
];
