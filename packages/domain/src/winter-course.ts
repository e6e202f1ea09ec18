/**
 * The 2026-27 winter course as catalog content (issue #11 item 2; decision 017): one store item
 * per school level, sold from /guest_enrollment and advertised on /promotion/winter and its
 * pages. This module is the one source of those items: migration 0011_winter_course_and_payment_copy.sql inserts
 * exactly these rows (a test compares the DB catalog served by Lecture_StoreItems with it) and the
 * prerendered marketing pages print their prices from it, priced by `priceLine` like checkout.
 *
 * A winter item is a fixed-term course (item_type LECTURE_WINTER): its unit is the whole
 * 8-week course (`months` 2, 16 lessons), it is bought once (allowed multiple 1) and it is not
 * renewed monthly by a billing-card subscription. Prices are won per month, like every lecture,
 * so the course costs salePrice × 2.
 */
import type { CatalogItem } from "./catalog.ts";
import { priceLine, WINTER_COURSE_ITEM_TYPE } from "./checkout.ts";
import type { Won } from "./money.ts";

/** Unit length of a winter item: the 8-week course is billed as 2 months. */
export const WINTER_COURSE_MONTHS = 2;

/** school_level values of the winter items (varchar(8)): 초등, 중등, 고등, 특목고·자사고. */
export type WinterSchoolLevel = "PRIMARY" | "MIDDLE" | "HIGH" | "SPECIAL";

/** The store item rows of the winter course (ids 21-24), as `store_items` holds them. */
export const WINTER_COURSE_ITEMS: readonly (CatalogItem & {
  schoolLevel: WinterSchoolLevel;
  sortOrder: number;
  description: string;
})[] = [
  winterItem(21, "PRIMARY", "초등", 169_000, 2601, 300),
  winterItem(22, "MIDDLE", "중등", 199_000, 2602, 310),
  winterItem(23, "HIGH", "고등", 219_000, 2603, 320),
  winterItem(24, "SPECIAL", "특목고·자사고", 239_000, 2604, 330),
];

function winterItem(
  id: number,
  schoolLevel: WinterSchoolLevel,
  label: string,
  monthlyWon: Won,
  lectureVtNo: number,
  sortOrder: number,
) {
  return {
    id,
    itemKind: "LECTURE",
    title: `겨울방학 8주 수업 (${label})`,
    subtitle: "주 2회, 60분, 8주 총 16회 수업",
    subjects: [] as string[],
    subjectId: null,
    itemType: WINTER_COURSE_ITEM_TYPE,
    schoolLevel,
    months: WINTER_COURSE_MONTHS,
    groupNo: null,
    lectureVtNo,
    basePrice: monthlyWon,
    salePrice: monthlyWon,
    usedType: null,
    deviceType: null,
    deviceGen: null,
    color: null,
    etc: null,
    count: 0,
    isHomeshopping: false,
    isActive: true,
    sortOrder,
    description: `2026-27 겨울방학 ${label} 1:1 수업 8주 과정 (과목은 첫 상담에서 정해요)`,
  };
}

/** The winter item of a school level. */
export function winterCourseItem(level: WinterSchoolLevel): (typeof WINTER_COURSE_ITEMS)[number] {
  const item = WINTER_COURSE_ITEMS.find((i) => i.schoolLevel === level);
  if (!item) throw new Error(`unknown winter school level ${level}`);
  return item;
}

/** What checkout charges for one winter course (the item bought once, no policy): won. */
export function winterCoursePrice(item: CatalogItem): Won {
  return priceLine(
    {
      id: item.id,
      itemKind: "LECTURE",
      title: item.title,
      months: item.months,
      basePrice: item.basePrice,
      salePrice: item.salePrice,
    },
    1,
    [],
  ).paidPrice;
}
