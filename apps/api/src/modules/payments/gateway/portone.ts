/**
 * The PortOne V1 (iamport) REST adapter of the payment-gateway port (shared/reference/
 * INTEGRATIONS.md §1). JSON over HTTPS to `baseUrl` (https://api.iamport.kr):
 *
 * | port method               | PortOne call                                   |
 * |---------------------------|------------------------------------------------|
 * | issueBillingKey           | POST /subscribe/customers/{customer_uid}       |
 * | chargeBillingKey          | POST /subscribe/payments/again                 |
 * | chargeOnetime             | POST /subscribe/payments/onetime               |
 * | issueVirtualAccount       | POST /vbanks                                   |
 * | getPayment                | GET /payments/{imp_uid} (404 → null)           |
 * | findPaymentByMerchantUid  | GET /payments/find/{merchant_uid} (404 → null) |
 * | cancelPayment             | POST /payments/cancel                          |
 * | cancelVirtualAccount      | DELETE /vbanks/{imp_uid}                       |
 *
 * Auth: `POST /users/getToken` {imp_key, imp_secret}; the token is cached, refreshed when less
 * than 60 s of it remain, and a call answered HTTP 401 gets a new token and is retried once.
 *
 * Answers are the envelope `{code, message, response}`: code ≠ 0 → GatewayRefusedError(message,
 * pgCodeOf(message), code); a charge with `response.status` "failed" is a decline and comes back
 * as a payment with `failReason`. Every request is bounded by `timeoutMs`. A call that changes
 * something (charge, billing key, virtual account, cancel) whose answer is lost after it may have
 * been sent (time-out, broken connection, HTTP 5xx, unreadable answer) throws
 * GatewayTimeoutError: the caller settles it with findPaymentByMerchantUid. A failure before
 * anything was sent (token call, connection refused) and any failed read throw
 * GatewayUnavailableError.
 *
 * Card data goes into the request body only: never into an error, a log or a cause; gateway
 * messages are scrubbed of anything that looks like a card number.
 */
import type { z } from "zod";
import type { Clock } from "../../../clock.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  pgCodeOf,
  type CardCredentials,
  type ChargeRequest,
  type GatewayPayment,
  type PaymentGateway,
} from "./gateway.port.ts";
import {
  cardDigits,
  customerSchema,
  envelopeSchema,
  formatCardNumber,
  maskCardNumber,
  nowFunction,
  paymentSchema,
  redactCardNumbers,
  toGatewayPayment,
  toUnixSeconds,
  tokenSchema,
} from "./portone-wire.ts";

export interface PortOneGatewayOptions {
  /** REST API key (imp_key, PORTONE_API_KEY). */
  apiKey: string;
  /** REST API secret (imp_secret, PORTONE_API_SECRET). */
  apiSecret: string;
  /** API origin, e.g. "https://api.iamport.kr" (a trailing slash is ignored). */
  baseUrl: string;
  /** Console channel key, sent on billing-key issuance and virtual accounts when set. */
  channelKey?: string | undefined;
  /** Bank of virtual accounts (PortOne vbank_code); default "088" 신한은행. */
  vbankCode?: string | undefined;
  /** Milliseconds each HTTP request may take, answer body included; default 20 000. */
  timeoutMs?: number;
  /** The fetch to use (tests); default globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** The current time (token expiry); default the system clock. */
  clock?: (() => Date) | Clock;
  /**
   * Sends `include_sandbox=true` on payment look-ups so payments of a PortOne *test channel*
   * are visible (PortOne hides them by default since Nov 2025). For stage/test channels only.
   */
  includeSandbox?: boolean;
}

/** Refresh the token when fewer than this many milliseconds of it remain. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** Connection errors that prove the request never left (safe to call "unavailable"). */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** The network error code under a fetch failure (undici puts it in `cause`), if any. */
function networkCodeOf(err: unknown): string | undefined {
  const cause = (err as { cause?: unknown } | null)?.cause as
    { code?: unknown; errors?: Array<{ code?: unknown }> } | undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === "string" ? code : undefined;
}

