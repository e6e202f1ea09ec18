/**
 * PortOne adapter specifics, against the fake PortOne server (test/fake-portone.ts) and, for
 * transport failures the fake cannot produce, a fetch wrapper: token caching and refresh, the
 * 401 retry, time-outs (unknown outcome vs unavailable), wire field names, and that no card
 * number ever reaches an error.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFakePortOne, type FakePortOne } from "../../../test/fake-portone.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  type CardCredentials,
  type ChargeRequest,
  type PaymentGateway,
} from "./gateway.port.ts";
import { TEST_CARDS } from "./portone-simulator.ts";
import { createPortOneGateway, type PortOneGatewayOptions } from "./portone.ts";

const fakes: FakePortOne[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** A movable clock shared by the fake and the adapter. */
function manualClock() {
  let t = Date.parse("2026-03-02T01:00:00Z");
  return {
    now: () => new Date(t),
    advanceSeconds: (s: number) => {
      t += s * 1000;
    },
  };
}

async function setup(
  options: Partial<PortOneGatewayOptions> = {},
  fakeOptions: Parameters<typeof startFakePortOne>[0] = {},
) {
  const clock = manualClock();
  const fake = await startFakePortOne({ clock: clock.now, ...fakeOptions });
  fakes.push(fake);
  const gateway = createPortOneGateway({
    apiKey: "test-api-key",
    apiSecret: "test-api-secret",
    baseUrl: `${fake.baseUrl}/`,
    clock: clock.now,
    timeoutMs: 2000,
    ...options,
  });
  return { fake, gateway, clock };
}

const card = (cardNumber: string = TEST_CARDS.approved): CardCredentials => ({
  cardNumber,
  expiry: "2030-12",
  birth: "900101",
  pwd2digit: "12",
});

let sequence = 0;
const order = (patch: Partial<ChargeRequest> = {}): ChargeRequest => ({
  merchantUid: `order-${(sequence += 1)}-${Date.now().toString(36)}`,
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

/** Paths of the requests the fake received, "METHOD /path". */
const trail = (fake: FakePortOne) => fake.state.requests.map((r) => `${r.method} ${r.path}`);

/** A fetch that hands `path`-matching requests to `intercept`, the rest to the real fetch. */
function interceptingFetch(
  match: string,
  intercept: (url: string, init?: RequestInit) => Promise<Response>,
): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    return url.includes(match) ? intercept(url, init) : globalThis.fetch(input, init);
  }) as typeof globalThis.fetch;
}

