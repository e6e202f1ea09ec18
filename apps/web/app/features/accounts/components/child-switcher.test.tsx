import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import AppHome from "../../../routes/app-home";
import AppPayments from "../../../routes/app-payments";
import { useRootStore, type LoginResponse } from "../../../stores/root-store";
import { renderWithApolloRoutes } from "../../../test/apollo-routes";
import { mockFetch, ok, type RecordedCall } from "../../../test/fetch-mock";
import { graphqlByOperation } from "../../payments/test/render";
import { ACTING_CHILD_STORAGE_KEY, useActingChildStore } from "../../../stores/acting-child-store";
import { ChildSwitcher } from "./child-switcher";

const CHILDREN = [
  { USER_NO: 7, USER_NAME: "김하늘" },
  { USER_NO: 9, USER_NAME: "김바다" },
];

const PARENT: LoginResponse = {
  token: "jwt-parent",
  EMAIL_ID: "parent@example.com",
  USER_NO: 8,
  USER_TYPE: "PARENT",
  USER_NAME: "김서연",
  NICKNAME: null,
  CHILDREN,
};

afterEach(() => {
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
  useActingChildStore.setState({ childUserNo: null });
});

function Harness() {
  const [value, setValue] = useState<number | null>(7);
  return (
    <>
      <ChildSwitcher options={CHILDREN} value={value} onChange={setValue} />
      <p data-testid="chosen">{value}</p>
    </>
  );
}

describe("the child switcher", () => {
  it("is a named radio group with one option per child, the chosen one checked", () => {
    render(<Harness />);
    const group = screen.getByRole("group", { name: "자녀 선택" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["7", "9"]);
    expect((screen.getByRole("radio", { name: "김하늘" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "김바다" }) as HTMLInputElement).checked).toBe(false);
  });

  it("switches by click and by keyboard", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("radio", { name: "김바다" }));
    expect(screen.getByTestId("chosen").textContent).toBe("9");
    expect((screen.getByRole("radio", { name: "김바다" }) as HTMLInputElement).checked).toBe(true);
    // Arrow keys move a radio group's selection (the browser's own behaviour).
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByTestId("chosen").textContent).toBe("7");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "김하늘" }));
  });

  it("renders nothing without children", () => {
    const { container } = render(<ChildSwitcher options={[]} value={null} onChange={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});

function signInParent() {
  useRootStore.getState().setAuth({ flag: true, data: PARENT });
}

function paymentsOf(calls: RecordedCall[]) {
  return calls
    .map((c) => c.body as { operationName?: string; variables?: Record<string, unknown> })
    .filter((b) => b?.operationName === "Payments")
    .map((b) => b.variables?.userId);
}

describe("a parent switching between children", () => {
  it("on /_app/payments: each child's payments (userPayments(userId)), remembered for the tab", async () => {
    signInParent();
    const page = (id: string, name: string) => ({
      id,
      userId: id === "1" ? 7 : 9,
      state: "PAID",
      paymentMethod: "BILLING_CARD",
      completedAt: "2026-11-21T05:03:00Z",
      name,
      productsPrice: 567_000,
      discountedValue: 0,
      paidPrice: 567_000,
      refundedAmount: 0,
      failReason: null,
      receiptUrl: null,
      items: [{ id: `${id}0`, state: "PAID" }],
      virtualAccount: null,
    });
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payments: (variables) => ({
          userPayments: {
            payments: [
              variables.userId === 9 ? page("2", "베이직 영어") : page("1", "스마트 수학"),
            ],
            hasNextPage: false,
            endCursor: null,
          },
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<AppPayments />, "/_app/payments");
    expect(await screen.findByRole("heading", { level: 2, name: "스마트 수학" })).toBeTruthy();
    expect(screen.getByText("김하늘 학생의 결제 내역이에요.")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "김바다" }));
    expect(await screen.findByRole("heading", { level: 2, name: "베이직 영어" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2, name: "스마트 수학" })).toBeNull();
    expect(screen.getByText("김바다 학생의 결제 내역이에요.")).toBeTruthy();
    expect(paymentsOf(calls)).toEqual([7, 9]);
    // The radio keeps focus (the list is not rebuilt around it).
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "김바다" }));
    expect(JSON.parse(sessionStorage.getItem(ACTING_CHILD_STORAGE_KEY)!).state).toEqual({
      childUserNo: 9,
    });
  });

  it("on /_app: the chosen child's lessons and contract to sign", async () => {
    signInParent();
    const lecture = (no: number, title: string, state: string) => ({
      LECTURE_NO: no,
      PAYMENT_ID: no,
      TITLE: title,
      MONTHS: 3,
      STATE: state,
      START_AT: "2026-11-21T05:03:00Z",
      END_AT: "2027-02-21T05:03:00Z",
      NEXT_CHARGE_AT: null,
    });
    const { calls } = mockFetch({
      "POST /main/getUserInfo": (call) => {
        const userNo = (call.body as { USER_NO: number }).USER_NO;
        if (userNo === 8) return ok({ USER_NO: 8, PHONE: "010-****-0002", LECTURE_INFO: [] });
        return ok({
          USER_NO: userNo,
          LECTURE_INFO: userNo === 7 ? [lecture(1, "스마트 수학", "READY")] : [],
          CARD_INFO: null,
        });
      },
      "POST /payment/graphql": graphqlByOperation({
        ContractsToSign: (variables) => ({
          contractsToSign:
            (variables as { userId: number }).userId === 9
              ? [
                  {
                    id: "5",
                    userId: 9,
                    userName: "김바다",
                    parentName: "김서연",
                    name: "설탭 스마트 수학 3개월 수강 계약",
                    paidAt: "2026-11-21T05:03:00Z",
                    month: 3,
                    paymentId: "31",
                    paymentState: "PAID",
                    refundedAmount: 0,
                    paidPrice: 567000,
                  },
                ]
              : [],
        }),
      }),
    });
    const user = userEvent.setup();
    renderWithApolloRoutes(<AppHome />, "/_app");
    const children = await screen.findByRole("region", { name: "자녀 계정" });
    expect(within(children).getByText("김하늘")).toBeTruthy();
    expect(within(children).getByText("김바다")).toBeTruthy();
    const lessons = await screen.findByRole("region", { name: "김하늘 학생의 수업" });
    expect(await within(lessons).findByText("스마트 수학")).toBeTruthy();
    expect(within(lessons).getByText("선생님 찾는 중")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /계약서 서명하기/ })).toBeNull();

    await user.click(within(children).getByRole("radio", { name: "김바다" }));
    const other = await screen.findByRole("region", { name: "김바다 학생의 수업" });
    expect(await within(other).findByText("아직 수강 중인 수업이 없어요.")).toBeTruthy();
    // Each contract waiting has its own link (issue 11 item 5): this child's, to that contract.
    const sign = await screen.findByRole("link", { name: /계약서 서명하기/ });
    expect(sign.getAttribute("href")).toBe("/_app/contracts/sign?userId=9&contractId=5");
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url === "/main/getUserInfo")
          .map((c) => (c.body as { USER_NO: number }).USER_NO),
      ).toEqual(expect.arrayContaining([8, 7, 9])),
    );
  });

  it("a stored choice that is not one of this parent's children falls back to the first", async () => {
    useActingChildStore.setState({ childUserNo: 42 });
    signInParent();
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        Payments: () => ({ userPayments: { payments: [], hasNextPage: false, endCursor: null } }),
      }),
    });
    renderWithApolloRoutes(<AppPayments />, "/_app/payments");
    expect(
      ((await screen.findByRole("radio", { name: "김하늘" })) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
