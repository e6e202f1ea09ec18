import { ApolloProvider } from "@apollo/client/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EMPTY_CART, useCartStore } from "../features/enrollment/cart-store";
import { catalogFixture } from "../features/enrollment/test/catalog-fixture";
import { graphqlByOperation } from "../features/payments/test/render";
import { createGraphqlClient } from "../lib/graphql-client";
import { useActingChildStore } from "../stores/acting-child-store";
import { DEFAULT_AUTH, useRootStore } from "../stores/root-store";
import { mockFetch, ok } from "../test/fetch-mock";
import AppCheckout from "./app-checkout";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderCheckout() {
  sessionStorage.setItem("accessToken", "test-token");
  const client = createGraphqlClient({ onRefreshFailed: () => undefined });
  const Stub = createRoutesStub([
    {
      path: "/_app/checkout",
      Component: () => (
        <ApolloProvider client={client}>
          <AppCheckout />
        </ApolloProvider>
      ),
    },
    { path: "/payment_finish", Component: Where },
  ]);
  return render(<Stub initialEntries={["/_app/checkout"]} />);
}

function signInStudent() {
  useRootStore.setState({
    auth: {
      ...DEFAULT_AUTH,
      flag: true,
      data: {
        token: "t",
        EMAIL_ID: "student@example.com",
        USER_NO: 12,
        USER_TYPE: "STUDENT",
        USER_NAME: "김하늘",
      },
    },
  });
}

const CART_ITEM = {
  id: 1,
  subjectName: "수학",
  subjectDetail: "스마트 수학",
  lessonType: "LECTURE_SMART",
  shelflife: 3,
  // A stale snapshot: the checkout must price from the catalog, not from here.
  basePrice: 1,
  salePrice: 1,
  subjectNo: 8906,
  productinfo: "",
  productcode: "2101",
  productoption: "3개월",
  lecture_multiple: 3,
  contract_sales_policy: [],
};

beforeEach(() => {
  useCartStore.setState(EMPTY_CART);
  useRootStore.setState({ auth: DEFAULT_AUTH });
  useActingChildStore.setState({ childUserNo: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("/_app/checkout", () => {
  it("prices the cart from a fresh catalog for the student, pays, empties the cart, opens the receipt", async () => {
    signInStudent();
    useCartStore.getState().setCart({ cartItems: [CART_ITEM], deviceNo: 101, paymentPrice: 3 });
    const { callsTo } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalogFixture()),
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({
          myMainBillingCard: {
            id: 5,
            name: "신한카드",
            companyName: "신한카드",
            number: "4242-4242-****-4242",
            isLegacy: false,
          },
        }),
        InterestFreeInstallmentPeriod: () => ({ interestFreeInstallmentPeriods: [] }),
      }),
      "POST /main/payment_seoltab_subscribe": () => ok({ PAYMENT_ID: 7, STATE: "PAID" }),
    });
    const user = userEvent.setup();
    renderCheckout();
    expect((await screen.findByTestId("checkout-total")).textContent).toBe("567,000원");
    expect(callsTo("/main/Lecture_StoreItems")[0]?.body).toEqual({ USER_NO: 12 });
    expect(screen.getByText(/김하늘 학생의 수업을 결제해요/)).toBeTruthy();
    const pay = await screen.findByRole("button", { name: "567,000원 결제하기" });
    await waitFor(() => expect(pay).toHaveProperty("disabled", false));
    await user.click(pay);
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/payment_finish?paymentId=7"),
    );
    expect(callsTo("/main/payment_seoltab_subscribe")[0]?.body).toMatchObject({
      USER_NO: 12,
      ITEMS: [
        { id: 1, lecture_multiple: 3 },
        { id: 101, lecture_multiple: 1 },
      ],
    });
    expect(useCartStore.getState().cartItems).toEqual([]);
  });

  it("a parent's cart follows the child they act for now, and says whom it was filled for", async () => {
    useRootStore.setState({
      auth: {
        ...DEFAULT_AUTH,
        flag: true,
        data: {
          token: "t",
          EMAIL_ID: "parent@example.com",
          USER_NO: 8,
          USER_TYPE: "PARENT",
          USER_NAME: "김서연",
          CHILDREN: [
            { USER_NO: 7, USER_NAME: "김하늘" },
            { USER_NO: 9, USER_NAME: "김바다" },
          ],
        },
      },
    });
    useCartStore.getState().setCart({ cartItems: [CART_ITEM], studentUserNo: 7 });
    // Switched to the other child elsewhere (e.g. the account pages) after filling the cart.
    useActingChildStore.getState().chooseChild(9);
    const { callsTo } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalogFixture()),
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({
          myMainBillingCard: {
            id: 5,
            name: "신한카드",
            companyName: "신한카드",
            number: "4242-4242-****-4242",
            isLegacy: false,
          },
        }),
        InterestFreeInstallmentPeriod: () => ({ interestFreeInstallmentPeriods: [] }),
      }),
    });
    renderCheckout();
    expect(await screen.findByText(/김바다 학생의 수업을 결제해요/)).toBeTruthy();
    expect(callsTo("/main/Lecture_StoreItems")[0]?.body).toEqual({ USER_NO: 9 });
    expect(
      screen.getByText(
        "김하늘 학생을 선택했을 때 담은 수업이에요. 지금 선택한 김바다 학생으로 결제돼요.",
      ),
    ).toBeTruthy();
    // Settled before the fetch stub goes away (the card and installment queries answered).
    expect((await screen.findByTestId("checkout-total")).textContent).toBe("567,000원");
    await waitFor(() => expect(callsTo("/payment/graphql").length).toBeGreaterThanOrEqual(2));
  });

  it("an empty cart and a stale cart each say what to do", async () => {
    signInStudent();
    mockFetch({ "POST /main/Lecture_StoreItems": () => ok(catalogFixture()) });
    const { unmount } = renderCheckout();
    expect(screen.getByRole("heading", { name: "선택한 수업이 없어요" })).toBeTruthy();
    unmount();
    useCartStore.getState().setCart({ cartItems: [{ ...CART_ITEM, id: 999 }] });
    renderCheckout();
    expect(
      await screen.findByRole("heading", { name: "선택한 수업 정보가 바뀌었어요" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "수강 신청으로" }).getAttribute("href")).toBe(
      "/_app/enrollment",
    );
  });

  it("signed out: the way to sign in and come back", () => {
    mockFetch({});
    renderCheckout();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe(
      "/accounts/login?continue=%2F_app%2Fcheckout",
    );
  });
});
