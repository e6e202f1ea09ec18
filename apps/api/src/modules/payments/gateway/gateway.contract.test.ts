/**
 * One contract for every PaymentGateway adapter: the same cases run against the sandbox and
 * against the PortOne adapter talking HTTP to the fake PortOne server (test/fake-portone.ts).
 * Both must give the same states, error classes and PG codes for the DESIGN.md §5 test cards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePortOne } from "../../../test/fake-portone.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  type CardCredentials,
  type ChargeRequest,
  type PaymentGateway,
} from "./gateway.port.ts";
import { TEST_CARDS } from "./portone-simulator.ts";
import { createPortOneGateway } from "./portone.ts";
import { createSandboxGateway } from "./sandbox.ts";

interface Harness {
  gateway: PaymentGateway;
  /** The depositor pays the virtual account. */
  deposit(impUid: string): Promise<void>;
  close(): Promise<void>;
}

const START = Date.parse("2026-03-02T01:00:00Z");

const adapters: Array<{ name: string; start: (clock: () => Date) => Promise<Harness> }> = [
  {
    name: "sandbox",
    start: async (clock) => {
      const gateway = createSandboxGateway({ clock });
      return {
        gateway,
        deposit: async (impUid) => {
          await gateway.simulateDeposit(impUid);
        },
        close: async () => {},
      };
    },
  },
  {
    name: "portone + fake PortOne",
    start: async (clock) => {
      const fake = await startFakePortOne({ clock });
      const gateway = createPortOneGateway({
        apiKey: "test-api-key",
        apiSecret: "test-api-secret",
        baseUrl: fake.baseUrl,
        clock,
        timeoutMs: 1500,
      });
      return {
        gateway,
        deposit: async (impUid) => {
          fake.deposit(impUid);
        },
        close: () => fake.close(),
      };
    },
  },
];

const card = (cardNumber: string, patch: Partial<CardCredentials> = {}): CardCredentials => ({
  cardNumber,
  expiry: "2030-12",
  birth: "900101",
  pwd2digit: "12",
  ...patch,
});

let sequence = 0;
const uid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

const order = (patch: Partial<ChargeRequest> = {}): ChargeRequest => ({
  merchantUid: uid("order"),
  amount: 189_000,
  name: "설탭 스마트 수학 3개월",
  cardQuota: 0,
  buyerName: "김설탭",
  ...patch,
});

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}

