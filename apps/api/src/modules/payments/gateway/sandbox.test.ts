/**
 * Sandbox-only behaviour (the shared contract is in gateway.contract.test.ts): the no-answer
 * option, the charge log tests rely on, deposits, expiry against the Seoul calendar, the card
 * companies derived from the BIN, and the adapter choice in create-gateway.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { offsetClock } from "../../../clock.ts";
import { loadConfig } from "../../../config.ts";
import { createPaymentGateway, isSandboxGateway } from "./create-gateway.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  type CardCredentials,
  type ChargeRequest,
} from "./gateway.port.ts";
import { TEST_CARDS, cardCompanyOf, luhnValid } from "./portone-simulator.ts";
import { createSandboxGateway } from "./sandbox.ts";

const card = (cardNumber: string, expiry = "2030-12"): CardCredentials => ({
  cardNumber,
  expiry,
  birth: "900101",
  pwd2digit: "12",
});

const order = (merchantUid: string, patch: Partial<ChargeRequest> = {}): ChargeRequest => ({
  merchantUid,
  amount: 189_000,
  name: "설탭 스마트 수학 3개월",
  cardQuota: 0,
  ...patch,
});

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}

describe("sandbox gateway", () => {
  it("with a state file, a new process finds the charges, billing keys and accounts again (no card number on disk)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
    const stateFile = join(dir, "sandbox-gateway.json");
    try {
      const before = createSandboxGateway({ stateFile });
      await before.issueBillingKey("c", card(TEST_CARDS.approved));
      await before.issueBillingKey("slow", card(TEST_CARDS.noAnswer));
      const paid = await before.chargeBillingKey("c", order("m-1"));
      // The gateway charged but we never heard back (as if the server died right after).
      await rejectionOf(before.chargeBillingKey("slow", order("m-2")));

      const after = createSandboxGateway({ stateFile });
      expect(after.billingKey("c")).toEqual(before.billingKey("c"));
      expect(await after.getPayment(paid.impUid)).toEqual(await before.getPayment(paid.impUid));
      const lost = await after.findPaymentByMerchantUid("m-2");
      expect(lost).toMatchObject({ status: "paid", amount: 189_000 });
      expect(after.chargeCount()).toBe(2);
      expect(after.chargeCount("m-2")).toBe(1);
      const onDisk = readFileSync(stateFile, "utf8");
      expect(onDisk).not.toContain(TEST_CARDS.approved);
      expect(onDisk).not.toContain(TEST_CARDS.noAnswer);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("two processes sharing one state file share one sandbox: no charge is lost, a stale lock is taken over", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-shared-"));
    const stateFile = join(dir, "sandbox-gateway.json");
    try {
      // Two gateways on one file stand for two api processes on one DATA_DIR.
      const a = createSandboxGateway({ stateFile });
      const b = createSandboxGateway({ stateFile });
      await a.issueBillingKey("ca", card(TEST_CARDS.approved));
      await b.issueBillingKey("cb", card(TEST_CARDS.approved));
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? a.chargeBillingKey("ca", order(`s-${i}`))
            : b.chargeBillingKey("cb", order(`s-${i}`)),
        ),
      );
      // Each sees every charge and both billing keys (before, the last writer's copy won).
      for (const g of [a, b]) {
        expect(g.chargeCount()).toBe(10);
        expect(g.billingKey("ca")).not.toBeNull();
        expect(g.billingKey("cb")).not.toBeNull();
      }
      expect(await a.findPaymentByMerchantUid("s-0")).toMatchObject({ status: "paid" });
      // A lock left by a process that died (a pid that does not run) does not stop the next.
      writeFileSync(`${stateFile}.lock`, "2147483646");
      await b.chargeBillingKey("cb", order("s-after-crash"));
      expect(a.chargeCount("s-after-crash")).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with timeoutCharges not-charged, the no-answer card times out and nothing is recorded", async () => {
    const gateway = createSandboxGateway({ timeoutCharges: "not-charged" });
    await gateway.issueBillingKey("c", card(TEST_CARDS.noAnswer));
    const err = await rejectionOf(gateway.chargeBillingKey("c", order("m-1")));
    expect(err).toBeInstanceOf(GatewayTimeoutError);
    expect(await gateway.findPaymentByMerchantUid("m-1")).toBeNull();
    expect(gateway.chargeCount()).toBe(0);
    expect(gateway.charges()).toMatchObject([{ outcome: "no-answer-not-charged", impUid: null }]);
  });

  it("counts charges that took money and logs every attempt", async () => {
    const gateway = createSandboxGateway();
    await gateway.issueBillingKey("ok", card(TEST_CARDS.approved));
    await gateway.issueBillingKey("poor", card(TEST_CARDS.insufficientFunds));
    await gateway.issueBillingKey("slow", card(TEST_CARDS.noAnswer));

    await gateway.chargeBillingKey("poor", order("m-1"));
    await gateway.chargeBillingKey("ok", order("m-1"));
    await rejectionOf(gateway.chargeBillingKey("ok", order("m-1")));
    await rejectionOf(gateway.chargeBillingKey("slow", order("m-2")));
    await gateway.chargeOnetime(card(TEST_CARDS.approved), order("m-3"));

    expect(gateway.chargeCount("m-1")).toBe(1);
    expect(gateway.chargeCount("m-2")).toBe(1);
    expect(gateway.chargeCount()).toBe(3);
    expect(gateway.charges().map((c) => [c.kind, c.merchantUid, c.outcome])).toEqual([
      ["again", "m-1", "failed"],
      ["again", "m-1", "paid"],
      ["again", "m-1", "refused"],
      ["again", "m-2", "no-answer-paid"],
      ["onetime", "m-3", "paid"],
    ]);
  });

  it("keeps only the masked number of a billing key", async () => {
    const gateway = createSandboxGateway();
    await gateway.issueBillingKey("c", card("5365101234567893"));
    expect(gateway.billingKey("c")).toEqual({
      customerUid: "c",
      cardName: "우리카드",
      companyName: "우리카드",
      maskedNumber: "5365-1012-****-7893",
    });
    expect(JSON.stringify(gateway.billingKey("c"))).not.toContain("5365101234567893");
    expect(gateway.billingKey("nobody")).toBeNull();
  });

  it("deposits only into a ready, not overdue virtual account", async () => {
    const clock = offsetClock();
    const gateway = createSandboxGateway({ clock });
    const vbank = await gateway.issueVirtualAccount({
      merchantUid: "v-1",
      amount: 50_000,
      name: "가상계좌",
      dueAt: new Date(clock.now().getTime() + 3_600_000),
      holder: "(주)설탭",
    });
    expect(vbank.receiptUrl).toBeNull();
    const paid = await gateway.simulateDeposit(vbank.impUid);
    expect(paid.status).toBe("paid");
    expect(paid.receiptUrl).toBe(`https://sandbox-receipt.seoltab.local/${vbank.impUid}`);
    expect(await rejectionOf(gateway.simulateDeposit(vbank.impUid))).toBeInstanceOf(
      GatewayRefusedError,
    );
    expect(await rejectionOf(gateway.simulateDeposit("imp_000000000000"))).toBeInstanceOf(
      GatewayRefusedError,
    );

    const late = await gateway.issueVirtualAccount({
      merchantUid: "v-2",
      amount: 50_000,
      name: "가상계좌",
      dueAt: new Date(clock.now().getTime() + 3_600_000),
      holder: "(주)설탭",
    });
    clock.advance(2 * 3_600_000);
    expect(await rejectionOf(gateway.simulateDeposit(late.impUid))).toBeInstanceOf(
      GatewayRefusedError,
    );
    expect((await gateway.getPayment(late.impUid))?.status).toBe("ready");
  });

  it("reads card expiry on the Seoul calendar", async () => {
    // 2026-02-28 16:00 UTC is already 2026-03-01 in Seoul: February cards have expired.
    const gateway = createSandboxGateway({ clock: () => new Date("2026-02-28T16:00:00Z") });
    const err = await rejectionOf(
      gateway.issueBillingKey("c", card(TEST_CARDS.approved, "2026-02")),
    );
    expect(err).toMatchObject({ pgCode: "3021" });
    expect(err.message).toContain("[3021]유효기간 오류");
    await expect(
      gateway.issueBillingKey("c", card(TEST_CARDS.approved, "2026-03")),
    ).resolves.toBeTruthy();
  });

  it("refuses card charges under 1 000 won ([3041])", async () => {
    const gateway = createSandboxGateway();
    const err = await rejectionOf(
      gateway.chargeOnetime(card(TEST_CARDS.approved), order("m-small", { amount: 999 })),
    );
    expect(err).toMatchObject({ pgCode: "3041" });
  });

  it("derives believable card companies from the BIN", () => {
    expect(cardCompanyOf("4242424242424242").name).toBe("신한카드");
    expect(cardCompanyOf("5555555555554444").name).toBe("삼성카드");
    expect(cardCompanyOf("9410123412341234").name).toBe("BC카드");
    expect(cardCompanyOf("5461123412341234").name).toBe("NH농협카드");
    expect(cardCompanyOf("5200828282828210").name).toBe("하나카드");
    expect(cardCompanyOf("4111111111111111").name).toBe("KB국민카드");
    expect(cardCompanyOf("378282246310005").name).toBe("롯데카드");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });
});

describe("createPaymentGateway", () => {
  it("builds the sandbox for PAYMENT_ADAPTER=sandbox and PortOne for portone", () => {
    const sandbox = createPaymentGateway({ adapter: "sandbox" });
    expect(sandbox.name).toBe("sandbox");
    expect(isSandboxGateway(sandbox)).toBe(true);

    const config = loadConfig({
      APP_ENV: "development",
      PAYMENT_ADAPTER: "portone",
      PORTONE_API_KEY: "key",
      PORTONE_API_SECRET: "secret",
    });
    const portone = createPaymentGateway(config.payment, { timeoutMs: 1000 });
    expect(portone.name).toBe("portone");
    expect(isSandboxGateway(portone)).toBe(false);
  });
});
