import { GATEWAY_CODE_MESSAGES, priceOrder, type PricedStoreItem } from "@seoltab/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok, type RecordedCall } from "../../../test/fetch-mock";
import type { PaymentResponse } from "../api/checkout";
import { NETWORK_ERROR_MESSAGE } from "../messages";
import { usePaymentStore } from "../payment-store";
import { graphqlByOperation, renderWithApollo } from "../test/render";
import { CHECKOUT_FAILURE_TOAST, Checkout, isDefiniteFailure } from "./checkout";

const LECTURE: PricedStoreItem = {
  id: 1,
  itemKind: "LECTURE",
  title: "스마트 수학",
  months: 1,
  basePrice: 219_000,
  salePrice: 189_000,
};
const CATALOG = new Map([[1, LECTURE]]);
const LINES = [{ id: 1, lecture_multiple: 3 }];
const ORDER = priceOrder(LINES, CATALOG, []);
const CARD = {
  id: 5,
  name: "신한카드",
  companyName: "신한카드",
  number: "4242-4242-****-4242",
  isLegacy: false,
};

function paid(uid: string, state = "PAID"): PaymentResponse {
  return {
    PAYMENT_ID: 7,
    MERCHANT_UID: uid,
    STATE: state,
    PAYMENT_METHOD: "BILLING_CARD",
    NAME: "스마트 수학",
    PRODUCTS_PRICE: 567_000,
    DISCOUNTED_VALUE: 0,
    PAID_PRICE: 567_000,
    REFUNDED_AMOUNT: 0,
    CARD_QUOTA: 0,
    FAIL_REASON: null,
    RECEIPT_URL: null,
    CREATED_AT: "2026-11-21T05:00:00Z",
    COMPLETED_AT: "2026-11-21T05:00:01Z",
    VBANK: null,
  };
}

const graphql = (card: typeof CARD | null = CARD) =>
  graphqlByOperation({
    MyMainBillingCard: () => ({ myMainBillingCard: card }),
    InterestFreeInstallmentPeriod: () => ({
      interestFreeInstallmentPeriods: [{ id: 1, name: "신한카드", freeMonth: 6 }],
    }),
    RegisterMainBillingCard: () => ({ registerMainBillingCard: 5 }),
  });

const uidOf = (call: RecordedCall) => (call.body as { MERCHANT_UID: string }).MERCHANT_UID;

function renderCheckout(onPaid = vi.fn(), order = ORDER, lines = LINES) {
  renderWithApollo(
    <Checkout
      order={order}
      lines={lines}
      userNo={12}
      renewalAmount={189_000}
      cardQuota={0}
      onCardQuotaChange={() => undefined}
      onPaid={onPaid}
      now={new Date("2026-11-21T00:00:00Z")}
    />,
  );
  return onPaid;
}