describe.each(adapters)("PaymentGateway contract: $name", ({ start }) => {
  const now = START;
  const clock = () => new Date(now);
  let h: Harness;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    h = await start(clock);
    gateway = h.gateway;
  });
  afterAll(() => h.close());

  /** A billing key on `cardNumber` under a fresh customer_uid. */
  async function keyFor(cardNumber: string): Promise<string> {
    const customerUid = uid("customer");
    await gateway.issueBillingKey(customerUid, card(cardNumber));
    return customerUid;
  }

  describe("billing keys", () => {
    it("issues a key for an approved card, keeping only the masked number and company", async () => {
      const customerUid = uid("customer");
      const key = await gateway.issueBillingKey(customerUid, card(TEST_CARDS.approved));
      expect(key).toEqual({
        customerUid,
        cardName: "신한카드",
        companyName: "신한카드",
        maskedNumber: "4242-4242-****-4242",
      });
    });

    it("replaces the key when the customer_uid is issued again", async () => {
      const customerUid = uid("customer");
      await gateway.issueBillingKey(customerUid, card(TEST_CARDS.approved));
      const key = await gateway.issueBillingKey(customerUid, card("5555555555554444"));
      expect(key.maskedNumber).toBe("5555-5555-****-4444");
      expect(key.companyName).toBe("삼성카드");
    });

    it("refuses the invalid test card with F112", async () => {
      const err = await rejectionOf(
        gateway.issueBillingKey(uid("customer"), card(TEST_CARDS.invalidCard)),
      );
      expect(err).toBeInstanceOf(GatewayRefusedError);
      expect((err as GatewayRefusedError).pgCode).toBe("F112");
      expect(err.message).toContain("[F112]");
      expect(err.message).toContain("빌키 발급에 실패");
      expect(err.message).not.toContain(TEST_CARDS.invalidCard);
    });

    it("refuses a number failing the Luhn check with F112", async () => {
      const err = await rejectionOf(
        gateway.issueBillingKey(uid("customer"), card("4242424242424241")),
      );
      expect((err as GatewayRefusedError).pgCode).toBe("F112");
    });

    it("refuses an expired card ([3021]) and malformed birth / PIN digits", async () => {
      const expired = await rejectionOf(
        gateway.issueBillingKey(uid("customer"), card(TEST_CARDS.approved, { expiry: "2026-02" })),
      );
      expect(expired).toBeInstanceOf(GatewayRefusedError);
      expect((expired as GatewayRefusedError).pgCode).toBe("3021");
      expect(expired.message).toContain("유효기간");

      // The current month (March 2026 in Seoul) is still valid.
      await expect(
        gateway.issueBillingKey(uid("customer"), card(TEST_CARDS.approved, { expiry: "2026-03" })),
      ).resolves.toBeTruthy();

      for (const patch of [{ birth: "9001" }, { birth: "901301" }, { pwd2digit: "1" }]) {
        const err = await rejectionOf(
          gateway.issueBillingKey(uid("customer"), card(TEST_CARDS.approved, patch)),
        );
        expect(err).toBeInstanceOf(GatewayRefusedError);
      }
      // A 10-digit business registration number is accepted as birth.
      await expect(
        gateway.issueBillingKey(
          uid("customer"),
          card(TEST_CARDS.approved, { birth: "1234567890" }),
        ),
      ).resolves.toBeTruthy();
    });
  });

  describe("charging a billing key", () => {
    it("pays, and the payment reads the same by imp_uid and by merchant_uid", async () => {
      const customerUid = await keyFor(TEST_CARDS.approved);
      const request = order();
      const payment = await gateway.chargeBillingKey(customerUid, request);
      expect(payment).toMatchObject({
        merchantUid: request.merchantUid,
        status: "paid",
        amount: 189_000,
        cancelAmount: 0,
        failReason: null,
        cardQuota: 0,
        vbank: null,
      });
      expect(payment.impUid).toMatch(/^imp_\d+$/);
      expect(payment.paidAt?.getTime()).toBe(Math.floor(now / 1000) * 1000);
      expect(payment.receiptUrl).toMatch(/^https:\/\/.+/);
      expect(await gateway.getPayment(payment.impUid)).toEqual(payment);
      expect(await gateway.findPaymentByMerchantUid(request.merchantUid)).toEqual(payment);
    });

    it("declines the insufficient-funds card: status failed with a reason, not an error", async () => {
      const customerUid = await keyFor(TEST_CARDS.insufficientFunds);
      const request = order();
      const payment = await gateway.chargeBillingKey(customerUid, request);
      expect(payment.status).toBe("failed");
      expect(payment.failReason).toContain("[2116]");
      expect(payment.failReason).toContain("잔액");
      expect(payment.paidAt).toBeNull();
      expect((await gateway.findPaymentByMerchantUid(request.merchantUid))?.status).toBe("failed");
    });

    it("allows retrying a failed merchant_uid but refuses one already paid", async () => {
      const declined = await keyFor(TEST_CARDS.insufficientFunds);
      const approved = await keyFor(TEST_CARDS.approved);
      const request = order();
      expect((await gateway.chargeBillingKey(declined, request)).status).toBe("failed");
      const paid = await gateway.chargeBillingKey(approved, request);
      expect(paid.status).toBe("paid");
      const again = await rejectionOf(gateway.chargeBillingKey(approved, request));
      expect(again).toBeInstanceOf(GatewayRefusedError);
      expect(again.message).toContain("이미 결제된 merchant_uid");
      expect(await gateway.findPaymentByMerchantUid(request.merchantUid)).toEqual(paid);
    });

    it("refuses an unknown customer_uid", async () => {
      const err = await rejectionOf(gateway.chargeBillingKey(uid("nobody"), order()));
      expect(err).toBeInstanceOf(GatewayRefusedError);
    });

    it("refuses installments under 50 000 won ([3024]) and records nothing", async () => {
      const customerUid = await keyFor(TEST_CARDS.approved);
      const request = order({ amount: 49_000, cardQuota: 2 });
      const err = await rejectionOf(gateway.chargeBillingKey(customerUid, request));
      expect(err).toBeInstanceOf(GatewayRefusedError);
      expect((err as GatewayRefusedError).pgCode).toBe("3024");
      expect(err.message).toContain("할부 최소금액");
      expect(await gateway.findPaymentByMerchantUid(request.merchantUid)).toBeNull();

      const installments = await gateway.chargeBillingKey(
        customerUid,
        order({ amount: 50_000, cardQuota: 3 }),
      );
      expect(installments).toMatchObject({ status: "paid", cardQuota: 3 });
    });

    it("does not answer in time for the no-answer card, but the charge is there to find", async () => {
      const customerUid = await keyFor(TEST_CARDS.noAnswer);
      const request = order();
      const err = await rejectionOf(gateway.chargeBillingKey(customerUid, request));
      expect(err).toBeInstanceOf(GatewayTimeoutError);
      const found = await gateway.findPaymentByMerchantUid(request.merchantUid);
      expect(found).toMatchObject({ status: "paid", amount: request.amount });
    });
  });

  describe("one-time card payments", () => {
    it("pays with an approved card, with installments", async () => {
      const request = order({ amount: 60_000, cardQuota: 3 });
      const payment = await gateway.chargeOnetime(card(TEST_CARDS.approved), request);
      expect(payment).toMatchObject({ status: "paid", amount: 60_000, cardQuota: 3 });
      expect(await gateway.findPaymentByMerchantUid(request.merchantUid)).toEqual(payment);
    });

    it("declines the insufficient-funds card and refuses the invalid card with F112", async () => {
      const declined = await gateway.chargeOnetime(card(TEST_CARDS.insufficientFunds), order());
      expect(declined.status).toBe("failed");
      expect(declined.failReason).toContain("[2116]");

      const err = await rejectionOf(gateway.chargeOnetime(card(TEST_CARDS.invalidCard), order()));
      expect(err).toBeInstanceOf(GatewayRefusedError);
      expect((err as GatewayRefusedError).pgCode).toBe("F112");
      expect(err.message).not.toContain(TEST_CARDS.invalidCard);
    });

    it("does not answer in time for the no-answer card", async () => {
      const request = order();
      const err = await rejectionOf(gateway.chargeOnetime(card(TEST_CARDS.noAnswer), request));
      expect(err).toBeInstanceOf(GatewayTimeoutError);
      expect((await gateway.findPaymentByMerchantUid(request.merchantUid))?.status).toBe("paid");
    });
  });

  describe("virtual accounts", () => {
    it("issues a ready account and becomes paid on deposit", async () => {
      const dueAt = new Date(now + 3 * 86_400_000);
      const merchantUid = uid("vbank");
      const issued = await gateway.issueVirtualAccount({
        merchantUid,
        amount: 567_000,
        name: "스마트 수학 외 1건",
        dueAt,
        holder: "(주)설탭",
        buyerName: "김설탭",
      });
      expect(issued).toMatchObject({
        merchantUid,
        status: "ready",
        amount: 567_000,
        paidAt: null,
        vbank: { bankName: "신한은행", holder: "(주)설탭", dueAt },
      });
      expect(issued.vbank?.accountNumber).toMatch(/^\d{10,16}$/);

      await h.deposit(issued.impUid);
      const paid = await gateway.getPayment(issued.impUid);
      expect(paid).toMatchObject({ status: "paid", amount: 567_000, vbank: issued.vbank });
      expect(paid?.paidAt).toBeInstanceOf(Date);
    });

    it("cancels a ready account (DELETE /vbanks) and issues a new one for the same order", async () => {
      const merchantUid = uid("vbank");
      const request = {
        merchantUid,
        amount: 20_000,
        name: "재발급 테스트",
        dueAt: new Date(now + 86_400_000),
        holder: "(주)설탭",
      };
      const first = await gateway.issueVirtualAccount(request);
      const cancelled = await gateway.cancelVirtualAccount(first.impUid);
      expect(cancelled).toMatchObject({ status: "cancelled", paidAt: null, cancelAmount: 0 });
      // A cancelled account takes no deposit and cannot be cancelled twice.
      expect(await rejectionOf(gateway.cancelVirtualAccount(first.impUid))).toBeInstanceOf(
        GatewayRefusedError,
      );
      const second = await gateway.issueVirtualAccount({
        ...request,
        dueAt: new Date(now + 3 * 86_400_000),
      });
      expect(second.impUid).not.toBe(first.impUid);
      expect((await gateway.findPaymentByMerchantUid(merchantUid))?.impUid).toBe(second.impUid);
      // A deposited account is not cancelled this way (a refund is a cancel with an account).
      await h.deposit(second.impUid);
      expect(await rejectionOf(gateway.cancelVirtualAccount(second.impUid))).toBeInstanceOf(
        GatewayRefusedError,
      );
    });

    it("refuses a due date in the past", async () => {
      const err = await rejectionOf(
        gateway.issueVirtualAccount({
          merchantUid: uid("vbank"),
          amount: 10_000,
          name: "과거 기한",
          dueAt: new Date(now - 1000),
          holder: "(주)설탭",
        }),
      );
      expect(err).toBeInstanceOf(GatewayRefusedError);
    });

    it("refunds a deposited account only to a given refund account", async () => {
      const issued = await gateway.issueVirtualAccount({
        merchantUid: uid("vbank"),
        amount: 30_000,
        name: "환불 테스트",
        dueAt: new Date(now + 86_400_000),
        holder: "(주)설탭",
      });
      await h.deposit(issued.impUid);
      const request = { impUid: issued.impUid, amount: 30_000, checksum: 30_000, reason: "환불" };
      expect(await rejectionOf(gateway.cancelPayment(request))).toBeInstanceOf(GatewayRefusedError);
      const refunded = await gateway.cancelPayment({
        ...request,
        refundAccount: { bankCode: "088", accountNumber: "110123456789", holder: "김설탭" },
      });
      expect(refunded).toMatchObject({ status: "cancelled", cancelAmount: 30_000 });
    });
  });

  describe("cancels", () => {
    async function paidPayment(amount = 100_000) {
      const customerUid = await keyFor(TEST_CARDS.approved);
      return gateway.chargeBillingKey(customerUid, order({ amount }));
    }

    it("cancels part (status stays paid) and then the rest (cancelled)", async () => {
      const payment = await paidPayment(100_000);
      const partial = await gateway.cancelPayment({
        impUid: payment.impUid,
        amount: 30_000,
        checksum: 100_000,
        reason: "부분 환불",
      });
      expect(partial).toMatchObject({ status: "paid", cancelAmount: 30_000, amount: 100_000 });

      const rest = await gateway.cancelPayment({
        impUid: payment.impUid,
        amount: 70_000,
        checksum: 70_000,
        reason: "잔액 환불",
      });
      expect(rest).toMatchObject({ status: "cancelled", cancelAmount: 100_000 });
      expect(await gateway.getPayment(payment.impUid)).toEqual(rest);

      const again = await rejectionOf(
        gateway.cancelPayment({ impUid: payment.impUid, amount: 1, checksum: 0, reason: "x" }),
      );
      expect(again).toBeInstanceOf(GatewayRefusedError);
    });

    it("refuses a checksum that is not the remaining balance, changing nothing", async () => {
      const payment = await paidPayment(100_000);
      const err = await rejectionOf(
        gateway.cancelPayment({
          impUid: payment.impUid,
          amount: 10_000,
          checksum: 90_000,
          reason: "잘못된 잔액",
        }),
      );
      expect(err).toBeInstanceOf(GatewayRefusedError);
      expect(await gateway.getPayment(payment.impUid)).toEqual(payment);
    });

    it("refuses more than the remaining amount", async () => {
      const payment = await paidPayment(100_000);
      const err = await rejectionOf(
        gateway.cancelPayment({
          impUid: payment.impUid,
          amount: 100_001,
          checksum: 100_000,
          reason: "초과",
        }),
      );
      expect(err).toBeInstanceOf(GatewayRefusedError);
      expect((err as GatewayRefusedError).pgCode).toBe("2032");
    });

    it("refuses to cancel an unknown payment", async () => {
      const err = await rejectionOf(
        gateway.cancelPayment({ impUid: "imp_000000000000", amount: 1, checksum: 1, reason: "x" }),
      );
      expect(err).toBeInstanceOf(GatewayRefusedError);
    });
  });

  describe("look-ups", () => {
    it("answers null for an unknown imp_uid or merchant_uid", async () => {
      expect(await gateway.getPayment("imp_999999999999")).toBeNull();
      expect(await gateway.findPaymentByMerchantUid(uid("never"))).toBeNull();
    });
  });
});
