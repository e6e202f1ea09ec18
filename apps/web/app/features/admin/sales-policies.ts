/**
 * The sales-policy console's calls and rules (issue #18; docs/api/discounts.md): POST
 * /main/admin/sales_policies (staff), /create and /deactivate (ADMIN). Field names as on the
 * wire; won. The checks here only spare a round trip: the server checks again, including the
 * rule this page cannot see (a discount larger than the cheapest line it reaches).
 */
import { restRequest } from "../../lib/rest-client";

export interface SalesPolicyView {
  ID: number;
  SALES_METHOD_ID: number;
  NAME: string;
  DISCOUNT_KIND: string | null;
  DISCOUNT_TYPE: "AMOUNT" | "PERCENT";
  VALUE: number;
  MONTHS: number | null;
  ITEM_KIND: string | null;
  DEVICE_GEN: string | null;
  IS_ACTIVE: boolean;
}

export interface SalesMethodView {
  ID: number;
  NAME: string;
  /** null = a base method (everyone). */
  USER_NO: number | null;
  IS_ACTIVE: boolean;
  TO_SALES_METHOD_NO: number | null;
  CONVERSION_ONLY: boolean;
  POLICIES: SalesPolicyView[];
}

/** SPEC.md §3 "active lecture sales methods: id, to_sales_method_no, policy11, policy9". */
export interface ActiveLectureSalesMethodView {
  id: number;
  to_sales_method_no: number | null;
  policy11: { name: string; value: number; discountType: string } | null;
  policy9: { name: string; value: number; discountType: string } | null;
}

export interface SalesPoliciesPage {
  SALES_METHODS: SalesMethodView[];
  ACTIVE_LECTURE_SALES_METHODS: ActiveLectureSalesMethodView[];
}

export function salesPoliciesPage() {
  return restRequest<SalesPoliciesPage>("main", "/admin/sales_policies", { body: {} });
}

export interface SalesPolicyBody {
  SALES_METHOD_ID: number;
  NAME: string;
  DISCOUNT_KIND: string;
  DISCOUNT_TYPE: "AMOUNT" | "PERCENT";
  VALUE: number;
  MONTHS: number | null;
  ITEM_KIND: "LECTURE" | "DEVICE";
  DEVICE_GEN: "9" | "11" | null;
  REASON: string;
}

export function createSalesPolicy(body: SalesPolicyBody) {
  return restRequest<{ POLICY: SalesPolicyView }>("main", "/admin/sales_policies/create", {
    body,
  });
}

export function deactivateSalesPolicy(body: { POLICY_ID: number; REASON: string }) {
  return restRequest<{ POLICY: SalesPolicyView; CHANGED: boolean }>(
    "main",
    "/admin/sales_policies/deactivate",
    { body },
  );
}

/** Korean names of SPEC.md §3 discount kinds, as the form lists them. */
export const DISCOUNT_KIND_LABELS: Readonly<Record<string, string>> = {
  ADDITIONAL_LECTURE_DISCOUNT: "추가 과목 할인",
  REFERRAL_CODE_DISCOUNT: "추천 코드 할인",
  USER_OWNED_DEVICE_DISCOUNT: "내 태블릿 사용 할인",
  DEVICE_OWNER_DISCOUNT: "기기 보유·구매 할인",
};

/** The form as typed (strings). */
export interface SalesPolicyFormValues {
  salesMethodId: string;
  name: string;
  discountKind: string;
  discountType: "AMOUNT" | "PERCENT";
  value: string;
  months: string;
  itemKind: "LECTURE" | "DEVICE";
  deviceGen: "" | "9" | "11";
  reason: string;
}

/**
 * The create body for the form, or the first problem in Korean (the same limits as the server:
 * name 2-60 characters, a value ≥ 1, a percent ≤ 100, months only for lectures, a generation
 * only for devices, a reason of 2-200 characters).
 */
export function salesPolicyBody(
  v: SalesPolicyFormValues,
): { ok: true; body: SalesPolicyBody } | { ok: false; message: string } {
  const methodId = Number(v.salesMethodId);
  if (!Number.isInteger(methodId) || methodId < 1) {
    return { ok: false, message: "정책을 더할 판매 방식을 골라 주세요." };
  }
  const name = v.name.trim();
  if (name.length < 2 || name.length > 60) {
    return { ok: false, message: "정책 이름은 2~60자로 적어 주세요." };
  }
  if (!(v.discountKind in DISCOUNT_KIND_LABELS)) {
    return { ok: false, message: "할인 종류를 골라 주세요." };
  }
  const value = Number(v.value);
  if (!/^\d+$/.test(v.value.trim()) || value < 1) {
    return { ok: false, message: "할인 값은 1 이상의 정수로 적어 주세요." };
  }
  if (v.discountType === "PERCENT" && value > 100) {
    return { ok: false, message: "비율 할인은 100%를 넘을 수 없어요." };
  }
  const months = v.months.trim() === "" ? null : Number(v.months);
  if (months !== null && (!Number.isInteger(months) || months < 1 || months > 36)) {
    return { ok: false, message: "개월 수는 1~36 사이로 적거나 비워 두세요." };
  }
  if (months !== null && v.itemKind !== "LECTURE") {
    return { ok: false, message: "개월 수는 수업(LECTURE) 정책에만 정할 수 있어요." };
  }
  if (v.deviceGen !== "" && v.itemKind !== "DEVICE") {
    return { ok: false, message: "태블릿 세대는 기기(DEVICE) 정책에만 정할 수 있어요." };
  }
  const reason = v.reason.trim();
  if (reason.length < 2 || reason.length > 200) {
    return { ok: false, message: "사유를 2~200자로 적어 주세요." };
  }
  return {
    ok: true,
    body: {
      SALES_METHOD_ID: methodId,
      NAME: name,
      DISCOUNT_KIND: v.discountKind,
      DISCOUNT_TYPE: v.discountType,
      VALUE: value,
      MONTHS: months,
      ITEM_KIND: v.itemKind,
      DEVICE_GEN: v.deviceGen === "" ? null : v.deviceGen,
      REASON: reason,
    },
  };
}

/** "10,000원" or "5%", then where it applies ("12개월 수업", "새 iPad 9세대"). */
export function policySummary(p: SalesPolicyView): string {
  const amount =
    p.DISCOUNT_TYPE === "PERCENT" ? `${p.VALUE}%` : `${p.VALUE.toLocaleString("ko-KR")}원`;
  const target =
    p.ITEM_KIND === "DEVICE"
      ? p.DEVICE_GEN
        ? `새 iPad ${p.DEVICE_GEN}세대`
        : "기기"
      : p.MONTHS
        ? `${p.MONTHS}개월 수업`
        : "수업";
  return `${amount} · ${target}`;
}
