/**
 * Pure helpers that turn the catalog answer (POST /main/Lecture_StoreItems, ./api.ts) into the
 * enrollment form's choices and into the inputs of `priceOrder` of @seoltab/domain, so every
 * price shown is the domain's number (the server recomputes the same way; issue #4).
 *
 * - Subjects: one per subject name ("수학", or 전과목 for the group plans 63/64/65), in catalog
 *   order; a subject's lectures may carry different subject ids per class type (8906 smart
 *   math, 8901 1:1 math).
 * - Class type: smart = LECTURE_SMART, basic = LECTURE_BASIC (SPEC.md §3), winter =
 *   LECTURE_WINTER: the fixed-term winter course (decision 017), one item per school level, all
 *   under the subject "겨울방학 수업", bought once for its whole term (allowed_multiples [1]).
 * - Months: a lecture item of unit length 1 bought `lecture_multiple` = months times
 *   (LECTURE_MULTIPLES: 1, 3, 6, 12, limited by the item's `allowed_multiples`).
 * - Tablet option (SPEC.md §3 `ipadOption`): free = a tablet lent free with the lessons
 *   (RENT_DEVICES price 0), new / used = a tablet bought new or used (price > 0), with its
 *   generation and colour. SPEC.md §9: the 11th generation only while its count is not 0; the
 *   2023 variant of a generation and colour preferred while in stock.
 * - Policies: USER_SALES_METHOD_WITH_POLICIES (the user's own sales methods) as `PolicyRule`s.
 */
import {
  DEFAULT_MONTHS,
  DEFAULT_SMART_MATH_SUBJECT_ID,
  isFixedTermItemType,
  LECTURE_MULTIPLES,
  WINTER_COURSE_ITEM_TYPE,
  priceOrder,
  type PolicyRule,
  type PricedOrder,
  type PricedStoreItem,
} from "@seoltab/domain";
import type { Taxonomy } from "../../lib/taxonomy";
import type { LectureStoreItem, RentDevice, StoreItemsResponse } from "./api";

/** The class types of the form and the item_type each stands for (SPEC.md §3). */
export const CLASS_TYPES = {
  smart: { itemType: "LECTURE_SMART", label: "스마트 수업", hint: "태블릿으로 하는 실시간 수업" },
  basic: { itemType: "LECTURE_BASIC", label: "베이직 수업", hint: "선생님과 1:1 화상 과외" },
  winter: {
    itemType: WINTER_COURSE_ITEM_TYPE,
    label: "겨울방학 8주",
    hint: "방학 동안 1:1 수업 16회, 한 번만 결제해요",
  },
} as const;
export type ClassType = keyof typeof CLASS_TYPES;

export function isClassType(value: unknown): value is ClassType {
  return value === "smart" || value === "basic" || value === "winter";
}

/** The tablet options of the form (SPEC.md §3 `ipadOption`, default free). */
export const IPAD_OPTIONS = {
  free: { label: "무료 대여", hint: "수업 기간 동안 태블릿을 무료로 빌려 드려요." },
  new: { label: "새 태블릿 구매", hint: "새 제품을 구매해요. 한 번만 결제해요." },
  used: { label: "중고 태블릿 구매", hint: "검수한 중고 제품을 더 싸게 구매해요." },
} as const;
export type IpadOption = keyof typeof IPAD_OPTIONS;

export function isIpadOption(value: unknown): value is IpadOption {
  return value === "free" || value === "new" || value === "used";
}

/** "초등학생" / "중학생" / "고등학생" / "특목고·자사고" for school_level; "" for any. */
export function schoolLevelLabel(level: string | null): string {
  if (level === "PRIMARY") return "초등학생";
  if (level === "MIDDLE") return "중학생";
  if (level === "HIGH") return "고등학생";
  if (level === "SPECIAL") return "특목고·자사고";
  return "";
}

export interface SubjectOption {
  /** The subject's name, also its key: "수학", or "전과목" for the all-subject plans. */
  name: string;
  /** The subject ids of its lectures (one per class type in the catalog, e.g. 8906, 8901). */
  subjectIds: number[];
}

/** The name of all-subject plans (group items 63/64/65 teach several subjects). */
export const ALL_SUBJECTS = "전과목";

