import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AUTH, useRootStore } from "../../../stores/root-store";
import { fail, mockFetch, ok } from "../../../test/fetch-mock";
import type { SalesPoliciesPage } from "../sales-policies";
import { SalesPolicies } from "./sales-policies";

afterEach(() => {
  useRootStore.setState({ auth: DEFAULT_AUTH });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function signInAs(userType: "ADMIN" | "SALES_TEAM") {
  useRootStore.setState({
    auth: {
      ...DEFAULT_AUTH,
      flag: true,
      data: {
        token: "t",
        EMAIL_ID: "staff@example.com",
        USER_NO: 1,
        USER_TYPE: userType,
        USER_NAME: "운영팀",
      },
    },
  });
}

const policy9 = {
  ID: 1,
  SALES_METHOD_ID: 9001,
  NAME: "수업과 함께 사는 새 iPad 9세대 할인",
  DISCOUNT_KIND: "DEVICE_OWNER_DISCOUNT",
  DISCOUNT_TYPE: "AMOUNT" as const,
  VALUE: 30_000,
  MONTHS: null,
  ITEM_KIND: "DEVICE",
  DEVICE_GEN: "9",
  IS_ACTIVE: true,
};

const PAGE: SalesPoliciesPage = {
  SALES_METHODS: [
    {
      ID: 9000,
      NAME: "수업과 새 태블릿 함께 구매",
      USER_NO: null,
      IS_ACTIVE: true,
      TO_SALES_METHOD_NO: 9001,
      CONVERSION_ONLY: false,
      POLICIES: [],
    },
    {
      ID: 9001,
      NAME: "새 태블릿 함께 구매 할인",
      USER_NO: null,
      IS_ACTIVE: true,
      TO_SALES_METHOD_NO: null,
      CONVERSION_ONLY: true,
      POLICIES: [policy9],
    },
  ],
  ACTIVE_LECTURE_SALES_METHODS: [
    {
      id: 9000,
      to_sales_method_no: 9001,
      policy11: null,
      policy9: { name: policy9.NAME, value: 30_000, discountType: "AMOUNT" },
    },
  ],
};

const renderPage = () =>
  render(
    <MemoryRouter>
      <SalesPolicies />
    </MemoryRouter>,
  );

describe("/_app/admin/sales-policies", () => {
  it("SALES_TEAM reads the conversions and policies but gets no form and no 끄기", async () => {
    signInAs("SALES_TEAM");
    mockFetch({ "POST /main/admin/sales_policies": () => ok(PAGE) });
    renderPage();
    expect(await screen.findByText("#9000 → #9001")).toBeTruthy();
    expect(screen.getByText(/9세대: 수업과 함께 사는 새 iPad 9세대 할인/)).toBeTruthy();
    expect(screen.getByTestId("sales-policy-1").textContent).toContain("30,000원 · 새 iPad 9세대");
    expect(screen.queryByRole("form", { name: "판매 정책 만들기" })).toBeNull();
    expect(screen.queryByRole("button", { name: "끄기" })).toBeNull();
  });

  it("ADMIN creates a policy (the server's refusal shown as it comes) and turns one off with a reason", async () => {
    signInAs("ADMIN");
    let refuse = true;
    const { callsTo } = mockFetch({
      "POST /main/admin/sales_policies": () => ok(PAGE),
      "POST /main/admin/sales_policies/create": () =>
        refuse
          ? fail(
              400,
              "policy_makes_line_negative",
              "할인 금액이 「스마트 수학」 결제 금액 189,000원보다 커서 결제 금액이 0원 아래가 돼요. 금액을 줄여 주세요.",
            )
          : ok({ POLICY: { ...policy9, ID: 7, NAME: "두 번째 과목 할인", ITEM_KIND: "LECTURE" } }),
      "POST /main/admin/sales_policies/deactivate": () =>
        ok({ POLICY: { ...policy9, IS_ACTIVE: false }, CHANGED: true }),
    });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole("form", { name: "판매 정책 만들기" });
    await user.selectOptions(within(form).getByLabelText("판매 방식"), "9000");
    await user.type(within(form).getByLabelText(/정책 이름/), "두 번째 과목 할인");
    await user.type(within(form).getByLabelText("할인 금액 (원)"), "200000");
    await user.type(within(form).getByLabelText(/사유/), "영업팀 요청");
    await user.click(within(form).getByRole("button", { name: "정책 만들기" }));
    expect((await within(form).findByRole("alert")).textContent).toContain("0원 아래");
    expect(callsTo("/main/admin/sales_policies/create")[0]?.body).toEqual({
      SALES_METHOD_ID: 9000,
      NAME: "두 번째 과목 할인",
      DISCOUNT_KIND: "ADDITIONAL_LECTURE_DISCOUNT",
      DISCOUNT_TYPE: "AMOUNT",
      VALUE: 200_000,
      MONTHS: null,
      ITEM_KIND: "LECTURE",
      DEVICE_GEN: null,
      REASON: "영업팀 요청",
    });
    refuse = false;
    await user.click(within(form).getByRole("button", { name: "정책 만들기" }));
    expect((await screen.findByRole("status")).textContent).toContain("정책 #7");

    const row = screen.getByTestId("sales-policy-1");
    const off = within(row).getByRole("button", { name: "끄기" });
    expect(off).toHaveProperty("disabled", true); // a reason first
    await user.type(within(row).getByLabelText("정책 #1 끄는 사유"), "행사 종료");
    await user.click(off);
    await waitFor(() =>
      expect(callsTo("/main/admin/sales_policies/deactivate")[0]?.body).toEqual({
        POLICY_ID: 1,
        REASON: "행사 종료",
      }),
    );
  });
});
