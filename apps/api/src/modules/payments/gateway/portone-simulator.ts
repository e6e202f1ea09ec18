/**
 * An in-memory simulation of PortOne V1 behind a NICE-like card PG, spoken in PortOne's own
 * terms (snake_case request fields, CustomerAnnotation / PaymentAnnotation results, refusals as
 * envelope `code` + Korean `message`). The sandbox gateway (`sandbox.ts`) and the fake PortOne
 * HTTP server of the tests (`apps/api/src/test/fake-portone.ts`) both run on it, so the two
 * behave alike and the contract tests compare like with like.
 *
 * Test cards (DESIGN.md §5):
 * - 4242424242424242 approved;
 * - 4000000000000002 refused at billing-key issuance (and one-time payment) with [F112];
 * - 4000000000009995 gets a billing key, then every charge is declined: status "failed",
 *   fail_reason "[2116]잔액이 부족합니다.";
 * - 4000000000000119 charges get no answer in time: the charge is recorded as paid (option
 *   `timeoutCharges` "paid", default) or not at all ("not-charged"), and the caller is told
 *   `answered: false`;
 * - any other Luhn-valid 15-16 digit number is approved; anything else is refused with [F112].
 *
 * Nothing here keeps a full card number: billing keys hold the masked number, the card company
 * and the test behaviour only.
 */
import { randomInt } from "node:crypto";
import {
  cardDigits,
  maskCardNumber,
  toUnixSeconds,
  type PortOneCustomerAnnotation,
  type PortOnePaymentAnnotation,
} from "./portone-wire.ts";

/** The sandbox test cards of DESIGN.md §5. */
export const TEST_CARDS = {
  approved: "4242424242424242",
  invalidCard: "4000000000000002",
  insufficientFunds: "4000000000009995",
  noAnswer: "4000000000000119",
} as const;

/** What a charge on this card does. */
type CardBehaviour = "approve" | "decline" | "no-answer";

/** Issuer codes and names (PortOne card_code) the simulator gives by BIN prefix. */
const CARD_COMPANIES: ReadonlyArray<readonly [prefix: string, code: string, name: string]> = [
  ["4242", "366", "신한카드"],
  ["4000", "367", "현대카드"],
  ["4111", "381", "KB국민카드"],
  ["4518", "366", "신한카드"],
  ["5105", "365", "삼성카드"],
  ["5555", "365", "삼성카드"],
  ["5200", "374", "하나카드"],
  ["5365", "041", "우리카드"],
  ["5461", "371", "NH농협카드"],
  ["9410", "361", "BC카드"],
  ["6", "368", "롯데카드"],
  ["3", "368", "롯데카드"],
  ["4", "381", "KB국민카드"],
  ["5", "365", "삼성카드"],
  ["9", "361", "BC카드"],
];

/** Virtual-account banks (PortOne vbank_code → name). */
export const VBANK_BANKS: Readonly<Record<string, string>> = {
  "088": "신한은행",
  "004": "KB국민은행",
  "020": "우리은행",
  "081": "하나은행",
  "011": "NH농협은행",
  "003": "IBK기업은행",
  "023": "SC제일은행",
  "090": "카카오뱅크",
};

/** Lowest card charge a NICE-like PG accepts, in won. */
const MIN_CARD_AMOUNT = 1000;
/** Lowest amount for installments (card_quota ≥ 2), in won. */
const MIN_INSTALLMENT_AMOUNT = 50_000;

const BILLING_FAILED = "카드정보 인증 및 빌키 발급에 실패하였습니다. ";
const APPROVAL_FAILED = "결제승인에 실패하였습니다. ";
/** fail_reason of a declined charge (insufficient funds). */
export const INSUFFICIENT_FUNDS_REASON = "[2116]잔액이 부족합니다.";

