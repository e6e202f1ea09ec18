/** Korean words of the contract pages (SPEC.md §3 ownership types; signer roles). */
import { SEOUL_TIME_ZONE, type OwnershipType } from "@seoltab/domain";

export const OWNERSHIP_LABELS: Record<OwnershipType, string> = {
  OWNED: "가지고 있는 기기 사용",
  PAID: "태블릿 구매",
  RENTED: "수강 기간 태블릿 대여",
};

export function ownershipLabel(type: string): string {
  return OWNERSHIP_LABELS[type as OwnershipType] ?? type;
}

/** The refund state of a contract's payment, or null while nothing was refunded. */
export function refundStateLabel(paymentState: string): string | null {
  if (paymentState === "TOTALLY_REFUNDED") return "환불됨";
  if (paymentState === "PARTIALLY_REFUNDED") return "부분 환불";
  return null;
}

/** The tablet of a contract in words: a lent tablet by its rental terms (never new or used). */
export function tabletLabel(contract: { ownershipType: string; isUsed: boolean }): string {
  const label = ownershipLabel(contract.ownershipType);
  if (contract.ownershipType !== "PAID") return label;
  return `${label} (${contract.isUsed ? "중고" : "새 제품"})`;
}

export const SIGNER_ROLE_LABELS: Record<string, string> = {
  STUDENT: "학생",
  PARENT: "보호자",
  STAFF: "운영자",
};

export function signerRoleLabel(role: string | null): string {
  return role ? (SIGNER_ROLE_LABELS[role] ?? role) : "";
}

const SEOUL_DATE = new Intl.DateTimeFormat("ko-KR", {
  timeZone: SEOUL_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
});

const SEOUL_DATE_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: SEOUL_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function format(formatter: Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatter.format(date);
}

/** "2026년 11월 21일" (Asia/Seoul). */
export const seoulDate = (iso: string | null | undefined) => format(SEOUL_DATE, iso);
/** "2026년 11월 21일 14:03" (Asia/Seoul). */
export const seoulDateTime = (iso: string | null | undefined) => format(SEOUL_DATE_TIME, iso);