const networkError = (code: string) =>
  new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ${code}`), { code }) });

describe("PortOne access token", () => {
  it("gets one token and reuses it, sent as a Bearer header, even for concurrent calls", async () => {
    const { fake, gateway } = await setup();
    await Promise.all([
      gateway.getPayment("imp_000000000001"),
      gateway.getPayment("imp_000000000002"),
      gateway.findPaymentByMerchantUid("order-none"),
    ]);
    await gateway.issueBillingKey("customer-1", card());
    expect(fake.state.tokenCalls).toBe(1);
    const tokenAnswer = fake.state.requests.filter((r) => r.path === "/users/getToken");
    expect(tokenAnswer[0]?.body).toEqual({
      imp_key: "test-api-key",
      imp_secret: "test-api-secret",
    });
    const authorizations = new Set(
      fake.state.requests.filter((r) => r.path !== "/users/getToken").map((r) => r.authorization),
    );
    expect(authorizations.size).toBe(1);
    expect([...authorizations][0]).toMatch(/^Bearer [0-9a-f]+$/);
  });

  it("asks again when less than 60 seconds of the token remain", async () => {
    const { fake, gateway, clock } = await setup();
    await gateway.getPayment("imp_000000000001");
    clock.advanceSeconds(1800 - 120);
    await gateway.getPayment("imp_000000000001");
    expect(fake.state.tokenCalls).toBe(1);
    clock.advanceSeconds(70); // 50 s left
    await gateway.getPayment("imp_000000000001");
    expect(fake.state.tokenCalls).toBe(2);
    // PortOne answers the same token pushed out by 5 minutes, which the adapter then uses.
    expect(fake.state.tokensIssued).toBe(1);
    clock.advanceSeconds(200);
    await gateway.getPayment("imp_000000000001");
    expect(fake.state.tokenCalls).toBe(2);
    expect(fake.state.unauthorized).toBe(0);
  });

  it("gets a new token and retries once when a call is answered 401", async () => {
    const { fake, gateway } = await setup();
    const customerUid = "customer-401";
    await gateway.issueBillingKey(customerUid, card());
    fake.expireTokens();
    const request = order();
    const payment = await gateway.chargeBillingKey(customerUid, request);
    expect(payment.status).toBe("paid");
    expect(fake.state.unauthorized).toBe(1);
    expect(fake.state.tokensIssued).toBe(2);
    expect(trail(fake).slice(-3)).toEqual([
      "POST /subscribe/payments/again",
      "POST /users/getToken",
      "POST /subscribe/payments/again",
    ]);
    expect(
      fake.simulator.charges().filter((c) => c.merchantUid === request.merchantUid),
    ).toHaveLength(1);
  });

  it("gives up as unavailable when the new token is refused too", async () => {
    const { fake, gateway } = await setup({}, { tokenTtlSeconds: 0 });
    const err = await rejectionOf(gateway.getPayment("imp_000000000001"));
    expect(err).toBeInstanceOf(GatewayUnavailableError);
    expect(fake.state.unauthorized).toBe(2);
  });

  it("is unavailable, sending nothing else, when the key pair is wrong", async () => {
    const { fake, gateway } = await setup({ apiSecret: "wrong" });
    await gateway.issueBillingKey("customer-x", card()).catch(() => {});
    const err = await rejectionOf(gateway.chargeBillingKey("customer-x", order()));
    expect(err).toBeInstanceOf(GatewayUnavailableError);
    expect(err.message).toContain("결제는 요청되지 않았습니다");
    expect(trail(fake).every((t) => t === "POST /users/getToken")).toBe(true);
  });

  it("is unavailable when PortOne cannot be reached at all", async () => {
    const { fake } = await setup();
    const baseUrl = fake.baseUrl;
    await fake.close();
    const gateway = createPortOneGateway({ apiKey: "k", apiSecret: "s", baseUrl, timeoutMs: 2000 });
    const err = await rejectionOf(gateway.chargeOnetime(card(), order()));
    expect(err).toBeInstanceOf(GatewayUnavailableError);
  });
});

describe("PortOne time-outs and transport failures", () => {
  it("a charge answered too late is a time-out, and the charge is found afterwards", async () => {
    const { fake, gateway } = await setup({ timeoutMs: 300 });
    await gateway.issueBillingKey("customer-slow", card());
    fake.setDelay(3000, "/subscribe/payments/again");
    const request = order();
    const err = await rejectionOf(gateway.chargeBillingKey("customer-slow", request));
    expect(err).toBeInstanceOf(GatewayTimeoutError);
    expect(err.message).toContain("조회로 확인");
    fake.setDelay(0);
    const found = await gateway.findPaymentByMerchantUid(request.merchantUid);
    expect(found).toMatchObject({ status: "paid", amount: request.amount });
  });

  it("a look-up answered too late is unavailable (nothing to settle)", async () => {
    const { fake, gateway } = await setup({ timeoutMs: 300 });
    await gateway.getPayment("imp_000000000001");
    fake.setDelay(3000, "/payments/");
    expect(await rejectionOf(gateway.getPayment("imp_000000000001"))).toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it("a refused connection on a charge is unavailable; a broken one is a time-out", async () => {
    const refused = await setup({
      fetch: interceptingFetch("/subscribe/payments/onetime", async () => {
        throw networkError("ECONNREFUSED");
      }),
    });
    expect(await rejectionOf(refused.gateway.chargeOnetime(card(), order()))).toBeInstanceOf(
      GatewayUnavailableError,
    );

    const reset = await setup({
      fetch: interceptingFetch("/subscribe/payments/onetime", async () => {
        throw networkError("ECONNRESET");
      }),
    });
    expect(await rejectionOf(reset.gateway.chargeOnetime(card(), order()))).toBeInstanceOf(
      GatewayTimeoutError,
    );
  });

  it("HTTP 5xx or an unreadable answer on a charge is a time-out; on a look-up unavailable", async () => {
    const { gateway } = await setup({
      fetch: interceptingFetch(
        "/subscribe/payments/again",
        async () =>
          new Response("<html>", {
            status: 502,
          }),
      ),
    });
    expect(await rejectionOf(gateway.chargeBillingKey("customer-any", order()))).toBeInstanceOf(
      GatewayTimeoutError,
    );

    const garbled = await setup({
      fetch: interceptingFetch("/payments/imp_", async () =>
        Response.json({ code: 0, message: null, response: { unexpected: true } }),
      ),
    });
    expect(await rejectionOf(garbled.gateway.getPayment("imp_000000000001"))).toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it("HTTP 200 with code ≠ 0 is a refusal carrying the envelope code and the PG code", async () => {
    const { gateway } = await setup();
    const err = await rejectionOf(
      gateway.issueBillingKey("customer-bad", card(TEST_CARDS.invalidCard)),
    );
    expect(err).toBeInstanceOf(GatewayRefusedError);
    expect(err).toMatchObject({ gatewayCode: -1, pgCode: "F112" });
    expect(err.message).toBe(
      "카드정보 인증 및 빌키 발급에 실패하였습니다. [F112]유효하지않은 카드번호를 입력하셨습니다. (card_bin 없음)",
    );
  });
});

describe("card data never in errors", () => {
  /** Every string reachable from an error: message, String(), JSON, causes. */
  function textsOf(err: unknown): string {
    const parts: string[] = [];
    let current: unknown = err;
    for (let depth = 0; current && depth < 5; depth += 1) {
      const e = current as Error & { cause?: unknown };
      parts.push(String(e), e.message ?? "", e.stack ?? "", JSON.stringify(e));
      current = e.cause;
    }
    return parts.join("\n");
  }

  it("holds for refusals, time-outs, unavailability and a gateway message echoing the number", async () => {
    const numbers = [TEST_CARDS.invalidCard, TEST_CARDS.approved, TEST_CARDS.noAnswer];
    const errors: unknown[] = [];
    const { gateway, fake } = await setup({ timeoutMs: 300 });
    errors.push(await rejectionOf(gateway.issueBillingKey("c1", card(TEST_CARDS.invalidCard))));
    errors.push(
      await rejectionOf(gateway.chargeOnetime({ ...card(), expiry: "2020-01" }, order())),
    );
    errors.push(await rejectionOf(gateway.chargeOnetime(card(TEST_CARDS.noAnswer), order())));
    fake.setDelay(3000, "/subscribe/customers/");
    errors.push(await rejectionOf(gateway.issueBillingKey("c2", card())));

    const echo = await setup({
      fetch: interceptingFetch("/subscribe/payments/onetime", async (_url, init) => {
        const sent = JSON.parse(String(init?.body)) as { card_number: string };
        return Response.json({
          code: -1,
          message: `결제승인에 실패하였습니다. [3011]카드번호 오류 (${sent.card_number} / ${sent.card_number.replace(/-/g, "")})`,
          response: null,
        });
      }),
    });
    const echoed = await rejectionOf(echo.gateway.chargeOnetime(card(), order()));
    expect(echoed).toMatchObject({ pgCode: "3011" });
    expect(echoed.message).toContain("4242-4242-****-4242");
    errors.push(echoed);

    const offline = createPortOneGateway({
      apiKey: "k",
      apiSecret: "s",
      baseUrl: "http://127.0.0.1:9",
      timeoutMs: 500,
    });
    errors.push(await rejectionOf(offline.chargeOnetime(card(), order())));

    expect(errors).toHaveLength(6);
    for (const err of errors) {
      const text = textsOf(err);
      for (const n of numbers) {
        expect(text).not.toContain(n);
        expect(text).not.toContain(n.replace(/(\d{4})(?=\d)/g, "$1-"));
      }
      expect(text).not.toContain("900101");
    }
  });
});

describe("PortOne wire format", () => {
  it("sends PortOne's field names, formatted card numbers and unix-second due dates", async () => {
    const { fake, gateway, clock } = await setup(
      { channelKey: "channel-key-test", vbankCode: "004" },
      { requireChannelKey: true },
    );
    const bodyOf = (method: string, pathPrefix: string) =>
      fake.state.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).at(-1)
        ?.body;

    await gateway.issueBillingKey("customer-wire", card());
    expect(bodyOf("POST", "/subscribe/customers/customer-wire")).toEqual({
      card_number: "4242-4242-4242-4242",
      expiry: "2030-12",
      birth: "900101",
      pwd_2digit: "12",
      channel_key: "channel-key-test",
    });

    const again = order({ cardQuota: 3, buyerName: "김설탭", buyerEmail: "a@example.com" });
    await gateway.chargeBillingKey("customer-wire", again);
    expect(bodyOf("POST", "/subscribe/payments/again")).toEqual({
      customer_uid: "customer-wire",
      merchant_uid: again.merchantUid,
      amount: 189_000,
      name: "설탭 스마트 수학 3개월",
      card_quota: 3,
      buyer_name: "김설탭",
      buyer_email: "a@example.com",
    });

    const onetime = order();
    await gateway.chargeOnetime(card("378282246310005"), onetime);
    expect(bodyOf("POST", "/subscribe/payments/onetime")).toEqual({
      merchant_uid: onetime.merchantUid,
      amount: 189_000,
      name: "설탭 스마트 수학 3개월",
      card_quota: 0,
      card_number: "3782-822463-10005",
      expiry: "2030-12",
      birth: "900101",
      pwd_2digit: "12",
    });

    const dueAt = new Date(clock.now().getTime() + 86_400_500);
    const vbank = await gateway.issueVirtualAccount({
      merchantUid: "vbank-wire",
      amount: 10_000,
      name: "가상계좌",
      dueAt,
      holder: "(주)설탭",
    });
    expect(vbank.vbank?.bankName).toBe("KB국민은행");
    expect(bodyOf("POST", "/vbanks")).toEqual({
      merchant_uid: "vbank-wire",
      amount: 10_000,
      name: "가상계좌",
      vbank_code: "004",
      vbank_due: Math.floor(dueAt.getTime() / 1000),
      vbank_holder: "(주)설탭",
      channel_key: "channel-key-test",
    });

    fake.deposit(vbank.impUid);
    await gateway.cancelPayment({
      impUid: vbank.impUid,
      amount: 4000,
      checksum: 10_000,
      reason: "부분 환불",
      refundAccount: { bankCode: "088", accountNumber: "110123456789", holder: "김설탭" },
    });
    expect(bodyOf("POST", "/payments/cancel")).toEqual({
      imp_uid: vbank.impUid,
      amount: 4000,
      checksum: 10_000,
      reason: "부분 환불",
      refund_holder: "김설탭",
      refund_bank: "088",
      refund_account: "110123456789",
    });
  });

  it("asks for test-channel payments only when includeSandbox is set", async () => {
    const plain = await setup();
    await plain.gateway.getPayment("imp_000000000001");
    expect(trail(plain.fake)).toContain("GET /payments/imp_000000000001");

    const withSandbox = await setup({ includeSandbox: true });
    await withSandbox.gateway.getPayment("imp_000000000001");
    await withSandbox.gateway.findPaymentByMerchantUid("order-1");
    expect(trail(withSandbox.fake)).toEqual(
      expect.arrayContaining([
        "GET /payments/imp_000000000001?include_sandbox=true",
        "GET /payments/find/order-1?include_sandbox=true",
      ]),
    );
  });

  it("is named portone", async () => {
    const { gateway } = await setup();
    expect((gateway as PaymentGateway).name).toBe("portone");
  });
});
