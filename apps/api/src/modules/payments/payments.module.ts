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
import type { EventBus } from "../../platform/events.ts";
import { createPaymentGateway, isSandboxGateway } from "./gateway/create-gateway.ts";
import type { GatewayPayment, PaymentGateway } from "./gateway/gateway.port.ts";
import { findPaymentById } from "./payments.repository.ts";
import {
  DEFAULT_PAYMENTS_SETTINGS,
  type PaymentsDeps,
  type PaymentsSettings,
} from "./payments.common.ts";
import { handleGatewayNotification } from "./payments.settlement.ts";

/** Replaceable parts (tests): the gateway, the clock, settings. */
export interface PaymentsOptions {
  gateway?: PaymentGateway;
  clock?: Clock;
  settings?: Partial<PaymentsSettings>;
}

export interface Payments {
  deps: PaymentsDeps;
}

export function createPayments(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  clock: Clock,
  events: EventBus,
  options: PaymentsOptions = {},
): Payments {
  const deps: PaymentsDeps = {
    db,
    gateway:
      options.gateway ??
      createPaymentGateway(config.payment, {
        clock: options.clock ?? clock,
        // Local mode: sandbox receipts are this server's /dev page (paymentsDevRoutes).
        ...(config.localMode
          ? { receiptBaseUrl: `${config.publicOrigin}/dev/payments/receipt` }
          : {}),
        ...(config.sandboxStateFile ? { stateFile: config.sandboxStateFile } : {}),
        ...(config.sandboxPauseAfterChargeMs
          ? { pauseAfterChargeMs: config.sandboxPauseAfterChargeMs }
          : {}),
      }),
    clock: options.clock ?? clock,
    log,
    settings: { ...DEFAULT_PAYMENTS_SETTINGS, ...options.settings },
    events,
  };
  return { deps };
}

/**
 * Local mode with the sandbox gateway only: `POST /dev/payments/vbank-deposit` with
 * `{ imp_uid }` or `{ payment_id }` (our PAYMENT_ID) marks a sandbox virtual account paid and
 * delivers the notification as PortOne would.
 */
export async function paymentsDevRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps },
): Promise<void> {
  const gateway = opts.deps.gateway;
  if (!isSandboxGateway(gateway)) return;
  const body = z.union([
    z.object({ imp_uid: z.string().min(1).max(80) }),
    z.object({ payment_id: z.coerce.number().int().positive() }),
  ]);
  app.post("/dev/payments/vbank-deposit", async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      return reply.status(400).send({ error: "imp_uid 또는 payment_id 를 보내 주세요." });
    }
    let impUid: string | null;
    if ("imp_uid" in parsed.data) {
      impUid = parsed.data.imp_uid;
    } else {
      const payment = await findPaymentById(opts.deps.db, parsed.data.payment_id);
      impUid = payment?.gatewayPaymentId ?? null;
    }
    if (!impUid) return reply.status(404).send({ error: "가상계좌 결제를 찾을 수 없어요." });
    await gateway.simulateDeposit(impUid);
    const outcome = await handleGatewayNotification(opts.deps, {
      imp_uid: impUid,
      status: "paid",
    });
    return { outcome };
  });

  // The sandbox's receipt page (a card slip stand-in): what the gateway recorded, clearly marked
  // as a test payment. Plain HTML, no script or inline style (CSP).
  app.get<{ Params: { impUid: string } }>(
    "/dev/payments/receipt/:impUid",
    async (request, reply) => {
      const payment = await gateway.getPayment(request.params.impUid);
      if (!payment)
        return reply.status(404).type("text/html; charset=utf-8").send(receiptPage(null));
      return reply.type("text/html; charset=utf-8").send(receiptPage(payment));
    },
  );
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STATUS_LABELS: Record<string, string> = {
  paid: "결제 완료",
  ready: "입금 대기",
  failed: "결제 실패",
  cancelled: "결제 취소",
};

/** A receipt page for one sandbox payment (Korean; amounts in won; times in Asia/Seoul). */
function receiptPage(payment: GatewayPayment | null): string {
  const when = (d: Date | null) =>
    d
      ? new Intl.DateTimeFormat("ko-KR", {
          timeZone: "Asia/Seoul",
          dateStyle: "long",
          timeStyle: "short",
        }).format(d)
      : "-";
  const rows = payment
    ? [
        ["상태", STATUS_LABELS[payment.status] ?? payment.status],
        ["결제 금액", `${payment.amount.toLocaleString("ko-KR")}원`],
        ["취소 금액", `${payment.cancelAmount.toLocaleString("ko-KR")}원`],
        ["할부", payment.cardQuota >= 2 ? `${payment.cardQuota}개월` : "일시불"],
        ["결제 시각", when(payment.paidAt)],
        ["주문번호", payment.merchantUid],
        ["거래번호", payment.impUid],
      ]
    : [];
  const body = payment
    ? `<table>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k!)}</th><td>${escapeHtml(v!)}</td></tr>`).join("")}</table>`
    : "<p>이 거래번호의 결제를 찾을 수 없어요.</p>";
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>설탭 테스트 결제 영수증</title></head><body><h1>설탭 결제 영수증</h1><p><strong>테스트(sandbox) 결제입니다. 실제로 청구되지 않았어요.</strong></p>${body}<p><a href="/_app/payments">내 결제 내역으로</a></p></body></html>`;
}
