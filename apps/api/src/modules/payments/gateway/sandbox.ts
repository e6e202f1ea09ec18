/**
 * The sandbox payment gateway (DESIGN.md §5): PortOne V1 simulated in-process, with the same
 * states, refusal messages and PG codes (see `portone-simulator.ts` for the test cards). Default
 * locally and in tests; production refuses to start with it (config.ts).
 *
 * State: billing keys by customer_uid (masked number and card company only), payments by
 * imp_uid and merchant_uid, the charge log. In memory, and with `stateFile` also on disk: every
 * change is made under a lock file (`<stateFile>.lock`) on the state read afresh from the file
 * and written back before the lock is let go, and every read sees the file's latest state — so
 * a restart keeps it and several api processes sharing one DATA_DIR share one sandbox, as they
 * share PortOne in production (issue #19).
 *
 * Sandbox-only extras (`SandboxGateway`): `simulateDeposit` pays a virtual account (tests, the
 * local dev route), `charges`/`chargeCount` let tests assert how many charges happened.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname } from "node:path";
import type { Clock } from "../../../clock.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  pgCodeOf,
  type GatewayBillingKey,
  type GatewayPayment,
  type PaymentGateway,
} from "./gateway.port.ts";
import {
  SimulatorRefusal,
  createPortOneSimulator,
  type SimChargeOutcome,
  type SimChargeRecord,
  type SimulatorState,
} from "./portone-simulator.ts";

/** What `stateFile` holds. */
interface SavedState {
  simulator: SimulatorState;
  billingKeys: [string, GatewayBillingKey][];
}
import { maskCardNumber, nowFunction, toGatewayPayment, toUnixSeconds } from "./portone-wire.ts";

/** One charge request the sandbox received (again or onetime), oldest first. */
export type SandboxCharge = SimChargeRecord;

/** The sandbox adapter: the port plus test and local-development hooks. */
export interface SandboxGateway extends PaymentGateway {
  readonly name: "sandbox";
  /**
   * The depositor pays the virtual account `impUid` in full: status "ready" → "paid", paidAt
   * now. (PortOne would then send a `paid` webhook; the sandbox sends none.)
   * @throws GatewayRefusedError when it is unknown, not a ready virtual account, or past due.
   */
  simulateDeposit(impUid: string): Promise<GatewayPayment>;
  /**
   * Every charge request received (chargeBillingKey / chargeOnetime), oldest first, with its
   * outcome: "paid", "failed" (declined), "refused" (nothing recorded), "no-answer-paid"
   * (GatewayTimeoutError thrown but charged), "no-answer-not-charged".
   */
  charges(): SandboxCharge[];
  /**
   * How many charges took money (outcome "paid" or "no-answer-paid"), for `merchantUid` when
   * given, else in total. Cancels do not lower it.
   */
  chargeCount(merchantUid?: string): number;
  /** The stored billing key (masked number only), or null. */
  billingKey(customerUid: string): GatewayBillingKey | null;
}

export interface SandboxGatewayOptions {
  /** The current time (expiry checks, paidAt, due dates); default the system clock. */
  clock?: (() => Date) | Clock;
  /**
   * What a charge on test card 4000000000000119 leaves behind before GatewayTimeoutError is
   * thrown: "paid" (default; reconciliation finds it) or "not-charged" (nothing recorded).
   */
  timeoutCharges?: "paid" | "not-charged";
  /**
   * Base of the receipt address of a sandbox payment (`{base}/{imp_uid}`); local mode points it
   * at the api's own sandbox receipt page. Default: an address that never resolves.
   */
  receiptBaseUrl?: string;
  /** Bank of issued virtual accounts (PortOne vbank_code); default "088" 신한은행. */
  vbankCode?: string;
  /**
   * A file the state is kept in (local mode: `DATA_DIR/sandbox-gateway.json`), written after
   * every change and read at start, so a restart — or a crash between a charge and our commit —
   * finds the charges again and reconciliation settles them as it does with PortOne (issue
   * #19). Without it the state lives in memory only (tests).
   */
  stateFile?: string;
  /**
   * Tests of crash recovery only (SANDBOX_PAUSE_AFTER_CHARGE_MS, local mode): after a charge is
   * recorded (and saved), wait this many ms before answering, so a test can kill the server
   * between the gateway's charge and our commit. Default 0.
   */
  pauseAfterChargeMs?: number;
}

