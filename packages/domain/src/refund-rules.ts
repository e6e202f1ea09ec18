/**
 * The refund amount Korean law gives for each item of a payment (issue #5; docs/refunds.md has
 * the sources, worked examples and what staff do). Pure: the current time is a parameter. Money
 * is integer won, rounded down once per item. Calendar months are Asia/Seoul (`addMonthsSeoul`).
 *
 * - Lessons (LECTURE, SINGLE_LECTURE_GROUP): 학원의 설립·운영 및 과외교습에 관한 법률 제18조,
 *   시행령 제18조 [별표 4] 교습비등 반환기준, for the reason "the learner gives up of their own
 *   will" (시행령 제18조제2항제3호).
 *   - before lessons start → everything paid (ACADEMY_BEFORE_START);
 *   - a period of at most one month: before 1/3 of it has passed → 2/3 (ACADEMY_FIRST_THIRD),
 *     before 1/2 → 1/2 (ACADEMY_FIRST_HALF), after that → nothing (ACADEMY_AFTER_HALF);
 *   - a period of more than one month: the month in progress by the rows above, plus every
 *     month not yet started in full (the rule is named by the month in progress).
 *   Months run from the lessons' start in Asia/Seoul calendar months; "passed" is measured in
 *   time (the share of the month's milliseconds), standing in for lesson hours (비고 1).
 *   - A LECTURE line whose lecture has lesson records (the lesson ledger, DESIGN.md §9) is
 *     refunded by the lessons taken instead (비고 2 원격교습: the amount paid less the part
 *     actually taken; `lessonLedgerRefund`): paid − lessons held × the list price per lesson,
 *     never below 0 (REMOTE_LESSONS_TAKEN); with no lesson held yet, everything paid
 *     (ACADEMY_BEFORE_START). docs/decisions/029-refund-quote-from-the-ledger.md.
 * - Devices and books (DEVICE, SEOLTAB_BOOK): 전자상거래 등에서의 소비자보호에 관한 법률
 *   제17조 청약철회 — the law counts 7 days from receiving the goods; no delivery date is
 *   recorded yet, so self-service counts them from the PAYMENT, which is never later than the
 *   receipt, and says so ("결제일부터"; docs/decisions/016-refund-copy-and-korean-particles.md).
 *   (민법 제157조: the first day is not counted, the period ends at 24:00 Asia/Seoul of the 7th
 *   day.) Within it, unless the goods were used or damaged so that their value fell
 *   (제17조제2항제1호·제2호; opening the box to check the contents does not count) → the price
 *   paid (DEVICE_WITHDRAWAL_7_DAYS); otherwise nothing by self-service (DEVICE_OPENED_OR_LATE;
 *   staff check the real receipt date and the state, and may still decide).
 * - Digital contents (CONTENTS, issue #18): 전자상거래법 제17조제2항제5호 — once their supply has
 *   begun (opened: the family downloaded or started them) no withdrawal (CONTENTS_OPENED);
 *   unopened, within 7 days of the payment, the price paid (CONTENTS_WITHDRAWAL_7_DAYS).
 * - A line nothing was paid for (a tablet lent free with the lessons, price 0), of any kind:
 *   nothing to refund (NOTHING_PAID), never "전액 0원"; it does not make a payment's rule MIXED.
 * - Anything else (delivery fees, penalties, ...): no automatic rule; 0 and
 *   STAFF_DECISION.
 *
 * What was already refunded on an item is subtracted, so the sum of refunds never exceeds what
 * the law gives, nor what was paid.
 */
import type { ItemKind, PaymentMethod, RefundChannel } from "./enums.ts";
import { assertNonNegativeInteger, type Won } from "./money.ts";
import { withParticle } from "./korean.ts";
import { SEOUL_UTC_OFFSET_MS, addMonthsSeoul, seoulDateParts } from "./time.ts";

/** Rule codes, stored in refund_requests.rule and sent on the wire (docs/refunds.md). */
export const REFUND_RULES = [
  "ACADEMY_BEFORE_START",
  "ACADEMY_FIRST_THIRD",
  "ACADEMY_FIRST_HALF",
  "ACADEMY_AFTER_HALF",
  "REMOTE_LESSONS_TAKEN",
  "DEVICE_WITHDRAWAL_7_DAYS",
  "DEVICE_OPENED_OR_LATE",
  "CONTENTS_WITHDRAWAL_7_DAYS",
  "CONTENTS_OPENED",
  "NOTHING_PAID",
  "STAFF_DECISION",
] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

