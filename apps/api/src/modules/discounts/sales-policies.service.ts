/**
 * Sales policies staff manage, and the cart's conversion (issue #18; SPEC.md §3 BASE_/
 * USER_SALES_METHOD_WITH_POLICIES, "active lecture sales methods: id, to_sales_method_no,
 * policy11, policy9", convertSalesMethodNo; docs/api/discounts.md; decision 036). The rules are
 * packages/domain sales-policies.ts.
 *
 * - Staff read every method with its policies (permission `sales_policy.read`); only ADMIN
 *   creates or deactivates a policy (`sales_policy.manage`), each in one transaction with its
 *   audit entry (recordStaffAction).
 * - A policy that would take any line it can reach below 0 won is refused before anything is
 *   written; two active policies of one method never share a name (unique index: of two
 *   parallel creations one answers 409).
 * - Pricing reads active policies only (catalog.repository `findSalesPolicies`); the Lecture_
 *   StoreItems snapshot shows a change within its 5 s.
 */
import type { Database } from "@seoltab/db";
import {
  activeLectureSalesMethods,
  conversionRules,
  convertSalesMethodNo,
  isStaffUserType,
  salesPolicyProblem,
  visibleLectureItems,
  selectRentDevices,
  type ActiveLectureSalesMethod,
  type PolicyRule,
  type PolicyTargetItem,
  type SalesMethodRecord,
  type SalesPolicyDraft,
  type SalesPolicyProblem,
} from "@seoltab/domain";
import { mayPerform, type AdminAction } from "@seoltab/domain/admin";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../../platform/audit.ts";
import { PermissionDenied } from "../../platform/auth.ts";
import { withTransaction } from "../../platform/transactions.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findActiveStoreItems } from "../catalog/catalog.public.ts";
import {
  deactivateSalesPolicyRow,
  findSalesMethodRecords,
  insertSalesPolicy,
  lockSalesMethod,
  lockSalesPolicy,
} from "./sales-policies.repository.ts";

/** Korean messages of the sales-policy console (stable codes beside them). */
export const SALES_POLICY_MESSAGES = {
  staffOnly: "운영팀만 판매 정책을 볼 수 있어요.",
  adminOnly: "판매 정책은 관리자(ADMIN)만 만들거나 끌 수 있어요.",
  methodNotFound: "판매 방식을 찾을 수 없어요.",
  methodInactive: "꺼진 판매 방식에는 정책을 더할 수 없어요.",
  policyNotFound: "판매 정책을 찾을 수 없어요.",
  duplicate: "이 판매 방식에 같은 이름의 정책이 이미 있어요. 다른 이름을 써 주세요.",
  valueNotPositive: "할인 값은 1 이상이어야 해요.",
  percentOver100: "비율 할인은 100%를 넘을 수 없어요.",
  amountTooLarge: "금액 할인은 1,000만 원을 넘을 수 없어요.",
  deviceGenNeedsDevice: "태블릿 세대는 기기(DEVICE) 정책에만 정할 수 있어요.",
  monthsOnDevice: "개월 수는 수업(LECTURE) 정책에만 정할 수 있어요.",
  noLine: "이 조건에 맞는 판매 중인 상품이 없어요. 상품 종류·개월 수·세대를 확인해 주세요.",
  makesLineNegative: (title: string, lineWon: number) =>
    `할인 금액이 「${title}」 결제 금액 ${lineWon.toLocaleString("ko-KR")}원보다 커서 결제 금액이 0원 아래가 돼요. 금액을 줄여 주세요.`,
} as const;

function problemError(problem: SalesPolicyProblem): AppError {
  const [code, field, message]: [string, string, string] =
    problem.code === "MAKES_LINE_NEGATIVE"
      ? [
          "policy_makes_line_negative",
          "VALUE",
          SALES_POLICY_MESSAGES.makesLineNegative(problem.title, problem.lineWon),
        ]
      : problem.code === "VALUE_NOT_POSITIVE"
        ? ["validation_failed", "VALUE", SALES_POLICY_MESSAGES.valueNotPositive]
        : problem.code === "PERCENT_OVER_100"
          ? ["validation_failed", "VALUE", SALES_POLICY_MESSAGES.percentOver100]
          : problem.code === "AMOUNT_TOO_LARGE"
            ? ["validation_failed", "VALUE", SALES_POLICY_MESSAGES.amountTooLarge]
            : problem.code === "DEVICE_GEN_NEEDS_DEVICE"
              ? ["validation_failed", "DEVICE_GEN", SALES_POLICY_MESSAGES.deviceGenNeedsDevice]
              : problem.code === "MONTHS_ON_DEVICE"
                ? ["validation_failed", "MONTHS", SALES_POLICY_MESSAGES.monthsOnDevice]
                : ["policy_reaches_nothing", "ITEM_KIND", SALES_POLICY_MESSAGES.noLine];
  return new AppError("validation", code, message, [{ field, message }]);
}

/**
 * Refuses non-staff (403 `staff_only`) and staff whose role the permission table does not allow
 * (403 `admin_role_required`; a SECURITY permission_denied entry, decision 038).
 */
export function requireSalesPolicyRole(caller: AuthUser, action: AdminAction): void {
  const who = { userNo: caller.userNo, userType: caller.userType };
  if (!isStaffUserType(caller.userType)) {
    throw new PermissionDenied("staff_only", SALES_POLICY_MESSAGES.staffOnly, who, "staff");
  }
  if (!mayPerform(caller.userType, action)) {
    throw new PermissionDenied(
      "admin_role_required",
      SALES_POLICY_MESSAGES.adminOnly,
      who,
      "admin",
    );
  }
}

