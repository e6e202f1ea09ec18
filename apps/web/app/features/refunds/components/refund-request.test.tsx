import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApolloRoutes } from "../../../test/apollo-routes";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { graphqlByOperation, graphqlError } from "../../payments/test/render";
import type { RefundEligibility, RefundPayment, RequestRefundResult } from "../api/graphql";
import { RefundRequest } from "./refund-request";

beforeEach(() => {
  vi.spyOn(toast, "error");
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PATH = "/_app/payments/7/refund";
const PATTERN = "/_app/payments/:paymentId/refund";

function payment(overrides: Partial<RefundPayment> = {}): RefundPayment {
  return {
    id: "7",
    state: "PAID",
    paymentMethod: "BILLING_CARD",
    completedAt: "2026-11-21T05:03:00Z",
    name: "스마트 수학 외 1건",
    paidPrice: 567_000,
    refundedAmount: 0,
    ...overrides,
  };
}

const lesson = {
  paymentItemId: "1",
  name: "스마트 수학",
  itemKind: "LECTURE",
  state: "PAID",
  paidPrice: 567_000,
  refundedAmount: 0,
  eligible: true,
  reasons: [],
  amount: 567_000,
  rule: "ACADEMY_BEFORE_START",
  explanation: "수업을 시작하기 전이라 낸 수업료 전액 567,000원을 돌려받을 수 있어요.",
  lessonQuote: null,
  purchaseOrGift: null,
  deviceCondition: null,
};
const tablet = {
  paymentItemId: "2",
  name: "수강 기간 무료 대여 태블릿",
  itemKind: "DEVICE",
  state: "PAID",
  paidPrice: 0,
  refundedAmount: 0,
  eligible: true,
  reasons: [],
  amount: 0,
  rule: "NOTHING_PAID",
  explanation:
    "무료로 빌려 드린 기기라 낸 금액이 없어 돌려받을 금액도 없어요. 수강을 그만두면 기기는 돌려주셔야 해요.",
  lessonQuote: null,
  purchaseOrGift: null,
  deviceCondition: "USED_DEVICE",
};

function eligibility(overrides: Partial<RefundEligibility> = {}): RefundEligibility {
  return {
    paymentId: "7",
    eligible: true,
    reasons: [],
    refundableAmount: 567_000,
    grossAmount: 567_000,
    deductions: [],
    returnReasonAsked: false,
    returnReason: "CHANGE_OF_MIND",
    rule: "ACADEMY_BEFORE_START",
    explanation: "수업을 시작하기 전이라 낸 수업료 전액 567,000원을 돌려받을 수 있어요.",
    channel: "CARD",
    refundAccountRequired: false,
    items: [lesson, tablet],
    renewal: null,
    ...overrides,
  };
}

function result(overrides: Partial<RequestRefundResult> = {}): RequestRefundResult {
  return {
    state: "REFUNDED",
    reasons: [],
    refundedAmount: 567_000,
    amount: 567_000,
    rule: "ACADEMY_BEFORE_START",
    refundRequestId: "31",
    channel: "CARD",
    message: "567,000원이 환불되었어요. 카드사에 따라 3~7영업일 안에 보여요.",
    lessonQuotes: [],
    deductions: [],
    renewal: null,
    ...overrides,
  };
}

function operations(calls: RecordedCall[], name: string) {
  return calls
    .map((c) => c.body as { operationName?: string; variables?: Record<string, unknown> })
    .filter((b) => b.operationName === name)
    .map((b) => b.variables);
}

describe("the refund page", () => {
  it("the free tablet's penalty and a book's return shipping: shown line by line, the reason asked and sent (issue #18)", async () => {
    const penalty = {
      kind: "PENALTY",
      name: "무료 대여 태블릿 중도 해지 위약금",
      paymentItemId: "2",
      ruleAmount: 90_000,
      amount: 90_000,
      explanation:
        "무료 대여 태블릿을 3개월보다 일찍 해지해 못 채운 3개월 × 30,000원 = 위약금 90,000원을 빼요. 태블릿은 돌려주셔야 해요.",
    };
    const fee = {
      kind: "DELIVERY_FEE_FOR_REFUND",
      name: "반품 배송비",
      paymentItemId: null,
      ruleAmount: 3_000,
      amount: 3_000,
      explanation: "단순 변심으로 반품하는 교재의 반품 배송비 3,000원을 빼요.",
    };
    const book = {
      ...lesson,
      paymentItemId: "3",
      name: "설탭 중등 수학 개념서",
      itemKind: "SEOLTAB_BOOK",
      paidPrice: 15_000,
      amount: 15_000,
      rule: "DEVICE_WITHDRAWAL_7_DAYS",
    };
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment({ paidPrice: 204_000 }) }),
        RefundEligibility: (variables) => {
          const defect = variables.returnReason === "DEFECTIVE_OR_NOT_AS_SOLD";
          const deductions = defect ? [penalty] : [penalty, fee];
          return {
            refundEligibility: eligibility({
              items: [{ ...lesson, paidPrice: 189_000, amount: 118_125 }, tablet, book],
              rule: "MIXED",
              grossAmount: 133_125,
              deductions,
              refundableAmount: 133_125 - deductions.reduce((s, d) => s + d.amount, 0),
              returnReasonAsked: true,
              returnReason: defect ? "DEFECTIVE_OR_NOT_AS_SOLD" : "CHANGE_OF_MIND",
            }),
          };
        },
        RequestRefund: () => ({
          requestRefund: result({
            state: "STAFF_REVIEW",
            refundedAmount: 0,
            amount: 43_125,
            rule: "MIXED",
            message: "환불 요청이 접수되었어요. 담당자가 확인한 뒤 안내해 드릴게요.",
            deductions: [penalty],
          }),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    const lines = await screen.findByTestId("refund-deductions");
    expect(lines.textContent).toContain("법에 따른 환불 금액133,125원");
    expect(lines.textContent).toContain("무료 대여 태블릿 중도 해지 위약금−90,000원");
    expect(lines.textContent).toContain("반품 배송비−3,000원");
    expect(lines.textContent).toContain("못 채운 3개월 × 30,000원 = 위약금 90,000원을 빼요");
    expect(screen.getByTestId("refund-amount").textContent).toBe("40,125원");
    expect(screen.getAllByTestId("refund-device-terms")[0]!.textContent).toBe("중고 제품");

    await user.click(screen.getByRole("radio", { name: /상품 불량이거나 설명과 달라요/ }));
    await waitFor(() => expect(screen.getByTestId("refund-amount").textContent).toBe("43,125원"));
    expect(operations(calls, "RefundEligibility").at(-1)).toMatchObject({
      returnReason: "DEFECTIVE_OR_NOT_AS_SOLD",
    });
    expect(screen.queryByText("반품 배송비")).toBeNull();

    await user.type(screen.getByLabelText("환불하려는 이유를 알려 주세요"), "책이 찢어져 왔어요");
    await user.click(screen.getByRole("button", { name: /환불/ }));
    const confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: /환불하기|요청 보내기/ }));
    expect(await screen.findByTestId("refund-result-deduction")).toBeTruthy();
    expect(operations(calls, "RequestRefund")).toEqual([
      {
        input: {
          paymentId: "7",
          reason: "책이 찢어져 왔어요",
          opened: false,
          returnReason: "DEFECTIVE_OR_NOT_AS_SOLD",
        },
      },
    ]);
  });

  it("a lecture with a free tablet: no 0원 sentence, no 'different rules', no question about goods", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: () => ({ refundEligibility: eligibility() }),
      }),
    });
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    await screen.findByRole("heading", { level: 1, name: "환불을 요청해요" });
    const text = document.body.textContent ?? "";
    expect(text).not.toContain("전액 0원");
    expect(text).not.toContain("항목마다 다른 기준");
    expect(text).not.toContain("개봉");
    expect(text).toContain("낸 금액이 없어 돌려받을 금액도 없어요");
    // Nothing was paid for the tablet: whether it was used changes nothing, so it is not asked.
    expect(screen.queryByRole("checkbox", { name: /사용했거나 훼손해/ })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a bought tablet: the question is about use or damage, and a mixed payment says so", async () => {
    const bought = { ...tablet, name: "iPad 10세대 새 제품", paidPrice: 569_000, amount: 569_000 };
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment({ paidPrice: 1_136_000 }) }),
        RefundEligibility: (variables) => ({
          refundEligibility: eligibility({
            items: [
              lesson,
              {
                ...bought,
                rule: variables.opened ? "DEVICE_OPENED_OR_LATE" : "DEVICE_WITHDRAWAL_7_DAYS",
                amount: variables.opened ? 0 : 569_000,
              },
            ],
            rule: "MIXED",
            refundableAmount: variables.opened ? 567_000 : 1_136_000,
          }),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    const used = await screen.findByRole("checkbox", {
      name: "태블릿이나 교재를 사용했거나 훼손해 가치가 떨어졌어요",
    });
    expect(screen.getByTestId("refund-rule").textContent).toBe("항목마다 다른 기준이 적용돼요");
    expect(document.body.textContent).not.toContain("개봉");
    await user.click(used);
    await waitFor(() => expect(screen.getByTestId("refund-amount").textContent).toBe("567,000원"));
    expect(operations(calls, "RefundEligibility").at(-1)).toMatchObject({ opened: true });
  });

  it("an eligible card payment: items, rule, amount, done at once → REFUNDED", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: () => ({ refundEligibility: eligibility() }),
        RequestRefund: () => ({ requestRefund: result() }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });

    expect(await screen.findByRole("heading", { level: 1, name: "환불을 요청해요" })).toBeTruthy();
    const items = screen.getByRole("list", { name: "결제 항목" });
    expect(within(items).getByRole("checkbox", { name: "스마트 수학" })).toBeTruthy();
    expect(
      within(items).getByRole("checkbox", { name: "수강 기간 무료 대여 태블릿" }),
    ).toBeTruthy();
    expect(screen.getByTestId("refund-amount").textContent).toBe("567,000원");
    expect(screen.getByTestId("refund-rule").textContent).toContain("교습 시작 전");
    expect(screen.getByTestId("refund-explanation").textContent).toContain(
      "수업을 시작하기 전이라",
    );
    expect(
      screen.getByRole("heading", { level: 2, name: "결제한 카드로 바로 환불돼요" }),
    ).toBeTruthy();
    expect(screen.queryByLabelText("은행")).toBeNull();

    // The reason is required; nothing is sent without it.
    await user.click(screen.getByRole("button", { name: "567,000원 환불하기" }));
    expect(await screen.findByText("환불 사유를 입력해 주세요.")).toBeTruthy();
    expect(operations(calls, "RequestRefund")).toEqual([]);

    await user.type(screen.getByLabelText("환불하려는 이유를 알려 주세요"), "일정이 맞지 않아요");
    await user.click(screen.getByRole("button", { name: "567,000원 환불하기" }));
    const confirm = await screen.findByRole("dialog", { name: "환불할까요?" });
    await user.click(within(confirm).getByRole("button", { name: "환불하기" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "환불이 완료되었어요" }),
    ).toBeTruthy();
    expect(screen.getByTestId("refund-result-amount").textContent).toBe("567,000원");
    expect(screen.getByTestId("refund-result-message").textContent).toContain("환불되었어요");
    expect(screen.getByRole("link", { name: "내 결제 내역" }).getAttribute("href")).toBe(
      "/_app/payments",
    );
    expect(operations(calls, "RequestRefund")).toEqual([
      { input: { paymentId: "7", reason: "일정이 맞지 않아요" } },
    ]);
  });

  it("a lecture quoted by its lesson ledger: how the amount was computed, in Korean (issue 14)", async () => {
    const quote = {
      paymentItemId: "1",
      lessonsHeld: 3,
      lessonsCounted: 3,
      lessonsBought: 8,
      listPrice: 189_000,
      pricePerLesson: 23_625,
      deductedAmount: 70_875,
      summary: "수업 3회 진행 × 회당 23,625원 = 70,875원 차감",
    };
    const explanation =
      "낸 수업료 189,000원에서 진행한 수업 3회의 수업료(회당 23,625원 × 3회 = 70,875원)를 뺀 118,125원을 돌려받을 수 있어요.";
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment({ paidPrice: 189_000 }) }),
        RefundEligibility: () => ({
          refundEligibility: eligibility({
            refundableAmount: 118_125,
            rule: "REMOTE_LESSONS_TAKEN",
            explanation,
            items: [
              {
                ...lesson,
                paidPrice: 189_000,
                amount: 118_125,
                rule: "REMOTE_LESSONS_TAKEN",
                explanation,
                lessonQuote: quote,
              },
              tablet,
            ],
          }),
        }),
        RequestRefund: () => ({
          requestRefund: result({
            refundedAmount: 118_125,
            amount: 118_125,
            rule: "REMOTE_LESSONS_TAKEN",
            message: "118,125원이 환불되었어요.",
            lessonQuotes: [quote],
          }),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    const line = await screen.findByTestId("refund-lesson-quote");
    expect(line.textContent).toContain("수업 3회 진행 × 회당 23,625원 = 70,875원 차감");
    expect(line.textContent).toContain("판매가 189,000원 ÷ 8회");
    expect(screen.getByTestId("refund-amount").textContent).toBe("118,125원");
    expect(screen.getByTestId("refund-rule").textContent).toContain("원격교습");
    await user.type(screen.getByLabelText("환불하려는 이유를 알려 주세요"), "그만둘게요");
    await user.click(screen.getByRole("button", { name: "118,125원 환불하기" }));
    const confirm = await screen.findByRole("dialog", { name: "환불할까요?" });
    await user.click(within(confirm).getByRole("button", { name: "환불하기" }));
    expect((await screen.findByTestId("refund-result-lesson-quote")).textContent).toBe(
      "수업 3회 진행 × 회당 23,625원 = 70,875원 차감",
    );
    expect(screen.getByTestId("refund-result-amount").textContent).toBe("118,125원");
  });

  it("a payment past one month: the reason in Korean, the law's amount, sent to staff", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: () => ({
          refundEligibility: eligibility({
            eligible: false,
            reasons: ["ONE_MONTH_PASSED"],
            refundableAmount: 283_500,
            rule: "ACADEMY_FIRST_HALF",
            explanation:
              "3개월 중 2개월째 달의 1/2이 지나기 전이라 283,500원을 돌려받을 수 있어요.",
            items: [{ ...lesson, eligible: false, reasons: ["ONE_MONTH_PASSED"] }],
          }),
        }),
        RequestRefund: () => ({
          requestRefund: result({
            state: "STAFF_REVIEW",
            reasons: ["ONE_MONTH_PASSED"],
            refundedAmount: 0,
            amount: 283_500,
            rule: "ACADEMY_FIRST_HALF",
            message: "환불 요청이 접수되었어요. 담당자가 확인한 뒤 안내해 드릴게요.",
          }),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });

    const how = await screen.findByTestId("refund-how");
    expect(
      within(how).getByRole("heading", { name: "담당자가 확인한 뒤 환불해 드려요" }),
    ).toBeTruthy();
    expect(
      within(how).getByText(
        "결제 후 1개월이 지나 직접 환불할 수 없어요 — 상담원이 확인 후 환불해 드려요.",
      ),
    ).toBeTruthy();
    expect(screen.getByTestId("refund-amount").textContent).toBe("283,500원");
    // One item left: no choice to make.
    expect(screen.queryByRole("checkbox", { name: "스마트 수학" })).toBeNull();

    await user.type(screen.getByLabelText("환불하려는 이유를 알려 주세요"), "이사를 가요");
    await user.click(screen.getByRole("button", { name: "환불 요청 보내기" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "환불을 요청할까요?" })).getByRole(
        "button",
        { name: "요청 보내기" },
      ),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "환불 요청이 접수되었어요" }),
    ).toBeTruthy();
    expect(screen.getByTestId("refund-result-amount").textContent).toBe("283,500원");
    expect(screen.getByText(/상담원이 확인 후 환불해 드려요/)).toBeTruthy();
  });

  it("a virtual-account payment needs the bank account it is paid back to", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment({ paymentMethod: "VBANK" }) }),
        RefundEligibility: () => ({
          refundEligibility: eligibility({
            eligible: false,
            reasons: ["VBANK_IS_NOT_ALLOWED"],
            channel: "BANK",
            refundAccountRequired: true,
            items: [{ ...lesson, eligible: false, reasons: ["VBANK_IS_NOT_ALLOWED"] }],
          }),
        }),
        RequestRefund: () => ({
          requestRefund: result({
            state: "STAFF_REVIEW",
            reasons: ["VBANK_IS_NOT_ALLOWED"],
            refundedAmount: 0,
            channel: "BANK",
            message: "환불 요청이 접수되었어요. 담당자가 확인한 뒤 안내해 드릴게요.",
          }),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });

    expect(await screen.findByRole("group", { name: "환불받을 계좌" })).toBeTruthy();
    expect(screen.getByText(/가상계좌 결제는 계좌로 환불돼요/)).toBeTruthy();
    await user.type(screen.getByLabelText("환불하려는 이유를 알려 주세요"), "단순 변심");
    await user.click(screen.getByRole("button", { name: "환불 요청 보내기" }));
    expect(await screen.findByText("환불받을 은행을 골라 주세요.")).toBeTruthy();
    expect(screen.getByText("계좌번호를 입력해 주세요.")).toBeTruthy();
    expect(screen.getByText("예금주 이름을 입력해 주세요.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.selectOptions(screen.getByLabelText("은행"), "004");
    await user.type(screen.getByLabelText("계좌번호"), "12ab");
    await user.type(screen.getByLabelText("예금주"), "김서연");
    await user.click(screen.getByRole("button", { name: "환불 요청 보내기" }));
    expect(await screen.findByText("계좌번호는 숫자 6~20자리로 입력해 주세요.")).toBeTruthy();
    await user.clear(screen.getByLabelText("계좌번호"));
    await user.type(screen.getByLabelText("계좌번호"), "123-456-789012");
    await user.click(screen.getByRole("button", { name: "환불 요청 보내기" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "요청 보내기" }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "환불 요청이 접수되었어요" }),
    ).toBeTruthy();
    expect(operations(calls, "RequestRefund")).toEqual([
      {
        input: {
          paymentId: "7",
          reason: "단순 변심",
          refundAccount: { bankCode: "004", accountNumber: "123456789012", holder: "김서연" },
        },
      },
    ]);
  });

  it("leaving an item out asks for the amount of the others", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: (variables) => ({
          refundEligibility: eligibility(
            variables.paymentItemIds
              ? { refundableAmount: 0, rule: "NOTHING_PAID", explanation: tablet.explanation }
              : {},
          ),
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    await user.click(await screen.findByRole("checkbox", { name: "스마트 수학" }));
    await waitFor(() => expect(screen.getByTestId("refund-amount").textContent).toBe("0원"));
    expect(operations(calls, "RefundEligibility").at(-1)).toMatchObject({
      paymentId: "7",
      paymentItemIds: ["2"],
    });
    // Only the tablet lent free (0 won): nothing to give back, said on the page and not sent
    // (issue #11 item 10 changes this: it used to go to staff).
    expect(screen.getByRole("alert").textContent).toBe(
      "고른 항목은 낸 금액이 없어(0원) 돌려받을 금액이 없어요. 환불받을 수업이나 상품을 함께 골라 주세요.",
    );
    expect(
      (screen.getByRole("button", { name: "환불 요청 보내기" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByTestId("refund-how")).toBeNull();
    expect(screen.getByTestId("refund-rule").textContent).not.toContain("항목마다 다른 기준");
    await user.click(screen.getByRole("checkbox", { name: "수강 기간 무료 대여 태블릿" }));
    expect(screen.getByText("환불할 항목을 하나 이상 골라 주세요.")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "환불 요청 보내기" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("a refusal is a toast with the server's message, and the page is asked again", async () => {
    let asked = 0;
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: () => {
          asked += 1;
          return { refundEligibility: eligibility() };
        },
        RequestRefund: () =>
          graphqlError("다른 환불 요청을 처리하고 있어요. 잠시 후 다시 시도해 주세요.", {
            classification: "BAD_REQUEST",
            code: "refund_in_progress",
          }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    await user.type(await screen.findByLabelText("환불하려는 이유를 알려 주세요"), "변심");
    await user.click(screen.getByRole("button", { name: "567,000원 환불하기" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "환불하기" }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "다른 환불 요청을 처리하고 있어요. 잠시 후 다시 시도해 주세요.",
      ),
    );
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole("heading", { level: 1, name: "환불을 요청해요" })).toBeTruthy();
  });

  it("cancelling the confirmation sends nothing", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment() }),
        RefundEligibility: () => ({ refundEligibility: eligibility() }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    await user.type(await screen.findByLabelText("환불하려는 이유를 알려 주세요"), "변심");
    await user.click(screen.getByRole("button", { name: "567,000원 환불하기" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "취소" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(operations(calls, "RequestRefund")).toEqual([]);
  });

  it("another person's payment: the server's refusal, with the ways back", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => graphqlError("다른 사람의 결제예요.", { classification: "FORBIDDEN" }),
        RefundEligibility: () =>
          graphqlError("본인이나 자녀의 결제만 환불을 요청할 수 있어요.", {
            classification: "FORBIDDEN",
            code: "not_my_payment",
          }),
      }),
    });
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    expect(
      await screen.findByRole("heading", { level: 1, name: "환불 정보를 불러오지 못했어요" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "본인이나 자녀의 결제만 환불을 요청할 수 있어요.",
    );
    expect(screen.getByRole("button", { name: "다시 시도" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "내 결제 내역" }).getAttribute("href")).toBe(
      "/_app/payments",
    );
  });

  it("nothing left to refund: says so, without a form", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        RefundPayment: () => ({ payment: payment({ state: "TOTALLY_REFUNDED" }) }),
        RefundEligibility: () => ({
          refundEligibility: eligibility({
            eligible: false,
            reasons: ["REFUNDED_PAYMENT_ITEM"],
            refundableAmount: 0,
            items: [
              { ...lesson, state: "REFUNDED", refundedAmount: 567_000 },
              { ...tablet, state: "REFUNDED" },
            ],
          }),
        }),
      }),
    });
    renderWithApolloRoutes(<RefundRequest paymentId="7" />, PATH, { pattern: PATTERN });
    expect(
      await screen.findByRole("heading", { level: 2, name: "환불할 수 있는 항목이 없어요" }),
    ).toBeTruthy();
    expect(screen.getAllByText("환불 완료")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /환불/ })).toBeNull();
  });
});