/**
 * The rule of a whole payment whose items follow different rules (lines nothing was paid for,
 * NOTHING_PAID, do not count).
 */
export const MIXED_REFUND_RULE = "MIXED";
export type PaymentRefundRule = RefundRule | typeof MIXED_REFUND_RULE;

/** Which law an item kind falls under. */
export type RefundCategory = "LESSON" | "GOODS" | "OTHER";

/** Days of the e-commerce withdrawal period (전자상거래법 제17조제1항). */
export const WITHDRAWAL_DAYS = 7;

const LESSON_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>(["LECTURE", "SINGLE_LECTURE_GROUP"]);
const GOODS_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>(["DEVICE", "SEOLTAB_BOOK"]);

/**
 * LESSON for lectures, GOODS for devices and books, OTHER for everything else (digital contents
 * are OTHER for the law's categories but have their own rule: `contentsRefund`).
 */
export function refundCategoryOf(kind: ItemKind): RefundCategory {
  if (LESSON_KINDS.has(kind)) return "LESSON";
  if (GOODS_KINDS.has(kind)) return "GOODS";
  return "OTHER";
}

/**
 * How money goes back (SPEC.md §3 refund channels): a card payment is cancelled on the card
 * (CARD); a virtual-account or cash payment is paid back to a bank account (BANK).
 */
export function refundChannelOf(paymentMethod: PaymentMethod): RefundChannel {
  return paymentMethod === "BILLING_CARD" ? "CARD" : "BANK";
}

/** "1,234,567원". */
export function formatRefundWon(won: Won): string {
  return `${String(won).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}원`;
}

/** "2026년 3월 8일" (Asia/Seoul). */
function seoulDateLabel(instant: Date): string {
  const p = seoulDateParts(instant);
  return `${p.year}년 ${p.month}월 ${p.day}일`;
}

function assertValidDate(value: Date, label: string): number {
  const time = value.getTime();
  if (Number.isNaN(time)) throw new RangeError(`${label}: invalid Date`);
  return time;
}

/** floor(won × numerator / denominator), exact for safe integers (no float rounding). */
function shareOf(won: Won, numerator: number, denominator: number): Won {
  return Number((BigInt(won) * BigInt(numerator)) / BigInt(denominator));
}

/** What the law gives for one item before subtracting earlier refunds. */
export interface RuleOutcome {
  /** Won the rule gives for the item (of its paid price). */
  amount: Won;
  rule: RefundRule;
  /** One Korean sentence for the refund page. */
  explanation: string;
}

/**
 * The outcome of a line nothing was paid for (NOTHING_PAID): nothing to give back, said as
 * such. A device at 0 won is a tablet lent free with the lessons; it goes back when they end.
 */
export function nothingPaidOutcome(kind: ItemKind): RuleOutcome {
  const explanation =
    kind === "DEVICE"
      ? "무료로 빌려 드린 기기라 낸 금액이 없어 돌려받을 금액도 없어요. 수강을 그만두면 기기는 돌려주셔야 해요."
      : refundCategoryOf(kind) === "LESSON"
        ? "낸 수업료가 없어 돌려받을 금액이 없어요."
        : "낸 금액이 없는 항목이라 돌려받을 금액이 없어요.";
  return { amount: 0, rule: "NOTHING_PAID", explanation };
}

/**
 * The outcome of a device given to keep (GIFT, 0 won; issue #18): nothing to give back and
 * nothing to return — a gift has no rent and no return.
 */
export function giftOutcome(): RuleOutcome {
  return {
    amount: 0,
    rule: "NOTHING_PAID",
    explanation:
      "선물로 드린 기기라 낸 금액이 없어 돌려받을 금액이 없어요. 기기는 돌려주지 않으셔도 돼요.",
  };
}

export interface LessonRefundInput {
  /** Won paid for the item. */
  paidPrice: Won;
  /** Months of lessons the item pays for (≥ 1). */
  months: number;
  /** When lessons start(ed); null = not started. */
  lessonsStartAt: Date | null;
  now: Date;
}

