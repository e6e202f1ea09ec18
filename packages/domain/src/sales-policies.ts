/**
 * Sales methods and their policies as staff manage them, and the legacy cart's conversion
 * (issue #18; SPEC.md §3 BASE_/USER_SALES_METHOD_WITH_POLICIES, the cart store's
 * `policyActive, convertSalesMethodNo, duplicateArr`, `userPolicy, userActivePolicy` and
 * "active lecture sales methods: id, to_sales_method_no, policy11, policy9"). Pure; won.
 *
 * What the names mean here (docs/decisions/036):
 * - an **active lecture sales method** is an active sales method (the base ones and the
 *   family's own) that discounts lectures or converts: `{ id, to_sales_method_no, policy11,
 *   policy9 }`;
 * - `to_sales_method_no` is the method a cart converts to when the family takes a NEW tablet
 *   with its lessons; that method is "conversion only" (never applied by itself);
 * - `policy11` / `policy9` are the target method's DEVICE policies for a NEW 11th / 9th
 *   generation tablet (SPEC.md §9 generations; there is no policy10, so a 10th generation tablet
 *   converts nothing);
 * - `convertSalesMethodNo` is the method the cart converted to (null = none): the server
 *   computes it again at pricing, a client's value is never trusted.
 */
import { allowedMultiples, type PolicyRule } from "./checkout.ts";
import type { DiscountKind, DiscountType } from "./enums.ts";
import { multiplyWon, percentOfWon, type Won } from "./money.ts";
import { TWELVE_MONTHS, twelveMonthPolicyValue } from "./pricing.ts";

/** The tablet generations a lecture sales method can discount (policy11, policy9). */
export const POLICY_DEVICE_GENERATIONS = ["11", "9"] as const;
export type PolicyDeviceGeneration = (typeof POLICY_DEVICE_GENERATIONS)[number];

/** Line kinds a staff-made policy may target (goods, rentals and fees never take one). */
export const SALES_POLICY_ITEM_KINDS = ["LECTURE", "DEVICE"] as const;
export type SalesPolicyItemKind = (typeof SALES_POLICY_ITEM_KINDS)[number];

/** Longest policy name, in characters (sales_policies.name is varchar(100)). */
export const SALES_POLICY_NAME_MAX = 60;
/** Largest AMOUNT a policy may have, won (a sanity bound; the line bound is checked too). */
export const SALES_POLICY_AMOUNT_MAX_WON = 10_000_000;

/** A policy of a method, as stored (sales_policies). */
export interface SalesPolicyRecord {
  id: number;
  name: string;
  discountKind: string | null;
  discountType: DiscountType;
  /** Won for AMOUNT, whole percent for PERCENT. */
  value: number;
  months: number | null;
  itemKind: string | null;
  /** NEW DEVICE lines of this generation only; null = any line of `itemKind`. */
  deviceGen: string | null;
  isActive: boolean;
}

/** A sales method with its policies, as stored (sales_methods). */
export interface SalesMethodRecord {
  id: number;
  name: string;
  /** null = a base method (everyone); a user id = that family's method. */
  userId: number | null;
  isActive: boolean;
  /** The method the cart converts to with a NEW tablet (SPEC.md to_sales_method_no). */
  toSalesMethodNo: number | null;
  /** Applied only through a conversion, never by itself. */
  conversionOnly: boolean;
  policies: SalesPolicyRecord[];
}

/** A policy on the wire of the console and of the active lecture sales methods. */
export interface SalesPolicyShape {
  id: number;
  name: string;
  discountKind: string | null;
  discountType: DiscountType;
  value: number;
  months: number | null;
  itemKind: string | null;
  deviceGen: string | null;
}

/** SPEC.md §3 "active lecture sales methods: id, to_sales_method_no, policy11, policy9". */
export interface ActiveLectureSalesMethod {
  id: number;
  to_sales_method_no: number | null;
  /** The target method's policy for a NEW 11th generation tablet, or null. */
  policy11: SalesPolicyShape | null;
  /** The target method's policy for a NEW 9th generation tablet, or null. */
  policy9: SalesPolicyShape | null;
}

