/**
 * Picks the payment-gateway adapter from the settings (`config.payment`, PAYMENT_ADAPTER):
 * "sandbox" → the in-process simulator, "portone" → the PortOne V1 REST adapter.
 */
import type { Clock } from "../../../clock.ts";
import type { Config } from "../../../config.ts";
import type { PaymentGateway } from "./gateway.port.ts";
import { createPortOneGateway } from "./portone.ts";
import { createSandboxGateway, type SandboxGateway } from "./sandbox.ts";

export interface PaymentGatewayOptions {
  /** The current time; default the system clock. */
  clock?: (() => Date) | Clock;
  /** PortOne only: milliseconds per HTTP request (default 20 000). */
  timeoutMs?: number;
  /** PortOne only: the fetch to use (default globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
  /** PortOne only: show payments of a PortOne test channel (stage); default false. */
  includeSandbox?: boolean;
  /** Sandbox only: base address of receipt pages (`{base}/{imp_uid}`). */
  receiptBaseUrl?: string;
  /** Sandbox only: what a no-answer test-card charge leaves behind (default "paid"). */
  timeoutCharges?: "paid" | "not-charged";
  /** Sandbox only: the file its state is kept in across restarts (local mode). */
  stateFile?: string;
  /** Sandbox only, crash-recovery tests: ms to wait between a charge and its answer. */
  pauseAfterChargeMs?: number;
}

/** The adapter `payment` selects (a SandboxGateway for "sandbox"). */
export function createPaymentGateway(
  payment: { adapter: "sandbox" },
  options?: PaymentGatewayOptions,
): SandboxGateway;
export function createPaymentGateway(
  payment: Config["payment"],
  options?: PaymentGatewayOptions,
): PaymentGateway;
export function createPaymentGateway(
  payment: Config["payment"],
  options: PaymentGatewayOptions = {},
): PaymentGateway {
  if (payment.adapter === "sandbox") {
    return createSandboxGateway({
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.timeoutCharges ? { timeoutCharges: options.timeoutCharges } : {}),
      ...(options.receiptBaseUrl ? { receiptBaseUrl: options.receiptBaseUrl } : {}),
      ...(options.stateFile ? { stateFile: options.stateFile } : {}),
      ...(options.pauseAfterChargeMs ? { pauseAfterChargeMs: options.pauseAfterChargeMs } : {}),
    });
  }
  return createPortOneGateway({
    apiKey: payment.apiKey,
    apiSecret: payment.apiSecret,
    baseUrl: payment.baseUrl,
    channelKey: payment.channelKey,
    vbankCode: payment.vbankCode,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.includeSandbox || payment.includeSandbox ? { includeSandbox: true } : {}),
  });
}

/** Whether `gateway` is the sandbox (for sandbox-only routes such as a simulated deposit). */
export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.name === "sandbox" && "simulateDeposit" in gateway;
}