/**
 * The refund of lessons by 학원법 시행령 [별표 4] (see the module note). The month in progress
 * is found by Asia/Seoul calendar months from `lessonsStartAt` (`addMonthsSeoul(start, k)`);
 * within it, "before 1/3" means elapsed × 3 < the month's length (exactly 1/3 has passed is not
 * "before"). After the whole period, nothing (ACADEMY_AFTER_HALF).
 * Example: 567,000 won for 3 months, 5 days into the first month (of 31) → 2/3 of the month in
 * progress + 2 months in full = floor(567,000 × (4 + 2 × 6) / 18) = 504,000 won.
 * @throws RangeError for a negative/fractional price, months < 1, or an invalid Date
 */
export function lessonRefund({
  paidPrice,
  months,
  lessonsStartAt,
  now,
}: LessonRefundInput): RuleOutcome {
  assertNonNegativeInteger(paidPrice, "paidPrice (won)");
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number ≥ 1 for lessons, got ${months}`);
  }
  const nowMs = assertValidDate(now, "now");
  if (paidPrice === 0) return nothingPaidOutcome("LECTURE");
  if (lessonsStartAt === null || nowMs < assertValidDate(lessonsStartAt, "lessonsStartAt")) {
    return {
      amount: paidPrice,
      rule: "ACADEMY_BEFORE_START",
      explanation: `수업 시작 전이라 낸 수업료 전액 ${formatRefundWon(paidPrice)}을 돌려받을 수 있어요.`,
    };
  }
  for (let month = 0; month < months; month += 1) {
    const from = addMonthsSeoul(lessonsStartAt, month).getTime();
    const to = addMonthsSeoul(lessonsStartAt, month + 1).getTime();
    if (nowMs >= to) continue;
    const elapsed = nowMs - from;
    const length = to - from;
    // Sixths of the month in progress given back: 2/3 = 4/6, 1/2 = 3/6, nothing after half.
    const [sixths, rule, passed, part] =
      elapsed * 3 < length
        ? ([4, "ACADEMY_FIRST_THIRD", "1/3이 지나기 전이라", "2/3"] as const)
        : elapsed * 2 < length
          ? ([3, "ACADEMY_FIRST_HALF", "절반이 지나기 전이라", "1/2"] as const)
          : ([0, "ACADEMY_AFTER_HALF", "절반이 지나", ""] as const);
    const partAnd = withParticle(part, "과/와"); // 2/3와 (삼분의 이), 1/2과 (이분의 일)
    const remaining = months - month - 1;
    const amount = shareOf(paidPrice, sixths + remaining * 6, months * 6);
    const which =
      months === 1
        ? "수업 기간의"
        : remaining === 0
          ? `${months}개월 중 마지막 달의`
          : `${months}개월 중 ${month + 1}개월째 달의`;
    let explanation: string;
    if (sixths === 0 && remaining === 0) {
      explanation = `${which} ${passed} 돌려받을 수업료가 없어요.`;
    } else if (sixths === 0) {
      explanation = `${which} ${passed} 이번 달 수업료는 돌려받을 수 없지만, 남은 ${remaining}개월 수업료 전액 ${formatRefundWon(amount)}을 돌려받을 수 있어요.`;
    } else if (remaining === 0) {
      explanation = `${which} ${passed} ${months === 1 ? "" : "이번 달 "}수업료의 ${part}인 ${formatRefundWon(amount)}을 돌려받을 수 있어요.`;
    } else {
      explanation = `${which} ${passed} 이번 달 수업료의 ${partAnd} 남은 ${remaining}개월 수업료 전액을 합한 ${formatRefundWon(amount)}을 돌려받을 수 있어요.`;
    }
    return { amount, rule, explanation };
  }
  return {
    amount: 0,
    rule: "ACADEMY_AFTER_HALF",
    explanation: "수업 기간이 끝나 돌려받을 수업료가 없어요.",
  };
}

/**
 * Lessons one month of a lecture line buys: SPEC.md §3's default, 8 lessons per 4 weeks
 * (`LESSONS_PER_CYCLE` of `@seoltab/domain/lessons`, repeated here so the refund rules do not
 * load the calendar code; a test checks they agree).
 */
export const LESSONS_PER_MONTH = 8;

/** How the ledger quote of a lecture line was computed (shown to the family). */
export interface LessonDeduction {
  /** Lessons held (DONE) on the line's lecture. */
  lessonsHeld: number;
  /** Lessons taken off: the lessons held, at most the lessons the line bought. */
  lessonsCounted: number;
  /** Lessons the line bought: months × LESSONS_PER_MONTH. */
  lessonsBought: number;
  /** The line's list price, won (see `LessonLedgerRefundInput.listPrice`). */
  listPrice: Won;
  /** ⌊listPrice / lessonsBought⌋, won. */
  pricePerLesson: Won;
  /** pricePerLesson × lessonsCounted, won. */
  deducted: Won;
}

/** A rule outcome with the ledger's figures. */
export interface LessonLedgerOutcome extends RuleOutcome {
  lessons: LessonDeduction;
}

export interface LessonLedgerRefundInput {
  /** Won paid for the line. */
  paidPrice: Won;
  /**
   * The line's list price, won: its sale total before the order's policies (the catalog's
   * monthly price × months; payment_items.sale_price). Not 정가 (unit_base_price): that is a
   * reference price no month of lessons is sold at (decision 029).
   */
  listPrice: Won;
  /** Months of lessons the line pays for (≥ 1). */
  months: number;
  /** Lessons held (DONE) on the line's lecture; more than the line bought count as all of them. */
  lessonsHeld: number;
}

/** "수업 3회 진행 × 회당 23,625원 = 70,875원 차감": the deduction in one line for the page. */
export function lessonDeductionLabel(d: LessonDeduction): string {
  return `수업 ${d.lessonsCounted}회 진행 × 회당 ${formatRefundWon(d.pricePerLesson)} = ${formatRefundWon(d.deducted)} 차감`;
}

/**
 * The refund of a lecture line by its lesson ledger (학원법 시행령 [별표 4] 비고 2, 원격교습:
 * the amount paid less the part actually taken; DESIGN.md §9; decision 029):
 * amount = max(0, paidPrice − pricePerLesson × min(lessonsHeld, lessonsBought)), with
 * lessonsBought = months × LESSONS_PER_MONTH and pricePerLesson = ⌊listPrice / lessonsBought⌋
 * (rounded down once, so the page's "× 회당 … = …" adds up exactly). No lesson held →
 * everything paid (ACADEMY_BEFORE_START); otherwise REMOTE_LESSONS_TAKEN.
 * Example: 189,000 won for 1 month (list 189,000), 3 lessons held → 189,000 − 3 × 23,625 =
 * 118,125 won.
 * @throws RangeError for a negative/fractional price or count, or months < 1
 */
export function lessonLedgerRefund({
  paidPrice,
  listPrice,
  months,
  lessonsHeld,
}: LessonLedgerRefundInput): LessonLedgerOutcome {
  assertNonNegativeInteger(paidPrice, "paidPrice (won)");
  assertNonNegativeInteger(listPrice, "listPrice (won)");
  assertNonNegativeInteger(lessonsHeld, "lessonsHeld");
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number ≥ 1 for lessons, got ${months}`);
  }
  const lessonsBought = months * LESSONS_PER_MONTH;
  const lessonsCounted = Math.min(lessonsHeld, lessonsBought);
  const pricePerLesson = Math.floor(listPrice / lessonsBought);
  const deducted = pricePerLesson * lessonsCounted;
  const lessons: LessonDeduction = {
    lessonsHeld,
    lessonsCounted,
    lessonsBought,
    listPrice,
    pricePerLesson,
    deducted,
  };
  if (paidPrice === 0) return { ...nothingPaidOutcome("LECTURE"), lessons };
  if (lessonsCounted === 0) {
    return {
      amount: paidPrice,
      rule: "ACADEMY_BEFORE_START",
      explanation: `아직 진행한 수업이 없어 낸 수업료 전액 ${formatRefundWon(paidPrice)}을 돌려받을 수 있어요.`,
      lessons,
    };
  }
  const amount = Math.max(0, paidPrice - deducted);
  const taken = `진행한 수업 ${lessonsCounted}회의 수업료(회당 ${formatRefundWon(pricePerLesson)} × ${lessonsCounted}회 = ${formatRefundWon(deducted)})`;
  const capped =
    lessonsHeld > lessonsCounted
      ? ` 이 결제로 산 수업은 ${lessonsBought}회라 ${lessonsBought}회까지만 빼요.`
      : "";
  const explanation =
    amount === 0
      ? `${taken}가 낸 수업료 ${formatRefundWon(paidPrice)} 이상이라 돌려받을 수업료가 없어요.${capped}`
      : `낸 수업료 ${formatRefundWon(paidPrice)}에서 ${taken}를 뺀 ${formatRefundWon(amount)}을 돌려받을 수 있어요.${capped}`;
  return { amount, rule: "REMOTE_LESSONS_TAKEN", explanation, lessons };
}

