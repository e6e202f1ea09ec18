/**
 * Catalog rules (issue #4 "Catalog"; SPEC.md §3 store item fields, card free quota; §6
 * IS_ONLY_HOMESHOPPING; §7 Lecture_StoreItems, seoltab_banner_info; §9 devices, group numbers,
 * the 38-subject mapping). Pure: the api reads the rows, these functions decide what is shown
 * and how it looks on the wire. Money is integer won (lectures per month, devices one-off).
 */
import { allowedMultiples, isFixedTermItemType, TWELVE_MONTH_POLICY_NAME } from "./checkout.ts";
import { TWELVE_MONTH_DISCOUNT_PERCENT } from "./constants.ts";
import type { DiscountType } from "./enums.ts";
import { TWELVE_MONTHS } from "./pricing.ts";

// ---- subjects ------------------------------------------------------------------------------

/** One sellable subject: its id (store item `subjectId`) and the INGANG term it teaches. */
export interface CatalogSubject {
  subjectId: number;
  name: string;
  /** TERM_TAXONOMY_ID of the INGANG taxonomy (POST /main/getTaxonomy). */
  termTaxonomyId: number;
}

/**
 * The 38 subjects (SPEC.md §9 "subject id to term id mapping covers 38 subjects"): 8901-8905
 * 1:1 (basic) subjects, 8906-8910 smart subjects (8906 = 스마트 수학, the default enrollment
 * subject), 8911-8912 other areas, 8913-8938 course-level subjects (subjectDetailId).
 */
export const CATALOG_SUBJECTS: readonly CatalogSubject[] = [
  { subjectId: 8901, name: "수학", termTaxonomyId: 1001 },
  { subjectId: 8902, name: "국어", termTaxonomyId: 1002 },
  { subjectId: 8903, name: "영어", termTaxonomyId: 1003 },
  { subjectId: 8904, name: "사회", termTaxonomyId: 1004 },
  { subjectId: 8905, name: "과학", termTaxonomyId: 1005 },
  { subjectId: 8906, name: "스마트 수학", termTaxonomyId: 1001 },
  { subjectId: 8907, name: "스마트 국어", termTaxonomyId: 1002 },
  { subjectId: 8908, name: "스마트 영어", termTaxonomyId: 1003 },
  { subjectId: 8909, name: "스마트 사회", termTaxonomyId: 1004 },
  { subjectId: 8910, name: "스마트 과학", termTaxonomyId: 1005 },
  { subjectId: 8911, name: "제2외국어", termTaxonomyId: 1006 },
  { subjectId: 8912, name: "입시 컨설팅", termTaxonomyId: 1007 },
  { subjectId: 8913, name: "초등 수학", termTaxonomyId: 1101 },
  { subjectId: 8914, name: "중등 수학", termTaxonomyId: 1102 },
  { subjectId: 8915, name: "고등 수학", termTaxonomyId: 1103 },
  { subjectId: 8916, name: "공통수학1", termTaxonomyId: 1111 },
  { subjectId: 8917, name: "공통수학2", termTaxonomyId: 1112 },
  { subjectId: 8918, name: "대수", termTaxonomyId: 1113 },
  { subjectId: 8919, name: "미적분Ⅰ", termTaxonomyId: 1114 },
  { subjectId: 8920, name: "확률과 통계", termTaxonomyId: 1115 },
  { subjectId: 8921, name: "기하", termTaxonomyId: 1116 },
  { subjectId: 8922, name: "중등 국어", termTaxonomyId: 1201 },
  { subjectId: 8923, name: "고등 국어", termTaxonomyId: 1202 },
  { subjectId: 8924, name: "문학", termTaxonomyId: 1211 },
  { subjectId: 8925, name: "독서", termTaxonomyId: 1212 },
  { subjectId: 8926, name: "화법과 언어", termTaxonomyId: 1213 },
  { subjectId: 8927, name: "중등 영어", termTaxonomyId: 1301 },
  { subjectId: 8928, name: "고등 영어", termTaxonomyId: 1302 },
  { subjectId: 8929, name: "영어 독해와 작문", termTaxonomyId: 1311 },
  { subjectId: 8930, name: "영어 문법", termTaxonomyId: 1312 },
  { subjectId: 8931, name: "통합사회", termTaxonomyId: 1401 },
  { subjectId: 8932, name: "한국사", termTaxonomyId: 1402 },
  { subjectId: 8933, name: "사회탐구", termTaxonomyId: 1403 },
  { subjectId: 8934, name: "통합과학", termTaxonomyId: 1501 },
  { subjectId: 8935, name: "물리학", termTaxonomyId: 1502 },
  { subjectId: 8936, name: "화학", termTaxonomyId: 1503 },
  { subjectId: 8937, name: "생명과학", termTaxonomyId: 1504 },
  { subjectId: 8938, name: "지구과학", termTaxonomyId: 1505 },
];