function shapeOf(p: SalesPolicyRecord): SalesPolicyShape {
  return {
    id: p.id,
    name: p.name,
    discountKind: p.discountKind,
    discountType: p.discountType,
    value: p.value,
    months: p.months,
    itemKind: p.itemKind,
    deviceGen: p.deviceGen,
  };
}

/** The active policy of `method` for a NEW tablet of `gen` (the first by id), or null. */
function generationPolicy(
  method: SalesMethodRecord | undefined,
  gen: PolicyDeviceGeneration,
): SalesPolicyShape | null {
  if (!method || !method.isActive) return null;
  const p = method.policies
    .filter((x) => x.isActive && x.itemKind === "DEVICE" && x.deviceGen === gen)
    .sort((a, b) => a.id - b.id)[0];
  return p ? shapeOf(p) : null;
}

/**
 * The active lecture sales methods of a family: among `methods` (every method the caller may
 * see, conversion targets included), the active, not conversion-only ones whose `userId` is
 * null or `userId`, that have an active LECTURE (or any-kind) policy or a conversion target;
 * each with the target's policy11 / policy9. Ordered by id.
 */
export function activeLectureSalesMethods(
  methods: readonly SalesMethodRecord[],
  userId: number | null,
): ActiveLectureSalesMethod[] {
  const byId = new Map(methods.map((m) => [m.id, m]));
  return methods
    .filter(
      (m) =>
        m.isActive &&
        !m.conversionOnly &&
        (m.userId === null || m.userId === userId) &&
        (m.toSalesMethodNo !== null ||
          m.policies.some((p) => p.isActive && (p.itemKind === "LECTURE" || p.itemKind === null))),
    )
    .sort((a, b) => a.id - b.id)
    .map((m) => {
      const target = m.toSalesMethodNo === null ? undefined : byId.get(m.toSalesMethodNo);
      const live = target?.isActive ? target : undefined;
      return {
        id: m.id,
        to_sales_method_no: live ? live.id : null,
        policy11: generationPolicy(live, "11"),
        policy9: generationPolicy(live, "9"),
      };
    });
}

/**
 * SPEC.md convertSalesMethodNo: the method the cart converts to, given the generation of the
 * NEW tablet the cart holds (null = no new tablet): the target of the first active lecture sales
 * method with a policy for that generation (policy11 for "11", policy9 for "9"); otherwise null.
 */
export function convertSalesMethodNo(
  active: readonly ActiveLectureSalesMethod[],
  newTabletGen: string | null,
): number | null {
  if (newTabletGen !== "11" && newTabletGen !== "9") return null;
  const hit = active.find((m) => (newTabletGen === "11" ? m.policy11 : m.policy9) !== null);
  return hit?.to_sales_method_no ?? null;
}

/**
 * The rules a conversion adds to pricing: the active policies of the converted-to method (its
 * generation policies only match NEW tablets of that generation, checkout.ts `applies`).
 */
export function conversionRules(
  methods: readonly SalesMethodRecord[],
  convertedTo: number | null,
): PolicyRule[] {
  if (convertedTo === null) return [];
  const target = methods.find((m) => m.id === convertedTo && m.isActive);
  if (!target) return [];
  return target.policies
    .filter((p) => p.isActive)
    .sort((a, b) => a.id - b.id)
    .map((p) => ({
      name: p.name,
      discountKind: p.discountKind,
      discountType: p.discountType,
      value: p.value,
      months: p.months,
      itemKind: p.itemKind,
      deviceGen: p.deviceGen,
    }));
}

// ---- creating a policy ------------------------------------------------------------------------

/** What staff ask to create. */
export interface SalesPolicyDraft {
  name: string;
  /** One of SPEC.md §3 discount kinds (sales_policies.discount_kind is required). */
  discountKind: DiscountKind;
  discountType: DiscountType;
  value: number;
  months: number | null;
  itemKind: SalesPolicyItemKind;
  deviceGen: PolicyDeviceGeneration | null;
}

/** A sellable item a draft could reach (lectures per month, devices one-off; won). */
export interface PolicyTargetItem {
  id: number;
  title: string;
  itemKind: string;
  months: number;
  salePrice: Won;
  fixedTerm?: boolean;
  homeshopping?: boolean;
  deviceGen?: string | null;
  usedType?: string | null;
}