/**
 * The last instant of the 7-day withdrawal period for goods received at `receivedAt`: 24:00
 * Asia/Seoul at the end of the 7th day after the day of receipt (민법 제157조 초일 불산입,
 * 제159조). Example: received 2026-03-01 15:00 KST → withdrawals until 2026-03-08 24:00 KST
 * (= 2026-03-09T00:00+09:00, exclusive).
 * @throws RangeError for an invalid Date
 */
export function withdrawalDeadline(receivedAt: Date): Date {
  assertValidDate(receivedAt, "receivedAt");
  const p = seoulDateParts(receivedAt);
  return new Date(Date.UTC(p.year, p.month - 1, p.day + WITHDRAWAL_DAYS + 1) - SEOUL_UTC_OFFSET_MS);
}

export interface GoodsRefundInput {
  paidPrice: Won;
  /** When the goods were paid for: the period is counted from it while no receipt is known. */
  paidAt: Date;
  /** When the goods were received, once deliveries are recorded: then counted from it. */
  receivedAt?: Date | null;
  /**
   * Used, or damaged, so that their value fell (제17조제2항제1호·제2호). Opening the box to
   * check the contents is not enough.
   */
  opened: boolean;
  now: Date;
}

/**
 * The refund of a device or book by 전자상거래법 제17조 (see the module note): the price paid
 * before `withdrawalDeadline(receivedAt ?? paidAt)` unless `opened`; otherwise 0 (staff may
 * decide). The sentence names the day it counts from: "받은 날부터" with a receipt date,
 * "결제일부터" without one — and then, once the days from payment are over, says that a later
 * receipt still counts and staff check it. A price of 0 is NOTHING_PAID.
 * @throws RangeError for an invalid price or Date
 */