/** The subject name the winter course items are listed under (their subject is chosen later). */
export const WINTER_SUBJECT = "겨울방학 수업";

/**
 * Subject of a lecture item: 겨울방학 수업 for the winter course, its one subject ("수학"),
 * 전과목 for several, else its title.
 */
export function subjectName(item: LectureStoreItem): string {
  if (item.item_type === WINTER_COURSE_ITEM_TYPE) return WINTER_SUBJECT;
  if (item.subjects.length > 1) return ALL_SUBJECTS;
  return item.subjects[0] ?? item.TTEOK_HAM_Title;
}

/** One option per subject name, in catalog order. */
export function subjectOptions(items: readonly LectureStoreItem[]): SubjectOption[] {
  const seen = new Map<string, SubjectOption>();
  for (const item of items) {
    const name = subjectName(item);
    const option = seen.get(name) ?? { name, subjectIds: [] };
    if (item.subjectId !== null && !option.subjectIds.includes(item.subjectId)) {
      option.subjectIds.push(item.subjectId);
    }
    seen.set(name, option);
  }
  return [...seen.values()];
}

/**
 * The subject list as shown: the subjects that are INGANG subject areas (getTaxonomy DEPTH 1,
 * SPEC.md §3, §7) in the taxonomy's order, then the rest (전과목, 겨울방학 수업, a subject the
 * taxonomy does not list yet) in catalog order. Without a taxonomy (loading, or the call
 * failed) the catalog order stays. Only the order changes: every subject the catalog sells is
 * kept.
 */
