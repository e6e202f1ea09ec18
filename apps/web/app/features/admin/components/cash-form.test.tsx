import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok } from "../../../test/fetch-mock";
import type { PersonView } from "../api";
import { CashForm } from "./cash-form";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const student: PersonView = {
  USER_NO: 41,
  USER_NAME: "김하늘",
  EMAIL_ID: "sky@example.com",
  USER_TYPE: "STUDENT",
  PHONE: "01011112222",
  PARENT_PHONE: null,
  GRADE: "중2",
  CREATED_AT: null,
};

const catalog = {
  LECTURE_ITEMS: [
    {
      id: 5,
      TTEOK_HAM_Title: "스마트 수학",
      TTEOK_HAM_SubTitle1: null,
      subjects: ["수학"],
      subjectId: null,
      item_type: "LECTURE_SMART",
      school_level: null,
      months: 1,
      group_No: null,
      lecture_vt_No: null,
      basePrice: 210_000,
      salePrice: 189_000,
      allowed_multiples: [1, 3],
    },
  ],
  BASE_SALES_METHOD_WITH_POLICIES: [],
  USER_SALES_METHOD_WITH_POLICIES: [],
  RENT_DEVICES: [],
  CARD_FREE_QUOTA: [],
};

const quote = {
  NAME: "스마트 수학 3개월",
  LINES: [],
  PRODUCTS_PRICE: 567_000,
  DISCOUNTED_VALUE: 27_000,
  PAID_PRICE: 540_000,
  DELIVERY_FEE: 0,
  DISCOUNTS: [],
};

function renderForm(onDone = vi.fn()) {
  render(
    <MemoryRouter>
      <CashForm students={[student]} onDone={onDone} />
    </MemoryRouter>,
  );
  return onDone;
}

describe("cash payment entry (family page)", () => {
  it("shows the server's amount before confirming, then records it with the receipt and reason", async () => {
    const { calls } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalog),
      "POST /main/Cart_Price": () => ok(quote),
      "POST /main/admin/console/cash": () =>
        ok({ PAYMENT_ID: 77, STATE: "PAID", PAID_PRICE: 540_000, MERCHANT_UID: "cash-k" }),
    });
    const user = userEvent.setup();
    const onDone = renderForm();
    await screen.findByRole("option", { name: "스마트 수학 (189,000원/월)" });
    await user.selectOptions(screen.getByLabelText("개월 수"), "3");
    await user.type(screen.getByLabelText("휴대폰 번호 (숫자만)"), "010-1234-5678");
    await user.type(screen.getByLabelText("사유 설명"), "방문 결제 현금 수령");
    await user.click(screen.getByRole("button", { name: "결제 금액 확인" }));

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("540,000원");
    expect(dialog.textContent).toContain("소득공제 (휴대폰 번호) 01012345678");
    // Nothing recorded before the confirm.
    expect(calls.some((c) => c.url.endsWith("/admin/console/cash"))).toBe(false);
    expect(calls.find((c) => c.url.endsWith("/Cart_Price"))?.body).toEqual({
      USER_NO: 41,
      ITEMS: [{ id: 5, lecture_multiple: 3 }],
    });

    await user.click(screen.getByRole("button", { name: "현금 결제 확정" }));
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "현금 결제 540,000원을 기록했어요. 결제 보기",
    );
    const sent = calls.find((c) => c.url.endsWith("/admin/console/cash"))!.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      USER_NO: 41,
      ITEMS: [{ id: 5, lecture_multiple: 3 }],
      EXPECTED_PAID_PRICE: 540_000,
      RECEIPT: { TYPE: "INCOME_DEDUCTION", NUMBER: "01012345678" },
      REASON_CODE: "CASH_RECEIVED",
      REASON: "방문 결제 현금 수령",
    });
    expect(String(sent.IDEMPOTENCY_KEY).length).toBeGreaterThanOrEqual(8);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "결제 보기" }).getAttribute("href")).toBe(
      "/_app/admin/payments/77",
    );
  });

  it("checks the receipt number first and shows the server's refusal", async () => {
    const { calls } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalog),
      "POST /main/Cart_Price": () => ok(quote),
      "POST /main/admin/console/cash": () =>
        fail(409, "price_changed", "장바구니에 담은 뒤 가격이 바뀌었어요."),
    });
    const user = userEvent.setup();
    const onDone = renderForm();
    await screen.findByRole("option", { name: "스마트 수학 (189,000원/월)" });
    await user.selectOptions(screen.getByLabelText("현금영수증"), "EXPENSE_PROOF");
    await user.type(screen.getByLabelText("사업자등록번호 (숫자 10자리)"), "12345");
    await user.type(screen.getByLabelText("사유 설명"), "법인 현금 결제");
    await user.click(screen.getByRole("button", { name: "결제 금액 확인" }));
    expect(
      await screen.findByText("지출증빙용 사업자등록번호 10자리를 입력해 주세요."),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/Cart_Price"))).toBe(false);

    await user.type(screen.getByLabelText("사업자등록번호 (숫자 10자리)"), "67890");
    await user.click(screen.getByRole("button", { name: "결제 금액 확인" }));
    await user.click(await screen.findByRole("button", { name: "현금 결제 확정" }));
    await waitFor(() =>
      expect(screen.getByText("장바구니에 담은 뒤 가격이 바뀌었어요.")).toBeTruthy(),
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