/** The console's list: every method with every policy, and the base active lecture methods. */
export async function salesPolicyConsole(
  db: Database,
  caller: AuthUser,
): Promise<{ methods: SalesMethodRecord[]; activeLecture: ActiveLectureSalesMethod[] }> {
  requireSalesPolicyRole(caller, "sales_policy.read");
  const methods = await findSalesMethodRecords(db, "all");
  return { methods, activeLecture: activeLectureSalesMethods(methods, null) };
}

/** The lines a policy could reach: every active lecture (regular and home-shopping) and device. */
async function policyTargets(db: Database): Promise<PolicyTargetItem[]> {
  const items = await findActiveStoreItems(db);
  return [
    ...visibleLectureItems(items, { onlyHomeshopping: false }),
    ...visibleLectureItems(items, { onlyHomeshopping: true }),
    ...selectRentDevices(items),
  ].map((i) => ({
    id: i.id,
    title: i.title,
    itemKind: i.itemKind,
    months: i.months,
    salePrice: i.salePrice,
    fixedTerm: i.itemType === "LECTURE_WINTER",
    homeshopping: i.isHomeshopping,
    deviceGen: i.deviceGen,
    usedType: i.usedType,
  }));
}

/**
 * ADMIN creates a policy on a method (201 with the stored policy), audited
 * (`sales_policy_created`, record `sales_policy:<id>`).
 * @throws AppError forbidden `staff_only` / `admin_role_required`; not_found
 *   `sales_method_not_found`; conflict `sales_method_inactive`, `sales_policy_duplicate`;
 *   validation `policy_makes_line_negative`, `policy_reaches_nothing`, `validation_failed`
 */
export async function createSalesPolicy(
  db: Database,
  caller: AuthUser,
  input: { salesMethodId: number; draft: SalesPolicyDraft; reason: string },
  requestId: string | null,
) {
  requireSalesPolicyRole(caller, "sales_policy.manage");
  const problem = salesPolicyProblem(input.draft, await policyTargets(db));
  if (problem) throw problemError(problem);
  return withTransaction(db, async (tx) => {
    const method = await lockSalesMethod(tx, input.salesMethodId);
    if (!method) {
      throw new AppError(
        "not_found",
        "sales_method_not_found",
        SALES_POLICY_MESSAGES.methodNotFound,
      );
    }
    if (!method.isActive) {
      throw new AppError("conflict", "sales_method_inactive", SALES_POLICY_MESSAGES.methodInactive);
    }
    const d = input.draft;
    const row = await insertSalesPolicy(tx, {
      salesMethodId: method.id,
      name: d.name,
      discountKind: d.discountKind,
      discountType: d.discountType,
      value: d.value,
      months: d.months,
      itemKind: d.itemKind,
      deviceGen: d.deviceGen,
    });
    if (!row) {
      throw new AppError("conflict", "sales_policy_duplicate", SALES_POLICY_MESSAGES.duplicate, [
        { field: "NAME", message: SALES_POLICY_MESSAGES.duplicate },
      ]);
    }
    await recordStaffAction(tx, {
      actor: caller,
      action: "sales_policy_created",
      record: `sales_policy:${row.id}`,
      after: {
        salesMethodId: method.id,
        name: row.name,
        discountKind: d.discountKind,
        discountType: row.discountType,
        value: row.value,
        months: row.months,
        itemKind: row.itemKind,
        deviceGen: row.deviceGen,
      },
      reason: input.reason,
      requestId,
    });
    return row;
  });
}

/**
 * ADMIN deactivates a policy (it stops pricing new orders; past payments keep its name).
 * Idempotent: a policy already off answers `changed: false` and writes no second audit entry.
 * @throws AppError forbidden `staff_only` / `admin_role_required`; not_found
 *   `sales_policy_not_found`
 */
export async function deactivateSalesPolicy(
  db: Database,
  caller: AuthUser,
  input: { policyId: number; reason: string },
  requestId: string | null,
) {
  requireSalesPolicyRole(caller, "sales_policy.manage");
  return withTransaction(db, async (tx) => {
    const policy = await lockSalesPolicy(tx, input.policyId);
    if (!policy) {
      throw new AppError(
        "not_found",
        "sales_policy_not_found",
        SALES_POLICY_MESSAGES.policyNotFound,
      );
    }
    const changed = await deactivateSalesPolicyRow(tx, policy.id);
    if (changed) {
      await recordStaffAction(tx, {
        actor: caller,
        action: "sales_policy_deactivated",
        record: `sales_policy:${policy.id}`,
        before: { isActive: true },
        after: { isActive: false },
        reason: input.reason,
        requestId,
        detail: { salesMethodId: policy.salesMethodId, name: policy.name },
      });
    }
    return { policy: { ...policy, isActive: false }, changed };
  });
}

/**
 * The cart's conversion (SPEC.md convertSalesMethodNo), computed on the server from the order:
 * with a NEW tablet of generation `newTabletGen` (null = none) among the lines, the family's
 * active lecture sales methods may convert to a method whose policy9 / policy11 then price the
 * tablet. Returns the method converted to (or null) and the rules it adds.
 */
export async function salesMethodConversion(
  db: Database,
  userId: number,
  newTabletGen: string | null,
): Promise<{ convertSalesMethodNo: number | null; rules: PolicyRule[] }> {
  if (newTabletGen === null) return { convertSalesMethodNo: null, rules: [] };
  const methods = await findSalesMethodRecords(db, userId);
  const converted = convertSalesMethodNo(activeLectureSalesMethods(methods, userId), newTabletGen);
  return { convertSalesMethodNo: converted, rules: conversionRules(methods, converted) };
}
