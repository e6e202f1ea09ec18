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
      },
    ],
    ...overrides,
  };
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
    // After paying, the contract of the order is to be signed.
    expect(screen.getByRole("link", { name: "계약서 서명하기" }).getAttribute("href")).toBe(
      "/_app/contracts/sign?userId=12",
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
    expect(screen.getByText("56211234567890")).toBeTruthy();
    expect(screen.getByText("(주)설탭")).toBeTruthy();
    expect(screen.getByText("2026년 11월 24일 23:59까지")).toBeTruthy();
    expect(screen.getByText("입금 대기")).toBeTruthy();
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
      completedAt: "2026-11-21T05:03:00Z",
      name,
      productsPrice: 567_000,
      discountedValue: 0,
      paidPrice: 567_000,
      refundedAmount: 0,
      failReason: state === "FAILED" ? "[F113] 카드 한도가 부족합니다." : null,
      receiptUrl: null,
      userId: 12,
      items: [{ id: `${id}1`, state: state === "TOTALLY_REFUNDED" ? "REFUNDED" : "PAID" }],
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
    expect(screen.getByText("실패 사유: [F113] 카드 한도가 부족합니다.")).toBeTruthy();
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