/** Whether a failed fetch was an abort (our time-out). */
function isAbort(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

/** What a call does: a "write" may have changed something at PortOne, a "read" never does. */
interface Operation {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  effect: "write" | "read";
  /** Korean description for error messages, e.g. "정기결제 승인". Never holds card data. */
  what: string;
  /** A missing payment (404 / "존재하지 않는") reads as null instead of a refusal. */
  notFoundIsNull?: boolean;
}

/** The HTTP answer: status and the JSON body (undefined when absent or not JSON). */
interface Answer {
  status: number;
  body: unknown;
}

/** A PaymentGateway speaking PortOne V1 REST (see the module note). */
export function createPortOneGateway(options: PortOneGatewayOptions): PaymentGateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = nowFunction(options.clock);
  const vbankCode = options.vbankCode ?? "088";
  const seconds = Math.round(timeoutMs / 100) / 10;

  let token: { value: string; refreshAtMs: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange; rejects with whatever fetch (or reading the body) rejects with. */
  async function exchange(
    method: "GET" | "POST" | "DELETE",
    path: string,
    body: Record<string, unknown> | undefined,
    accessToken: string | null,
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body) headers["content-type"] = "application/json";
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const res = await doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed };
  }

  async function fetchToken(): Promise<string> {
    const unavailable = (why: string, cause?: unknown) =>
      new GatewayUnavailableError(
        `PortOne 인증 토큰을 받지 못했습니다 (${why}). 결제는 요청되지 않았습니다.`,
        cause === undefined ? undefined : { cause },
      );
    let answer: Answer;
    try {
      answer = await exchange(
        "POST",
        "/users/getToken",
        { imp_key: options.apiKey, imp_secret: options.apiSecret },
        null,
      );
    } catch (err) {
      throw unavailable(isAbort(err) ? `${seconds}초 안에 응답 없음` : "연결 실패", err);
    }
    if (answer.status === 401) throw unavailable("API 키 또는 시크릿이 올바르지 않음");
    const envelope = envelopeSchema.safeParse(answer.body);
    if (answer.status !== 200 || !envelope.success || envelope.data.code !== 0) {
      throw unavailable(`HTTP ${answer.status}`);
    }
    const parsed = tokenSchema.safeParse(envelope.data.response);
    if (!parsed.success) throw unavailable("응답 형식 오류");
    const { access_token, expired_at, now: serverNow } = parsed.data;
    // Expiry measured on PortOne's clock, applied to ours (clock skew does not matter).
    token = {
      value: access_token,
      refreshAtMs: now().getTime() + (expired_at - serverNow) * 1000 - TOKEN_REFRESH_MARGIN_MS,
    };
    return access_token;
  }

  /** A valid token: the cached one, or a new one (one token request at a time). */
  function accessToken(): Promise<string> {
    if (token && token.refreshAtMs > now().getTime()) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** The error for a call whose outcome we do not know. */
  function unknownOutcome(op: Operation, why: string, cause?: unknown): Error {
    const causeOption = cause === undefined ? undefined : { cause };
    return op.effect === "write"
      ? new GatewayTimeoutError(
          `PortOne ${op.what} 결과를 확인하지 못했습니다 (${why}). 처리 여부는 조회로 확인해야 합니다.`,
          causeOption,
        )
      : new GatewayUnavailableError(
          `PortOne ${op.what} 조회에 실패했습니다 (${why}).`,
          causeOption,
        );
  }

  /** `exchange` with failures classified: never sent → unavailable, else unknown outcome. */
  async function send(op: Operation, bearer: string): Promise<Answer> {
    try {
      return await exchange(op.method, op.path, op.body, bearer);
    } catch (err) {
      if (isAbort(err)) throw unknownOutcome(op, `${seconds}초 안에 응답 없음`);
      const code = networkCodeOf(err);
      if (code && NOT_SENT_CODES.has(code)) {
        throw new GatewayUnavailableError(
          `PortOne 에 연결할 수 없습니다 (${code}). ${op.what} 요청은 보내지지 않았습니다.`,
        );
      }
      throw unknownOutcome(op, code ? `연결 끊김: ${code}` : "연결 끊김");
    }
  }

  /**
   * Runs `op` and returns its `response` parsed by `schema` (null for a missing payment when
   * `op.notFoundIsNull`).
   * @throws GatewayRefusedError, GatewayTimeoutError, GatewayUnavailableError (module note)
   */
  async function call<S extends z.ZodType>(op: Operation, schema: S): Promise<z.output<S> | null> {
    let bearer = await accessToken();
    let answer = await send(op, bearer);
    if (answer.status === 401) {
      // Expired or revoked token: PortOne refused before doing anything, so one retry is safe.
      if (token?.value === bearer) token = null;
      bearer = await accessToken();
      answer = await send(op, bearer);
      if (answer.status === 401) {
        throw new GatewayUnavailableError(
          `PortOne 이 인증 토큰을 거부했습니다. ${op.what} 요청은 처리되지 않았습니다.`,
        );
      }
    }
    if (answer.status === 404 && op.notFoundIsNull) return null;
    if (answer.status >= 500) throw unknownOutcome(op, `HTTP ${answer.status}`);
    const envelope = envelopeSchema.safeParse(answer.body);
    if (!envelope.success) {
      if (answer.status >= 400) {
        throw new GatewayRefusedError(
          `PortOne 이 ${op.what} 요청을 거절했습니다 (HTTP ${answer.status}).`,
          null,
          answer.status,
        );
      }
      throw unknownOutcome(op, "응답 형식 오류");
    }
    const { code, message, response } = envelope.data;
    if (code !== 0) {
      const text = redactCardNumbers(
        message?.trim() || `PortOne 이 ${op.what} 요청을 거절했습니다.`,
      );
      if (op.notFoundIsNull && (answer.status === 404 || text.includes("존재하지 않는"))) {
        return null;
      }
      throw new GatewayRefusedError(text, pgCodeOf(text), code);
    }
    if (answer.status >= 400) {
      throw new GatewayRefusedError(
        `PortOne 이 ${op.what} 요청을 거절했습니다 (HTTP ${answer.status}).`,
        null,
        answer.status,
      );
    }
    if ((response === null || response === undefined) && op.notFoundIsNull) return null;
    const parsed = schema.safeParse(response);
    if (!parsed.success) throw unknownOutcome(op, "응답 형식 오류");
    return parsed.data;
  }

  /** `call` for operations that always answer a payment. */
  async function paymentCall(op: Operation): Promise<GatewayPayment> {
    const payment = await call(op, paymentSchema);
    if (!payment) throw unknownOutcome(op, "응답에 결제 정보 없음");
    return toGatewayPayment(payment);
  }

  const cardFields = (card: CardCredentials) => ({
    card_number: formatCardNumber(card.cardNumber),
    expiry: card.expiry,
    birth: card.birth,
    pwd_2digit: card.pwd2digit,
  });

  const orderFields = (charge: ChargeRequest) => ({
    merchant_uid: charge.merchantUid,
    amount: charge.amount,
    name: charge.name,
    card_quota: charge.cardQuota,
    ...(charge.buyerName ? { buyer_name: charge.buyerName } : {}),
    ...(charge.buyerEmail ? { buyer_email: charge.buyerEmail } : {}),
    ...(charge.buyerTel ? { buyer_tel: charge.buyerTel } : {}),
  });

  const channel = options.channelKey ? { channel_key: options.channelKey } : {};
  const sandboxQuery = options.includeSandbox ? "?include_sandbox=true" : "";

  return {
    name: "portone",

    async issueBillingKey(customerUid, card) {
      const customer = await call(
        {
          method: "POST",
          path: `/subscribe/customers/${encodeURIComponent(customerUid)}`,
          body: { ...cardFields(card), ...channel },
          effect: "write",
          what: "빌링키 발급",
        },
        customerSchema,
      );
      if (!customer) throw new GatewayTimeoutError("PortOne 빌링키 발급 응답이 비어 있습니다.");
      const companyName = customer.card_issuer_name || customer.card_name || "카드";
      return {
        customerUid: customer.customer_uid,
        cardName: customer.card_name || companyName,
        companyName,
        maskedNumber: maskCardNumber(cardDigits(card.cardNumber)),
      };
    },

    chargeBillingKey: (customerUid, charge) =>
      paymentCall({
        method: "POST",
        path: "/subscribe/payments/again",
        body: { customer_uid: customerUid, ...orderFields(charge) },
        effect: "write",
        what: "정기결제 승인",
      }),

    chargeOnetime: (card, charge) =>
      paymentCall({
        method: "POST",
        path: "/subscribe/payments/onetime",
        body: { ...orderFields(charge), ...cardFields(card) },
        effect: "write",
        what: "카드 결제 승인",
      }),

    issueVirtualAccount: (request) =>
      paymentCall({
        method: "POST",
        path: "/vbanks",
        body: {
          merchant_uid: request.merchantUid,
          amount: request.amount,
          name: request.name,
          vbank_code: vbankCode,
          vbank_due: toUnixSeconds(request.dueAt),
          vbank_holder: request.holder,
          ...(request.buyerName ? { buyer_name: request.buyerName } : {}),
          ...channel,
        },
        effect: "write",
        what: "가상계좌 발급",
      }),

    async getPayment(impUid) {
      const payment = await call(
        {
          method: "GET",
          path: `/payments/${encodeURIComponent(impUid)}${sandboxQuery}`,
          effect: "read",
          what: "결제 정보",
          notFoundIsNull: true,
        },
        paymentSchema,
      );
      return payment ? toGatewayPayment(payment) : null;
    },

    async findPaymentByMerchantUid(merchantUid) {
      const payment = await call(
        {
          method: "GET",
          path: `/payments/find/${encodeURIComponent(merchantUid)}${sandboxQuery}`,
          effect: "read",
          what: "주문번호 결제 정보",
          notFoundIsNull: true,
        },
        paymentSchema,
      );
      return payment ? toGatewayPayment(payment) : null;
    },

    cancelPayment: (request) =>
      paymentCall({
        method: "POST",
        path: "/payments/cancel",
        body: {
          imp_uid: request.impUid,
          amount: request.amount,
          checksum: request.checksum,
          reason: request.reason,
          ...(request.refundAccount
            ? {
                refund_holder: request.refundAccount.holder,
                refund_bank: request.refundAccount.bankCode,
                refund_account: request.refundAccount.accountNumber,
              }
            : {}),
        },
        effect: "write",
        what: "결제 취소",
      }),

    cancelVirtualAccount: (impUid) =>
      paymentCall({
        method: "DELETE",
        path: `/vbanks/${encodeURIComponent(impUid)}`,
        effect: "write",
        what: "가상계좌 발급 취소",
      }),
  };
}
