import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTRACT_NAME_MAX,
  CONTRACT_TEXT_VERSION,
  CONTRACT_TEXT_VERSION_1,
  CONTRACT_TEXT_VERSIONS,
  contractFigures,
  contractName,
  parseLessonSchedule,
  renderContract,
  tabletOwnership,
  type ContractOrderLine,
  type ContractTextInput,
} from "./contracts.ts";
import { OWNERSHIP_TYPES, PAYMENT_METHODS } from "./enums.ts";

const kst = (wallTime: string) => new Date(`${wallTime}+09:00`);

const base: ContractTextInput = {
  contractId: 42,
  name: "설탭 스마트 수학 3개월 수강 계약",
  studentName: "김설탭",
  paidAt: kst("2026-01-31T23:30:00"),
  months: 3,
  lessons: [
    {
      title: "스마트 수학",
      subjects: ["수학"],
      months: 3,
      perWeek: 2,
      minutesPerLesson: 60,
      sessions: 24,
    },
  ],
  tablet: { ownershipType: "RENTED", isUsed: true, name: "수강 기간 무료 대여 태블릿" },
  otherDevices: [],
  payment: {
    method: "BILLING_CARD",
    productsPrice: 567000,
    discountedValue: 0,
    paidPrice: 567000,
    cardQuota: 0,
  },
  renewal: { monthlyAmount: 189000 },
  // 스마트 수학 3개월 (정가 219,000원 → 189,000원 a month) with the tablet lent free: what the
  // checkout showed as 정가 657,000원, 할인 −90,000원, 결제 567,000원 (issue 11 item 6).
  lines: [
    {
      kind: "LECTURE",
      name: "스마트 수학",
      months: 3,
      quantity: 3,
      listPrice: 657000,
      salePrice: 567000,
      policies: [],
      paidPrice: 567000,
      device: null,
    },
    {
      kind: "DEVICE",
      name: "수강 기간 무료 대여 태블릿",
      months: 0,
      quantity: 1,
      listPrice: 0,
      salePrice: 0,
      policies: [],
      paidPrice: 0,
      device: { type: "IPAD", isUsed: true, rental: true },
    },
  ],
};

function section(input: ContractTextInput, heading: string): string {
  const doc = renderContract(input);
  const found = doc.sections.find((s) => s.heading === heading);
  if (!found) throw new Error(`no section ${heading}`);
  return found.paragraphs.join("\n");
}

