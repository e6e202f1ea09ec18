import { GATEWAY_CODE_MESSAGES } from "@seoltab/domain";
import { seoulDateTime } from "../format";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import type { PaymentDetail } from "../api/graphql";
import { graphqlByOperation, renderWithApollo } from "../test/render";
import { PaymentResult } from "./payment-result";
import { PaymentsList } from "./payments-list";

afterEach(() => vi.unstubAllGlobals());

function payment(overrides: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    id: "7",
    userId: 12,
    state: "PAID",
    paymentMethod: "BILLING_CARD",
    completedAt: "2026-11-21T05:03:00Z",
    createdAt: "2026-11-21T05:02:58Z",
    name: "스마트 수학 외 1건",
    productsPrice: 567_000,
    discountedValue: 0,
    paidPrice: 567_000,
    refundedAmount: 0,
    failReason: null,
    receiptUrl: "https://receipt.example/7",
    cardQuota: 0,
    virtualAccount: null,
    items: [
      {
        id: "1",
        itemKind: "LECTURE",
        name: "스마트 수학",
        quantity: 3,
        months: 3,
        salePrice: 567_000,
        policyPrice: 0,
        paidPrice: 567_000,
        listPrice: 657_000,
        policies: [],
      },
      {
        id: "2",
        itemKind: "DEVICE",
        name: "수강 기간 무료 대여 태블릿",
        quantity: 1,
        months: 1,
        salePrice: 0,
        policyPrice: 0,
        paidPrice: 0,
        listPrice: 0,
        policies: [],
      },
    ],
    ...overrides,
  };
}

function vbankPayment(state: string): PaymentDetail {
  return payment({
    state,
    paymentMethod: "VBANK",
    completedAt: state === "PAID" ? "2026-11-21T06:00:00Z" : null,
    receiptUrl: null,
    virtualAccount: {
      bankName: "신한은행",
      accountNumber: "110123456789",
      holder: "(주)설탭",
      dueAt: "2026-11-24T14:59:59Z",
    },
  });
}