/** Why a draft is refused (each maps to a 400 with a Korean message in the api). */
export type SalesPolicyProblem =
  | { code: "VALUE_NOT_POSITIVE" }
  | { code: "PERCENT_OVER_100" }
  | { code: "AMOUNT_TOO_LARGE" }
  | { code: "DEVICE_GEN_NEEDS_DEVICE" }
  | { code: "MONTHS_ON_DEVICE" }
  | { code: "NO_LINE" }
  | { code: "MAKES_LINE_NEGATIVE"; itemId: number; title: string; lineWon: Won };

/**
 * The sale totals (won) of every line `draft` could be taken from, each after the 12-month
 * policy that comes before it: lectures for each allowed month count (only `months` when set),
 * devices one unit (NEW of `deviceGen` when set). Lines priced 0 (the free tablet) are left out.
 */
export function reachableLines(
  draft: Pick<SalesPolicyDraft, "itemKind" | "months" | "deviceGen">,
  items: readonly PolicyTargetItem[],
): { itemId: number; title: string; lineWon: Won }[] {
  const out: { itemId: number; title: string; lineWon: Won }[] = [];
  for (const item of items) {
    if (item.itemKind !== draft.itemKind || item.salePrice <= 0) continue;
    if (draft.itemKind === "DEVICE") {
      if (
        draft.deviceGen !== null &&
        (item.deviceGen !== draft.deviceGen || item.usedType !== "NEW")
      ) {
        continue;
      }
      out.push({ itemId: item.id, title: item.title, lineWon: item.salePrice });
      continue;
    }
    for (const multiple of allowedMultiples("LECTURE", item.fixedTerm || item.homeshopping)) {
      const months = multiplyWon(item.months, multiple);
      if (draft.months !== null && months !== draft.months) continue;
      const sale = multiplyWon(item.salePrice, months);
      const left = months === TWELVE_MONTHS ? sale - twelveMonthPolicyValue(sale) : sale;
      out.push({ itemId: item.id, title: item.title, lineWon: left });
    }
  }
  return out;
}

/**
 * Checks a draft against the catalog (SPEC.md §5: a payment due is never negative): a PERCENT
 * is 1-100; an AMOUNT is at least 1 won and at most every line it could be taken from (after
 * the 12-month policy) — a discount that would make a line negative is refused, naming the
 * cheapest such line; a generation needs a DEVICE policy; months only for lectures; a draft
 * reaching no line at all is refused. Returns the first problem, or null.
 */
export function salesPolicyProblem(
  draft: SalesPolicyDraft,
  items: readonly PolicyTargetItem[],
): SalesPolicyProblem | null {
  if (!Number.isInteger(draft.value) || draft.value < 1) return { code: "VALUE_NOT_POSITIVE" };
  if (draft.discountType === "PERCENT" && draft.value > 100) return { code: "PERCENT_OVER_100" };
  if (draft.discountType === "AMOUNT" && draft.value > SALES_POLICY_AMOUNT_MAX_WON) {
    return { code: "AMOUNT_TOO_LARGE" };
  }
  if (draft.deviceGen !== null && draft.itemKind !== "DEVICE") {
    return { code: "DEVICE_GEN_NEEDS_DEVICE" };
  }
  if (draft.months !== null && draft.itemKind !== "LECTURE") return { code: "MONTHS_ON_DEVICE" };
  const lines = reachableLines(draft, items);
  if (lines.length === 0) return { code: "NO_LINE" };
  if (draft.discountType === "AMOUNT") {
    const cheapest = lines.reduce((a, b) => (b.lineWon < a.lineWon ? b : a));
    if (draft.value > cheapest.lineWon) return { code: "MAKES_LINE_NEGATIVE", ...cheapest };
  }
  return null;
}

/** Won a draft would take off a line of `lineWon` (what the console previews). */
export function policyAmountOn(
  draft: Pick<SalesPolicyDraft, "discountType" | "value">,
  lineWon: Won,
): Won {
  const amount =
    draft.discountType === "PERCENT" ? percentOfWon(lineWon, draft.value) : draft.value;
  return Math.min(amount, lineWon);
}
