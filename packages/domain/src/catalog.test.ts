import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_SALES_METHOD,
  CATALOG_SUBJECTS,
  deviceCounts,
  groupSalesMethods,
  isHomeshoppingCatalog,
  rentDeviceName,
  selectRentDevices,
  sellableItems,
  subjectTermId,
  toLectureItemWire,
  toRentDeviceWire,
  visibleLectureItems,
  type CatalogItem,
} from "./catalog.ts";
import { TWELVE_MONTH_POLICY_NAME } from "./checkout.ts";
import { DEFAULT_SMART_MATH_SUBJECT_ID } from "./constants.ts";

let nextId = 1;
function item(fields: Partial<CatalogItem>): CatalogItem {
  return {
    id: nextId++,
    itemKind: "LECTURE",
    title: "스마트 수학",
    subtitle: "주 2회, 60분, 총 8회 수업",
    subjects: ["수학"],
    subjectId: 8906,
    itemType: "LECTURE_SMART",
    schoolLevel: null,
    months: 1,
    groupNo: null,
    lectureVtNo: 2101,
    basePrice: 219_000,
    salePrice: 189_000,
    usedType: null,
    deviceType: null,
    deviceGen: null,
    color: null,
    etc: null,
    count: 0,
    isHomeshopping: false,
    isActive: true,
    ...fields,
  };
}

function device(
  title: string,
  fields: Partial<CatalogItem> & Pick<CatalogItem, "usedType" | "deviceGen">,
): CatalogItem {
  return item({
    itemKind: "DEVICE",
    title,
    subtitle: null,
    subjects: [],
    subjectId: null,
    itemType: null,
    lectureVtNo: null,
    deviceType: "IPAD",
    basePrice: 499_000,
    salePrice: 399_000,
    count: 10,
    ...fields,
  });
}

const titles = (items: readonly CatalogItem[]) => items.map((i) => i.title);

describe("CATALOG_SUBJECTS (SPEC.md §9: 38 subjects)", () => {
  it("has 38 distinct subject ids, 8906 being 스마트 수학 (math term 1001)", () => {
    expect(CATALOG_SUBJECTS).toHaveLength(38);
    expect(new Set(CATALOG_SUBJECTS.map((s) => s.subjectId)).size).toBe(38);
    expect(subjectTermId(DEFAULT_SMART_MATH_SUBJECT_ID)).toBe(1001);
    expect(CATALOG_SUBJECTS.find((s) => s.subjectId === 8906)?.name).toBe("스마트 수학");
    expect(subjectTermId(1)).toBeUndefined();
  });
});

