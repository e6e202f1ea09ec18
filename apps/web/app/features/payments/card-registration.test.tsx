import { CARD_NUMBER_LUHN_MESSAGE, GATEWAY_CODE_MESSAGES } from "@seoltab/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch-mock";
import { handleCardRegistration } from "./card-registration";
import { cardSchema } from "./card-schema";
import { BillingCardPanel } from "./components/billing-card-panel";
import {
  CARD_CHANGED_MESSAGE,
  CARD_REGISTERED_MESSAGE,
  INVALID_CARD_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  SERVER_ERROR_MESSAGE,
} from "./messages";
import { usePaymentStore } from "./payment-store";
import { graphqlByOperation, graphqlError, renderWithApollo } from "./test/render";

const NOW = new Date("2026-11-21T00:00:00Z");
const CARD = {
  id: 5,
  name: "신한 Deep Dream",
  companyName: "신한카드",
  number: "4242-4242-****-4242",
  isLegacy: false,
};

beforeEach(() => {
  usePaymentStore.getState().reset();
  vi.spyOn(toast, "error");
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

async function fillCard(user: User, number = "4242 4242 4242 4242") {
  await user.type(await screen.findByLabelText("카드 번호"), number);
  await user.selectOptions(screen.getByLabelText("유효기간 월"), "12");
  await user.selectOptions(screen.getByLabelText("유효기간 연도"), "2030");
  await user.type(screen.getByLabelText("생년월일 6자리"), "080101");
  await user.type(screen.getByLabelText("비밀번호 앞 2자리"), "12");
}

function panel(props: Partial<Parameters<typeof BillingCardPanel>[0]> = {}) {
  return <BillingCardPanel title="결제 카드" registerType="" changeType="" {...props} />;
}

describe("card registration outcome (SPEC.md §4, §8)", () => {
  it("F112 in the server's message → the invalid-card toast; nothing toggled", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
        RegisterMainBillingCard: () =>
          graphqlError("[F112] 유효하지 않은 카드 정보입니다.", {
            classification: "BAD_REQUEST",
            code: "card_refused",
          }),
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel());
    await fillCard(user, "4000000000000002");
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVALID_CARD_MESSAGE));
    expect(usePaymentStore.getState().paymentFlag).toBe(false);
    expect(usePaymentStore.getState().cardRegisFlag).toBe(false);
    const mutation = callsTo("/payment/graphql").find(
      (c) => (c.body as { operationName: string }).operationName === "RegisterMainBillingCard",
    );
    expect((mutation?.body as { variables: unknown }).variables).toEqual({
      input: {
        cardNumber: "4000000000000002",
        expiry: "2030-12",
        birth: "080101",
        pwd2digit: "12",
        cardType: "CREDIT_CARD",
      },
    });
    // The password is cleared for another try; the rest stays.
    expect((screen.getByLabelText("비밀번호 앞 2자리") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("카드 번호") as HTMLInputElement).value).toBe("4000000000000002");
  });

  // Issue #11 item 3 changed this: a gateway code in the server's message becomes the shared
  // table's message (a message without one is still shown as the server words it).
  it("another refusal with a gateway code → the shared table's message", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
        RegisterMainBillingCard: () =>
          graphqlError("[F113] 카드 한도를 확인해 주세요.", { classification: "BAD_REQUEST" }),
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel());
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(GATEWAY_CODE_MESSAGES.F113));
  });

  it("no answer → the network message", async () => {
    let registering = false;
    mockFetch({
      "POST /payment/graphql": (call) => {
        const op = (call.body as { operationName: string }).operationName;
        if (op === "RegisterMainBillingCard") {
          registering = true;
          throw new TypeError("Failed to fetch");
        }
        return graphqlByOperation({ MyMainBillingCard: () => ({ myMainBillingCard: null }) })(call);
      },
    });
    const user = userEvent.setup();
    renderWithApollo(panel());
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE));
    expect(registering).toBe(true);
  });

  it("checks the fields before sending anything", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel({}));
    await user.type(await screen.findByLabelText("카드 번호"), "1234");
    await user.selectOptions(screen.getByLabelText("유효기간 월"), "01");
    await user.selectOptions(
      screen.getByLabelText("유효기간 연도"),
      String(new Date().getFullYear()),
    );
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    // Issue #11 item 13: one card-number rule with the server (15-16 digits, Luhn).
    expect(await screen.findByText("카드 번호 15~16자리를 입력해 주세요.")).toBeTruthy();
    expect(screen.getByText(/생년월일 6자리를 입력해 주세요/)).toBeTruthy();
    expect(screen.getByText("카드 비밀번호 앞 2자리를 입력해 주세요.")).toBeTruthy();
    expect(
      callsTo("/payment/graphql").some(
        (c) => (c.body as { operationName: string }).operationName === "RegisterMainBillingCard",
      ),
    ).toBe(false);
  });

  it("refuses a Luhn-invalid number before sending anything (issue #11 item 13)", async () => {
    const { callsTo } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel({}));
    await fillCard(user, "4242 4242 4242 4241");
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    expect(await screen.findByText(CARD_NUMBER_LUHN_MESSAGE)).toBeTruthy();
    expect(
      callsTo("/payment/graphql").some(
        (c) => (c.body as { operationName: string }).operationName === "RegisterMainBillingCard",
      ),
    ).toBe(false);
  });

  it("a GraphQL 500 reads as a Korean message with 다시 시도, never 'Internal' (issue #11 item 13)", async () => {
    let calls = 0;
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => {
          calls += 1;
          return calls === 1
            ? json({ data: null, errors: [{ message: "Internal" }] }, 500)
            : { myMainBillingCard: CARD };
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel({}));
    expect(await screen.findByText(SERVER_ERROR_MESSAGE)).toBeTruthy();
    expect(document.body.textContent).not.toContain("Internal");
    await user.click(screen.getByRole("button", { name: "다시 시도" }));
    expect(await screen.findByTestId("main-billing-card")).toBeTruthy();
  });

  it("a change: the card-changed toast, the payment flag toggled, the new card shown", async () => {
    let card = CARD;
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: card }),
        RegisterMainBillingCard: () => {
          card = { ...CARD, id: 6, number: "5555-5555-****-4444", companyName: "현대카드" };
          return { registerMainBillingCard: 6 };
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel());
    expect((await screen.findByTestId("main-billing-card")).textContent).toContain(
      "4242-4242-****-4242",
    );
    await user.click(screen.getByRole("button", { name: "카드 변경" }));
    await fillCard(user, "5555555555554444");
    await user.click(screen.getByRole("button", { name: "카드 변경하기" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CARD_CHANGED_MESSAGE));
    expect(usePaymentStore.getState()).toMatchObject({
      paymentFlag: true,
      cardRegisFlag: true,
      cardRegisResponse: 6,
    });
    await waitFor(() =>
      expect(screen.getByTestId("main-billing-card").textContent).toContain("현대카드"),
    );
  });

  it("change_pre → /home_pre_member", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        MyMainBillingCard: () => ({ myMainBillingCard: null }),
        RegisterMainBillingCard: () => ({ registerMainBillingCard: 9 }),
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(panel({ registerType: "change_pre", changeType: "change_pre" }));
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "카드 등록하기" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home_pre_member"));
    expect(toast.success).toHaveBeenCalledWith(CARD_REGISTERED_MESSAGE);
    expect(usePaymentStore.getState().paymentFlag).toBe(false);
  });
});