const TERM_OF_SUBJECT = new Map(CATALOG_SUBJECTS.map((s) => [s.subjectId, s.termTaxonomyId]));

/** The INGANG term id a subject id teaches, or undefined for an unknown subject id. */
export function subjectTermId(subjectId: number): number | undefined {
  return TERM_OF_SUBJECT.get(subjectId);
}

// ---- store items -----------------------------------------------------------------------------

/**
 * A store item as the catalog rules need it: the camelCase columns of `store_items`
 * (packages/db catalog.schema.ts), so a row can be passed as it is.
 */
export interface CatalogItem {
  id: number;
  /** LECTURE or DEVICE. */
  itemKind: string;
  title: string;
  subtitle: string | null;
  subjects: readonly string[];
  subjectId: number | null;
  itemType: string | null;
  schoolLevel: string | null;
  months: number;
  groupNo: number | null;
  lectureVtNo: number | null;
  /** Won (per month for lectures, one-off for devices). */
  basePrice: number;
  /** Won (per month for lectures, one-off for devices); 0 = lent free with the lessons. */
  salePrice: number;
  usedType: string | null;
  deviceType: string | null;
  deviceGen: string | null;
  color: string | null;
  etc: string | null;
  /** Units in stock. */
  count: number;
  isHomeshopping: boolean;
  isActive: boolean;
  /** CONTENTS delivered digitally (issue #18). */
  isDigital?: boolean;
  /** `count` is reserved by orders (books, rentals; issue #18). */
  trackStock?: boolean;
  /** A DEVICE lent for `months` and returned (headphone rental; issue #18). */
  isRental?: boolean;
}

/**
 * The lecture items a caller is offered (SPEC.md §6): active LECTURE items, only the
 * home-shopping ones for a home-shopping user and never those for anyone else. Input order kept.
 */
export function visibleLectureItems<T extends CatalogItem>(
  items: readonly T[],
  options: { onlyHomeshopping: boolean },
): T[] {
  return items.filter(
    (i) => i.itemKind === "LECTURE" && i.isActive && i.isHomeshopping === options.onlyHomeshopping,
  );
}

/**
 * Whether the home-shopping catalog applies. Precedence: the user's own flag (users
 * `is_only_homeshopping`) when the answer is for a known user; otherwise the request's
 * IS_ONLY_HOMESHOPPING ("YES" only; absent = "NO").
 */
export function isHomeshoppingCatalog(
  userFlag: boolean | null,
  requested: "YES" | "NO" | undefined,
): boolean {
  return userFlag ?? requested === "YES";
}

/** The generations of new tablets offered (SPEC.md §9); the last only while in stock. */
export const NEW_TABLET_GENERATIONS = ["9", "10", "11"] as const;
/** The new-tablet generation shown only while its count is not 0. */
export const STOCK_GATED_GENERATION = "11";
/** The used-tablet generation offered, and its colours in display order (SPEC.md §9). */
export const USED_TABLET_GENERATION = "9";
export const USED_TABLET_COLORS = ["실버", "스페이스 그레이"] as const;
/** `etc` of the 2023 production of the used 9th generation, preferred while in stock. */
export const PREFERRED_USED_VARIANT = "2023";
/** Device type of the headphones (named by their device_gen). */
export const HEADPHONES_DEVICE_TYPE = "AIR_PODS_MAX";