export function goodsRefund({
  paidPrice,
  paidAt,
  receivedAt,
  opened,
  now,
}: GoodsRefundInput): RuleOutcome {
  assertNonNegativeInteger(paidPrice, "paidPrice (won)");
  const from = receivedAt ?? paidAt;
  const deadline = withdrawalDeadline(from);
  const nowMs = assertValidDate(now, "now");
  if (paidPrice === 0) return nothingPaidOutcome("ETC");
  const lastDay = seoulDateLabel(new Date(deadline.getTime() - 1));
  const since = receivedAt ? "받은 날부터" : "결제일부터";
  if (opened) {
    return {
      amount: 0,
      rule: "DEVICE_OPENED_OR_LATE",
      explanation:
        "사용했거나 훼손해 가치가 떨어진 상품은 청약철회를 할 수 없어 바로 돌려드릴 금액이 없어요. 담당자가 상태를 확인해 안내해 드려요.",
    };
  }
  if (nowMs >= deadline.getTime()) {
    return {
      amount: 0,
      rule: "DEVICE_OPENED_OR_LATE",
      explanation: receivedAt
        ? `받은 날부터 ${WITHDRAWAL_DAYS}일(${lastDay}까지)이 지나 청약철회 기간이 끝났어요. 담당자가 확인해 안내해 드려요.`
        : `결제일부터 ${WITHDRAWAL_DAYS}일(${lastDay}까지)이 지나 바로 돌려드릴 수는 없어요. 상품을 그보다 늦게 받으셨다면 받은 날부터 ${WITHDRAWAL_DAYS}일까지 반품할 수 있으니, 요청을 보내 주시면 담당자가 받은 날을 확인해 안내해 드려요.`,
    };
  }
  return {
    amount: paidPrice,
    rule: "DEVICE_WITHDRAWAL_7_DAYS",
    explanation: `${since} ${WITHDRAWAL_DAYS}일 이내(${lastDay}까지)라 상품 가격 전액 ${formatRefundWon(paidPrice)}을 돌려받을 수 있어요. 상품은 반품해 주셔야 해요.`,
  };
}

