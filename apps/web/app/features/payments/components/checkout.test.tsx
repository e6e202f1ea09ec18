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