describe("renderContract", () => {
  it("renders the current version with the title and every section, in order", () => {
    const doc = renderContract(base);
    expect(doc.version).toBe(CONTRACT_TEXT_VERSION);
    expect(CONTRACT_TEXT_VERSIONS).toContain(CONTRACT_TEXT_VERSION);
    expect(CONTRACT_TEXT_VERSION.length).toBeLessThanOrEqual(32); // user_contracts.text_version
    expect(doc.title).toBe("설탭 스마트 수학 3개월 수강 계약");
    expect(doc.sections.map((s) => s.heading)).toEqual([
      "계약 정보",
      "수업",
      "태블릿",
      "결제와 매월 자동 결제",
      "청약 철회와 환불",
      "개인정보",
      "서명",
    ]);
    expect(
      doc.text.startsWith(`${doc.title}\n\n계약서 버전 ${CONTRACT_TEXT_VERSION}\n\n1. 계약 정보\n`),
    ).toBe(true);
    for (const s of doc.sections) {
      expect(doc.text).toContain(s.heading);
      for (const p of s.paragraphs) expect(doc.text).toContain(p);
    }
  });

  it("names the student, the contract number, subject, months and sessions", () => {
    const doc = renderContract(base);
    expect(doc.text).toContain("수강생: 김설탭");
    expect(doc.text).toContain("계약 번호: 42");
    expect(section(base, "수업")).toContain(
      "- 스마트 수학 (과목: 수학): 3개월, 주 2회 · 회당 60분 · 총 24회",
    );
  });

  it("leaves out schedule parts that are unknown", () => {
    const input = {
      ...base,
      lessons: [
        {
          ...base.lessons[0]!,
          subjects: [],
          perWeek: null,
          minutesPerLesson: null,
          sessions: null,
        },
      ],
    };
    expect(section(input, "수업")).toContain("- 스마트 수학: 3개월\n");
  });

  it("shows money as won with thousands separators and the paid date in Asia/Seoul", () => {
    const text = section(base, "결제와 매월 자동 결제");
    // 2026-01-31T23:30 KST is still Jan 31 in Seoul (14:30 UTC).
    expect(text).toContain("결제일: 2026년 1월 31일");
    expect(text).toContain("결제 금액 567,000원 (카드)");
    // The first renewal is 3 months later on the same day, or the month's last day.
    expect(text).toContain("2026년 4월 30일부터 매월 같은 날짜에");
    expect(text).toContain("1개월분 189,000원이 자동 결제");
  });

  it("says an order without renewal ends after its months", () => {
    const text = section(
      { ...base, renewal: null, payment: { ...base.payment, method: "CASH" } },
      "결제와 매월 자동 결제",
    );
    expect(text).toContain("(현금)");
    expect(text).toContain("자동으로 연장되거나 결제되지 않습니다");
    expect(text).not.toContain("자동 결제되어");
  });

  it("shows installments only for card payments of 2 months or more", () => {
    const card = { ...base, payment: { ...base.payment, cardQuota: 6 } };
    expect(section(card, "결제와 매월 자동 결제")).toContain("(카드, 6개월 할부)");
    const vbank = { ...base, payment: { ...base.payment, method: "VBANK" as const, cardQuota: 6 } };
    expect(section(vbank, "결제와 매월 자동 결제")).toContain("(가상계좌(무통장 입금))");
  });

  it.each([
    [
      "RENTED",
      true,
      [
        "무료로 빌려 드립니다",
        "소유권은 회사",
        "14일 이내",
        "수리비",
        "중고 태블릿의 그때 설탭 판매가",
      ],
    ],
    ["PAID", false, ["구매하셨습니다", "새 제품", "돌려주지 않습니다", "제조사 보증"]],
    ["PAID", true, ["구매하셨습니다", "중고 제품", "사용 흔적"]],
    ["OWNED", false, ["태블릿을 제공하지 않으며", "수강생(가족)"]],
  ] as const)(
    "tablet %s (used %s) explains ownership and return",
    (ownershipType, isUsed, phrases) => {
      const input: ContractTextInput = {
        ...base,
        tablet: {
          ownershipType,
          isUsed,
          name: ownershipType === "OWNED" ? null : "iPad 9세대",
        },
      };
      const text = section(input, "태블릿");
      for (const phrase of phrases) expect(text).toContain(phrase);
    },
  );

  it("states the 학원법 refund table for lessons in every contract", () => {
    const text = section(base, "청약 철회와 환불");
    expect(text).toContain("학원의 설립·운영 및 과외교습에 관한 법률 시행령」 제18조");
    expect(text).toContain("수업 시작 전에 해지하면 낸 수업료 전액");
    expect(text).toContain("1/3이 지나기 전이면 그 달 수업료의 2/3");
    expect(text).toContain("1/2이 지나기 전이면 1/2");
    expect(text).toContain("나머지 달의 수업료는 전액");
    expect(text).toContain("5일 이내");
    expect(text).toContain("1개월 이내의 카드 결제는 앱에서 직접 환불");
    expect(text).toContain("가상계좌 결제는 입력하신 계좌로");
  });

  it("adds the 7-day device withdrawal only when a device was bought", () => {
    const rented = section(base, "청약 철회와 환불");
    expect(rented).not.toContain("7일 이내");
    expect(rented).toContain("무료로 빌린 태블릿은");
    const bought = section(
      { ...base, tablet: { ownershipType: "PAID", isUsed: false, name: "iPad" } },
      "청약 철회와 환불",
    );
    expect(bought).toContain("구매한 기기(태블릿)는");
    expect(bought).toContain("7일 이내에 반품(청약 철회)");
    expect(bought).toContain("포장을 뜯어 사용했거나");
    const headphones = section(
      {
        ...base,
        tablet: { ownershipType: "OWNED", isUsed: false, name: null },
        otherDevices: ["AirPods Max 실버"],
      },
      "청약 철회와 환불",
    );
    expect(headphones).toContain("구매한 기기(AirPods Max 실버)는");
  });

  it("describes the personal data kept, including the signature record", () => {
    const text = section(base, "개인정보");
    expect(text).toContain("접속 IP");
    expect(text).toContain("카드 번호 전체는 저장하지 않습니다");
    expect(text).toContain("5년");
  });

  it("is deterministic, and any change of input changes the text", () => {
    fc.assert(
      fc.property(
        fc.record({
          contractId: fc.integer({ min: 1, max: 1e9 }),
          studentName: fc.string({ minLength: 1, maxLength: 20 }),
          months: fc.integer({ min: 1, max: 24 }),
          paidPrice: fc.integer({ min: 0, max: 1e8 }),
          ownershipType: fc.constantFrom(...OWNERSHIP_TYPES),
          isUsed: fc.boolean(),
          method: fc.constantFrom(...PAYMENT_METHODS),
          renewal: fc.option(fc.integer({ min: 0, max: 1e7 })),
          paidAt: fc.date({
            min: new Date("2000-01-01"),
            max: new Date("2099-12-31"),
            noInvalidDate: true,
          }),
        }),
        (r) => {
          const input: ContractTextInput = {
            ...base,
            contractId: r.contractId,
            studentName: r.studentName,
            months: r.months,
            paidAt: r.paidAt,
            tablet: { ownershipType: r.ownershipType, isUsed: r.isUsed, name: "기기" },
            payment: {
              ...base.payment,
              method: r.method,
              productsPrice: r.paidPrice,
              paidPrice: r.paidPrice,
            },
            renewal: r.renewal === null ? null : { monthlyAmount: r.renewal },
          };
          const a = renderContract(input);
          const b = renderContract({
            ...input,
            paidAt: new Date(input.paidAt.getTime()),
            lessons: input.lessons.map((l) => ({ ...l })),
          });
          expect(b.text).toBe(a.text);
          expect(a.text).toContain(`계약 번호: ${r.contractId}`);
          const other = renderContract({ ...input, contractId: r.contractId + 1 });
          expect(other.text).not.toBe(a.text);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses an unknown version and invalid input", () => {
    expect(() => renderContract(base, "1999-01.1")).toThrow(RangeError);
    expect(() => renderContract(base, "constructor")).toThrow(RangeError);
    expect(() => renderContract({ ...base, months: 0 })).toThrow(RangeError);
    expect(() => renderContract({ ...base, lessons: [] })).toThrow(RangeError);
    expect(() => renderContract({ ...base, paidAt: new Date(Number.NaN) })).toThrow(RangeError);
    expect(() => renderContract({ ...base, payment: { ...base.payment, paidPrice: 1.5 } })).toThrow(
      RangeError,
    );
    expect(() => renderContract({ ...base, renewal: { monthlyAmount: -1 } })).toThrow(RangeError);
  });
});

describe("version 2026-11.2: the order's own lines", () => {
  it("shows 정가, 할인 and 결제 as the checkout did, line by line and in total", () => {
    const text = section(base, "결제와 매월 자동 결제");
    expect(text).toContain("주문 내역:");
    expect(text).toContain("- 스마트 수학 (3개월): 정가 657,000원, 할인 90,000원, 결제 567,000원");
    expect(text).toContain(
      "정가 657,000원, 할인 90,000원 (기본 할인가 90,000원), 결제 금액 567,000원 (카드)",
    );
    // Not the payment row's totals (상품 금액 = the sale total, 할인 = policies only).
    expect(text).not.toContain("상품 금액");
    expect(text).not.toContain("할인 0원");
  });

  it("names a tablet lent free by its rental terms, never as used", () => {
    const tablet = section(base, "태블릿");
    expect(tablet).toContain(
      "수업에 쓰는 태블릿(수강 기간 무료 대여 태블릿)을 수강 기간 동안 무료로 빌려 드립니다(대여료 0원)",
    );
    expect(tablet).not.toContain("중고 제품");
    const payment = section(base, "결제와 매월 자동 결제");
    expect(payment).toContain(
      "- 수강 기간 무료 대여 태블릿 (1대, 무료 대여): 대여료 0원, 수강 기간 동안 빌려 쓰고 돌려주는 기기",
    );
    expect(payment).not.toContain("중고");
    // The first version said "중고 제품" for the same order: kept for contracts signed with it.
    const v1 = renderContract(base, CONTRACT_TEXT_VERSION_1);
    expect(v1.text).toContain("수강 기간 무료 대여 태블릿, 중고 제품");
    expect(v1.text).toContain("상품 금액 567,000원, 할인 0원, 결제 금액 567,000원");
  });

  it("lists policies by name and a bought device with its condition, once", () => {
    const lecture: ContractOrderLine = {
      ...base.lines[0]!,
      months: 12,
      quantity: 12,
      listPrice: 2628000,
      salePrice: 2268000,
      policies: [
        { name: "12개월 5% 할인", amount: 113400 },
        { name: "형제 할인", amount: 10000 },
      ],
      paidPrice: 2144600,
    };
    const ipad: ContractOrderLine = {
      kind: "DEVICE",
      name: "iPad 9세대 새 제품",
      months: 0,
      quantity: 1,
      listPrice: 499000,
      salePrice: 399000,
      policies: [],
      paidPrice: 399000,
      device: { type: "IPAD", isUsed: false, rental: false },
    };
    const input: ContractTextInput = {
      ...base,
      months: 12,
      tablet: { ownershipType: "PAID", isUsed: false, name: "iPad 9세대 새 제품" },
      lines: [lecture, ipad],
    };
    const payment = section(input, "결제와 매월 자동 결제");
    expect(payment).toContain(
      "- 스마트 수학 (12개월): 정가 2,628,000원, 할인 483,400원, 결제 2,144,600원",
    );
    expect(payment).toContain(
      "- iPad 9세대 새 제품 (1대, 새 제품 구매): 정가 499,000원, 할인 100,000원, 결제 399,000원",
    );
    expect(payment).toContain(
      "정가 3,127,000원, 할인 583,400원 (기본 할인가 460,000원, 12개월 5% 할인 113,400원, 형제 할인 10,000원), 결제 금액 2,543,600원 (카드)",
    );
    const tablet = section(input, "태블릿");
    expect(tablet).toContain("태블릿(iPad 9세대 새 제품)을 이 주문으로 구매하셨습니다");
    expect(tablet).not.toContain("새 제품, 새 제품");
  });

  it("contractFigures: 정가 − 할인 = 결제 for any lines", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .record({
              list: fc.integer({ min: 0, max: 5e6 }),
              reduction: fc.integer({ min: 0, max: 5e6 }),
              policy: fc.integer({ min: 0, max: 5e6 }),
            })
            .map(({ list, reduction, policy }) => {
              const sale = Math.max(0, list - reduction);
              const p = Math.min(policy, sale);
              return {
                ...base.lines[0]!,
                listPrice: list,
                salePrice: sale,
                policies: [{ name: "정책", amount: p }],
                paidPrice: sale - p,
              };
            }),
          { minLength: 1, maxLength: 5 },
        ),
        (lines) => {
          const f = contractFigures(lines);
          expect(f.listPrice - f.discount).toBe(f.paidPrice);
          expect(f.listReduction + f.policies.reduce((s, p) => s + p.amount, 0)).toBe(f.discount);
          expect(f.paidPrice).toBe(lines.reduce((s, l) => s + l.paidPrice, 0));
        },
      ),
    );
  });

  it("needs the lines and refuses bad amounts", () => {
    expect(() => renderContract({ ...base, lines: [] })).toThrow(RangeError);
    expect(() => renderContract(base, CONTRACT_TEXT_VERSION_1)).not.toThrow();
    expect(() =>
      renderContract({ ...base, lines: [{ ...base.lines[0]!, paidPrice: -1 }] }),
    ).toThrow(RangeError);
  });
});

