/**
 * The contract (계약서) signed after a paid order (issue #5; SPEC.md §3 UserContract, Contract to
 * sign; §7 SignContract): its Korean text as a pure, versioned renderer, and the small rules that
 * describe what a paid order contains (its name, the tablet's ownership, the lesson schedule).
 *
 * Versioning: every text ever offered for signature stays renderable under its version
 * (`CONTRACT_TEXT_VERSIONS`); a signature records the version and the SHA-256 of `text` (the api
 * computes the hash: this package has no crypto). To change the wording, add a new version and
 * make it `CONTRACT_TEXT_VERSION`; never edit a version that may have been signed.
 *
 * The refund paragraphs summarise the legal rules; the full table and its sources are in
 * docs/refunds.md and the refunds domain functions.
 */
import { assertNonNegativeInteger, type Won } from "./money.ts";
import type { OwnershipType, PaymentMethod } from "./enums.ts";
import { addMonthsSeoul, seoulDateParts } from "./time.ts";
import { orderFigures, type OrderFigures } from "./order-figures.ts";
import { RETURN_DELIVERY_FEE_WON } from "./discounts.ts";
import { freeRentalPenaltyTerms } from "./refund-deductions.ts";

/**
 * Version of the contract text offered for new signatures (≤ 32 characters). 2026-11.3 (issue
 * #18): the free tablet's early-end penalty, gifts, device condition and purchase or gift on
 * each device line, the return shipping of goods.
 */
export const CONTRACT_TEXT_VERSION = "2026-11.3";

/** Version 2026-11.2: figures from the order's lines (kept as signed). */
export const CONTRACT_TEXT_VERSION_2 = "2026-11.2";

/** The first version (2026-11.1): its figures were the payment's totals, not the order's lines. */
export const CONTRACT_TEXT_VERSION_1 = "2026-11.1";

/** One lecture line of the order. */
export interface ContractLesson {
  /** Store item title at the time of the order, e.g. 스마트 수학. */
  title: string;
  /** Subjects taught, e.g. ["수학"]; may be empty. */
  subjects: readonly string[];
  /** Months bought for this line (≥ 1). */
  months: number;
  /** Lessons a week, minutes per lesson and lessons in total for `months`; null when unknown. */
  perWeek: number | null;
  minutesPerLesson: number | null;
  sessions: number | null;
}

/** The tablet of the contract (SPEC.md §3 ownership types). */
export interface ContractTablet {
  /** OWNED: the family's own; PAID: bought with the order; RENTED: lent with the lessons. */
  ownershipType: OwnershipType;
  isUsed: boolean;
  /** Name of the device line (PAID / RENTED), e.g. iPad 9세대 새 제품; null for OWNED. */
  name: string | null;
  /**
   * From 2026-11.3: the tablet was given to keep with the order (GIFT; stored as OWNED: it is
   * the family's): no rent, no return, no penalty.
   */
  gift?: boolean;
  /** From 2026-11.3, RENTED: the tablet's value in won, the early-end penalty's cap (or null). */
  valueWon?: Won | null;
}

/**
 * One line of the order as it was sold (a payment item), with its prices in won. From version
 * 2026-11.2 the contract's figures are these lines: 정가 (list price), 할인 (list-price reduction
 * and policies) and 결제 (what was paid), the same breakdown the checkout showed.
 */
export interface ContractOrderLine {
  /** LECTURE, DEVICE or another item kind. */
  kind: string;
  /** Item title at the time of the order. */
  name: string;
  /** Months covered (lectures; 0 for one-off items) and units bought. */
  months: number;
  quantity: number;
  /** 정가 of the line: the list price × months (lectures) or × units (devices). */
  listPrice: Won;
  /** The line's sale total (정가 less the list-price reduction). */
  salePrice: Won;
  /** The policies taken off the sale total, by name. */
  policies: readonly { name: string; amount: Won }[];
  /** What was paid for the line: salePrice − the policies. */
  paidPrice: Won;
  /** A device line: its type (IPAD, ANDROID_TABLET, AIR_PODS_MAX…), condition, and whether it
   * was lent free with the lessons (sold at 0 won) rather than bought. Null for other lines. */
  device: {
    type: string | null;
    isUsed: boolean;
    rental: boolean;
    /** From 2026-11.3: PURCHASE or GIFT as recorded on the line (null: lent free / unknown). */
    purchaseOrGift?: "PURCHASE" | "GIFT" | null;
    /** From 2026-11.3: NEW_DEVICE or USED_DEVICE as recorded on the line. */
    condition?: "NEW_DEVICE" | "USED_DEVICE" | null;
    /** From 2026-11.3: rented for a fee for a fixed term (headphones) and returned at its end. */
    paidRental?: boolean;
  } | null;
}

