/**
 * The sandbox payment gateway (DESIGN.md §5): PortOne V1 simulated in-process, with the same
 * states, refusal messages and PG codes (see `portone-simulator.ts` for the test cards). Default
 * locally and in tests; production refuses to start with it (config.ts).
 *
 * State: billing keys by customer_uid (masked number and card company only), payments by
 * imp_uid and merchant_uid, the charge log. In memory, and with `stateFile` also on disk: every
 * change is made under a lock file (`<stateFile>.lock`) on the state read afresh from disk and
 * written before the lock is let go, and every read sees the latest state on disk — so a
 * restart keeps it and several api processes sharing one DATA_DIR share one sandbox, as they
 * share PortOne in production (issue #19). On disk: a snapshot (`stateFile`, replaced whole by
 * a rename) and a journal (`<stateFile>.log`, one JSON line per charge, virtual account,
 * deposit or cancel: the payment it touched and the charge records it added, numbered by
 * `seq`). A change appends one line; a new billing key, or a journal of JOURNAL_LIMIT lines,
 * writes a new snapshot and starts the journal again. Issue 19 performance: rewriting the whole
 * state on every charge cost O(charges) CPU and blocking disk writes on the event loop (5-20 ms
 * of CPU and 40-70 ms of wall time per charge at 250-1,000 charges).
 *
 * Sandbox-only extras (`SandboxGateway`): `simulateDeposit` pays a virtual account (tests, the
 * local dev route), `charges`/`chargeCount` let tests assert how many charges happened.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
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
  /** The last journal entry the snapshot includes (0 or absent: none). */
  seq?: number;
}

/** One line of the journal (`<stateFile>.log`): a change made after the snapshot. */
interface JournalEntry {
  /** 1, 2, … across snapshots: entries up to the snapshot's `seq` are in it already. */
  seq: number;
  /** The payment the change created or updated: imp_uid and PortOne's record. */
  payment?: [string, PortOnePaymentAnnotation];
  /** Charge records the change added (SimulatorState's shape). */
  charges?: SimulatorState["charges"];
}

/** No payments, keys or charges (a state file not written yet). */
const EMPTY_STATE: SavedState = {
  simulator: { version: 1, customers: [], payments: [], byMerchant: [], charges: [] },
  billingKeys: [],
  seq: 0,
};

/** Journal lines after which a change writes a new snapshot instead. */
const JOURNAL_LIMIT = 500;

