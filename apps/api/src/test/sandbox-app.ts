/**
 * The app most payments-shaped API tests start from (payments, refunds, matching, lessons,
 * cycle reviews): `buildTestApp` with the sandbox gateway on a clock the test moves, the smart
 * math lecture of the catalog, and, when asked, a signed-in ADMIN. `useSandboxApp` registers the
 * file's beforeAll/afterAll around it; `cancelSpy` records every cancel the gateway is asked for
 * and can make the next one time out.
 *
 * Nothing here is module state: the API project runs with `isolate: false` and test:pg runs
 * every file on one PostgreSQL database, so each file gets its own app, sandbox, spy and users
 * (fresh unique accounts), and closes its app when it ends.
 */
import { afterAll, beforeAll } from "vitest";
import type { BuildOptions } from "../app.ts";
import type { ManualClock } from "../clock.ts";
import {
  GatewayTimeoutError,
  type CancelRequest,
  type PaymentGateway,
} from "../modules/payments/gateway/gateway.port.ts";
import { createSandboxGateway, type SandboxGateway } from "../modules/payments/gateway/sandbox.ts";
import {
  newUser,
  smartMath,
  type StoreItem,
  type TestUser,
} from "../modules/payments/payments.test-support.ts";
import { buildTestApp, type TestApp } from "./test-app.ts";

type PaymentsOptions = NonNullable<BuildOptions["payments"]>;

export interface SandboxAppOptions {
  /** The clock the test moves; the payments area reads it (and accounts, with `accountsClock`). */
  clock: ManualClock;
  /** The accounts area reads `clock` too (token and session times follow the moved clock). */
  accountsClock?: boolean;
  /** What the app charges through, built on the sandbox (e.g. `cancelSpy().wrap`); default it. */
  gateway?: (sandbox: SandboxGateway) => PaymentGateway;
  /** Payments settings instead of the defaults, e.g. `{ duplicateWaitMs: 10_000 }`. */
  paymentSettings?: PaymentsOptions["settings"];
  /** Sign in a fresh ADMIN as `admin`. */
  admin?: boolean;
  /** Environment settings passed on to `buildTestApp` (e.g. `{ LOG_LEVEL: "info" }`). */
  env?: Record<string, string>;
  /** The app's logger (default silent). */
  logger?: BuildOptions["logger"];
}

export interface SandboxApp {
  t: TestApp;
  /** The sandbox gateway itself (deposits, charges, cancels outside the app). */
  sandbox: SandboxGateway;
  /** The catalog's smart math lecture (payments.test-support.ts `smartMath`). */
  math: StoreItem;
  /** A signed-in ADMIN when `admin: true` was asked for. */
  admin: TestUser;
}

/**
 * Builds the app on a fresh database (a copy of the seeded template on PGlite): the sandbox
 * gateway on `options.clock`, the math lecture looked up, an ADMIN signed in when asked.
 */
export async function buildSandboxApp(options: SandboxAppOptions): Promise<SandboxApp> {
  const { clock } = options;
  const sandbox = createSandboxGateway({ clock: () => clock.now() });
  const gateway = options.gateway ? options.gateway(sandbox) : sandbox;
  const t = await buildTestApp(
    options.env ?? {},
    {},
    {
      payments: {
        gateway,
        clock,
        ...(options.paymentSettings ? { settings: options.paymentSettings } : {}),
      },
      ...(options.accountsClock ? { accounts: { clock } } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
  );
  const math = await smartMath(t);
  const admin = options.admin ? await newUser(t, "ADMIN") : (undefined as unknown as TestUser);
  return { t, sandbox, math, admin };
}

/**
 * Builds the sandbox app before the file's tests (60 s allowed) and hands it to `take` (which
 * may set up more, e.g. other catalog items); closes it after the file's tests.
 */
export function useSandboxApp(
  options: SandboxAppOptions,
  take: (app: SandboxApp) => void | Promise<void>,
): void {
  let built: SandboxApp | undefined;
  beforeAll(async () => {
    built = await buildSandboxApp(options);
    await take(built);
  }, 60_000);
  afterAll(async () => {
    await built?.t.close();
  });
}

/**
 * A gateway spy for refund tests: `wrap(sandbox)` is the gateway the app gets. Every cancel is
 * recorded (`cancels`, oldest first); `nextCancel` decides what the next one does: "normal";
 * "no-answer" (nothing cancelled, GatewayTimeoutError); "answer-lost" (cancelled, then
 * GatewayTimeoutError, and the look-up right after fails too). `failLookups` look-ups fail
 * with GatewayTimeoutError before the sandbox answers again. `reset()` between tests.
 */
export interface CancelSpy {
  wrap(sandbox: SandboxGateway): PaymentGateway;
  readonly cancels: CancelRequest[];
  nextCancel: "normal" | "no-answer" | "answer-lost";
  failLookups: number;
  /** The cancels asked for payment `impUid`, oldest first. */
  cancelsOf(impUid: string): CancelRequest[];
  /** Back to "normal" with no failing look-ups (the recorded cancels stay). */
  reset(): void;
}

/** A new CancelSpy (see the interface). */
export function cancelSpy(): CancelSpy {
  const spy: CancelSpy = {
    cancels: [],
    nextCancel: "normal",
    failLookups: 0,
    cancelsOf: (impUid) => spy.cancels.filter((c) => c.impUid === impUid),
    reset() {
      spy.nextCancel = "normal";
      spy.failLookups = 0;
    },
    wrap: (sandbox) => ({
      ...sandbox,
      async cancelPayment(request) {
        spy.cancels.push(structuredClone(request));
        const mode = spy.nextCancel;
        spy.nextCancel = "normal";
        if (mode === "no-answer") throw new GatewayTimeoutError("no answer (test)");
        const result = await sandbox.cancelPayment(request);
        if (mode === "answer-lost") {
          spy.failLookups = 1;
          throw new GatewayTimeoutError("answer lost (test)");
        }
        return result;
      },
      async getPayment(impUid) {
        if (spy.failLookups > 0) {
          spy.failLookups -= 1;
          throw new GatewayTimeoutError("look-up failed (test)");
        }
        return sandbox.getPayment(impUid);
      },
    }),
  };
  return spy;
}