describe("handleCardRegistration", () => {
  it("toggles the payment flag for change_payment and for an empty type", () => {
    const navigate = vi.fn();
    usePaymentStore.getState().setPaymentCardType("change_payment");
    expect(handleCardRegistration({ ok: true, cardId: 1 }, { navigate, replacedCard: false })).toBe(
      "payment",
    );
    expect(usePaymentStore.getState().paymentFlag).toBe(true);
    usePaymentStore.getState().setPaymentCardType("");
    handleCardRegistration({ ok: true, cardId: 2 }, { navigate, replacedCard: true });
    expect(usePaymentStore.getState().paymentFlag).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("refuses an expiry before the current month (the time is a parameter)", () => {
    const card = {
      cardNumber: "4242424242424242",
      birth: "080101",
      pwd2digit: "12",
      cardType: "CREDIT_CARD" as const,
    };
    const schema = cardSchema(NOW);
    expect(schema.safeParse({ ...card, expiryMonth: "11", expiryYear: "2026" }).success).toBe(true);
    const past = schema.safeParse({ ...card, expiryMonth: "10", expiryYear: "2026" });
    expect(past.error?.issues[0]?.message).toMatch(/유효기간이 지난 카드예요/);
    const company = schema.safeParse({
      ...card,
      cardType: "COMPANY_CREDIT_CARD",
      expiryMonth: "12",
      expiryYear: "2030",
    });
    expect(company.error?.issues[0]?.message).toBe("사업자등록번호 10자리를 입력해 주세요.");
  });
});