beforeEach(() => {
  usePaymentStore.getState().reset();
  vi.spyOn(toast, "error");
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("checkout", () => {
  it("shows the order priced by the domain, the card, installments and interest-free periods", async () => {
    mockFetch({ "POST /payment/graphql": graphql() });
    renderCheckout();
    expect(screen.getByTestId("checkout-total").textContent).toBe("567,000원");
    expect(screen.getByTestId("checkout-list-price").textContent).toBe("657,000원");
    expect(screen.getByText("할인 · 기본 할인가")).toBeTruthy();
    expect((await screen.findByTestId("main-billing-card")).textContent).toContain("4242-4242");
    const quota = screen.getByLabelText("할부 개월");
    expect(
      within(quota)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toContain("12개월 할부");
    expect(await screen.findByText("신한카드 최대 6개월")).toBeTruthy();
    expect(screen.getByText(/매월 189,000원이 등록 카드로 자동 결제돼요/)).toBeTruthy();
  });

  it("offers only the lump sum under 50 000 won", async () => {
    mockFetch({ "POST /payment/graphql": graphql() });
    const cheap = priceOrder(LINES, new Map([[1, { ...LECTURE, salePrice: 15_000 }]]), []);
    renderCheckout(vi.fn(), cheap);
    const quota = screen.getByLabelText("할부 개월");
    expect(
      within(quota)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["일시불"]);
  });

  it("pays with the billing card once, whatever the clicks; MERCHANT_UID per attempt", async () => {
    let release: () => void = () => undefined;
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payment_seoltab_subscribe": async (call) => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(paid(uidOf(call)));
      },
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const button = await screen.findByRole("button", { name: "567,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.dblClick(button);
    await user.click(button);
    expect(callsTo("/main/payment_seoltab_subscribe")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "결제하는 중…" })).toHaveProperty("disabled", true);
    release();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const [call] = callsTo("/main/payment_seoltab_subscribe");
    expect(call?.body).toEqual({
      USER_NO: 12,
      MERCHANT_UID: expect.stringMatching(/^web-[0-9a-f-]{36}$/),
      ITEMS: [{ id: 1, lecture_multiple: 3 }],
      CARD_QUOTA: 0,
      PAYMENT_METHOD: "BILLING_CARD",
    });
  });

  it("a friend's referral code: the server's lines and discount, then paid with the code and the amount shown (issue #18)", async () => {
    const quote = {
      NAME: "스마트 수학",
      LINES: [
        {
          ID: 1,
          ITEM_KIND: "LECTURE",
          NAME: "스마트 수학",
          QUANTITY: 3,
          MONTHS: 3,
          LIST_PRICE: 657_000,
          SALE_PRICE: 567_000,
          POLICY_PRICE: 20_000,
          PAID_PRICE: 547_000,
          POLICIES: [
            { NAME: "친구 추천 할인", DISCOUNT_KIND: "REFERRAL_CODE_DISCOUNT", AMOUNT: 20_000 },
          ],
        },
      ],
      PRODUCTS_PRICE: 567_000,
      DISCOUNTED_VALUE: 20_000,
      PAID_PRICE: 547_000,
      DELIVERY_FEE: 0,
      DISCOUNTS: [{ KIND: "REFERRAL_CODE_DISCOUNT", NAME: "친구 추천 할인", AMOUNT: 20_000 }],
    };
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Cart_Price": (call) =>
        (call.body as { REFERRAL_CODE: string }).REFERRAL_CODE === "FRIEND22"
          ? ok(quote)
          : fail(400, "referral_unknown", "없는 추천 코드예요. 코드를 다시 확인해 주세요."),
      "POST /main/payment_seoltab_subscribe": (call) => ok(paid(uidOf(call))),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const field = screen.getByLabelText("친구 추천 코드");
    await user.type(field, "nope1234");
    await user.click(screen.getByRole("button", { name: "적용" }));
    expect((await screen.findByTestId("referral-error")).textContent).toBe(
      "없는 추천 코드예요. 코드를 다시 확인해 주세요.",
    );
    await user.clear(field);
    await user.type(field, "friend22");
    await user.click(screen.getByRole("button", { name: "적용" }));
    expect((await screen.findByTestId("cart-quote-total")).textContent).toBe("547,000원");
    expect(screen.getByText("할인 · 친구 추천 할인 −20,000원")).toBeTruthy();
    const button = await screen.findByRole("button", { name: "547,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toMatchObject({
      REFERRAL_CODE: "FRIEND22",
      EXPECTED_PAID_PRICE: 547_000,
    });
  });

  it("reuses the MERCHANT_UID after no answer, and makes a new one after a decline (toast = STATUSMSG)", async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError("Failed to fetch");
      },
      () =>
        fail(402, "payment_declined", "[F113] 카드 한도가 부족합니다.", [], {
          PAYMENT: { STATE: "FAILED", FAIL_REASON: "[F113] 카드 한도가 부족합니다." },
        }),
      () => ok(paid("x")),
    ];
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payment_seoltab_subscribe": () => answers.shift()!(),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const button = await screen.findByRole("button", { name: "567,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));

    await user.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE, expect.anything()),
    );
    await user.click(screen.getByRole("button", { name: "567,000원 결제하기" }));
    // Issue #11 item 3 changed this: the gateway's "[F113]…" becomes the shared table's message.
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(GATEWAY_CODE_MESSAGES.F113, expect.anything()),
    );
    await user.click(screen.getByRole("button", { name: "567,000원 결제하기" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));

    const uids = callsTo("/main/payment_seoltab_subscribe").map(uidOf);
    expect(uids).toHaveLength(3);
    expect(uids[1]).toBe(uids[0]);
    expect(uids[2]).not.toBe(uids[1]);
  });

  it("without a card: registers it (change_payment) and goes on to pay", async () => {
    let card: typeof CARD | null = null;
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: card }),
        InterestFreeInstallmentPeriod: () => ({ interestFreeInstallmentPeriods: [] }),
        RegisterMainBillingCard: () => {
          card = CARD;
          return { registerMainBillingCard: 5 };
        },
      }),
      "POST /main/payment_seoltab_subscribe": (call) => ok(paid(uidOf(call))),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    await user.type(await screen.findByLabelText("카드 번호"), "4242424242424242");
    await user.selectOptions(screen.getByLabelText("유효기간 월"), "12");
    await user.selectOptions(screen.getByLabelText("유효기간 연도"), "2030");
    await user.type(screen.getByLabelText("생년월일 6자리"), "080101");
    await user.type(screen.getByLabelText("비밀번호 앞 2자리"), "12");
    await user.click(screen.getByRole("button", { name: "카드 등록하고 567,000원 결제하기" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(callsTo("/main/payment_seoltab_subscribe")).toHaveLength(1);
    expect(usePaymentStore.getState().paymentSuccessFlag).toBe(true);
  });

  it("a one-time card pays through payreq_Iamport_Onetime without PAYMENT_METHOD", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payreq_Iamport_Onetime": (call) => ok(paid(uidOf(call))),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    await user.click(screen.getByRole("radio", { name: /일회성 카드 결제/ }));
    await user.type(await screen.findByLabelText("카드 번호"), "4242-4242-4242-4242");
    await user.selectOptions(screen.getByLabelText("유효기간 월"), "01");
    await user.selectOptions(screen.getByLabelText("유효기간 연도"), "2029");
    await user.type(screen.getByLabelText("생년월일 6자리"), "080101");
    await user.type(screen.getByLabelText("비밀번호 앞 2자리"), "12");
    await user.click(screen.getByRole("button", { name: "567,000원 결제하기" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const [call] = callsTo("/main/payreq_Iamport_Onetime");
    expect(call?.body).toEqual({
      USER_NO: 12,
      MERCHANT_UID: expect.any(String),
      ITEMS: LINES,
      CARD_QUOTA: 0,
      CARD_NUMBER: "4242424242424242",
      EXPIRY: "2029-01",
      BIRTH: "080101",
      PWD_2DIGIT: "12",
    });
  });

  it("a virtual account sends VBANK without CARD_QUOTA", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payment_seoltab_subscribe": (call) => ok(paid(uidOf(call), "READY")),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    await user.click(screen.getByRole("radio", { name: /가상계좌/ }));
    expect(screen.queryByLabelText("할부 개월")).toBeNull();
    await user.click(screen.getByRole("button", { name: "567,000원 가상계좌 발급받기" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toEqual({
      USER_NO: 12,
      MERCHANT_UID: expect.any(String),
      ITEMS: LINES,
      PAYMENT_METHOD: "VBANK",
    });
  });
});

describe("checkout failures and new cards (issue #11 items 4, 13)", () => {
  async function fillNewCard(user: ReturnType<typeof userEvent.setup>, number: string) {
    await user.type(await screen.findByLabelText("카드 번호"), number);
    await user.selectOptions(screen.getByLabelText("유효기간 월"), "12");
    await user.selectOptions(screen.getByLabelText("유효기간 연도"), "2030");
    await user.type(screen.getByLabelText("생년월일 6자리"), "080101");
    await user.type(screen.getByLabelText("비밀번호 앞 2자리"), "12");
  }

  it("a changed card is registered to be main after payment, paid with BILLING_CARD_ID; a decline says so inline and keeps the main card", async () => {
    const registered: unknown[] = [];
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: CARD }),
        InterestFreeInstallmentPeriod: () => ({ interestFreeInstallmentPeriods: [] }),
        RegisterMainBillingCard: (variables) => {
          registered.push(variables.input);
          return { registerMainBillingCard: 9 };
        },
      }),
      "POST /main/payment_seoltab_subscribe": () =>
        fail(402, "payment_declined", GATEWAY_CODE_MESSAGES["2116"]!, [], {
          PAYMENT: { STATE: "FAILED", FAIL_REASON: GATEWAY_CODE_MESSAGES["2116"] },
        }),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    await user.click(await screen.findByRole("button", { name: "카드 변경" }));
    await fillNewCard(user, "4000000000009995");
    await user.click(screen.getByRole("button", { name: "이 카드로 567,000원 결제하기" }));
    const alert = await screen.findByTestId("checkout-failure");
    expect(alert.textContent).toContain(GATEWAY_CODE_MESSAGES["2116"]);
    expect(alert.textContent).toContain("방금 입력한 카드는 결제 카드로 등록하지 않았어요.");
    expect(alert.textContent).toContain("4242-4242-****-4242");
    expect(registered).toEqual([expect.objectContaining({ mainAfterPayment: true })]);
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toMatchObject({
      PAYMENT_METHOD: "BILLING_CARD",
      BILLING_CARD_ID: 9,
    });
    expect(onPaid).not.toHaveBeenCalled();
    // No "registered" toast: the card is not the main card.
    expect(toast.success).not.toHaveBeenCalled();
    expect(usePaymentStore.getState().paymentSuccessFlag).toBe(false);
    // The card still shown is the main one.
    expect(screen.getByTestId("main-billing-card").textContent).toContain("4242-4242-****-4242");
  });

  it("카드 변경 waits while paying", async () => {
    let release: () => void = () => undefined;
    mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payment_seoltab_subscribe": async (call) => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(paid(uidOf(call)));
      },
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const button = await screen.findByRole("button", { name: "567,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    expect(screen.getByRole("button", { name: "카드 변경" })).toHaveProperty("disabled", true);
    release();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it("the failure toast of a try with no answer is dismissed when the retry goes through", async () => {
    const dismiss = vi.spyOn(toast, "dismiss");
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => ok(paid("x")),
    ];
    mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/payment_seoltab_subscribe": () => answers.shift()!(),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const button = await screen.findByRole("button", { name: "567,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE, {
        toastId: CHECKOUT_FAILURE_TOAST,
      }),
    );
    expect((await screen.findByTestId("checkout-failure")).textContent).toContain(
      NETWORK_ERROR_MESSAGE,
    );
    await user.click(screen.getByRole("button", { name: "567,000원 결제하기" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(dismiss).toHaveBeenCalledWith(CHECKOUT_FAILURE_TOAST);
    expect(screen.queryByTestId("checkout-failure")).toBeNull();
  });
});

describe("isDefiniteFailure", () => {
  it("keeps the MERCHANT_UID only when the outcome is unknown", async () => {
    const { RestError } = await import("../../../lib/rest-client");
    const error = (status: number, errorCode: string) =>
      new RestError({ message: "x", status, errorCode });
    expect(isDefiniteFailure(error(0, "timeout"))).toBe(false);
    expect(isDefiniteFailure(error(500, "internal"))).toBe(false);
    expect(isDefiniteFailure(error(502, "unexpected_response"))).toBe(false);
    expect(isDefiniteFailure(error(503, "gateway_unavailable"))).toBe(true);
    expect(isDefiniteFailure(error(402, "payment_declined"))).toBe(true);
    expect(isDefiniteFailure(error(400, "months_not_allowed"))).toBe(true);
    expect(isDefiniteFailure(new Error("x"))).toBe(false);
  });
});

describe("the server's price (POST /main/Cart_Price, issue #18)", () => {
  const line = (over: Record<string, unknown>) => ({
    ID: 1,
    ITEM_KIND: "LECTURE",
    NAME: "스마트 수학",
    QUANTITY: 3,
    MONTHS: 3,
    LIST_PRICE: 657_000,
    SALE_PRICE: 567_000,
    POLICY_PRICE: 0,
    PAID_PRICE: 567_000,
    POLICIES: [] as { NAME: string; DISCOUNT_KIND: string | null; AMOUNT: number }[],
    ...over,
  });
  const quote = (own: boolean) => ({
    NAME: "스마트 수학 외 2건",
    LINES: [
      line(
        own
          ? {
              POLICY_PRICE: 10_000,
              PAID_PRICE: 557_000,
              POLICIES: [
                {
                  NAME: "내 태블릿 사용 할인",
                  DISCOUNT_KIND: "USER_OWNED_DEVICE_DISCOUNT",
                  AMOUNT: 10_000,
                },
              ],
            }
          : {},
      ),
      line({
        ID: 201,
        ITEM_KIND: "SEOLTAB_BOOK",
        NAME: "설탭 수학 교재",
        QUANTITY: 2,
        MONTHS: 0,
        LIST_PRICE: 30_000,
        SALE_PRICE: 24_000,
        PAID_PRICE: 24_000,
      }),
      line({
        ID: null,
        ITEM_KIND: "DELIVERY_FEE",
        NAME: "배송비",
        QUANTITY: 1,
        MONTHS: 0,
        LIST_PRICE: 3_000,
        SALE_PRICE: 3_000,
        PAID_PRICE: 3_000,
      }),
    ],
    PRODUCTS_PRICE: 594_000,
    DISCOUNTED_VALUE: own ? 10_000 : 0,
    PAID_PRICE: own ? 584_000 : 594_000,
    DELIVERY_FEE: 3_000,
    DISCOUNTS: [],
  });
  const goods = [
    { id: 1, lecture_multiple: 3 },
    { id: 201, lecture_multiple: 2 },
  ];

  it("shows the server's lines (books in 권, the delivery fee, each discount) and pays its amount, own tablet included", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Cart_Price": (call) =>
        ok(quote((call.body as { USES_OWN_DEVICE?: boolean }).USES_OWN_DEVICE === true)),
      "POST /main/payment_seoltab_subscribe": (call) => ok(paid(uidOf(call))),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout(vi.fn(), ORDER, goods);
    const summary = await screen.findByTestId("server-summary");
    expect(within(summary).getByText("설탭 수학 교재")).toBeTruthy();
    expect(within(summary).getByText("2권")).toBeTruthy();
    expect(within(summary).getByText("배송비")).toBeTruthy();
    expect(screen.getByTestId("server-delivery-fee").textContent).toBe("3,000원");
    expect(screen.getByTestId("server-paid-price").textContent).toBe("594,000원");
    // The client estimate (567,000원 for the lecture alone) no longer decides.
    expect(screen.queryByTestId("checkout-total")).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: /내 태블릿 사용/ }));
    await waitFor(() =>
      expect(screen.getByTestId("server-paid-price").textContent).toBe("584,000원"),
    );
    expect(screen.getByText("할인 · 내 태블릿 사용 할인 −10,000원")).toBeTruthy();
    expect(callsTo("/main/Cart_Price").at(-1)?.body).toMatchObject({
      USER_NO: 12,
      ITEMS: goods,
      USES_OWN_DEVICE: true,
    });
    const button = await screen.findByRole("button", { name: "584,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toMatchObject({
      ITEMS: goods,
      USES_OWN_DEVICE: true,
      EXPECTED_PAID_PRICE: 584_000,
    });
  });

  it("409 price_changed: nothing paid, the server's new amount is asked again and shown", async () => {
    let price = 594_000;
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Cart_Price": () => ok({ ...quote(false), PAID_PRICE: price }),
      "POST /main/payment_seoltab_subscribe": () => {
        price = 604_000;
        return fail(
          409,
          "price_changed",
          "장바구니에 담은 뒤 가격이 바뀌었어요. 바뀐 결제 금액 604,000원을 확인하고 다시 결제해 주세요.",
        );
      },
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout(vi.fn(), ORDER, goods);
    const button = await screen.findByRole("button", { name: "594,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    expect((await screen.findByTestId("checkout-failure")).textContent).toContain("604,000원");
    await waitFor(() =>
      expect(screen.getByTestId("server-paid-price").textContent).toBe("604,000원"),
    );
    expect(await screen.findByRole("button", { name: "604,000원 결제하기" })).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
    expect(callsTo("/main/Cart_Price").length).toBeGreaterThanOrEqual(2);
  });

  it("a refused own-tablet choice (a tablet in the cart) shows the server's Korean message", async () => {
    mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Cart_Price": (call) =>
        (call.body as { USES_OWN_DEVICE?: boolean }).USES_OWN_DEVICE
          ? fail(
              400,
              "own_device_with_tablet",
              "가지고 있는 태블릿으로 수업하시면 태블릿을 함께 담을 수 없어요.",
            )
          : ok(quote(false)),
    });
    const user = userEvent.setup();
    renderCheckout(vi.fn(), ORDER, goods);
    await screen.findByTestId("server-summary");
    await user.click(screen.getByRole("checkbox", { name: /내 태블릿 사용/ }));
    expect((await screen.findByTestId("server-quote-error")).textContent).toContain(
      "태블릿을 함께 담을 수 없어요",
    );
  });
});

