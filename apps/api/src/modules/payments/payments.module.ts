/**
 * Wires the payments area (issue #4): the gateway adapter chosen by PAYMENT_ADAPTER, the service
 * dependencies, REST routes (mounted by app.ts inside `/main`), the `/payment/graphql` schema,
 * the background-job runner, and (local mode with the sandbox only) a route that simulates a
 * virtual-account deposit the way PortOne would notify it.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { createPaymentGateway, isSandboxGateway } from "./gateway/create-gateway.ts";
import type { PaymentGateway } from "./gateway/gateway.port.ts";
import { inProcessJobRunner, pgBossJobRunner, type JobRunner } from "./payments.jobs.ts";
import {
  DEFAULT_PAYMENTS_SETTINGS,
  handleGatewayNotification,
  type PaymentsDeps,
  type PaymentsSettings,
} from "./payments.service.ts";

/** Replaceable parts (tests): the gateway, the clock, settings. */
export interface PaymentsOptions {
  gateway?: PaymentGateway;
  clock?: Clock;
  settings?: Partial<PaymentsSettings>;
}

export interface Payments {
  deps: PaymentsDeps;
  /** Null when JOBS_ENABLED=false. */
  jobs: JobRunner | null;
}

export function createPayments(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  clock: Clock,
  options: PaymentsOptions = {},
): Payments {
  const deps: PaymentsDeps = {
    db,
    gateway: options.gateway ?? createPaymentGateway(config.payment),
    clock: options.clock ?? clock,
    log,
    settings: { ...DEFAULT_PAYMENTS_SETTINGS, ...options.settings },
  };
  let jobs: JobRunner | null = null;
  if (config.jobsEnabled) {
    jobs =
      config.database.kind === "postgres"
        ? pgBossJobRunner(deps, log, config.database.url)
        : inProcessJobRunner(deps, log);
  }
  return { deps, jobs };
}

/**
 * Local mode with the sandbox gateway only: `POST /dev/payments/vbank-deposit { imp_uid }`
 * marks a sandbox virtual account paid and delivers the notification as PortOne would.
 */
export async function paymentsDevRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps },
): Promise<void> {
  const gateway = opts.deps.gateway;
  if (!isSandboxGateway(gateway)) return;
  const body = z.object({ imp_uid: z.string().min(1).max(80) });
  app.post("/dev/payments/vbank-deposit", async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: "imp_uid 를 보내 주세요." });
    await gateway.simulateDeposit(parsed.data.imp_uid);
    const outcome = await handleGatewayNotification(opts.deps, {
      imp_uid: parsed.data.imp_uid,
      status: "paid",
    });
    return { outcome };
  });
}