/** `state` with the journal `entries` applied (payments replaced by imp_uid, charges added). */
function applyJournal(state: SavedState, entries: readonly JournalEntry[]): SavedState {
  const payments = new Map(state.simulator.payments);
  const byMerchant = new Map(state.simulator.byMerchant);
  const charges = [...state.simulator.charges];
  let seq = state.seq ?? 0;
  for (const entry of entries) {
    if (entry.seq <= seq) continue; // in the snapshot already
    if (entry.payment) {
      const [impUid, payment] = entry.payment;
      if (!payments.has(impUid)) {
        byMerchant.set(payment.merchant_uid, [
          ...(byMerchant.get(payment.merchant_uid) ?? []),
          impUid,
        ]);
      }
      payments.set(impUid, payment);
    }
    if (entry.charges) charges.push(...entry.charges);
    seq = entry.seq;
  }
  return {
    ...state,
    simulator: {
      ...state.simulator,
      payments: [...payments],
      byMerchant: [...byMerchant],
      charges,
    },
    seq,
  };
}
import {
  maskCardNumber,
  nowFunction,
  toGatewayPayment,
  toUnixSeconds,
  type PortOnePaymentAnnotation,
} from "./portone-wire.ts";

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
  const journalFile = stateFile ? `${stateFile}.log` : "";
  /**
   * The snapshot version in memory: inode, modification time (ns) and size — every snapshot
   * renames a new file into place (an inode alone may be reused by the next one).
   */
  let loadedVersion = "";
  /** The last journal entry applied, and how far the journal (by inode) has been read. */
  let seq = 0;
  let snapshotSeq = 0;
  let journalId = "";
  let journalOffset = 0;
  const versionOf = (file: string) => {
    if (!existsSync(file)) return "";
    const st = statSync(file, { bigint: true });
    return `${st.ino}:${st.mtimeNs}:${st.size}`;
  };
  const current = (): SavedState => ({
    simulator: sim.snapshot(),
    billingKeys: [...billingKeys],
    seq,
  });
  const restore = (state: SavedState) => {
    sim.restore(state.simulator);
    billingKeys.clear();
    for (const [k, v] of state.billingKeys) billingKeys.set(k, v);
    seq = state.seq ?? 0;
  };
  /**
   * The journal's complete lines from `journalOffset` (all of it when the file is new), or null
   * when they do not follow on from `seq` (a new snapshot was written meanwhile).
   */
  const readJournal = (): JournalEntry[] | null => {
    if (!existsSync(journalFile)) {
      journalId = "";
      journalOffset = 0;
      return [];
    }
    const st = statSync(journalFile, { bigint: true });
    const id = String(st.ino);
    if (id !== journalId || Number(st.size) < journalOffset) {
      journalId = id;
      journalOffset = 0;
    }
    const size = Number(st.size);
    if (size === journalOffset) return [];
    const buffer = Buffer.alloc(size - journalOffset);
    const fd = openSync(journalFile, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, journalOffset);
    } finally {
      closeSync(fd);
    }
    const end = buffer.lastIndexOf(0x0a) + 1; // a line being written is read next time
    const entries = buffer
      .subarray(0, end)
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as JournalEntry)
      .filter((e) => e.seq > seq);
    if (entries.length > 0 && entries[0]!.seq !== seq + 1) return null;
    journalOffset += end;
    return entries;
  };
  /** Brings the state up to what is on disk (snapshot, then the journal's new lines). */
  const load = () => {
    if (!stateFile) return;
    for (let attempt = 0; ; attempt += 1) {
      const version = versionOf(stateFile);
      if (attempt > 20) throw new Error(`sandbox state ${stateFile}: journal does not follow on`);
      if (version !== loadedVersion || attempt > 0) {
        restore(
          version ? (JSON.parse(readFileSync(stateFile, "utf8")) as SavedState) : EMPTY_STATE,
        );
        snapshotSeq = seq;
        loadedVersion = version;
        journalId = "";
        journalOffset = 0;
      }
      const entries = readJournal();
      if (entries && versionOf(stateFile) === version) {
        if (entries.length > 0) restore(applyJournal(current(), entries));
        return;
      }
      // A new snapshot was written while we read: read it again.
    }
  };
  /** Writes the whole state as a new snapshot (renamed into place) and drops the journal. */
  const saveSnapshot = () => {
    if (!stateFile) return;
    const tmp = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(current()));
    renameSync(tmp, stateFile);
    rmSync(journalFile, { force: true });
    loadedVersion = versionOf(stateFile);
    snapshotSeq = seq;
    journalId = "";
    journalOffset = 0;
  };
  /** Appends one journal line (the lock is held and the journal was read to its end). */
  const appendJournal = (entry: Omit<JournalEntry, "seq">) => {
    if (!entry.payment && !entry.charges?.length) return;
    if (seq + 1 - snapshotSeq > JOURNAL_LIMIT) {
      seq += 1;
      saveSnapshot();
      return;
    }
    const line = `${JSON.stringify({ seq: seq + 1, ...entry })}\n`;
    const fd = openSync(journalFile, "a");
    try {
      // A line a killed process left half-written is cut off (load read up to the last \n).
      if (String(fstatSync(fd).ino) === journalId && fstatSync(fd).size > journalOffset) {
        ftruncateSync(fd, journalOffset);
      }
      writeSync(fd, line);
      const st = fstatSync(fd, { bigint: true });
      journalId = String(st.ino);
      journalOffset = Number(st.size);
    } finally {
      closeSync(fd);
    }
    seq += 1;
  };
  load();

  /**
   * Runs a simulator call on the latest state (under the file lock when there is a file),
   * turning its refusals into GatewayRefusedError; saves what changed: `touched` names the
   * payment the call may have created or changed (a journal line with it and the new charge
   * records), or "all" (a new snapshot: billing keys).
   */
  async function run<T>(
    work: () => T,
    touched: "all" | (() => PortOnePaymentAnnotation | undefined),
  ): Promise<T> {
    const guarded = () => {
      load();
      const chargesBefore = stateFile && touched !== "all" ? sim.chargeRequestCount() : 0;
      try {
        return work();
      } finally {
        if (touched === "all") saveSnapshot();
        else if (stateFile) {
          const payment = touched();
          const charges = sim.charges(chargesBefore);
          appendJournal({
            ...(payment
              ? { payment: [payment.imp_uid, payment] as [string, PortOnePaymentAnnotation] }
              : {}),
            ...(charges.length > 0
              ? { charges: charges.map((c) => ({ ...c, at: c.at.toISOString() })) }
              : {}),
          });
        }
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
      }, "all");
      return { ...key };
    },

    async chargeBillingKey(customerUid, charge) {
      const outcome = await run(
        () => sim.chargeAgain({ customer_uid: customerUid, ...chargeFields(charge) }),
        () => sim.findByMerchantUid(charge.merchantUid),
      );
      return afterCharge(outcome);
    },

    async chargeOnetime(card, charge) {
      const outcome = await run(
        () =>
          sim.chargeOnetime({
            ...chargeFields(charge),
            card_number: card.cardNumber,
            expiry: card.expiry,
            birth: card.birth,
            pwd_2digit: card.pwd2digit,
          }),
        () => sim.findByMerchantUid(charge.merchantUid),
      );
      return afterCharge(outcome);
    },

    async issueVirtualAccount(request) {
      const payment = await run(
        () =>
          sim.issueVbank({
            merchant_uid: request.merchantUid,
            amount: request.amount,
            vbank_code: options.vbankCode ?? "088",
            vbank_due: toUnixSeconds(request.dueAt),
            vbank_holder: request.holder,
            name: request.name,
            buyer_name: request.buyerName,
          }),
        () => sim.findByMerchantUid(request.merchantUid),
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
      const payment = await run(
        () =>
          sim.cancel({
            imp_uid: request.impUid,
            amount: request.amount,
            checksum: request.checksum,
            reason: request.reason,
            refund_holder: request.refundAccount?.holder,
            refund_bank: request.refundAccount?.bankCode,
            refund_account: request.refundAccount?.accountNumber,
          }),
        () => sim.getPayment(request.impUid),
      );
      return toGatewayPayment(payment);
    },

    async cancelVirtualAccount(impUid) {
      return toGatewayPayment(
        await run(
          () => sim.cancelVbank(impUid),
          () => sim.getPayment(impUid),
        ),
      );
    },

    async simulateDeposit(impUid) {
      return toGatewayPayment(
        await run(
          () => sim.deposit(impUid),
          () => sim.getPayment(impUid),
        ),
      );
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
