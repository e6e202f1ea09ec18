/**
 * A local fake of the PortOne V1 REST API for tests (shared/reference/INTEGRATIONS.md §1): a
 * Fastify server on 127.0.0.1 (a free port) serving the endpoints the PortOne adapter calls,
 * with the sandbox test cards (it runs on the same simulator as the sandbox gateway).
 *
 * Protocol as PortOne: every answer is `{code, message, response}`; business refusals are
 * HTTP 200 with code ≠ 0; unknown payments are 404; a missing, wrong or expired token is 401.
 * Tokens last `tokenTtlSeconds` (default 1800) on `clock`; getToken before expiry returns the
 * same token, in its last minute pushed out by 5 minutes, as PortOne does.
 *
 * Test hooks: `setDelay(ms, path?)` answers late (after the work is done, so a delayed charge
 * happened), `expireTokens()` revokes the current token (next call: 401), `deposit(impUid)` pays
 * a virtual account, `state.requests` records every request (method, path, authorization, JSON
 * body). Charges on test card 4000000000000119 are recorded (unless `timeoutCharges` is
 * "not-charged") and never answered: the request hangs until the client gives up or `close()`.
 */
import { randomBytes } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import {
  SimulatorRefusal,
  createPortOneSimulator,
  type PortOneSimulator,
  type SimCancelFields,
  type SimChargeFields,
  type SimCardFields,
  type SimChargeOutcome,
  type SimVbankFields,
} from "../modules/payments/gateway/portone-simulator.ts";
import {
  toUnixSeconds,
  type PortOnePaymentAnnotation,
} from "../modules/payments/gateway/portone-wire.ts";

export interface FakePortOneOptions {
  /** imp_key the fake accepts; default "test-api-key". */
  apiKey?: string;
  /** imp_secret the fake accepts; default "test-api-secret". */
  apiSecret?: string;
  /** The fake's current time (token expiry, card expiry, paid_at); default the system clock. */
  clock?: () => Date;
  /** Token lifetime in seconds; default 1800 (PortOne's 30 minutes). */
  tokenTtlSeconds?: number;
  /** What a no-answer test-card charge leaves behind; default "paid". */
  timeoutCharges?: "paid" | "not-charged";
  /** Refuse /subscribe/customers and /vbanks without `channel_key` (PortOne's current schema). */
  requireChannelKey?: boolean;
}

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  /** Path with query string, e.g. "/payments/imp_123?include_sandbox=true". */
  path: string;
  authorization: string | undefined;
  /** The JSON body (undefined for GET). Holds card data: test-only. */
  body: Record<string, unknown> | undefined;
}

export interface FakePortOneState {
  requests: RecordedRequest[];
  /** New tokens issued by /users/getToken (a repeated getToken returning the same one: not counted). */
  tokensIssued: number;
  /** getToken calls answered successfully (new or repeated token). */
  tokenCalls: number;
  /** Requests answered 401 for a missing, wrong or expired token. */
  unauthorized: number;
}

export interface FakePortOne {
  /** e.g. "http://127.0.0.1:41234" (no trailing slash). */
  baseUrl: string;
  state: FakePortOneState;
  /** The simulator behind the fake (inspect payments, charges). */
  simulator: PortOneSimulator;
  /**
   * Answers requests whose path starts with `pathPrefix` (all when omitted) `ms` milliseconds
   * late, after doing the work. `setDelay(0)` removes every delay.
   */
  setDelay(ms: number, pathPrefix?: string): void;
  /** Revokes the current token: the next authenticated call gets 401, getToken issues a new one. */
  expireTokens(): void;
  /** The depositor pays virtual account `impUid` (PortOne would then send a webhook). */
  deposit(impUid: string): PortOnePaymentAnnotation;
  /** Stops the server, releasing hanging and delayed requests. */
  close(): Promise<void>;
}

const envelope = (response: unknown) => ({ code: 0, message: null, response });