/** What `renderContract` needs; everything is fixed once the order is paid. */
export interface ContractTextInput {
  contractId: number;
  /** Contract title, e.g. 설탭 스마트 수학 3개월 수강 계약 (see `contractName`). */
  name: string;
  studentName: string;
  /** When the order was paid (an instant; shown as an Asia/Seoul date). */
  paidAt: Date;
  /** Months of lessons the order pays for (the longest lecture line). */
  months: number;
  lessons: readonly ContractLesson[];
  tablet: ContractTablet;
  /** Other devices bought with the order (e.g. headphones), by name. */
  otherDevices: readonly string[];
  payment: {
    method: PaymentMethod;
    /** Won: sum of the lines, the discounts, and what was charged. */
    productsPrice: Won;
    discountedValue: Won;
    paidPrice: Won;
    /** Installment months (0 = lump sum). */
    cardQuota: number;
  };
  /** Monthly renewal on the billing card after `months`, or null when the order does not renew. */
  renewal: { monthlyAmount: Won } | null;
  /** The order's lines as sold (version 2026-11.2 and later; version 2026-11.1 ignores them). */
  lines: readonly ContractOrderLine[];
}

export interface ContractTextSection {
  heading: string;
  paragraphs: string[];
}

/** A rendered contract: `text` is the canonical plain text that is hashed and printed. */
export interface RenderedContract {
  version: string;
  title: string;
  sections: ContractTextSection[];
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Formatting helpers (deterministic: no locale data)

/** 1234567 → "1,234,567원". */
function formatWon(won: Won): string {
  assertNonNegativeInteger(won, "amount (won)");
  return `${String(won).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}원`;
}

/** The Asia/Seoul date of an instant: "2026년 1월 31일". */
function formatSeoulDate(instant: Date): string {
  const p = seoulDateParts(instant);
  return `${p.year}년 ${p.month}월 ${p.day}일`;
}

const METHOD_LABELS: Record<PaymentMethod, string> = {
  BILLING_CARD: "카드",
  CASH: "현금",
  VBANK: "가상계좌(무통장 입금)",
};

// ---------------------------------------------------------------------------------------------
// What an order contains

const SCHEDULE = {
  perWeek: /주\s*(\d{1,2})\s*회/,
  minutes: /(\d{1,3})\s*분/,
  total: /총\s*(\d{1,4})\s*회/,
};

/**
 * Reads a store item subtitle such as "주 2회, 60분, 총 8회 수업" (the schedule of one unit of
 * the item). Parts that are absent are null; null when nothing is recognised.
 */
export function parseLessonSchedule(subtitle: string | null | undefined): {
  perWeek: number | null;
  minutesPerLesson: number | null;
  sessionsPerUnit: number | null;
} | null {
  if (!subtitle) return null;
  const read = (re: RegExp) => {
    const m = re.exec(subtitle);
    return m ? Number(m[1]) : null;
  };
  const result = {
    perWeek: read(SCHEDULE.perWeek),
    minutesPerLesson: read(SCHEDULE.minutes),
    sessionsPerUnit: read(SCHEDULE.total),
  };
  return result.perWeek === null &&
    result.minutesPerLesson === null &&
    result.sessionsPerUnit === null
    ? null
    : result;
}

/**
 * How the tablet of an order is held: the device line sold at 0 won is the tablet lent with the
 * lessons (RENTED); a device line with a price was bought (PAID); no device line means the
 * family uses its own (OWNED).
 * @param device the tablet line of the order (its unit sale price in won), or null
 */
export function tabletOwnership(device: { unitSalePrice: Won } | null): OwnershipType {
  if (!device) return "OWNED";
  return device.unitSalePrice === 0 ? "RENTED" : "PAID";
}

/** Longest contract name stored (contracts.name is varchar(160)). */
export const CONTRACT_NAME_MAX = 160;

/**
 * The contract name of an order: "설탭 {main lecture} {months}개월 수강 계약", with "외 N과정" when
 * there are more lectures. The main lecture is the first title given (the caller passes the
 * longest line first); a "[홈쇼핑]"-style prefix and a trailing "N개월" are left out of it.
 * @param lectureTitles titles of the lecture lines, main one first (at least one)
 * @param months months of the contract (≥ 1)
 * @throws RangeError without titles or with invalid months
 */
export function contractName(lectureTitles: readonly string[], months: number): string {
  const [first] = lectureTitles;
  if (first === undefined) throw new RangeError("a contract needs at least one lecture");
  if (!Number.isInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number ≥ 1, got ${months}`);
  }
  const main =
    first
      .replace(/^\s*\[[^\]]*\]\s*/, "")
      .replace(/\s*\d+\s*개월\s*$/, "")
      .trim() || first.trim();
  const others = lectureTitles.length > 1 ? ` 외 ${lectureTitles.length - 1}과정` : "";
  return `설탭 ${main}${others} ${months}개월 수강 계약`.slice(0, CONTRACT_NAME_MAX);
}

// ---------------------------------------------------------------------------------------------
// The text

function assertInput(input: ContractTextInput): void {
  if (!Number.isInteger(input.months) || input.months < 1) {
    throw new RangeError(`months must be a whole number ≥ 1, got ${input.months}`);
  }
  if (input.lessons.length === 0) throw new RangeError("a contract needs at least one lesson");
  if (Number.isNaN(input.paidAt.getTime())) throw new RangeError("invalid paidAt");
  assertNonNegativeInteger(input.payment.productsPrice, "productsPrice (won)");
  assertNonNegativeInteger(input.payment.discountedValue, "discountedValue (won)");
  assertNonNegativeInteger(input.payment.paidPrice, "paidPrice (won)");
  if (input.renewal) assertNonNegativeInteger(input.renewal.monthlyAmount, "renewal (won)");
  for (const line of input.lines) {
    for (const [label, won] of [
      ["listPrice", line.listPrice],
      ["salePrice", line.salePrice],
      ["paidPrice", line.paidPrice],
      ...line.policies.map((p) => [`policy ${p.name}`, p.amount] as const),
    ] as const) {
      assertNonNegativeInteger(won, `line ${line.name} ${label} (won)`);
    }
  }
}

function lessonLine(lesson: ContractLesson): string {
  const subjects = lesson.subjects.length > 0 ? ` (과목: ${lesson.subjects.join(", ")})` : "";
  const schedule = [
    lesson.perWeek !== null ? `주 ${lesson.perWeek}회` : null,
    lesson.minutesPerLesson !== null ? `회당 ${lesson.minutesPerLesson}분` : null,
    lesson.sessions !== null ? `총 ${lesson.sessions}회` : null,
  ].filter((s): s is string => s !== null);
  return `- ${lesson.title}${subjects}: ${lesson.months}개월${
    schedule.length > 0 ? `, ${schedule.join(" · ")}` : ""
  }`;
}

function tabletParagraphs(tablet: ContractTablet): string[] {
  const condition = tablet.isUsed ? "중고 제품" : "새 제품";
  const name = tablet.name ? `${tablet.name}, ${condition}` : condition;
  switch (tablet.ownershipType) {
    case "RENTED":
      return [
        `수업에 쓰는 태블릿(${name})을 수강 기간 동안 무료로 빌려 드립니다. 태블릿의 소유권은 회사에 있습니다.`,
        "빌린 태블릿은 수업과 학습에만 쓰고, 다른 사람에게 빌려주거나 팔거나 담보로 맡길 수 없습니다.",
        "수강이 끝나거나 계약을 해지(환불)하면 그날부터 14일 이내에 충전기 등 받은 구성품과 함께 회사가 안내하는 방법(택배 회수)으로 돌려주셔야 합니다. 회수 배송비는 회사가 냅니다.",
        "정상적으로 쓰면서 생긴 흠집과 마모는 청구하지 않습니다. 떨어뜨리거나 물에 빠뜨리는 등 고의나 과실로 파손되면 공식 서비스센터 수리비(실비)를 청구할 수 있습니다.",
        "수리할 수 없을 만큼 파손되었거나, 잃어버렸거나, 기한 안에 돌려주지 않으면 같은 모델 중고 태블릿의 그때 설탭 판매가를 청구할 수 있습니다. 반납 기한이 지나면 먼저 연락드리고, 연락 후 14일이 지나도 돌려받지 못한 경우에만 청구합니다. 청구할 때는 사진 등 근거와 금액을 먼저 알려 드립니다.",
      ];
    case "PAID":
      return [
        `태블릿(${name})을 이 주문으로 구매하셨습니다. 결제하고 기기를 받으신 때부터 기기는 구매자의 것이며, 수강이 끝나도 돌려주지 않습니다.`,
        tablet.isUsed
          ? "중고 태블릿은 회사가 검수한 제품으로 사용 흔적이 있을 수 있습니다. 받은 뒤 발견된 기능 불량은 관련 법령과 소비자분쟁해결기준에 따라 수리·교환·환불해 드립니다."
          : "새 태블릿의 품질 보증은 제조사 보증 정책을 따르며, 받은 뒤 발견된 불량은 관련 법령과 소비자분쟁해결기준에 따라 교환·환불해 드립니다.",
        "구매한 기기의 반품(청약 철회)은 아래 '청약 철회와 환불'을 따릅니다.",
      ];
    case "OWNED":
      return [
        "회사는 태블릿을 제공하지 않으며, 수강생이 가진 기기로 수업을 듣습니다. 그 기기의 소유권과 관리 책임은 수강생(가족)에게 있습니다.",
        "수업 앱이 동작하는 기기와 인터넷 연결을 준비해 주세요. 기기 문제로 수업을 못 한 경우 회사의 책임은 아니지만, 일정 조정을 도와 드립니다.",
      ];
  }
}

function paymentParagraphs(input: ContractTextInput): string[] {
  const { payment, renewal } = input;
  const quota =
    payment.method === "BILLING_CARD" && payment.cardQuota >= 2
      ? `, ${payment.cardQuota}개월 할부`
      : "";
  const lines = [
    `결제일: ${formatSeoulDate(input.paidAt)}`,
    `상품 금액 ${formatWon(payment.productsPrice)}, 할인 ${formatWon(payment.discountedValue)}, 결제 금액 ${formatWon(payment.paidPrice)} (${METHOD_LABELS[payment.method]}${quota})`,
    `이 결제로 ${input.months}개월 동안의 수업료를 냈습니다.`,
  ];
  if (renewal) {
    const first = addMonthsSeoul(input.paidAt, input.months);
    lines.push(
      `${input.months}개월이 지난 뒤에는 ${formatSeoulDate(first)}부터 매월 같은 날짜에 등록된 결제 카드로 1개월분 ${formatWon(renewal.monthlyAmount)}이 자동 결제되어 수업이 이어집니다. 그 달에 그 날짜가 없으면 그 달의 마지막 날에 결제됩니다.`,
      "자동 결제는 이 계약을 한 달씩 연장하는 것이며, 따로 계약서를 새로 쓰지 않습니다. 다음 결제일 전날까지 해지를 요청하면 그다음 달부터 결제되지 않습니다.",
      "자동 결제가 카드 문제로 실패하면 하루 간격으로 다시 시도하고, 세 번 실패하면 자동 결제를 멈춥니다. 결제 카드는 언제든 바꿀 수 있습니다.",
    );
  } else {
    lines.push(
      `이 계약은 ${input.months}개월 수업으로 끝나며 자동으로 연장되거나 결제되지 않습니다. 이어서 수강하려면 새로 결제해 주세요.`,
    );
  }
  return lines;
}

function refundParagraphs(input: ContractTextInput): string[] {
  const lines = [
    "수업료 환불은 「학원의 설립·운영 및 과외교습에 관한 법률 시행령」 제18조 [별표 4]의 교습비 반환 기준을 따릅니다. 금액은 실제로 결제한 금액을 기준으로 계산합니다.",
    "- 수업 시작 전에 해지하면 낸 수업료 전액을 돌려드립니다.",
    "- 수업이 시작된 달은 그 달 수업 횟수(시간) 중 지난 비율로 정합니다: 1/3이 지나기 전이면 그 달 수업료의 2/3, 1/2이 지나기 전이면 1/2을 돌려드리고, 1/2이 지난 뒤에는 그 달 수업료는 돌려드리지 않습니다.",
    "- 여러 달을 한 번에 결제한 경우, 해지한 달은 위 기준으로 계산하고 아직 시작하지 않은 나머지 달의 수업료는 전액 돌려드립니다.",
    "- 회사 사정으로 수업을 할 수 없게 되면 남은 기간만큼 날짜 비율로 계산해 돌려드립니다.",
    "- 환불은 환불 사유가 생긴 날부터 5일 이내에 해 드립니다.",
  ];
  const boughtDevices = [
    ...(input.tablet.ownershipType === "PAID" ? ["태블릿"] : []),
    ...(input.otherDevices.length > 0 ? [input.otherDevices.join(", ")] : []),
  ];
  if (boughtDevices.length > 0) {
    lines.push(
      `구매한 기기(${boughtDevices.join(", ")})는 「전자상거래 등에서의 소비자보호에 관한 법률」 제17조에 따라 받은 날부터 7일 이내에 반품(청약 철회)할 수 있습니다. 다만 포장을 뜯어 사용했거나(내용 확인을 위한 개봉은 제외) 사용해서 가치가 크게 떨어진 경우에는 반품할 수 없습니다.`,
      "단순 변심으로 반품하면 반품 배송비는 구매자가 내고, 기기가 광고나 계약 내용과 다르거나 불량이면 받은 날부터 3개월, 그 사실을 안 날부터 30일 이내에 반품할 수 있으며 배송비는 회사가 냅니다. 돌려받은 날부터 3영업일 이내에 환불합니다.",
    );
  }
  if (input.tablet.ownershipType === "RENTED") {
    lines.push(
      "무료로 빌린 태블릿은 따로 낸 금액이 없어 환불 대상이 아니며, 해지하면 위 '태블릿'에 따라 돌려주셔야 합니다.",
    );
  }
  lines.push(
    "결제 후 1개월 이내의 카드 결제는 앱에서 직접 환불을 신청할 수 있고, 바로 환불할 수 있는 경우 그 자리에서 처리됩니다. 1개월이 지났거나 가상계좌로 결제한 경우 등 앱에서 바로 처리할 수 없을 때도 환불 요청을 남기시면, 담당자가 적용되는 기준과 금액을 알려 드리고 처리합니다. 가상계좌 결제는 입력하신 계좌로 돌려드립니다.",
    "환불을 신청하는 화면에서 적용되는 기준과 돌려받을 금액을 먼저 보여 드립니다.",
  );
  return lines;
}

const PRIVACY_PARAGRAPHS = [
  "수집하는 정보: 수강생과 보호자의 이름·연락처, 기기 배송과 회수를 위한 주소, 결제 기록(카드사 이름과 카드 번호 앞 8자리·뒤 4자리만 저장하며 카드 번호 전체는 저장하지 않습니다), 수업 기록, 이 계약서의 서명 기록(입력한 이름, 서명 시각, 접속 IP, 브라우저 정보).",
  "이용 목적: 수업 제공과 선생님 배정, 결제와 환불, 기기 배송과 회수, 상담과 분쟁 처리.",
  "결제 대행사와 카드사, 택배사에는 그 업무에 꼭 필요한 정보만 제공합니다.",
  "보관 기간: 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 계약·청약 철회 기록과 대금 결제·재화 공급 기록은 5년, 소비자 불만·분쟁 처리 기록은 3년 동안 보관한 뒤 파기합니다.",
  "만 14세 미만 수강생의 개인정보는 법정대리인(보호자)의 동의를 받아 처리합니다. 언제든 고객센터에 개인정보의 열람·정정·삭제·처리 정지를 요청할 수 있습니다.",
];

/** The sections shared by every version, with the version's tablet and payment paragraphs. */
function sectionsOf(
  input: ContractTextInput,
  tablet: string[],
  payment: string[],
): ContractTextSection[] {
  return [
    {
      heading: "계약 정보",
      paragraphs: [
        `계약 번호: ${input.contractId}`,
        `수강생: ${input.studentName}`,
        "회사: 주식회사 설탭 (이하 '회사')",
        "수강생이 미성년자이면 법정대리인(보호자)이 이 계약에 서명하거나 동의합니다.",
      ],
    },
    {
      heading: "수업",
      paragraphs: [
        ...input.lessons.map(lessonLine),
        "수업 요일과 시간은 선생님이 배정된 뒤 수강생과 협의해 정합니다. 수업이나 선생님을 바꾸고 싶으면 앱에서 수업 변경을 신청할 수 있습니다.",
      ],
    },
    { heading: "태블릿", paragraphs: tablet },
    { heading: "결제와 매월 자동 결제", paragraphs: payment },
    { heading: "청약 철회와 환불", paragraphs: refundParagraphs(input) },
    { heading: "개인정보", paragraphs: [...PRIVACY_PARAGRAPHS] },
    {
      heading: "서명",
      paragraphs: [
        "이 계약서는 전자 문서이며, 이름을 입력하고 동의하면 위 내용에 동의하고 서명한 것으로 봅니다. 서명한 계약서는 언제든 다시 보고 인쇄할 수 있습니다.",
        "이 계약서에 없는 사항은 관련 법령과 소비자분쟁해결기준(공정거래위원회 고시)을 따릅니다.",
      ],
    },
  ];
}

/** Version 2026-11.1 of the text (kept as signed: figures from the payment's totals). */
function renderV1(input: ContractTextInput): Omit<RenderedContract, "text" | "version"> {
  return {
    title: input.name,
    sections: sectionsOf(input, tabletParagraphs(input.tablet), paymentParagraphs(input)),
  };
}

// ---- version 2026-11.2: the order's own lines --------------------------------------------------

/** The order's figures as the checkout showed them (kept name: see `orderFigures`). */
export const contractFigures: (lines: readonly ContractOrderLine[]) => OrderFigures = orderFigures;

/** How a line was sold, in words: "3개월", "1대, 무료 대여", "1대, 새 제품 구매". */
function lineTerms(line: ContractOrderLine): string {
  if (line.kind === "LECTURE") return `${line.months}개월`;
  if (line.device) {
    if (line.device.rental) return `${line.quantity}대, 무료 대여`;
    return `${line.quantity}대, ${line.device.isUsed ? "중고 제품" : "새 제품"} 구매`;
  }
  return `${line.quantity}개`;
}

function orderLine(line: ContractOrderLine): string {
  if (line.device?.rental && line.paidPrice === 0) {
    return `- ${line.name} (${lineTerms(line)}): 대여료 0원, 수강 기간 동안 빌려 쓰고 돌려주는 기기`;
  }
  const list = Math.max(line.listPrice, line.salePrice);
  const discount = list - line.paidPrice;
  return `- ${line.name} (${lineTerms(line)}): 정가 ${formatWon(list)}${
    discount > 0 ? `, 할인 ${formatWon(discount)}` : ""
  }, 결제 ${formatWon(line.paidPrice)}`;
}

function paymentParagraphsV2(input: ContractTextInput): string[] {
  const { payment } = input;
  const figures = contractFigures(input.lines);
  const quota =
    payment.method === "BILLING_CARD" && payment.cardQuota >= 2
      ? `, ${payment.cardQuota}개월 할부`
      : "";
  const parts = [
    ...(figures.listReduction > 0 ? [`기본 할인가 ${formatWon(figures.listReduction)}`] : []),
    ...figures.policies.map((p) => `${p.name} ${formatWon(p.amount)}`),
  ];
  const [first, ...rest] = paymentParagraphs(input);
  return [
    first!,
    "주문 내역:",
    ...input.lines.map(orderLine),
    `정가 ${formatWon(figures.listPrice)}, 할인 ${formatWon(figures.discount)}${
      parts.length > 0 ? ` (${parts.join(", ")})` : ""
    }, 결제 금액 ${formatWon(figures.paidPrice)} (${METHOD_LABELS[payment.method]}${quota})`,
    // paymentParagraphs' second line is the version-1 total ("상품 금액 …"): left out.
    ...rest.slice(1),
  ];
}

/** The tablet as sold: a lent tablet is described by its rental terms, not as new or used. */
function tabletParagraphsV2(tablet: ContractTablet): string[] {
  if (tablet.ownershipType === "RENTED") {
    const [, ...rest] = tabletParagraphs(tablet);
    return [
      `수업에 쓰는 태블릿(${tablet.name ?? "대여 태블릿"})을 수강 기간 동안 무료로 빌려 드립니다(대여료 0원). 태블릿의 소유권은 회사에 있습니다.`,
      ...rest,
    ];
  }
  if (tablet.ownershipType === "PAID" && tablet.name && /새 제품|중고/.test(tablet.name)) {
    // The item name already says new or used ("iPad 9세대 새 제품"): not said twice.
    const [first, ...rest] = tabletParagraphs({ ...tablet, name: null });
    const condition = tablet.isUsed ? "중고 제품" : "새 제품";
    return [first!.replace(`(${condition})`, `(${tablet.name})`), ...rest];
  }
  return tabletParagraphs(tablet);
}

/** Version 2026-11.2: figures and device terms from the order's lines. */
function renderV2(input: ContractTextInput): Omit<RenderedContract, "text" | "version"> {
  if (input.lines.length === 0) throw new RangeError("version 2026-11.2 needs the order's lines");
  return {
    title: input.name,
    sections: sectionsOf(input, tabletParagraphsV2(input.tablet), paymentParagraphsV2(input)),
  };
}

// ---- version 2026-11.3: penalty, gifts, device condition, return shipping --------------------

function conditionLabel(device: NonNullable<ContractOrderLine["device"]>): string {
  const used = device.condition ? device.condition === "USED_DEVICE" : device.isUsed;
  return used ? "중고 제품" : "새 제품";
}

/** How a line was sold (2026-11.3): 증정, 무료 대여, 유료 대여 or 구매, with its condition. */
function lineTermsV3(line: ContractOrderLine): string {
  const device = line.device;
  if (!device) return lineTerms(line);
  if (device.purchaseOrGift === "GIFT") {
    return `${line.quantity}대, ${conditionLabel(device)} 증정 · 돌려주지 않아도 됨`;
  }
  if (device.paidRental)
    return `${line.quantity}대, ${conditionLabel(device)} 유료 대여 · 기간 끝나면 반납`;
  if (device.rental) return `${line.quantity}대, 무료 대여`;
  return `${line.quantity}대, ${conditionLabel(device)} 구매`;
}

function orderLineV3(line: ContractOrderLine): string {
  if (line.device?.purchaseOrGift === "GIFT" && line.paidPrice === 0) {
    return `- ${line.name} (${lineTermsV3(line)}): 0원, 수강 혜택으로 드리는 기기`;
  }
  if (line.device?.rental && !line.device.paidRental && line.paidPrice === 0) {
    return `- ${line.name} (${lineTermsV3(line)}): 대여료 0원, 수강 기간 동안 빌려 쓰고 돌려주는 기기`;
  }
  const list = Math.max(line.listPrice, line.salePrice);
  const discount = list - line.paidPrice;
  return `- ${line.name} (${lineTermsV3(line)}): 정가 ${formatWon(list)}${
    discount > 0 ? `, 할인 ${formatWon(discount)}` : ""
  }, 결제 ${formatWon(line.paidPrice)}`;
}

function paymentParagraphsV3(input: ContractTextInput): string[] {
  const v2 = paymentParagraphsV2(input);
  const start = v2.indexOf("주문 내역:") + 1;
  return [
    ...v2.slice(0, start),
    ...input.lines.map(orderLineV3),
    ...v2.slice(start + input.lines.length),
  ];
}

function tabletParagraphsV3(tablet: ContractTablet): string[] {
  if (tablet.gift) {
    const condition = tablet.isUsed ? "중고 제품" : "새 제품";
    const name = tablet.name ?? condition;
    return [
      `태블릿(${name})을 수강 혜택으로 드립니다(증정, 0원). 받으신 때부터 기기는 수강생(가족)의 것이며, 대여료가 없고 수강이 끝나거나 계약을 해지해도 돌려주지 않으셔도 됩니다.`,
      "증정한 기기는 낸 금액이 없어 환불 대상이 아니며, 해지해도 위약금이 없습니다. 받은 뒤 발견된 불량은 관련 법령과 소비자분쟁해결기준에 따라 수리·교환해 드립니다.",
    ];
  }
  const paragraphs = tabletParagraphsV2(tablet);
  if (tablet.ownershipType === "RENTED") {
    paragraphs.push(freeRentalPenaltyTerms(tablet.valueWon ?? null));
  }
  return paragraphs;
}

function refundParagraphsV3(input: ContractTextInput): string[] {
  const lines = refundParagraphs(input);
  const books = input.lines.filter((l) => l.kind === "SEOLTAB_BOOK");
  const extra: string[] = [];
  if (books.length > 0) {
    extra.push(
      `교재(${books.map((b) => b.name).join(", ")})는 「전자상거래 등에서의 소비자보호에 관한 법률」 제17조에 따라 받은 날부터 7일 이내에 반품(청약 철회)할 수 있습니다. 사용했거나 훼손해 가치가 떨어진 교재는 반품할 수 없습니다.`,
    );
  }
  if (books.length > 0) {
    extra.push(
      `단순 변심으로 교재를 반품하면 반품 배송비 ${formatWon(RETURN_DELIVERY_FEE_WON)}을 환불 금액에서 뺍니다. 교재가 불량이거나 광고·계약 내용과 다르면 반품 배송비는 회사가 냅니다. 기기는 수업과 함께 보내 드린 것처럼 회사가 무료로 회수합니다.`,
    );
  }
  if (input.lines.some((l) => l.kind === "CONTENTS")) {
    extra.push(
      "디지털 콘텐츠는 결제일부터 7일 이내라도 열어 보거나 내려받은 뒤에는 청약 철회를 할 수 없습니다(같은 법 제17조제2항제5호).",
    );
  }
  if (input.tablet.ownershipType === "RENTED" && !input.tablet.gift) {
    extra.push(
      "무료로 빌린 태블릿을 3개월을 채우기 전에 해지하면 위 '태블릿'의 위약금을 환불 금액에서 빼며, 환불 신청 화면에서 그 금액을 먼저 보여 드립니다.",
    );
  }
  const gift = input.tablet.gift
    ? lines.map((l) =>
        l.startsWith("무료로 빌린 태블릿은")
          ? "증정한 태블릿은 낸 금액이 없어 환불 대상이 아니며, 돌려주지 않으셔도 됩니다."
          : l,
      )
    : lines;
  // Before the last two paragraphs (how to ask, and the screen that shows the amount first).
  return [...gift.slice(0, -2), ...extra, ...gift.slice(-2)];
}

/** Version 2026-11.3: version 2026-11.2 plus penalty, gifts, device terms, return shipping. */
function renderV3(input: ContractTextInput): Omit<RenderedContract, "text" | "version"> {
  if (input.lines.length === 0) throw new RangeError("version 2026-11.3 needs the order's lines");
  const sections = sectionsOf(input, tabletParagraphsV3(input.tablet), paymentParagraphsV3(input));
  return {
    title: input.name,
    sections: sections.map((section) =>
      section.heading === "청약 철회와 환불"
        ? { heading: section.heading, paragraphs: refundParagraphsV3(input) }
        : section,
    ),
  };
}

const RENDERERS: Readonly<
  Record<string, (input: ContractTextInput) => Omit<RenderedContract, "text" | "version">>
> = {
  [CONTRACT_TEXT_VERSION_1]: renderV1,
  [CONTRACT_TEXT_VERSION_2]: renderV2,
  [CONTRACT_TEXT_VERSION]: renderV3,
};

/** Every version of the text that can be rendered (signed contracts keep theirs). */
export const CONTRACT_TEXT_VERSIONS: readonly string[] = Object.keys(RENDERERS);

/** The canonical plain text of a document: what is hashed, shown and printed. */
function plainText(
  version: string,
  title: string,
  sections: readonly ContractTextSection[],
): string {
  const body = sections.map(
    (s, i) => `${i + 1}. ${s.heading}\n${s.paragraphs.map((p) => p.trim()).join("\n")}`,
  );
  return [title, `계약서 버전 ${version}`, ...body].join("\n\n") + "\n";
}

/**
 * Renders the contract of a paid order in Korean: parties, lessons (subject, months, sessions),
 * the tablet (OWNED / PAID / RENTED, new or used, return and damage of a lent one), payment and
 * monthly renewal, refund rules, personal data, signature. Pure and deterministic: the same
 * input and version always give the same `text` (times shown as Asia/Seoul dates).
 * @param version a version of `CONTRACT_TEXT_VERSIONS` (default: the current one)
 * @throws RangeError for an unknown version or invalid input (months < 1, no lesson, bad amounts)
 */
export function renderContract(
  input: ContractTextInput,
  version: string = CONTRACT_TEXT_VERSION,
): RenderedContract {
  const render = Object.hasOwn(RENDERERS, version) ? RENDERERS[version] : undefined;
  if (!render) throw new RangeError(`unknown contract text version "${version}"`);
  assertInput(input);
  const { title, sections } = render(input);
  return { version, title, sections, text: plainText(version, title, sections) };
}