/**
 * The refund of a digital content (CONTENTS) by 전자상거래법 제17조제2항제5호: opened (its supply
 * has begun) → nothing (CONTENTS_OPENED); unopened before `withdrawalDeadline(paidAt)` → the
 * price paid (CONTENTS_WITHDRAWAL_7_DAYS); unopened but later → nothing (CONTENTS_OPENED, the
 * sentence says the days are over). A price of 0 is NOTHING_PAID.
 * @throws RangeError for an invalid price or Date
 */
export function contentsRefund(input: {
  paidPrice: Won;
  paidAt: Date;
  opened: boolean;
  now: Date;
}): RuleOutcome {
  assertNonNegativeInteger(input.paidPrice, "paidPrice (won)");
  const deadline = withdrawalDeadline(input.paidAt);
  const nowMs = assertValidDate(input.now, "now");
  if (input.paidPrice === 0) return nothingPaidOutcome("CONTENTS");
  if (input.opened) {
    return {
      amount: 0,
      rule: "CONTENTS_OPENED",
      explanation:
        "이미 열어 본 디지털 콘텐츠는 청약철회를 할 수 없어 돌려받을 금액이 없어요 (전자상거래법 제17조제2항제5호).",
    };
  }
  const lastDay = seoulDateLabel(new Date(deadline.getTime() - 1));
  if (nowMs >= deadline.getTime()) {
    return {
      amount: 0,
      rule: "CONTENTS_OPENED",
      explanation: `결제일부터 ${WITHDRAWAL_DAYS}일(${lastDay}까지)이 지나 디지털 콘텐츠를 돌려받을 수 없어요.`,
    };
  }
  return {
    amount: input.paidPrice,
    rule: "CONTENTS_WITHDRAWAL_7_DAYS",
    explanation: `아직 열어 보지 않은 디지털 콘텐츠라 ${lastDay}까지 결제한 ${formatRefundWon(input.paidPrice)} 전액을 돌려받을 수 있어요.`,
  };
}

/** One item of `legalRefund`'s input. */
export interface LegalRefundItemInput {
  id: number;
  kind: ItemKind;
  /** Won paid for the item. */
  paidPrice: Won;
  /** Won already refunded on the item (default 0). */
  refundedAmount?: Won;
  /** Months of lessons (lessons only; ≥ 1). */
  months: number;
  /** Lessons only: when they start(ed); null = not started. */
  lessonsStartAt: Date | null;
  /**
   * LECTURE lines whose lecture has lesson records: the ledger (lessons held, the line's list
   * price). Then the refund is `lessonLedgerRefund`, not the share of calendar time.
   */
  ledger?: { lessonsHeld: number; listPrice: Won } | null;
  /** Goods only: when paid; the withdrawal days are counted from it while no receipt is known. */
  paidAt: Date;
  /** Goods only: when received, once deliveries are recorded (then counted from it). */
  receivedAt?: Date | null;
  /**
   * Goods: used or damaged so that their value fell; contents: opened (their supply has begun).
   * Default false.
   */
  opened?: boolean;
  /** DEVICE lines given to keep (GIFT, issue #18): a 0-won gift says it is not returned. */
  gift?: boolean;
}

export interface LegalRefundInput {
  paymentMethod: PaymentMethod;
  items: readonly LegalRefundItemInput[];
  /** The current instant (a parameter; never read inside). */
  now: Date;
}

/** The legal refund of one item. */
export interface LegalRefundItem {
  id: number;
  /** Won to refund now: the rule's amount less what was already refunded, never below 0. */
  amount: Won;
  rule: RefundRule;
  explanation: string;
  channel: RefundChannel;
  /** How a ledger quote was computed (lines refunded by `lessonLedgerRefund`); null otherwise. */
  lessons: LessonDeduction | null;
}

/** The legal refund of a set of items of one payment. */
export interface LegalRefund {
  items: LegalRefundItem[];
  /** Sum of the items' amounts, won. */
  amount: Won;
  /**
   * The rule the items share, else MIXED; lines nothing was paid for (NOTHING_PAID) count only
   * when they are all there is.
   */
  rule: PaymentRefundRule;
  /**
   * The item's sentence for one item, or for the only item something was paid for; a summary
   * sentence for several.
   */
  explanation: string;
  channel: RefundChannel;
}