describe("/payment_finish receipt", () => {
  it("shows the paid amount, method, time in Asia/Seoul, items and the receipt link", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({ Payment: () => ({ payment: payment() }) }),
    });
    renderWithApollo(<PaymentResult paymentId="7" />, "/payment_finish");
    expect(
      await screen.findByRole("heading", { level: 1, name: "결제가 완료되었어요" }),
    ).toBeTruthy();
    expect(screen.getByTestId("finish-paid-price").textContent).toBe("567,000원");
    expect(screen.getByText("카드 · 일시불")).toBeTruthy();
    // 05:03 UTC is 14:03 in Seoul.
    expect(screen.getByText(/2026년 11월 21일 14:03/)).toBeTruthy();
    expect(screen.getByText("스마트 수학")).toBeTruthy();
    expect(screen.getByRole("link", { name: /영수증 보기/ }).getAttribute("href")).toBe(
      "https://receipt.example/7",
    );
    expect(screen.getByRole("link", { name: "내 결제 내역" }).getAttribute("href")).toBe(
      "/_app/payments",
    );
    // After paying, the contract of this order (not another unsigned one) is to be signed.
    expect(screen.getByRole("link", { name: "계약서 서명하기" }).getAttribute("href")).toBe(
      "/_app/contracts/sign?userId=12&paymentId=7",
    );
  });

  it("a card payment still READY: 결제 확인 중, asked again until PAID", async () => {
    let state = "READY";
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => {
          const answer = { payment: payment({ state, completedAt: null }) };
          state = "PAID";
          return answer;
        },
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" pollMs={20} />, "/payment_finish");
    expect(await screen.findByRole("heading", { level: 1, name: "결제 확인 중" })).toBeTruthy();
    expect(
      await screen.findByRole("heading", { level: 1, name: "결제가 완료되었어요" }),
    ).toBeTruthy();
    expect(callsTo("/payment/graphql").length).toBeGreaterThanOrEqual(2);
  });

  it("a virtual account shows the bank, number, holder and due date", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => ({
          payment: payment({
            state: "READY",
            paymentMethod: "VBANK",
            completedAt: null,
            receiptUrl: null,
            virtualAccount: {
              bankName: "신한은행",
              accountNumber: "56211234567890",
              holder: "(주)설탭",
              dueAt: "2026-11-24T14:59:59Z",
            },
          }),
        }),
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" />, "/payment_finish");
    expect(
      await screen.findByRole("heading", { level: 1, name: "가상계좌가 발급되었어요" }),
    ).toBeTruthy();
    // Issue #11 item 13 changed this: the number is grouped for reading (copied as digits).
    expect(screen.getByTestId("vbank-account-number").textContent).toBe("5621-1234-5678-90");
    expect(screen.getByText("(주)설탭")).toBeTruthy();
    expect(screen.getByText("2026년 11월 24일 23:59까지")).toBeTruthy();
    expect(screen.getByText("입금 대기")).toBeTruthy();
  });

  it("shows the checkout's figures: 정가, 할인 · 기본 할인가 and each policy, 결제 금액", async () => {
    const base = payment();
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => ({
          payment: {
            ...base,
            productsPrice: 567_000,
            discountedValue: 10_000,
            paidPrice: 557_000,
            items: [
              {
                ...base.items[0]!,
                policyPrice: 10_000,
                paidPrice: 557_000,
                policies: [{ name: "형제 할인", amount: 10_000 }],
              },
              base.items[1]!,
            ],
          },
        }),
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" />, "/payment_finish");
    expect(await screen.findByTestId("finish-list-price")).toBeTruthy();
    const row = (label: string) =>
      screen.getByText(label, { selector: "dt" }).nextSibling?.textContent;
    expect(row("정가")).toBe("657,000원");
    expect(row("할인 · 기본 할인가")).toBe("−90,000원");
    expect(row("할인 · 형제 할인")).toBe("−10,000원");
    expect(screen.getByTestId("finish-paid-price").textContent).toBe("557,000원");
    expect(screen.queryByText("상품 금액")).toBeNull();
  });

  it("a virtual account: 계좌번호 복사 copies the digits and says 복사했어요", async () => {
    // After userEvent.setup(), which puts its own clipboard in place.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => ({ payment: vbankPayment("READY") }),
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" />, "/payment_finish");
    await user.click(await screen.findByRole("button", { name: "계좌번호 복사" }));
    expect(writeText).toHaveBeenCalledWith("110123456789");
    expect(await screen.findByText("복사했어요")).toBeTruthy();
    // 신한은행 prints 12 digits as 3-3-6.
    expect(screen.getByTestId("vbank-account-number").textContent).toBe("110-123-456789");
  });

  it("a virtual account turns 결제 완료 in place once the deposit arrives, and stops asking", async () => {
    let answers = 0;
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => {
          answers += 1;
          return { payment: vbankPayment(answers >= 3 ? "PAID" : "READY") };
        },
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" depositPollMs={10} />, "/payment_finish");
    expect(
      await screen.findByRole("heading", { level: 1, name: "가상계좌가 발급되었어요" }),
    ).toBeTruthy();
    expect(
      await screen.findByRole("heading", { level: 1, name: "결제가 완료되었어요" }),
    ).toBeTruthy();
    expect(screen.getByTestId("finish-deposit-status").textContent).toBe(
      "입금이 확인되어 결제가 완료되었어요.",
    );
    expect(screen.queryByRole("button", { name: "계좌번호 복사" })).toBeNull();
    const asked = callsTo("/payment/graphql").length;
    await new Promise((r) => setTimeout(r, 200));
    expect(callsTo("/payment/graphql").length).toBe(asked);
  });

  it("a virtual account is not asked about while the page is hidden", async () => {
    let hidden = false;
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payment: () => ({ payment: vbankPayment("READY") }),
      }),
    });
    renderWithApollo(<PaymentResult paymentId="7" depositPollMs={10} />, "/payment_finish");
    await screen.findByRole("heading", { level: 1, name: "가상계좌가 발급되었어요" });
    await waitFor(() => expect(callsTo("/payment/graphql").length).toBeGreaterThanOrEqual(2));
    hidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((r) => setTimeout(r, 50));
    const asked = callsTo("/payment/graphql").length;
    await new Promise((r) => setTimeout(r, 200));
    expect(callsTo("/payment/graphql").length).toBe(asked);
    // Shown again: asked at once.
    hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(callsTo("/payment/graphql").length).toBeGreaterThan(asked));
    Reflect.deleteProperty(document, "visibilityState");
  });

  it("without a paymentId: says so, with the ways back", () => {
    mockFetch({});
    renderWithApollo(<PaymentResult paymentId={null} />, "/payment_finish");
    expect(screen.getByRole("heading", { name: "결제 정보를 찾을 수 없어요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "홈으로" })).toBeTruthy();
  });
});

describe("/_app/payments list", () => {
  it("lists payments with Korean states and loads the next page with 더 보기", async () => {
    const summary = (id: string, state: string, name: string) => ({
      id,
      state,
      paymentMethod: "BILLING_CARD",
      // A failed attempt never gets a payment time; it shows when it was tried.
      completedAt: state === "FAILED" ? null : "2026-11-21T05:03:00Z",
      createdAt: "2026-11-21T05:01:00Z",
      name,
      productsPrice: 567_000,
      discountedValue: 0,
      paidPrice: 567_000,
      refundedAmount: 0,
      failReason: state === "FAILED" ? "[F113] 카드 한도가 부족합니다." : null,
      receiptUrl: null,
      userId: 12,
      items: [{ id: `${id}1`, state: state === "TOTALLY_REFUNDED" ? "REFUNDED" : "PAID" }],
      virtualAccount: null,
    });
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payments: (variables) =>
          variables.after
            ? {
                userPayments: {
                  payments: [
                    {
                      ...summary("1", "TOTALLY_REFUNDED", "베이직 영어"),
                      refundedAmount: 567_000,
                    },
                  ],
                  hasNextPage: false,
                  endCursor: null,
                },
              }
            : {
                userPayments: {
                  payments: [
                    summary("3", "PAID", "스마트 수학"),
                    summary("2", "FAILED", "스마트 국어"),
                  ],
                  hasNextPage: true,
                  endCursor: "c2",
                },
              },
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(<PaymentsList />, "/_app/payments");
    expect(await screen.findByRole("heading", { level: 2, name: "스마트 수학" })).toBeTruthy();
    expect(screen.getByText("결제 완료")).toBeTruthy();
    expect(screen.getByText("결제 실패")).toBeTruthy();
    // Issue #11 item 3 changed this: a gateway code is shown as the shared table's message, and
    // a failed attempt shows its time instead of "결제 전".
    expect(screen.getByText(`실패 사유: ${GATEWAY_CODE_MESSAGES.F113}`)).toBeTruthy();
    expect(document.body.textContent).not.toContain("[F113]");
    const failed = screen.getByRole("article", { name: "스마트 국어" });
    expect(within(failed).getByText(`${seoulDateTime("2026-11-21T05:01:00Z")} 시도`)).toBeTruthy();
    expect(within(failed).queryByText("결제 전")).toBeNull();
    await user.click(screen.getByRole("button", { name: "더 보기" }));
    expect(await screen.findByRole("heading", { level: 2, name: "베이직 영어" })).toBeTruthy();
    expect(screen.getByText("전액 환불")).toBeTruthy();
    const refunded = screen.getByRole("article", { name: "베이직 영어" });
    expect(within(refunded).getByText("환불 금액").nextSibling?.textContent).toBe("567,000원");
    // 환불 요청 only where something is left to refund.
    expect(
      screen.getAllByRole("link", { name: /환불 요청/ }).map((a) => a.getAttribute("href")),
    ).toEqual(["/_app/payments/3/refund"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "더 보기" })).toBeNull());
    const variables = callsTo("/payment/graphql").map(
      (c) => (c.body as { variables: unknown }).variables,
    );
    expect(variables).toEqual([{ first: 20 }, { first: 20, after: "c2" }]);
  });
});

