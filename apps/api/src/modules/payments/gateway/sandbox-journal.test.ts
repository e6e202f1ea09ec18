/**
 * The sandbox's state on disk as a snapshot plus a journal (issue 19 performance): a charge
 * appends one line instead of rewriting every charge so far; a restart, a second process, a
 * half-written last line and a crash between a new snapshot and dropping the old journal all
 * end with every charge counted exactly once.
 */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CardCredentials, ChargeRequest } from "./gateway.port.ts";
import { TEST_CARDS } from "./portone-simulator.ts";
import { createSandboxGateway } from "./sandbox.ts";

const card: CardCredentials = {
  cardNumber: TEST_CARDS.approved,
  expiry: "2030-12",
  birth: "900101",
  pwd2digit: "12",
};
const order = (merchantUid: string): ChargeRequest => ({
  merchantUid,
  amount: 189_000,
  name: "설탭 스마트 수학 3개월",
  cardQuota: 0,
});

let dir = "";
let stateFile = "";
const journal = () => `${stateFile}.log`;
const journalLines = () =>
  existsSync(journal()) ? readFileSync(journal(), "utf8").split("\n").filter(Boolean) : [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-journal-"));
  stateFile = join(dir, "sandbox-gateway.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("sandbox gateway state on disk", () => {
  it("a charge appends one journal line (no card number) and the snapshot is not rewritten", async () => {
    const g = createSandboxGateway({ stateFile });
    await g.issueBillingKey("c", card);
    const snapshot = readFileSync(stateFile, "utf8");
    for (let i = 0; i < 3; i += 1) await g.chargeBillingKey("c", order(`m-${i}`));
    expect(readFileSync(stateFile, "utf8")).toBe(snapshot);
    expect(journalLines()).toHaveLength(3);
    expect(readFileSync(journal(), "utf8")).not.toContain(TEST_CARDS.approved);

    const restarted = createSandboxGateway({ stateFile });
    expect(restarted.chargeCount()).toBe(3);
    expect(await restarted.findPaymentByMerchantUid("m-2")).toEqual(
      await g.findPaymentByMerchantUid("m-2"),
    );
    // A cancel is journalled too: the other copy sees the refund.
    const paid = (await g.findPaymentByMerchantUid("m-1"))!;
    await restarted.cancelPayment({
      impUid: paid.impUid,
      amount: paid.amount,
      checksum: paid.amount,
      reason: "test",
    });
    expect(await g.getPayment(paid.impUid)).toMatchObject({ status: "cancelled" });
  });

  it("after 500 journal lines a new snapshot starts the journal again; nothing is lost", async () => {
    const g = createSandboxGateway({ stateFile });
    await g.issueBillingKey("c", card);
    for (let i = 0; i < 510; i += 1) await g.chargeBillingKey("c", order(`m-${i}`));
    expect(journalLines().length).toBeLessThan(20);
    const restarted = createSandboxGateway({ stateFile });
    expect(restarted.chargeCount()).toBe(510);
    expect(await restarted.findPaymentByMerchantUid("m-0")).toMatchObject({ status: "paid" });
    expect(await restarted.findPaymentByMerchantUid("m-509")).toMatchObject({ status: "paid" });
  });

  it("a crash between the new snapshot and dropping the old journal counts no charge twice", async () => {
    const g = createSandboxGateway({ stateFile });
    await g.issueBillingKey("c", card);
    for (let i = 0; i < 499; i += 1) await g.chargeBillingKey("c", order(`m-${i}`));
    const oldJournal = readFileSync(journal(), "utf8");
    await g.chargeBillingKey("c", order("m-499"));
    await g.chargeBillingKey("c", order("m-500")); // past the limit: a new snapshot
    expect(journalLines().length).toBeLessThan(5);
    // As if the process died after renaming the snapshot, before removing the journal.
    writeFileSync(journal(), oldJournal);
    const restarted = createSandboxGateway({ stateFile });
    expect(restarted.chargeCount()).toBe(501);
    await restarted.chargeBillingKey("c", order("m-501"));
    expect(createSandboxGateway({ stateFile }).chargeCount()).toBe(502);
  });

  it("a half-written last line is skipped, then cut off by the next change", async () => {
    const g = createSandboxGateway({ stateFile });
    await g.issueBillingKey("c", card);
    await g.chargeBillingKey("c", order("m-0"));
    appendFileSync(journal(), '{"seq":2,"payment":["imp_');
    const restarted = createSandboxGateway({ stateFile });
    expect(restarted.chargeCount()).toBe(1);
    await restarted.chargeBillingKey("c", order("m-1"));
    expect(journalLines()).toHaveLength(2);
    expect(createSandboxGateway({ stateFile }).chargeCount()).toBe(2);
    expect(g.chargeCount()).toBe(2);
  });
});