/**
 * The devices offered with the lessons (RENT_DEVICES, SPEC.md §9), in display order:
 * 1. the free lent tablet option (sale price 0);
 * 2. NEW tablets of generation 9, 10 and 11, by generation — the 11th only while its count is
 *    not 0;
 * 3. USED 9th-generation tablets, 실버 then 스페이스 그레이; within a colour the 2023 variant
 *    (`etc` "2023") comes first while it is in stock (count > 0) and is left out when it is not;
 * 4. the headphones (AIR_PODS_MAX).
 * Inactive rows, non-DEVICE rows and any other device (another generation, colour or type) are
 * left out. Within a group the input order is kept (the repository orders by sort order).
 */
export function selectRentDevices<T extends CatalogItem>(devices: readonly T[]): T[] {
  // Rentals for a fee (headphones, issue #18) are listed apart: `headphoneRentals`.
  const active = devices.filter((d) => d.itemKind === "DEVICE" && d.isActive && !d.isRental);
  const headphones = active.filter((d) => d.deviceType === HEADPHONES_DEVICE_TYPE);
  const tablets = active.filter((d) => d.deviceType !== HEADPHONES_DEVICE_TYPE);
  const free = tablets.filter((d) => d.salePrice === 0);
  const paid = tablets.filter((d) => d.salePrice > 0);
  const fresh = NEW_TABLET_GENERATIONS.flatMap((gen) =>
    paid.filter(
      (d) =>
        d.usedType === "NEW" &&
        d.deviceGen === gen &&
        (gen !== STOCK_GATED_GENERATION || d.count !== 0),
    ),
  );
  const used = USED_TABLET_COLORS.flatMap((color) => {
    const ofColor = paid.filter(
      (d) => d.usedType === "USED" && d.deviceGen === USED_TABLET_GENERATION && d.color === color,
    );
    const preferred = ofColor.filter((d) => d.etc === PREFERRED_USED_VARIANT && d.count > 0);
    const regular = ofColor.filter((d) => d.etc !== PREFERRED_USED_VARIANT);
    return [...preferred, ...regular];
  });
  return [...free, ...fresh, ...used, ...headphones];
}

/** The name a device is shown with: headphones by their device_gen, others by their title. */
export function rentDeviceName(device: CatalogItem): string {
  return device.deviceType === HEADPHONES_DEVICE_TYPE && device.deviceGen
    ? device.deviceGen
    : device.title;
}

/** Kinds of goods sold beside the lessons (issue #18): books and digital contents. */
export const GOODS_ITEM_KINDS = ["SEOLTAB_BOOK", "CONTENTS"] as const;

/**
 * The books and contents on sale (issue #18), in display order: active SEOLTAB_BOOK and CONTENTS
 * rows. Out-of-stock books stay listed (shown 품절) and the checkout refuses them.
 */
export function storeGoods<T extends CatalogItem>(items: readonly T[]): T[] {
  return items.filter(
    (i) => i.isActive && (GOODS_ITEM_KINDS as readonly string[]).includes(i.itemKind),
  );
}

/**
 * The headphone rentals on offer (SPEC.md §3 headphone rental fields, §9 "headphones are named
 * by device_gen"): active rental DEVICE rows of type AIR_PODS_MAX, in display order.
 */
export function headphoneRentals<T extends CatalogItem>(items: readonly T[]): T[] {
  return items.filter(
    (i) =>
      i.itemKind === "DEVICE" &&
      i.isActive &&
      i.isRental &&
      i.deviceType === HEADPHONES_DEVICE_TYPE,
  );
}