describe("visibleLectureItems (SPEC.md §6 IS_ONLY_HOMESHOPPING)", () => {
  const regular = item({ title: "스마트 수학" });
  const inactive = item({ title: "스마트 수학 (2024 요금제)", isActive: false });
  const shopping1 = item({ title: "[홈쇼핑] 스마트 수학 1개월", isHomeshopping: true });
  const shopping10 = item({
    title: "[홈쇼핑] 스마트 수학 10개월",
    isHomeshopping: true,
    months: 10,
  });
  const tablet = device("iPad 9세대 새 제품", { usedType: "NEW", deviceGen: "9" });
  const all = [regular, inactive, shopping1, tablet, shopping10];

  it.each([
    [false, ["스마트 수학"]],
    [true, ["[홈쇼핑] 스마트 수학 1개월", "[홈쇼핑] 스마트 수학 10개월"]],
  ])("onlyHomeshopping %s → %j", (onlyHomeshopping, expected) => {
    expect(titles(visibleLectureItems(all, { onlyHomeshopping }))).toEqual(expected);
  });

  it("never mixes home-shopping and regular products", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ isHomeshopping: fc.boolean(), isActive: fc.boolean() })),
        fc.boolean(),
        (flags, onlyHomeshopping) => {
          const shown = visibleLectureItems(
            flags.map((f) => item(f)),
            { onlyHomeshopping },
          );
          return shown.every((i) => i.isActive && i.isHomeshopping === onlyHomeshopping);
        },
      ),
    );
  });

  // The checkout reads only the ordered rows and runs sellableItems on them (issue 19
  // performance): that is right only while each row is judged by its own fields.
  it("sellableItems judges each item alone: a subset gives the same rows, in the same order", () => {
    const row = fc.record({
      itemKind: fc.constantFrom("LECTURE", "DEVICE", "SEOLTAB_BOOK", "CONTENTS", "OTHER"),
      isActive: fc.boolean(),
      isHomeshopping: fc.boolean(),
      isRental: fc.boolean(),
      deviceType: fc.constantFrom(null, "IPAD", "AIR_PODS_MAX"),
      usedType: fc.constantFrom(null, "NEW", "USED"),
      deviceGen: fc.constantFrom(null, "9", "10", "11", "12"),
      color: fc.constantFrom(null, "실버", "스페이스 그레이", "골드"),
      etc: fc.constantFrom(null, "2023"),
      count: fc.integer({ min: 0, max: 2 }),
      salePrice: fc.constantFrom(0, 500_000),
    });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 30 }),
        fc.func(fc.boolean()),
        fc.boolean(),
        (fields, picked, onlyHomeshopping) => {
          const items = fields.map((f) => item(f));
          const subset = items.filter((i) => picked(i.id));
          const ids = new Set(subset.map((i) => i.id));
          const whole = sellableItems(items, { onlyHomeshopping }).filter((i) => ids.has(i.id));
          expect(sellableItems(subset, { onlyHomeshopping })).toEqual(whole);
        },
      ),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it("sellableItems = offered lectures plus offered devices", () => {
    expect(titles(sellableItems(all, { onlyHomeshopping: false }))).toEqual([
      "스마트 수학",
      "iPad 9세대 새 제품",
    ]);
  });
});

describe("isHomeshoppingCatalog: the user's flag wins over the request", () => {
  it.each([
    [true, undefined, true],
    [true, "NO", true],
    [false, "YES", false],
    [null, "YES", true],
    [null, "NO", false],
    [null, undefined, false],
  ] as const)("user flag %s, IS_ONLY_HOMESHOPPING %s → %s", (flag, requested, expected) => {
    expect(isHomeshoppingCatalog(flag, requested)).toBe(expected);
  });
});