/** Starts a fake PortOne V1 API on 127.0.0.1 and a free port. */
export async function startFakePortOne(options: FakePortOneOptions = {}): Promise<FakePortOne> {
  const apiKey = options.apiKey ?? "test-api-key";
  const apiSecret = options.apiSecret ?? "test-api-secret";
  const now = options.clock ?? (() => new Date());
  const ttl = options.tokenTtlSeconds ?? 1800;
  const simulator = createPortOneSimulator({
    now,
    timeoutCharges: options.timeoutCharges ?? "paid",
    receiptUrl: (impUid) => `https://fake-portone.local/receipt/${impUid}`,
  });
  const state: FakePortOneState = { requests: [], tokensIssued: 0, tokenCalls: 0, unauthorized: 0 };
  let token: { value: string; expiresAt: number } | null = null;
  const delays: Array<{ prefix: string; ms: number }> = [];
  /** Releases of requests waiting (delay or no answer), called on close. */
  const waiting = new Set<() => void>();

  /** Waits `ms` (Infinity: until released), ending early when the client goes or on close. */
  function wait(reply: FastifyReply, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (timer) clearTimeout(timer);
        waiting.delete(done);
        reply.raw.off("close", done);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      waiting.add(done);
      reply.raw.once("close", done);
    });
  }

  const app = Fastify({ logger: false, forceCloseConnections: true });

  app.addHook("preHandler", async (request) => {
    state.requests.push({
      method: request.method,
      path: request.url,
      authorization: request.headers.authorization,
      body:
        request.body && typeof request.body === "object"
          ? structuredClone(request.body as Record<string, unknown>)
          : undefined,
    });
  });

  /** Checks the bearer token (or the bare token of older samples). */
  function authorized(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? "";
    const presented = header.replace(/^Bearer\s+/i, "").trim();
    return token !== null && presented === token.value && token.expiresAt > toUnixSeconds(now());
  }

  /** Registers an authenticated route: refusals become envelopes, delays apply. */
  function route(
    method: "GET" | "POST" | "DELETE",
    url: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  ) {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        if (!authorized(request)) {
          state.unauthorized += 1;
          return reply.code(401).send({ code: -1, message: "Unauthorized", response: null });
        }
        let status = 200;
        let body: unknown;
        try {
          body = envelope(await handler(request, reply));
        } catch (err) {
          if (!(err instanceof SimulatorRefusal)) throw err;
          status = err.httpStatus;
          body = { code: err.code, message: err.message, response: null };
        }
        const path = request.url;
        const delay = delays.find((d) => path.startsWith(d.prefix));
        if (delay) await wait(reply, delay.ms);
        return reply.code(status).send(body);
      },
    });
  }

  /** A charge's answer; a no-answer charge hangs until the client leaves or the fake closes. */
  async function answer(outcome: SimChargeOutcome, reply: FastifyReply) {
    if (!outcome.answered) await wait(reply, Infinity);
    return outcome.payment;
  }

  const bodyOf = <T>(request: FastifyRequest) => (request.body ?? {}) as T;
  const needChannelKey = (body: { channel_key?: unknown }) => {
    if (options.requireChannelKey && !body.channel_key) {
      throw new SimulatorRefusal("channel_key 는 필수입니다.", 1);
    }
  };

  app.post("/users/getToken", async (request, reply) => {
    const body = bodyOf<{ imp_key?: string; imp_secret?: string }>(request);
    if (body.imp_key !== apiKey || body.imp_secret !== apiSecret) {
      return reply.code(401).send({
        code: -1,
        message: "imp_key, imp_secret 파라미터가 올바르지 않습니다.",
        response: null,
      });
    }
    const at = toUnixSeconds(now());
    if (!token || token.expiresAt <= at) {
      token = { value: randomBytes(20).toString("hex"), expiresAt: at + ttl };
      state.tokensIssued += 1;
    } else if (token.expiresAt - at < 60) {
      token.expiresAt += 300;
    }
    state.tokenCalls += 1;
    return envelope({ access_token: token.value, now: at, expired_at: token.expiresAt });
  });

  route("POST", "/subscribe/customers/:customer_uid", (request) => {
    const body = bodyOf<SimCardFields & { channel_key?: string }>(request);
    needChannelKey(body);
    const { customer_uid } = request.params as { customer_uid: string };
    return simulator.issueCustomer(customer_uid, body);
  });

  route("GET", "/subscribe/customers/:customer_uid", (request) => {
    const { customer_uid } = request.params as { customer_uid: string };
    const customer = simulator.getCustomer(customer_uid);
    if (!customer) throw new SimulatorRefusal("등록되지 않은 구매자입니다.", 1, 404);
    return customer;
  });

  route("POST", "/subscribe/payments/again", (request, reply) =>
    answer(
      simulator.chargeAgain(bodyOf<SimChargeFields & { customer_uid: string }>(request)),
      reply,
    ),
  );

  route("POST", "/subscribe/payments/onetime", (request, reply) =>
    answer(simulator.chargeOnetime(bodyOf<SimChargeFields & SimCardFields>(request)), reply),
  );

  route("POST", "/vbanks", (request) => {
    const body = bodyOf<SimVbankFields & { channel_key?: string }>(request);
    needChannelKey(body);
    return simulator.issueVbank(body);
  });

  route("GET", "/payments/find/:merchant_uid", (request) => {
    const { merchant_uid } = request.params as { merchant_uid: string };
    const payment = simulator.findByMerchantUid(merchant_uid);
    if (!payment) throw new SimulatorRefusal("존재하지 않는 결제정보입니다.", -1, 404);
    return payment;
  });

  route("GET", "/payments/:imp_uid", (request) => {
    const { imp_uid } = request.params as { imp_uid: string };
    const payment = simulator.getPayment(imp_uid);
    if (!payment) throw new SimulatorRefusal("존재하지 않는 결제정보입니다.", -1, 404);
    return payment;
  });

  route("POST", "/payments/cancel", (request) =>
    simulator.cancel(bodyOf<SimCancelFields>(request)),
  );

  route("DELETE", "/vbanks/:imp_uid", (request) => {
    const { imp_uid } = request.params as { imp_uid: string };
    return simulator.cancelVbank(imp_uid);
  });

  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state,
    simulator,
    setDelay(ms, pathPrefix = "/") {
      if (ms <= 0) {
        delays.length = 0;
        return;
      }
      delays.unshift({ prefix: pathPrefix, ms });
    },
    expireTokens() {
      token = null;
    },
    deposit: (impUid) => simulator.deposit(impUid),
    async close() {
      for (const release of [...waiting]) release();
      await app.close();
    },
  };
}