export function subjectsInTaxonomyOrder(
  subjects: readonly SubjectOption[],
  taxonomy: Taxonomy | null,
): SubjectOption[] {
  if (!taxonomy) return [...subjects];
  const areas = taxonomy.RESULT_TAXONOMIES.filter((e) => e.DEPTH === 1).map((e) => e.NAME);
  const rank = (s: SubjectOption) => {
    const at = areas.indexOf(s.name);
    return at === -1 ? areas.length : at;
  };
  return subjects
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * The catalog subject a link names (`?subject=수학`, e.g. from an AI diagnosis report), or null
 * when the link names none the catalog sells.
 */
export function linkedSubject(
  items: readonly LectureStoreItem[],
  wanted: string | null,
): string | null {
  const name = wanted?.trim();
  if (!name) return null;
  return subjectOptions(items).find((s) => s.name === name)?.name ?? null;
}

/** Class types that have at least one lecture for the subject. */
export function classTypesFor(items: readonly LectureStoreItem[], subject: string): ClassType[] {
  return (Object.keys(CLASS_TYPES) as ClassType[]).filter((type) =>
    items.some((i) => subjectName(i) === subject && i.item_type === CLASS_TYPES[type].itemType),
  );
}

/**
 * The lecture items for a subject and class type, unit length 1 first (the items the form buys
 * by the month), then the rest in catalog order.
 */
export function lecturesFor(
  items: readonly LectureStoreItem[],
  subject: string,
  classType: ClassType,
): LectureStoreItem[] {
  const matching = items.filter(
    (i) => subjectName(i) === subject && i.item_type === CLASS_TYPES[classType].itemType,
  );
  return [...matching.filter((i) => i.months === 1), ...matching.filter((i) => i.months !== 1)];
}

/** The `lecture_multiple` values offered for an item: its allowed_multiples ∩ 1/3/6/12. */
export function multiplesFor(item: LectureStoreItem): number[] {
  const allowed = item.allowed_multiples;
  return LECTURE_MULTIPLES.filter((m) => !allowed || allowed.includes(m));
}

/** A tablet that can be chosen: a tablet (not headphones) with stock, SPEC.md §9 rules applied. */
function isTablet(device: RentDevice): boolean {
  return device.device_type === "IPAD" || device.device_type === "ANDROID_TABLET";
}

/** The tablets of one option, SPEC.md §9 applied (11th generation only while in stock). */
export function devicesForOption(devices: readonly RentDevice[], option: IpadOption): RentDevice[] {
  return devices.filter((d) => {
    if (!isTablet(d)) return false;
    if (d.device_gen === "11" && d.count === 0) return false;
    if (option === "free") return d.price === 0;
    const usedType = option === "new" ? "NEW" : "USED";
    return d.used_type === usedType && d.price > 0;
  });
}

/** Distinct generations of the devices, oldest first ("9", "10", "11"). */
export function generationsOf(devices: readonly RentDevice[]): string[] {
  const gens = [...new Set(devices.map((d) => d.device_gen ?? ""))];
  return gens.sort((a, b) => (Number(a) || 0) - (Number(b) || 0));
}

/** Distinct colours of the devices of one generation. */
export function colorsOf(devices: readonly RentDevice[], generation: string): string[] {
  return [
    ...new Set(
      devices.filter((d) => (d.device_gen ?? "") === generation).map((d) => d.color ?? ""),
    ),
  ];
}

/**
 * The device for a generation and colour: the 2023 variant while it is in stock (SPEC.md §9),
 * else any in stock, else the first; null when none matches.
 */
export function pickDevice(
  devices: readonly RentDevice[],
  generation: string,
  color: string,
): RentDevice | null {
  const matching = devices.filter(
    (d) => (d.device_gen ?? "") === generation && (d.color ?? "") === color,
  );
  return (
    matching.find((d) => d.etc === "2023" && d.count > 0) ??
    matching.find((d) => d.count > 0) ??
    matching[0] ??
    null
  );
}

/** "10세대" for a generation label, "" for none. */
export function generationLabel(generation: string): string {
  return generation ? `${generation}세대` : "";
}

/** The catalog as `priceOrder` needs it: lectures and devices by id (devices: one-off price). */
export function pricedCatalog(response: StoreItemsResponse): Map<number, PricedStoreItem> {
  const map = new Map<number, PricedStoreItem>();
  for (const item of response.LECTURE_ITEMS) {
    map.set(item.id, {
      id: item.id,
      itemKind: "LECTURE",
      title: item.TTEOK_HAM_Title,
      months: item.months,
      basePrice: item.basePrice,
      salePrice: item.salePrice,
      fixedTerm: isFixedTermItemType(item.item_type),
    });
  }
  for (const device of response.RENT_DEVICES) {
    map.set(device.id, {
      id: device.id,
      itemKind: "DEVICE",
      title: device.name,
      months: 1,
      // A lent tablet (price 0) has no list price to show as a reduction.
      basePrice: device.price === 0 ? 0 : Math.max(device.basePrice, device.price),
      salePrice: device.price,
    });
  }
  return map;
}

/** The user's sales policies (USER_SALES_METHOD_WITH_POLICIES) as pricing rules. */
export function policyRules(response: StoreItemsResponse): PolicyRule[] {
  return response.USER_SALES_METHOD_WITH_POLICIES.flatMap((method) =>
    method.policies.map((p) => ({
      name: p.name,
      discountKind: p.discountKind,
      discountType: p.discountType,
      value: p.value,
      months: p.months,
      itemKind: p.itemKind,
    })),
  );
}

/** The class type a lecture item is sold under, or null for an item_type the form does not sell. */
export function classTypeOf(item: LectureStoreItem): ClassType | null {
  const type = (Object.keys(CLASS_TYPES) as ClassType[]).find(
    (t) => CLASS_TYPES[t].itemType === item.item_type,
  );
  return type ?? null;
}

/**
 * The form choices that pick one lecture item (a marketing page's button links to
 * /guest_enrollment?item=<id>); null when the id is not a lecture this catalog offers.
 */
export function choiceOfItem(
  catalog: StoreItemsResponse,
  itemId: number,
): { subject: string; classType: ClassType; lectureId: number; months: number } | null {
  const item = catalog.LECTURE_ITEMS.find((i) => i.id === itemId);
  const classType = item ? classTypeOf(item) : null;
  if (!item || !classType) return null;
  return { subject: subjectName(item), classType, lectureId: item.id, months: item.months };
}

/** One line of an order as the checkout call takes it. */
export interface OrderLine {
  id: number;
  lecture_multiple: number;
}

/** What the form has chosen, resolved against the catalog (see `resolveSelection`). */
export interface ResolvedSelection {
  subjects: SubjectOption[];
  subject: SubjectOption | null;
  classTypes: ClassType[];
  classType: ClassType;
  lectures: LectureStoreItem[];
  lecture: LectureStoreItem | null;
  multiples: number[];
  /** lecture_multiple chosen. */
  multiple: number;
  ipadOptions: IpadOption[];
  ipadOption: IpadOption;
  devices: RentDevice[];
  generations: string[];
  generation: string;
  colors: string[];
  color: string;
  device: RentDevice | null;
  /** Lines to buy: the lecture, then the device. */
  lines: OrderLine[];
}

/** The raw choices of the form (strings from inputs, or the stored values). */
export interface SelectionInput {
  /** Subject name ("수학"); when it is not in the catalog, `subjectId` decides. */
  subject: string;
  /** A subject id (SPEC.md §3 default 8906, smart math). */
  subjectId: number | null;
  classType: string;
  lectureId: number | null;
  months: number;
  ipadOption: string;
  generation: string;
  color: string;
}

function firstOr<T>(list: readonly T[], wanted: (value: T) => boolean): T | undefined {
  return list.find(wanted) ?? list[0];
}

/**
 * Resolves the form's choices against the catalog: a choice that is not available (another
 * subject has no basic class, a sold-out generation) falls back to the first available one;
 * the subject falls back to smart math (8906), months to 3 (SPEC.md §3, §9).
 */
export function resolveSelection(
  catalog: StoreItemsResponse,
  input: SelectionInput,
): ResolvedSelection {
  const items = catalog.LECTURE_ITEMS;
  const subjects = subjectOptions(items);
  const wantedId = input.subjectId ?? DEFAULT_SMART_MATH_SUBJECT_ID;
  const subject =
    subjects.find((s) => s.name === input.subject) ??
    firstOr(subjects, (s) => s.subjectIds.includes(wantedId)) ??
    null;
  const classTypes = subject ? classTypesFor(items, subject.name) : [];
  // The class type of the wanted subject id (8906 is smart) when none was chosen yet.
  const typeOfId = items.find((i) => i.subjectId === wantedId)?.item_type;
  const classType: ClassType =
    classTypes.find((t) => t === input.classType) ??
    classTypes.find((t) => CLASS_TYPES[t].itemType === typeOfId) ??
    classTypes[0] ??
    "smart";
  const lectures = subject ? lecturesFor(items, subject.name, classType) : [];
  const lecture = firstOr(lectures, (l) => l.id === input.lectureId) ?? null;
  const multiples = lecture ? multiplesFor(lecture) : [];
  const wantedMultiple = lecture ? Math.max(1, Math.round(input.months / lecture.months)) : 0;
  const multiple = multiples.includes(wantedMultiple)
    ? wantedMultiple
    : multiples.includes(DEFAULT_MONTHS)
      ? DEFAULT_MONTHS
      : (multiples[0] ?? 1);

  const ipadOptions = (Object.keys(IPAD_OPTIONS) as IpadOption[]).filter(
    (o) => devicesForOption(catalog.RENT_DEVICES, o).length > 0,
  );
  const ipadOption: IpadOption =
    ipadOptions.find((o) => o === input.ipadOption) ?? ipadOptions[0] ?? "free";
  const devices = devicesForOption(catalog.RENT_DEVICES, ipadOption);
  const generations = generationsOf(devices);
  const generation = firstOr(generations, (g) => g === input.generation) ?? "";
  const colors = colorsOf(devices, generation);
  const color = firstOr(colors, (c) => c === input.color) ?? "";
  const device = pickDevice(devices, generation, color);

  const lines: OrderLine[] = [];
  if (lecture) lines.push({ id: lecture.id, lecture_multiple: multiple });
  if (device) lines.push({ id: device.id, lecture_multiple: 1 });
  return {
    subjects,
    subject,
    classTypes,
    classType,
    lectures,
    lecture,
    multiples,
    multiple,
    ipadOptions,
    ipadOption,
    devices,
    generations,
    generation,
    colors,
    color,
    device,
    lines,
  };
}

/**
 * Prices order lines with the domain's `priceOrder` against this catalog and the user's
 * policies; null when a line's item is not (or no longer) in the catalog.
 */
export function priceLines(
  catalog: StoreItemsResponse,
  lines: readonly OrderLine[],
): PricedOrder | null {
  const map = pricedCatalog(catalog);
  if (lines.length === 0 || lines.some((l) => !map.has(l.id))) return null;
  return priceOrder(lines, map, policyRules(catalog));
}