/**
 * Everything a user may buy (lectures they are offered, the offered devices, books, contents
 * and headphone rentals), for the checkout to check an order's ids against (an id absent here
 * is an unknown item).
 */
export function sellableItems<T extends CatalogItem>(
  items: readonly T[],
  options: { onlyHomeshopping: boolean },
): T[] {
  return [
    ...visibleLectureItems(items, options),
    ...selectRentDevices(items),
    ...storeGoods(items),
    ...headphoneRentals(items),
  ];
}

/** One entry of GOODS_ITEMS (POST /main/Store_Goods). Prices in won per unit. */
export interface GoodsItemWire {
  id: number;
  item_kind: string;
  title: string;
  subtitle: string;
  basePrice: number;
  salePrice: number;
  /** Units left for books; null for digital contents (no stock). */
  stock: number | null;
  /** DELIVERY (a parcel) or DIGITAL (opened online; not refundable once opened). */
  delivery: "DELIVERY" | "DIGITAL";
  allowed_multiples: number[];
}

export function toGoodsItemWire(item: CatalogItem): GoodsItemWire {
  const digital = item.isDigital === true || item.itemKind === "CONTENTS";
  const kind = item.itemKind === "SEOLTAB_BOOK" ? "SEOLTAB_BOOK" : "CONTENTS";
  return {
    id: item.id,
    item_kind: item.itemKind,
    title: item.title,
    subtitle: item.subtitle ?? "",
    basePrice: item.basePrice,
    salePrice: item.salePrice,
    stock: digital ? null : item.count,
    delivery: digital ? "DIGITAL" : "DELIVERY",
    allowed_multiples: [...allowedMultiples(kind)],
  };
}

/**
 * One headphone rental (SPEC.md §3 headphone rental fields): `name` is the device_gen, `rentFee`
 * the won for the whole `months`, returned at their end.
 */
export interface HeadphoneRentalWire {
  id: number;
  name: string;
  device_type: string | null;
  device_gen: string | null;
  color: string | null;
  months: number;
  basePrice: number;
  rentFee: number;
  count: number;
}

export function toHeadphoneRentalWire(item: CatalogItem): HeadphoneRentalWire {
  return {
    id: item.id,
    name: rentDeviceName(item),
    device_type: item.deviceType,
    device_gen: item.deviceGen,
    color: item.color,
    months: item.months,
    basePrice: item.basePrice,
    rentFee: item.salePrice,
    count: item.count,
  };
}

// ---- wire shapes (POST /main/Lecture_StoreItems) ---------------------------------------------

/** One entry of LECTURE_ITEMS. Prices in won per month. */
export interface LectureItemWire {
  id: number;
  TTEOK_HAM_Title: string;
  TTEOK_HAM_SubTitle1: string;
  subjects: string[];
  subjectId: number | null;
  item_type: string;
  school_level: string | null;
  months: number;
  group_No: number | null;
  lecture_vt_No: number | null;
  basePrice: number;
  salePrice: number;
  allowed_multiples: number[];
}

export function toLectureItemWire(item: CatalogItem): LectureItemWire {
  return {
    id: item.id,
    TTEOK_HAM_Title: item.title,
    TTEOK_HAM_SubTitle1: item.subtitle ?? "",
    subjects: [...item.subjects],
    subjectId: item.subjectId,
    item_type: item.itemType ?? "",
    school_level: item.schoolLevel,
    months: item.months,
    group_No: item.groupNo,
    lecture_vt_No: item.lectureVtNo,
    basePrice: item.basePrice,
    salePrice: item.salePrice,
    allowed_multiples: [
      ...allowedMultiples("LECTURE", isFixedTermItemType(item.itemType) || item.isHomeshopping),
    ],
  };
}

/** One entry of RENT_DEVICES. `price` is the sale price in won (0 = lent free). */
export interface RentDeviceWire {
  id: number;
  name: string;
  device_type: string | null;
  used_type: string | null;
  device_gen: string | null;
  color: string | null;
  etc: string | null;
  count: number;
  basePrice: number;
  price: number;
}