describe("contractName", () => {
  it.each([
    [["스마트 수학"], 3, "설탭 스마트 수학 3개월 수강 계약"],
    [["스마트 수학", "스마트 영어"], 12, "설탭 스마트 수학 외 1과정 12개월 수강 계약"],
    [["[홈쇼핑] 스마트 수학 3개월"], 3, "설탭 스마트 수학 3개월 수강 계약"],
    [["[홈쇼핑]"], 1, "설탭 [홈쇼핑] 1개월 수강 계약"],
    [
      ["1:1 과외 수학 주 2회 (고등)", "a", "b"],
      6,
      "설탭 1:1 과외 수학 주 2회 (고등) 외 2과정 6개월 수강 계약",
    ],
  ])("%j, %i months → %s", (titles, months, name) => {
    expect(contractName(titles, months)).toBe(name);
  });

  it("stays within the column length", () => {
    expect(contractName(["가".repeat(300)], 3)).toHaveLength(CONTRACT_NAME_MAX);
  });

  it("needs a lecture and whole months", () => {
    expect(() => contractName([], 3)).toThrow(RangeError);
    expect(() => contractName(["스마트 수학"], 0)).toThrow(RangeError);
    expect(() => contractName(["스마트 수학"], 1.5)).toThrow(RangeError);
  });
});

describe("tabletOwnership", () => {
  it.each([
    [null, "OWNED"],
    [{ unitSalePrice: 0 }, "RENTED"],
    [{ unitSalePrice: 219000 }, "PAID"],
  ] as const)("%j → %s", (device, expected) => {
    expect(tabletOwnership(device)).toBe(expected);
  });
});

describe("parseLessonSchedule", () => {
  it.each([
    ["주 2회, 60분, 총 8회 수업", { perWeek: 2, minutesPerLesson: 60, sessionsPerUnit: 8 }],
    ["주 5회, 60분, 총 200회 수업", { perWeek: 5, minutesPerLesson: 60, sessionsPerUnit: 200 }],
    ["주2회 50분", { perWeek: 2, minutesPerLesson: 50, sessionsPerUnit: null }],
    ["총 24회", { perWeek: null, minutesPerLesson: null, sessionsPerUnit: 24 }],
    ["무료 대여", null],
    ["", null],
    [null, null],
  ])("%j → %j", (subtitle, expected) => {
    expect(parseLessonSchedule(subtitle)).toEqual(expected);
  });
});