describe("books, contents and headphone rental on the checkout (Store_Goods, issue #18)", () => {
  const GOODS = {
    GOODS_ITEMS: [
      {
        id: 201,
        item_kind: "SEOLTAB_BOOK",
        title: "설탭 수학 교재",
        subtitle: null,
        basePrice: 15_000,
        salePrice: 12_000,
        stock: 3,
        delivery: "DELIVERY",
        allowed_multiples: [1, 2, 3, 4, 5],
      },
      {
        id: 251,
        item_kind: "CONTENTS",
        title: "설탭 개념 영상",
        subtitle: null,
        basePrice: 9_000,
        salePrice: 9_000,
        stock: null,
        delivery: "DIGITAL",
        allowed_multiples: [1],
      },
    ],
    HEADPHONE_RENTALS: [
      {
        id: 301,
        name: "AirPods Max",
        device_type: "AIR_PODS_MAX",
        device_gen: "AirPods Max",
        color: "실버",
        months: 3,
        basePrice: 60_000,
        rentFee: 45_000,
        count: 4,
      },
    ],
    DELIVERY: { DELIVERY_FEE: 3_000, FREE_DELIVERY_FROM: 30_000, DELIVERY_FEE_FOR_REFUND: 3_000 },
  };

  it("adds books by copies (at most the stock), contents and AirPods Max rental; the server prices and is paid them all", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Store_Goods": () => ok(GOODS),
      "POST /main/Cart_Price": (call) => {
        const items = (call.body as { ITEMS: { id: number; lecture_multiple: number }[] }).ITEMS;
        const total = items.length * 100_000;
        return ok({
          NAME: "스마트 수학",
          LINES: items.map((i) => ({
            ID: i.id,
            ITEM_KIND: i.id === 1 ? "LECTURE" : "SEOLTAB_BOOK",
            NAME: `상품 ${i.id}`,
            QUANTITY: i.lecture_multiple,
            MONTHS: 3,
            LIST_PRICE: 100_000,
            SALE_PRICE: 100_000,
            POLICY_PRICE: 0,
            PAID_PRICE: 100_000,
            POLICIES: [],
          })),
          PRODUCTS_PRICE: total,
          DISCOUNTED_VALUE: 0,
          PAID_PRICE: total,
          DELIVERY_FEE: 0,
          DISCOUNTS: [],
        });
      },
      "POST /main/payment_seoltab_subscribe": (call) => ok(paid(uidOf(call))),
    });
    const user = userEvent.setup();
    const onPaid = renderCheckout();
    const more = await screen.findByRole("button", { name: "설탭 수학 교재 한 권 더하기" });
    expect(screen.getByText(/30,000원 이상이면 무료 배송/)).toBeTruthy();
    await user.click(more);
    await user.click(more);
    await user.click(more);
    expect(more).toHaveProperty("disabled", true); // stock 3
    await user.click(screen.getByRole("button", { name: "설탭 수학 교재 한 권 빼기" }));
    await user.click(screen.getByRole("checkbox", { name: "설탭 개념 영상 담기" }));
    await user.click(screen.getByRole("checkbox", { name: "AirPods Max 실버 대여 담기" }));
    const button = await screen.findByRole("button", { name: "400,000원 결제하기" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    await user.click(button);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toMatchObject({
      ITEMS: [
        { id: 1, lecture_multiple: 3 },
        { id: 201, lecture_multiple: 2 },
        { id: 251, lecture_multiple: 1 },
        { id: 301, lecture_multiple: 1 },
      ],
      EXPECTED_PAID_PRICE: 400_000,
    });
  });
  it("starts with the goods the cart already holds (a rental chosen on the enrollment form) and reports changes", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Store_Goods": () => ok(GOODS),
      "POST /main/Cart_Price": () => fail(503, "unavailable", "잠시 후 다시 시도해 주세요."),
    });
    const onGoodsChange = vi.fn();
    renderWithApollo(
      <Checkout
        order={ORDER}
        lines={LINES}
        goods={[{ id: 301, lecture_multiple: 1 }]}
        onGoodsChange={onGoodsChange}
        userNo={12}
        renewalAmount={189_000}
        cardQuota={0}
        onCardQuotaChange={() => undefined}
        onPaid={vi.fn()}
        now={new Date("2026-11-21T00:00:00Z")}
      />,
    );
    const rental = await screen.findByRole("checkbox", { name: "AirPods Max 실버 대여 담기" });
    expect(rental).toHaveProperty("checked", true);
    await waitFor(() =>
      expect(callsTo("/main/Cart_Price")[0]?.body).toMatchObject({
        ITEMS: [
          { id: 1, lecture_multiple: 3 },
          { id: 301, lecture_multiple: 1 },
        ],
      }),
    );
    await userEvent.setup().click(rental);
    expect(onGoodsChange).toHaveBeenLastCalledWith([]);
  });
  it("hands the server's conversion (CONVERT_SALES_METHOD_NO) to the cart", async () => {
    mockFetch({
      "POST /payment/graphql": graphql(),
      "POST /main/Store_Goods": () => ok(GOODS),
      "POST /main/Cart_Price": () =>
        ok({
          NAME: "스마트 수학",
          LINES: [],
          PRODUCTS_PRICE: 567_000,
          DISCOUNTED_VALUE: 0,
          PAID_PRICE: 567_000,
          DELIVERY_FEE: 0,
          DISCOUNTS: [],
          CONVERT_SALES_METHOD_NO: 9001,
        }),
    });
    const onConversion = vi.fn();
    renderWithApollo(
      <Checkout
        order={ORDER}
        lines={LINES}
        onConversion={onConversion}
        userNo={12}
        renewalAmount={189_000}
        cardQuota={0}
        onCardQuotaChange={() => undefined}
        onPaid={vi.fn()}
        now={new Date("2026-11-21T00:00:00Z")}
      />,
    );
    await waitFor(() => expect(onConversion).toHaveBeenCalledWith(9001));
  });
});