/** A refusal as PortOne answers it: envelope `code` (non-zero), `message`, HTTP status. */
export class SimulatorRefusal extends Error {
  override readonly name = "SimulatorRefusal";
  constructor(
    message: string,
    readonly code: number = -1,
    /** 200 for business refusals (PortOne's usual), 404 for unknown payments. */
    readonly httpStatus: number = 200,
  ) {
    super(message);
  }
}

/** Card fields of /subscribe/customers and /subscribe/payments/onetime. */
export interface SimCardFields {
  /** Digits, dashes allowed. */
  card_number: string;
  /** "YYYY-MM". */
  expiry: string;
  birth?: string | undefined;
  pwd_2digit?: string | undefined;
}

/** Order fields shared by /subscribe/payments/again and /onetime. */
export interface SimChargeFields {
  merchant_uid: string;
  amount: number;
  name?: string | undefined;
  card_quota?: number | undefined;
  buyer_name?: string | undefined;
  buyer_email?: string | undefined;
  buyer_tel?: string | undefined;
}

export interface SimVbankFields {
  merchant_uid: string;
  amount: number;
  vbank_code: string;
  /** Unix seconds. */
  vbank_due: number;
  vbank_holder?: string | undefined;
  name?: string | undefined;
  buyer_name?: string | undefined;
}

export interface SimCancelFields {
  imp_uid?: string | undefined;
  merchant_uid?: string | undefined;
  /** Won; omitted or 0 = the whole remaining amount. */
  amount?: number | undefined;
  /** Remaining balance the caller believes in; null/omitted skips the check. */
  checksum?: number | null | undefined;
  reason?: string | undefined;
  refund_holder?: string | undefined;
  refund_bank?: string | undefined;
  refund_account?: string | undefined;
}

/**
 * A charge's outcome. `answered: false` = the PG did not answer in time (test card ...0119):
 * `payment` is what was recorded (paid) or null when nothing was charged.
 */
export type SimChargeOutcome =
  | { answered: true; payment: PortOnePaymentAnnotation }
  | { answered: false; payment: PortOnePaymentAnnotation | null };

/** One charge request the simulator received (for tests asserting "charged once"). */
export interface SimChargeRecord {
  kind: "again" | "onetime";
  merchantUid: string;
  amount: number;
  customerUid: string | null;
  /** refused = rejected before reaching the card (no payment recorded). */
  outcome: "paid" | "failed" | "refused" | "no-answer-paid" | "no-answer-not-charged";
  impUid: string | null;
  at: Date;
}

export interface PortOneSimulatorOptions {
  /** The current time; default the system clock. */
  now?: () => Date;
  /** What a no-answer test-card charge leaves behind; default "paid". */
  timeoutCharges?: "paid" | "not-charged";
  /** Receipt page of a payment; default `https://sandbox-receipt.seoltab.local/{imp_uid}`. */
  receiptUrl?: (impUid: string) => string;
  /** PortOne `pg_provider` written on payments and keys; default "nice". */
  pgProvider?: string;
}