describe("selectRentDevices (SPEC.md §9)", () => {
  const free = device("무료 대여 태블릿", {
    usedType: "USED",
    deviceGen: "9",
    salePrice: 0,
    basePrice: 0,
  });
  const new9 = device("NEW 9", { usedType: "NEW", deviceGen: "9", count: 0 });
  const new10 = device("NEW 10", { usedType: "NEW", deviceGen: "10" });
  const new8 = device("NEW 8", { usedType: "NEW", deviceGen: "8" });
  const silver = device("USED 9 실버", { usedType: "USED", deviceGen: "9", color: "실버" });
  const silver2023 = (count: number) =>
    device("USED 9 실버 2023", {
      usedType: "USED",
      deviceGen: "9",
      color: "실버",
      etc: "2023",
      count,
    });
  const gray = device("USED 9 스페이스 그레이", {
    usedType: "USED",
    deviceGen: "9",
    color: "스페이스 그레이",
  });
  const gray2023 = (count: number) =>
    device("USED 9 스페이스 그레이 2023", {
      usedType: "USED",
      deviceGen: "9",
      color: "스페이스 그레이",
      etc: "2023",
      count,
    });
  const gold = device("USED 9 골드", { usedType: "USED", deviceGen: "9", color: "골드" });
  const used10 = device("USED 10 실버", { usedType: "USED", deviceGen: "10", color: "실버" });
  const headphones = device("AirPods Max 실버", {
    usedType: "NEW",
    deviceGen: "AirPods Max",
    deviceType: "AIR_PODS_MAX",
    color: "실버",
  });
  const retired = device("NEW 10 (단종)", { usedType: "NEW", deviceGen: "10", isActive: false });
  const lecture = item({ title: "스마트 수학" });
  const new11 = (count: number) => device("NEW 11", { usedType: "NEW", deviceGen: "11", count });

  it.each([
    [
      "the 11th generation is hidden while its count is 0",
      [new11(0), new10, new9],
      ["NEW 9", "NEW 10"],
    ],
    [
      "the 11th generation shows once in stock, generations in order",
      [new11(3), new10, new9],
      ["NEW 9", "NEW 10", "NEW 11"],
    ],
    ["other generations of new tablets are not offered", [new8, new9], ["NEW 9"]],
    [
      "used: silver before space gray, the 2023 variant first while in stock",
      [gray, gray2023(4), silver, silver2023(2)],
      ["USED 9 실버 2023", "USED 9 실버", "USED 9 스페이스 그레이 2023", "USED 9 스페이스 그레이"],
    ],
    [
      "used: a 2023 variant out of stock is left out",
      [silver2023(0), silver, gray2023(0), gray],
      ["USED 9 실버", "USED 9 스페이스 그레이"],
    ],
    [
      "used: other colours and generations are not offered",
      [gold, used10, silver],
      ["USED 9 실버"],
    ],
    [
      "display order: free option, new, used, headphones; inactive and lectures left out",
      [headphones, silver, new10, free, retired, lecture],
      ["무료 대여 태블릿", "NEW 10", "USED 9 실버", "AirPods Max 실버"],
    ],
  ])("%s", (_name, input, expected) => {
    expect(titles(selectRentDevices(input))).toEqual(expected);
  });

  it("names headphones by their device_gen and tablets by their title", () => {
    expect(rentDeviceName(headphones)).toBe("AirPods Max");
    expect(rentDeviceName(new10)).toBe("NEW 10");
    expect(toRentDeviceWire(headphones)).toEqual({
      id: headphones.id,
      name: "AirPods Max",
      device_type: "AIR_PODS_MAX",
      used_type: "NEW",
      device_gen: "AirPods Max",
      color: "실버",
      etc: null,
      count: 10,
      basePrice: 499_000,
      price: 399_000,
    });
  });

  it("deviceCounts sums the offered devices per generation, condition and colour", () => {
    const { counts, total } = deviceCounts([silver, silver2023(2), gray, new11(0), headphones]);
    expect(counts).toEqual([
      { device_type: "IPAD", device_gen: "9", used_type: "USED", color: "실버", count: 12 },
      {
        device_type: "IPAD",
        device_gen: "9",
        used_type: "USED",
        color: "스페이스 그레이",
        count: 10,
      },
      {
        device_type: "AIR_PODS_MAX",
        device_gen: "AirPods Max",
        used_type: "NEW",
        color: "실버",
        count: 10,
      },
    ]);
    expect(total).toBe(32);
  });
});

describe("wire mapping of Lecture_StoreItems", () => {
  it("maps a lecture row to a LECTURE_ITEMS entry", () => {
    const row = item({ groupNo: 63, schoolLevel: "HIGH" });
    expect(toLectureItemWire(row)).toEqual({
      id: row.id,
      TTEOK_HAM_Title: "스마트 수학",
      TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
      subjects: ["수학"],
      subjectId: 8906,
      item_type: "LECTURE_SMART",
      school_level: "HIGH",
      months: 1,
      group_No: 63,
      lecture_vt_No: 2101,
      basePrice: 219_000,
      salePrice: 189_000,
      allowed_multiples: [1, 3, 6, 12],
    });
  });

  it("the built-in method describes the 12-month 5 % policy", () => {
    expect(BUILT_IN_SALES_METHOD.policies).toEqual([
      {
        id: 0,
        name: TWELVE_MONTH_POLICY_NAME,
        discountKind: null,
        discountType: "PERCENT",
        value: 5,
        months: 12,
        itemKind: "LECTURE",
      },
    ]);
  });

  it("groups policy rows by method in order", () => {
    const row = (salesMethodId: number, id: number) => ({
      salesMethodId,
      salesMethodName: `방법 ${salesMethodId}`,
      id,
      name: `정책 ${id}`,
      discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
      discountType: "AMOUNT",
      value: 10_000,
      months: 3,
      itemKind: "LECTURE",
    });
    const methods = groupSalesMethods([row(4, 1), row(4, 2), row(9, 3)]);
    expect(methods.map((m) => [m.id, m.name, m.policies.map((p) => p.id)])).toEqual([
      [4, "방법 4", [1, 2]],
      [9, "방법 9", [3]],
    ]);
    expect(groupSalesMethods([])).toEqual([]);
  });
});
