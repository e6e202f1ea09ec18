import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogFixture } from "../features/enrollment/test/catalog-fixture";
import { graphqlByOperation } from "../features/payments/test/render";
import { useActingChildStore } from "../stores/acting-child-store";
import { useRootStore } from "../stores/root-store";
import { renderWithApolloRoutes } from "../test/apollo-routes";
import { mockFetch, ok } from "../test/fetch-mock";
import AppBillingCard from "./app-billing-card";
import AppEnrollment from "./app-enrollment";
import AppPayments from "./app-payments";

function signInParent() {
  useRootStore.getState().setAuth({
    flag: true,
    data: {
      token: "jwt-parent",
      EMAIL_ID: "parent@example.com",
      USER_NO: 8,
      USER_TYPE: "PARENT",
      USER_NAME: "김서연",
      NICKNAME: null,
      CHILDREN: [
        { USER_NO: 7, USER_NAME: "김하늘" },
        { USER_NO: 9, USER_NAME: "김바다" },
      ],
    },
  });
}

beforeEach(() => {
  useRootStore.getState().reset();
  useActingChildStore.setState({ childUserNo: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("the child a parent acts for", () => {
  it("is one choice for the tab: account, enrollment and billing-card pages show the same child", async () => {
    signInParent();
    const { calls } = mockFetch({
      "POST /main/Lecture_StoreItems": () => ok(catalogFixture()),
      "POST /payment/graphql": graphqlByOperation({
        Payments: () => ({ userPayments: { payments: [], hasNextPage: false, endCursor: null } }),
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
      }),
    });
    const user = userEvent.setup();
    // Switch on the account pages…
    const payments = renderWithApolloRoutes(<AppPayments />, "/_app/payments");
    await user.click(await screen.findByRole("radio", { name: "김바다" }));
    payments.unmount();

    // …the billing card is the same child's…
    const card = renderWithApolloRoutes(<AppBillingCard />, "/_app/billing-card");
    expect(await screen.findByText(/김바다 학생의 정기결제/)).toBeTruthy();
    await waitFor(() =>
      expect(
        calls
          .map((c) => c.body as { operationName?: string; variables?: { userId?: number } })
          .filter((b) => b?.operationName === "MyMainBillingCard")
          .map((b) => b.variables?.userId),
      ).toContain(9),
    );
    card.unmount();

    // …and so is the enrollment page's child picker; switching there switches the account pages.
    const enrollment = renderWithApolloRoutes(<AppEnrollment />, "/_app/enrollment");
    const picker = (await screen.findByLabelText("수강할 자녀")) as HTMLSelectElement;
    expect(picker.value).toBe("9");
    await user.selectOptions(picker, "7");
    expect(useActingChildStore.getState().childUserNo).toBe(7);
    enrollment.unmount();

    renderWithApolloRoutes(<AppPayments />, "/_app/payments");
    expect(
      ((await screen.findByRole("radio", { name: "김하늘" })) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