/** Blocks the thread for `ms` (waiting for another process's lock; a few ms at a time). */
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether the lock file names a process that no longer runs (killed while holding it). */
function lockIsStale(lockFile: string): boolean {
  try {
    const pid = Number(readFileSync(lockFile, "utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Runs `work` holding `<file>.lock` (created exclusively; holds the owner's pid). A lock left by
 * a process that died, or held longer than 10 s, is taken over.
 */
function withFileLock<T>(file: string, work: () => T): T {
  const lockFile = `${file}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const fd = openSync(lockFile, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (lockIsStale(lockFile) || Date.now() > deadline) rmSync(lockFile, { force: true });
      else sleepSync(5);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

const NO_ANSWER_MESSAGE =
  "결제대행사가 제한 시간 안에 응답하지 않았습니다 (sandbox). 결제 여부는 조회로 확인해야 합니다.";

/** A fresh in-memory sandbox gateway (empty state). */
export function createSandboxGateway(options: SandboxGatewayOptions = {}): SandboxGateway {
  const now = nowFunction(options.clock);
  const sim = createPortOneSimulator({
    now,
    timeoutCharges: options.timeoutCharges ?? "paid",
    receiptUrl: (impUid) =>
      `${options.receiptBaseUrl ?? "https://sandbox-receipt.seoltab.local"}/${impUid}`,
  });
  /** Masked numbers as the port shapes them, by customer_uid (the simulator keeps PortOne's). */
  const billingKeys = new Map<string, GatewayBillingKey>();
  const stateFile = options.stateFile;
  /**
   * The file version in memory: inode, modification time (ns) and size — every save renames a
   * new file into place (an inode alone may be reused by the next save).
   */
  let loadedVersion = "";
  const versionOf = (file: string) => {
    const st = statSync(file, { bigint: true });
    return `${st.ino}:${st.mtimeNs}:${st.size}`;
  };
  /** Reads the file's state when it changed since we last read or wrote it. */
  const load = () => {
    if (!stateFile || !existsSync(stateFile)) return;
    const version = versionOf(stateFile);
    if (version === loadedVersion) return;
    const saved = JSON.parse(readFileSync(stateFile, "utf8")) as SavedState;
    sim.restore(saved.simulator);
    billingKeys.clear();
    for (const [k, v] of saved.billingKeys) billingKeys.set(k, v);
    loadedVersion = version;
  };
  /** Writes the whole state (a temporary file renamed over the old one: never half-written). */
  const save = () => {
    if (!stateFile) return;
    const state: SavedState = { simulator: sim.snapshot(), billingKeys: [...billingKeys] };
    const tmp = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, stateFile);
    loadedVersion = versionOf(stateFile);
  };
  load();

  /**
   * Runs a simulator call on the latest state (under the file lock when there is a file),
   * turning its refusals into GatewayRefusedError; saves the state.
   */
  async function run<T>(work: () => T): Promise<T> {
    const guarded = () => {
      load();
      try {
        return work();
      } finally {
        save();
      }
    };
    try {
      return stateFile ? withFileLock(stateFile, guarded) : guarded();
    } catch (err) {
      if (err instanceof SimulatorRefusal) {
        throw new GatewayRefusedError(err.message, pgCodeOf(err.message), err.code);
      }
      throw err;
    }
  }

  /** A charge's answer, after the test-only pause (see `pauseAfterChargeMs`). */
  const afterCharge = async (outcome: SimChargeOutcome): Promise<GatewayPayment> => {
    if (options.pauseAfterChargeMs) {
      await new Promise((r) => setTimeout(r, options.pauseAfterChargeMs));
    }
    return answered(outcome);
  };

  const answered = (outcome: SimChargeOutcome): GatewayPayment => {
    if (!outcome.answered) throw new GatewayTimeoutError(NO_ANSWER_MESSAGE);
    return toGatewayPayment(outcome.payment);
  };

  const chargeFields = (charge: Parameters<PaymentGateway["chargeBillingKey"]>[1]) => ({
    merchant_uid: charge.merchantUid,
    amount: charge.amount,
    name: charge.name,
    card_quota: charge.cardQuota,
    buyer_name: charge.buyerName,
    buyer_email: charge.buyerEmail,
    buyer_tel: charge.buyerTel,
  });

  return {
    name: "sandbox",

    async issueBillingKey(customerUid, card) {
      const key = await run(() => {
        const customer = sim.issueCustomer(customerUid, {
          card_number: card.cardNumber,
          expiry: card.expiry,
          birth: card.birth,
          pwd_2digit: card.pwd2digit,
        });
        const issued: GatewayBillingKey = {
          customerUid: customer.customer_uid,
          cardName: customer.card_name,
          companyName: customer.card_issuer_name,
          maskedNumber: maskCardNumber(card.cardNumber),
        };
        billingKeys.set(customerUid, issued);
        return issued;
      });
      return { ...key };
    },

    async chargeBillingKey(customerUid, charge) {
      const outcome = await run(() =>
        sim.chargeAgain({ customer_uid: customerUid, ...chargeFields(charge) }),
      );
      return afterCharge(outcome);
    },

    async chargeOnetime(card, charge) {
      const outcome = await run(() =>
        sim.chargeOnetime({
          ...chargeFields(charge),
          card_number: card.cardNumber,
          expiry: card.expiry,
          birth: card.birth,
          pwd_2digit: card.pwd2digit,
        }),
      );
      return afterCharge(outcome);
    },

    async issueVirtualAccount(request) {
      const payment = await run(() =>
        sim.issueVbank({
          merchant_uid: request.merchantUid,
          amount: request.amount,
          vbank_code: options.vbankCode ?? "088",
          vbank_due: toUnixSeconds(request.dueAt),
          vbank_holder: request.holder,
          name: request.name,
          buyer_name: request.buyerName,
        }),
      );
      return toGatewayPayment(payment);
    },

    async getPayment(impUid) {
      load();
      const payment = sim.getPayment(impUid);
      return payment ? toGatewayPayment(payment) : null;
    },

    async findPaymentByMerchantUid(merchantUid) {
      load();
      const payment = sim.findByMerchantUid(merchantUid);
      return payment ? toGatewayPayment(payment) : null;
    },

    async cancelPayment(request) {
      const payment = await run(() =>
        sim.cancel({
          imp_uid: request.impUid,
          amount: request.amount,
          checksum: request.checksum,
          reason: request.reason,
          refund_holder: request.refundAccount?.holder,
          refund_bank: request.refundAccount?.bankCode,
          refund_account: request.refundAccount?.accountNumber,
        }),
      );
      return toGatewayPayment(payment);
    },

    async cancelVirtualAccount(impUid) {
      return toGatewayPayment(await run(() => sim.cancelVbank(impUid)));
    },

    async simulateDeposit(impUid) {
      return toGatewayPayment(await run(() => sim.deposit(impUid)));
    },

    charges: () => {
      load();
      return sim.charges();
    },

    chargeCount: (merchantUid) => {
      load();
      return sim
        .charges()
        .filter(
          (c) =>
            (c.outcome === "paid" || c.outcome === "no-answer-paid") &&
            (merchantUid === undefined || c.merchantUid === merchantUid),
        ).length;
    },

    billingKey: (customerUid) => {
      load();
      const key = billingKeys.get(customerUid);
      return key ? { ...key } : null;
    },
  };
}