export interface PortOneSimulator {
  /** POST /subscribe/customers/{customer_uid}. @throws SimulatorRefusal */
  issueCustomer(customerUid: string, card: SimCardFields): PortOneCustomerAnnotation;
  /** GET /subscribe/customers/{customer_uid}; undefined when none. */
  getCustomer(customerUid: string): PortOneCustomerAnnotation | undefined;
  /** POST /subscribe/payments/again. @throws SimulatorRefusal */
  chargeAgain(fields: SimChargeFields & { customer_uid: string }): SimChargeOutcome;
  /** POST /subscribe/payments/onetime. @throws SimulatorRefusal */
  chargeOnetime(fields: SimChargeFields & SimCardFields): SimChargeOutcome;
  /** POST /vbanks: a payment in "ready". @throws SimulatorRefusal */
  issueVbank(fields: SimVbankFields): PortOnePaymentAnnotation;
  /** The depositor pays a ready virtual account: status "paid". @throws SimulatorRefusal */
  deposit(impUid: string): PortOnePaymentAnnotation;
  /** DELETE /vbanks/{imp_uid}: a ready virtual account is cancelled. @throws SimulatorRefusal */
  cancelVbank(impUid: string): PortOnePaymentAnnotation;
  /** GET /payments/{imp_uid}; undefined when none. */
  getPayment(impUid: string): PortOnePaymentAnnotation | undefined;
  /** GET /payments/find/{merchant_uid}: the latest payment; undefined when none. */
  findByMerchantUid(merchantUid: string): PortOnePaymentAnnotation | undefined;
  /** POST /payments/cancel. @throws SimulatorRefusal */
  cancel(fields: SimCancelFields): PortOnePaymentAnnotation;
  /**
   * Every charge request received, oldest first; from `from` (an index into that list, 0 when
   * left out) on only — the sandbox copies just the records a call added.
   */
  charges(from?: number): SimChargeRecord[];
  /** How many charge requests were received (the length of `charges()`, without copying). */
  chargeRequestCount(): number;
  /** Everything the simulator holds, as plain JSON-able data (the sandbox saves it). */
  snapshot(): SimulatorState;
  /** Replaces the state with a snapshot (the sandbox restores it after a restart). */
  restore(state: SimulatorState): void;
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The simulated issuer of a card number (by BIN prefix). */
export function cardCompanyOf(digits: string): { code: string; name: string } {
  const hit = CARD_COMPANIES.find(([prefix]) => digits.startsWith(prefix));
  return hit ? { code: hit[1], name: hit[2] } : { code: "361", name: "BC카드" };
}

/** Year and month (1-12) in Asia/Seoul of `date`. */
function seoulYearMonth(date: Date): { year: number; month: number } {
  const kst = new Date(date.getTime() + 9 * 3600 * 1000);
  return { year: kst.getUTCFullYear(), month: kst.getUTCMonth() + 1 };
}

function validBirth(birth: string): boolean {
  if (/^\d{10}$/.test(birth)) return true;
  const m = /^\d{2}(\d{2})(\d{2})$/.exec(birth);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

const digitsOf = (length: number) => Array.from({ length }, () => String(randomInt(10))).join("");

/** A simulator's whole state (maps as entry lists; charge times as ISO strings). */
export interface SimulatorState {
  version: 1;
  customers: [string, { annotation: PortOneCustomerAnnotation; behaviour: CardBehaviour }][];
  payments: [string, PortOnePaymentAnnotation][];
  byMerchant: [string, string[]][];
  charges: (Omit<SimChargeRecord, "at"> & { at: string })[];
}

/** A fresh simulator with empty state. */
export function createPortOneSimulator(options: PortOneSimulatorOptions = {}): PortOneSimulator {
  const now = options.now ?? (() => new Date());
  const timeoutCharges = options.timeoutCharges ?? "paid";
  const receiptUrl =
    options.receiptUrl ?? ((impUid: string) => `https://sandbox-receipt.seoltab.local/${impUid}`);
  const pgProvider = options.pgProvider ?? "nice";
  const pgId = "nictest04m";

  const customers = new Map<
    string,
    { annotation: PortOneCustomerAnnotation; behaviour: CardBehaviour }
  >();
  const payments = new Map<string, PortOnePaymentAnnotation>();
  /** merchant_uid → imp_uids, oldest first. */
  const byMerchant = new Map<string, string[]>();
  const chargeLog: SimChargeRecord[] = [];

  const seconds = () => toUnixSeconds(now());
  const copy = <T>(value: T): T => structuredClone(value);

  function newImpUid(): string {
    for (;;) {
      const id = `imp_${digitsOf(12)}`;
      if (!payments.has(id)) return id;
    }
  }

  /** Checks card fields; `prefix` starts the refusal message (billing key vs approval). */
  function checkCard(card: SimCardFields, prefix: string) {
    const digits = cardDigits(card.card_number ?? "");
    if (!/^\d{15,16}$/.test(digits) || !luhnValid(digits) || digits === TEST_CARDS.invalidCard) {
      throw new SimulatorRefusal(
        `${prefix}[F112]유효하지않은 카드번호를 입력하셨습니다. (card_bin 없음)`,
      );
    }
    const expiry = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(card.expiry ?? "");
    const current = seoulYearMonth(now());
    if (!expiry || Number(expiry[1]) * 12 + Number(expiry[2]) < current.year * 12 + current.month) {
      throw new SimulatorRefusal(`${prefix}[3021]유효기간 오류`);
    }
    if (!validBirth(card.birth ?? "")) {
      throw new SimulatorRefusal(
        `${prefix}[F113]생년월일(6자리) 또는 사업자등록번호(10자리)가 올바르지 않습니다.`,
      );
    }
    if (!/^\d{2}$/.test(card.pwd_2digit ?? "")) {
      throw new SimulatorRefusal(`${prefix}[F113]카드 비밀번호 앞 2자리가 올바르지 않습니다.`);
    }
    const behaviour: CardBehaviour =
      digits === TEST_CARDS.insufficientFunds
        ? "decline"
        : digits === TEST_CARDS.noAnswer
          ? "no-answer"
          : "approve";
    return { masked: maskCardNumber(digits), company: cardCompanyOf(digits), behaviour };
  }

  function latestFor(merchantUid: string): PortOnePaymentAnnotation | undefined {
    const ids = byMerchant.get(merchantUid);
    const last = ids?.[ids.length - 1];
    return last ? payments.get(last) : undefined;
  }

  /** PortOne refuses a new payment for a merchant_uid that was already paid. */
  function checkMerchantUid(merchantUid: string) {
    if (typeof merchantUid !== "string" || merchantUid.trim() === "") {
      throw new SimulatorRefusal("merchant_uid 는 필수입니다.", 1);
    }
    const ids = byMerchant.get(merchantUid) ?? [];
    // "must not have been paid before": a virtual account cancelled before its deposit leaves
    // the merchant_uid free for a new account (the console's re-issue).
    const paidBefore = (id: string) => {
      const p = payments.get(id);
      return !!p && (p.status === "paid" || (p.status === "cancelled" && p.paid_at > 0));
    };
    if (ids.some(paidBefore)) {
      throw new SimulatorRefusal("이미 결제된 merchant_uid 입니다", 1);
    }
  }

  function checkAmount(amount: number) {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new SimulatorRefusal("결제금액(amount)이 올바르지 않습니다.", 1);
    }
  }

  function checkChargeFields(fields: SimChargeFields): number {
    checkAmount(fields.amount);
    checkMerchantUid(fields.merchant_uid);
    if (fields.amount < MIN_CARD_AMOUNT) {
      throw new SimulatorRefusal(
        `${APPROVAL_FAILED}[3041]금액오류(1,000원 미만 신용카드 승인 불가)`,
      );
    }
    const quota = fields.card_quota ?? 0;
    if (!Number.isInteger(quota) || quota < 0 || quota > 12) {
      throw new SimulatorRefusal(`${APPROVAL_FAILED}[3022]할부개월오류`);
    }
    if (quota >= 2 && fields.amount < MIN_INSTALLMENT_AMOUNT) {
      throw new SimulatorRefusal(`${APPROVAL_FAILED}[3024]할부 최소금액 오류`);
    }
    return quota;
  }

  function store(payment: PortOnePaymentAnnotation): PortOnePaymentAnnotation {
    payments.set(payment.imp_uid, payment);
    const ids = byMerchant.get(payment.merchant_uid) ?? [];
    ids.push(payment.imp_uid);
    byMerchant.set(payment.merchant_uid, ids);
    return copy(payment);
  }

  function blankPayment(fields: {
    merchant_uid: string;
    amount: number;
    name?: string | undefined;
    buyer_name?: string | undefined;
    buyer_email?: string | undefined;
    buyer_tel?: string | undefined;
  }): PortOnePaymentAnnotation {
    return {
      imp_uid: newImpUid(),
      merchant_uid: fields.merchant_uid,
      pay_method: "card",
      channel: "api",
      pg_provider: pgProvider,
      pg_tid: null,
      pg_id: pgId,
      sandbox: true,
      escrow: false,
      apply_num: null,
      card_code: null,
      card_name: null,
      card_quota: 0,
      card_number: null,
      card_type: null,
      vbank_code: null,
      vbank_name: null,
      vbank_num: null,
      vbank_holder: null,
      vbank_date: 0,
      vbank_issued_at: 0,
      name: fields.name ?? null,
      amount: fields.amount,
      cancel_amount: 0,
      currency: "KRW",
      buyer_name: fields.buyer_name ?? null,
      buyer_email: fields.buyer_email ?? null,
      buyer_tel: fields.buyer_tel ?? null,
      status: "ready",
      started_at: seconds(),
      paid_at: 0,
      failed_at: 0,
      cancelled_at: 0,
      fail_reason: null,
      cancel_reason: null,
      receipt_url: null,
      cancel_history: [],
      customer_uid: null,
      customer_uid_usage: null,
    };
  }

  function charge(
    kind: "again" | "onetime",
    fields: SimChargeFields,
    quota: number,
    card: {
      behaviour: CardBehaviour;
      masked: string;
      company: { code: string; name: string };
      customerUid: string | null;
    },
  ): SimChargeOutcome {
    const payment = blankPayment(fields);
    payment.card_quota = quota;
    payment.card_code = card.company.code;
    payment.card_name = card.company.name;
    payment.card_number = card.masked;
    payment.card_type = 0;
    payment.customer_uid = card.customerUid;
    payment.customer_uid_usage = card.customerUid ? "payment" : null;
    const log = (outcome: SimChargeRecord["outcome"], impUid: string | null) =>
      chargeLog.push({
        kind,
        merchantUid: fields.merchant_uid,
        amount: fields.amount,
        customerUid: card.customerUid,
        outcome,
        impUid,
        at: now(),
      });

    if (card.behaviour === "decline") {
      payment.status = "failed";
      payment.failed_at = seconds();
      payment.fail_reason = INSUFFICIENT_FUNDS_REASON;
      log("failed", payment.imp_uid);
      return { answered: true, payment: store(payment) };
    }
    if (card.behaviour === "no-answer" && timeoutCharges === "not-charged") {
      log("no-answer-not-charged", null);
      return { answered: false, payment: null };
    }
    payment.status = "paid";
    payment.paid_at = seconds();
    payment.pg_tid = `StdpayCARD${digitsOf(12)}`;
    payment.apply_num = digitsOf(8);
    payment.receipt_url = receiptUrl(payment.imp_uid);
    if (card.behaviour === "no-answer") {
      log("no-answer-paid", payment.imp_uid);
      return { answered: false, payment: store(payment) };
    }
    log("paid", payment.imp_uid);
    return { answered: true, payment: store(payment) };
  }

  const refusedCharge = (
    kind: "again" | "onetime",
    fields: SimChargeFields,
    customerUid: string | null,
    work: () => SimChargeOutcome,
  ): SimChargeOutcome => {
    try {
      return work();
    } catch (err) {
      if (err instanceof SimulatorRefusal) {
        chargeLog.push({
          kind,
          merchantUid: fields.merchant_uid,
          amount: fields.amount,
          customerUid,
          outcome: "refused",
          impUid: null,
          at: now(),
        });
      }
      throw err;
    }
  };

  return {
    issueCustomer(customerUid, card) {
      if (!customerUid) throw new SimulatorRefusal("customer_uid 는 필수입니다.", 1);
      const checked = checkCard(card, BILLING_FAILED);
      const at = seconds();
      const previous = customers.get(customerUid);
      const annotation: PortOneCustomerAnnotation = {
        customer_uid: customerUid,
        pg_provider: pgProvider,
        pg_id: pgId,
        sandbox: true,
        card_name: checked.company.name,
        card_code: checked.company.code,
        card_issuer_name: checked.company.name,
        card_issuer_code: checked.company.code,
        card_number: checked.masked,
        card_type: 0,
        inserted: previous?.annotation.inserted ?? at,
        updated: at,
      };
      customers.set(customerUid, { annotation, behaviour: checked.behaviour });
      return copy(annotation);
    },

    getCustomer: (customerUid) => {
      const found = customers.get(customerUid);
      return found ? copy(found.annotation) : undefined;
    },

    chargeAgain(fields) {
      return refusedCharge("again", fields, fields.customer_uid ?? null, () => {
        const quota = checkChargeFields(fields);
        const customer = customers.get(fields.customer_uid);
        if (!customer) {
          throw new SimulatorRefusal("등록되지 않은 빌링키(customer_uid)입니다.", 1);
        }
        return charge("again", fields, quota, {
          behaviour: customer.behaviour,
          masked: customer.annotation.card_number,
          company: { code: customer.annotation.card_code, name: customer.annotation.card_name },
          customerUid: fields.customer_uid,
        });
      });
    },

    chargeOnetime(fields) {
      return refusedCharge("onetime", fields, null, () => {
        const quota = checkChargeFields(fields);
        const checked = checkCard(fields, APPROVAL_FAILED);
        return charge("onetime", fields, quota, { ...checked, customerUid: null });
      });
    },

    issueVbank(fields) {
      checkAmount(fields.amount);
      checkMerchantUid(fields.merchant_uid);
      const bankName = VBANK_BANKS[fields.vbank_code];
      if (!bankName) {
        throw new SimulatorRefusal(
          `지원하지 않는 은행코드입니다. (vbank_code: ${fields.vbank_code})`,
          -1,
        );
      }
      if (!Number.isInteger(fields.vbank_due) || fields.vbank_due <= seconds()) {
        throw new SimulatorRefusal("가상계좌 입금기한(vbank_due)이 현재 시각 이전입니다.", -1);
      }
      if (!fields.vbank_holder?.trim()) {
        throw new SimulatorRefusal("가상계좌 예금주명(vbank_holder)이 필요합니다.", -1);
      }
      const payment = blankPayment(fields);
      payment.pay_method = "vbank";
      payment.pg_tid = `StdpayVBNK${digitsOf(12)}`;
      payment.vbank_code = fields.vbank_code;
      payment.vbank_name = bankName;
      payment.vbank_num = `5620${digitsOf(10)}`;
      payment.vbank_holder = fields.vbank_holder;
      payment.vbank_date = fields.vbank_due;
      payment.vbank_issued_at = seconds();
      return store(payment);
    },

    deposit(impUid) {
      const payment = payments.get(impUid);
      if (!payment) throw new SimulatorRefusal("존재하지 않는 결제정보입니다.", -1, 404);
      if (payment.pay_method !== "vbank" || payment.status !== "ready") {
        throw new SimulatorRefusal("입금 대기 중인 가상계좌가 아닙니다.", 1);
      }
      if (payment.vbank_date < seconds()) {
        throw new SimulatorRefusal("입금기한이 지난 가상계좌입니다.", 1);
      }
      payment.status = "paid";
      payment.paid_at = seconds();
      payment.receipt_url = receiptUrl(payment.imp_uid);
      return copy(payment);
    },

    cancelVbank(impUid) {
      const payment = payments.get(impUid);
      if (!payment) throw new SimulatorRefusal("존재하지 않는 결제정보입니다.", -1, 404);
      if (payment.pay_method !== "vbank" || payment.status !== "ready") {
        throw new SimulatorRefusal("입금 대기 중인 가상계좌만 발급 취소할 수 있습니다.", 1);
      }
      payment.status = "cancelled";
      payment.cancelled_at = seconds();
      payment.cancel_reason = "가상계좌 발급 취소";
      return copy(payment);
    },

    getPayment: (impUid) => {
      const found = payments.get(impUid);
      return found ? copy(found) : undefined;
    },

    findByMerchantUid: (merchantUid) => {
      const found = latestFor(merchantUid);
      return found ? copy(found) : undefined;
    },

    cancel(fields) {
      const payment = fields.imp_uid
        ? payments.get(fields.imp_uid)
        : fields.merchant_uid
          ? latestFor(fields.merchant_uid)
          : undefined;
      if (!payment) throw new SimulatorRefusal("취소할 결제건이 존재하지 않습니다.", 1);
      if (payment.status === "cancelled") {
        throw new SimulatorRefusal("이미 전액취소된 주문입니다.", 1);
      }
      if (payment.status !== "paid") {
        throw new SimulatorRefusal(
          payment.status === "ready"
            ? "입금 전인 가상계좌 결제건은 취소할 수 없습니다."
            : "결제가 완료되지 않은 건은 취소할 수 없습니다.",
          1,
        );
      }
      const remaining = payment.amount - payment.cancel_amount;
      const requested = fields.amount ? fields.amount : remaining;
      if (!Number.isInteger(requested) || requested < 0) {
        throw new SimulatorRefusal("취소금액(amount)이 올바르지 않습니다.", 1);
      }
      if (
        fields.checksum !== undefined &&
        fields.checksum !== null &&
        fields.checksum !== remaining
      ) {
        throw new SimulatorRefusal(
          `취소가능잔액(${remaining}원)이 요청하신 checksum(${fields.checksum}원)과 일치하지 않습니다.`,
          1,
        );
      }
      if (requested > remaining) {
        throw new SimulatorRefusal("[2032]취소금액이 취소가능금액보다 큽니다.", -1);
      }
      if (
        payment.pay_method === "vbank" &&
        !(fields.refund_holder && fields.refund_bank && fields.refund_account)
      ) {
        throw new SimulatorRefusal(
          "가상계좌 환불에는 환불계좌 정보(refund_holder, refund_bank, refund_account)가 필요합니다.",
          1,
        );
      }
      const at = seconds();
      payment.cancel_amount += requested;
      payment.cancel_reason = fields.reason ?? null;
      payment.cancel_history.push({
        pg_tid: payment.pg_tid ?? "",
        amount: requested,
        cancelled_at: at,
        reason: fields.reason ?? "",
        receipt_url: receiptUrl(payment.imp_uid),
        cancellation_id: `cancel_${digitsOf(10)}`,
      });
      if (payment.cancel_amount === payment.amount) {
        payment.status = "cancelled";
        payment.cancelled_at = at;
      }
      return copy(payment);
    },

    charges: (from = 0) => chargeLog.slice(from).map((c) => ({ ...c, at: new Date(c.at) })),

    chargeRequestCount: () => chargeLog.length,

    snapshot: () => ({
      version: 1,
      customers: copy([...customers]),
      payments: copy([...payments]),
      byMerchant: copy([...byMerchant]),
      charges: chargeLog.map((c) => ({ ...c, at: c.at.toISOString() })),
    }),

    restore(state) {
      customers.clear();
      payments.clear();
      byMerchant.clear();
      chargeLog.length = 0;
      for (const [k, v] of state.customers) customers.set(k, v);
      for (const [k, v] of state.payments) payments.set(k, v);
      for (const [k, v] of state.byMerchant) byMerchant.set(k, v);
      for (const c of state.charges) chargeLog.push({ ...c, at: new Date(c.at) });
    },
  };
}