export function toRentDeviceWire(device: CatalogItem): RentDeviceWire {
  return {
    id: device.id,
    name: rentDeviceName(device),
    device_type: device.deviceType,
    used_type: device.usedType,
    device_gen: device.deviceGen,
    color: device.color,
    etc: device.etc,
    count: device.count,
    basePrice: device.basePrice,
    price: device.salePrice,
  };
}

/** A policy of a sales method on the wire. */
export interface SalesPolicyWire {
  id: number;
  name: string;
  discountKind: string | null;
  discountType: DiscountType;
  /** Won for AMOUNT, whole percent for PERCENT. */
  value: number;
  /** Only lines bought for exactly this many months in all; null = any. */
  months: number | null;
  /** Only lines of this kind (LECTURE, DEVICE); null = any. */
  itemKind: string | null;
}

export interface SalesMethodWire {
  id: number;
  name: string;
  policies: SalesPolicyWire[];
}

/**
 * The 12-month policy, built into pricing (packages/domain checkout.ts `priceLine`), described
 * as sales method 0 with policy 0 so clients show it like any other policy (SPEC.md §5, §9).
 */
export const BUILT_IN_SALES_METHOD: SalesMethodWire = {
  id: 0,
  name: "기본 할인",
  policies: [
    {
      id: 0,
      name: TWELVE_MONTH_POLICY_NAME,
      discountKind: null,
      discountType: "PERCENT",
      value: TWELVE_MONTH_DISCOUNT_PERCENT,
      months: TWELVE_MONTHS,
      itemKind: "LECTURE",
    },
  ],
};

/** A policy row joined with its method (apps/api catalog.repository `findSalesPolicies`). */
export interface SalesPolicyRowLike {
  salesMethodId: number;
  salesMethodName: string;
  id: number;
  name: string;
  discountKind: string | null;
  discountType: string;
  value: number;
  months: number | null;
  itemKind: string | null;
}

/**
 * Groups policy rows (ordered by method, then policy) into methods with their policies, in the
 * order first seen.
 */
export function groupSalesMethods(rows: readonly SalesPolicyRowLike[]): SalesMethodWire[] {
  const methods = new Map<number, SalesMethodWire>();
  for (const r of rows) {
    let method = methods.get(r.salesMethodId);
    if (!method) {
      method = { id: r.salesMethodId, name: r.salesMethodName, policies: [] };
      methods.set(r.salesMethodId, method);
    }
    method.policies.push({
      id: r.id,
      name: r.name,
      discountKind: r.discountKind,
      discountType: r.discountType === "AMOUNT" ? "AMOUNT" : "PERCENT",
      value: r.value,
      months: r.months,
      itemKind: r.itemKind,
    });
  }
  return [...methods.values()];
}

/** One entry of the banner's device_count_result (POST /main/seoltab_banner_info). */
export interface DeviceCount {
  device_type: string | null;
  device_gen: string | null;
  used_type: string | null;
  color: string | null;
  count: number;
}

/**
 * Stock of the offered devices for the marketing banner: the `selectRentDevices` devices summed
 * per (device_type, device_gen, used_type, color) — the 2023 and regular used 9th generation
 * of one colour count together — in display order, and the total.
 */
export function deviceCounts(devices: readonly CatalogItem[]): {
  counts: DeviceCount[];
  total: number;
} {
  const groups = new Map<string, DeviceCount>();
  for (const d of selectRentDevices(devices)) {
    const key = JSON.stringify([d.deviceType, d.deviceGen, d.usedType, d.color]);
    const group = groups.get(key);
    if (group) group.count += d.count;
    else {
      groups.set(key, {
        device_type: d.deviceType,
        device_gen: d.deviceGen,
        used_type: d.usedType,
        color: d.color,
        count: d.count,
      });
    }
  }
  const counts = [...groups.values()];
  return { counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}