describe("/_app/payments refund states", () => {
  it("a payment whose refund is being checked says so, without the action", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payments: () => ({
          userPayments: {
            payments: [
              {
                id: "4",
                userId: 12,
                state: "PAID",
                paymentMethod: "VBANK",
                completedAt: "2026-11-21T05:03:00Z",
                name: "스마트 수학",
                productsPrice: 567_000,
                discountedValue: 0,
                paidPrice: 567_000,
                refundedAmount: 0,
                failReason: null,
                receiptUrl: null,
                items: [{ id: "41", state: "REFUND_REQUESTED" }],
                virtualAccount: null,
              },
            ],
            hasNextPage: false,
            endCursor: null,
          },
        }),
      }),
    });
    renderWithApollo(<PaymentsList />, "/_app/payments");
    expect(await screen.findByTestId("refund-checking")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /환불 요청/ })).toBeNull();
  });
});

describe("/_app/payments virtual account", () => {
  it("a READY virtual account shows its bank, grouped number and 입금 기한 (Asia/Seoul)", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payments: () => ({
          userPayments: {
            payments: [
              {
                id: "5",
                userId: 12,
                state: "READY",
                paymentMethod: "VBANK",
                completedAt: null,
                createdAt: "2026-11-21T05:01:00Z",
                name: "스마트 수학",
                productsPrice: 567_000,
                discountedValue: 0,
                paidPrice: 567_000,
                refundedAmount: 0,
                failReason: null,
                receiptUrl: null,
                items: [{ id: "51", state: "READY" }],
                virtualAccount: {
                  bankName: "신한은행",
                  accountNumber: "56201234567890",
                  holder: "(주)설탭",
                  dueAt: "2026-11-24T14:59:59Z",
                },
              },
            ],
            hasNextPage: false,
            endCursor: null,
          },
        }),
      }),
    });
    renderWithApollo(<PaymentsList />, "/_app/payments");
    const box = await screen.findByTestId("payments-vbank");
    expect(within(box).getByText("입금 계좌").nextSibling?.textContent).toBe(
      "신한은행 5620-1234-5678-90",
    );
    // 14:59:59 UTC is 23:59 in Seoul.
    expect(within(box).getByText("2026년 11월 24일 23:59까지")).toBeTruthy();
    expect(screen.getByText("입금 대기")).toBeTruthy();
  });
});