/**
 * The refund Korean law gives for `items` of one payment at `now` (module note; docs/refunds.md).
 * Per item: lessons by 학원법 시행령 [별표 4] (by the lesson ledger when the item has one:
 * `lessonLedgerRefund`), devices and books by 전자상거래법 제17조, others 0
 * (STAFF_DECISION); minus what was already refunded on the item.
 * @returns per-item amounts, rules, Korean explanations and the channel, plus the total
 * @throws RangeError for invalid amounts, months or Dates (see `lessonRefund`, `goodsRefund`)
 */
export function legalRefund({ paymentMethod, items, now }: LegalRefundInput): LegalRefund {
  const channel = refundChannelOf(paymentMethod);
  const results = items.map((item): LegalRefundItem => {
    const refunded = assertNonNegativeInteger(item.refundedAmount ?? 0, "refundedAmount (won)");
    const category = refundCategoryOf(item.kind);
    const outcome: RuleOutcome & { lessons?: LessonDeduction } =
      item.paidPrice === 0
        ? item.gift
          ? giftOutcome()
          : nothingPaidOutcome(item.kind)
        : category === "LESSON" && item.ledger
          ? lessonLedgerRefund({
              paidPrice: item.paidPrice,
              listPrice: item.ledger.listPrice,
              months: item.months,
              lessonsHeld: item.ledger.lessonsHeld,
            })
          : category === "LESSON"
            ? lessonRefund({
                paidPrice: item.paidPrice,
                months: item.months,
                lessonsStartAt: item.lessonsStartAt,
                now,
              })
            : item.kind === "CONTENTS"
              ? contentsRefund({
                  paidPrice: item.paidPrice,
                  paidAt: item.paidAt,
                  opened: item.opened ?? false,
                  now,
                })
              : category === "GOODS"
                ? goodsRefund({
                    paidPrice: item.paidPrice,
                    paidAt: item.paidAt,
                    receivedAt: item.receivedAt ?? null,
                    opened: item.opened ?? false,
                    now,
                  })
                : {
                    amount: 0,
                    rule: "STAFF_DECISION",
                    explanation:
                      "이 항목은 자동으로 계산하는 환불 기준이 없어 담당자가 확인해 안내해 드려요.",
                  };
    const amount = Math.max(0, outcome.amount - refunded);
    const explanation =
      refunded > 0 && outcome.amount > 0
        ? `${outcome.explanation} 이미 환불된 ${formatRefundWon(refunded)}을 빼면 ${formatRefundWon(amount)}이에요.`
        : outcome.explanation;
    return {
      id: item.id,
      amount,
      rule: outcome.rule,
      explanation,
      channel,
      lessons: outcome.lessons ?? null,
    };
  });
  const amount = results.reduce((sum, r) => sum + r.amount, 0);
  // Lines nothing was paid for say so on their own; they do not make the rules "different".
  const paid = results.filter((r) => r.rule !== "NOTHING_PAID");
  const rules = new Set(paid.map((r) => r.rule));
  const [first] = paid;
  const rule: PaymentRefundRule =
    results.length === 0
      ? "STAFF_DECISION"
      : !first
        ? "NOTHING_PAID"
        : rules.size === 1
          ? first.rule
          : MIXED_REFUND_RULE;
  let explanation: string;
  if (results.length === 0) explanation = "환불할 항목이 없어요.";
  else if (results.length === 1) explanation = results[0]!.explanation;
  else if (!first) explanation = "고른 항목은 모두 낸 금액이 없어 돌려받을 금액이 없어요.";
  else if (paid.length === 1) explanation = first.explanation;
  else if (amount === 0) {
    explanation =
      "지금 바로 돌려받을 금액은 없어요. 요청을 보내 주시면 담당자가 확인해 안내해 드려요.";
  } else if (rule === MIXED_REFUND_RULE) {
    explanation = `항목별 환불 기준에 따라 모두 ${formatRefundWon(amount)}을 돌려받을 수 있어요.`;
  } else {
    explanation = `모두 ${formatRefundWon(amount)}을 돌려받을 수 있어요.`;
  }
  return { items: results, amount, rule, explanation, channel };
}
