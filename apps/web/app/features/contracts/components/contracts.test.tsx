import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApolloRoutes } from "../../../test/apollo-routes";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { graphqlByOperation, graphqlError } from "../../payments/test/render";
import type { ContractDocument, ContractToSign, UserContract } from "../api/graphql";
import { AGREEMENT_REQUIRED, SIGNER_NAME_REQUIRED, SIGNER_NAME_TOO_LONG } from "../sign-schema";
import { ContractToSignCallout } from "./contract-to-sign-callout";
import { ContractView } from "./contract-view";
import { ContractsList } from "./contracts-list";
import { SIGNED_MESSAGE, SignContract } from "./sign-contract";

beforeEach(() => {
  vi.spyOn(toast, "error");
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function doc(overrides: Partial<ContractDocument> = {}): ContractDocument {
  return {
    contractId: "12",
    version: "2026-11.1",
    title: "설탭 스마트 수학 3개월 수강 계약",
    sections: [
      { heading: "제1조 (계약 당사자)", paragraphs: ["학생 김하늘, 보호자 김서연"] },
      {
        heading: "제5조 (환불)",
        paragraphs: ["학원의 설립·운영 및 과외교습에 관한 법률 시행령 [별표 4]에 따라 환불해요."],
      },
    ],
    textHash: "abc",
    signedBy: null,
    signerRole: null,
    signedAt: null,
    signedTextHash: null,
    paymentId: "31",
    paymentState: "PAID",
    refundedAmount: 0,
    paidPrice: 567000,
    ...overrides,
  };
}

const WAITING: ContractToSign = {
  id: "12",
  userId: 7,
  userName: "김하늘",
  parentName: "김서연",
  name: "설탭 스마트 수학 3개월 수강 계약",
  paidAt: "2026-11-20T15:30:00Z",
  month: 3,
  paymentId: "31",
  paymentState: "PAID",
  refundedAmount: 0,
  paidPrice: 567000,
};

function signCalls(calls: RecordedCall[]) {
  return calls
    .map((c) => c.body as { operationName?: string; variables?: unknown })
    .filter((b) => b.operationName === "SignContract")
    .map((b) => b.variables);
}

function renderSign(answers: Parameters<typeof graphqlByOperation>[0]) {
  const mock = mockFetch({ "POST /payment/graphql": graphqlByOperation(answers) });
  renderWithApolloRoutes(
    <SignContract userId={7} suggestedName="김서연" />,
    "/_app/contracts/sign?userId=7",
  );
  return mock;
}

describe("signing a contract", () => {
  it("shows the full text and checks the name and the agreement before sending", async () => {
    const { calls } = renderSign({
      ContractToSign: () => ({ contractToSign: WAITING }),
      ContractDocument: () => ({ contractDocument: doc() }),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole("heading", { level: 2, name: "설탭 스마트 수학 3개월 수강 계약" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "제5조 (환불)" })).toBeTruthy();
    expect(screen.getByText(/김하늘 학생 · 보호자 김서연의 수강 계약서예요/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "동의하고 서명하기" }));
    expect(await screen.findByText(SIGNER_NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(AGREEMENT_REQUIRED)).toBeTruthy();
    const name = screen.getByLabelText("서명자 이름");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(name);

    await user.type(name, "   ");
    await user.click(screen.getByRole("button", { name: "동의하고 서명하기" }));
    expect(await screen.findByText(SIGNER_NAME_REQUIRED)).toBeTruthy();

    await user.clear(name);
    await user.type(name, "가".repeat(51));
    expect(await screen.findByText(SIGNER_NAME_TOO_LONG)).toBeTruthy();
    expect(signCalls(calls)).toEqual([]);
  });

  it("signs with the trimmed name and agreed: true, then a toast and the signed view", async () => {
    const { calls } = renderSign({
      ContractToSign: () => ({ contractToSign: WAITING }),
      ContractDocument: () => ({ contractDocument: doc() }),
      SignContract: () => ({ signContract: { userContractId: "3" } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("서명자 이름"), "  김서연  ");
    await user.click(
      screen.getByRole("checkbox", { name: "위 계약서의 내용을 모두 읽었고, 이에 동의합니다." }),
    );
    await user.click(screen.getByRole("button", { name: "동의하고 서명하기" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/_app/contracts/12"));
    expect(toast.success).toHaveBeenCalledWith(SIGNED_MESSAGE);
    expect(signCalls(calls)).toEqual([
      { input: { contractToSignId: "12", signerName: "김서연", agreed: true } },
    ]);
  });

  it("a refusal (signed by someone else) is the server's message; the form stays", async () => {
    renderSign({
      ContractToSign: () => ({ contractToSign: WAITING }),
      ContractDocument: () => ({ contractDocument: doc() }),
      SignContract: () =>
        graphqlError("이미 다른 분이 서명한 계약서예요.", {
          classification: "BAD_REQUEST",
          code: "contract_already_signed",
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("서명자 이름"), "김서연");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "동의하고 서명하기" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("이미 다른 분이 서명한 계약서예요."),
    );
    expect(screen.getByRole("button", { name: "동의하고 서명하기" })).toBeTruthy();
    expect(screen.queryByTestId("where")).toBeNull();
  });

  it("nothing to sign: says so and leads to the list", async () => {
    renderSign({ ContractToSign: () => ({ contractToSign: null }) });
    expect(
      await screen.findByRole("heading", { level: 1, name: "서명할 계약서가 없어요" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "계약서 목록" }).getAttribute("href")).toBe(
      "/_app/contracts",
    );
  });

  it("another person's contract: the server's refusal and 다시 시도", async () => {
    renderSign({
      ContractToSign: () =>
        graphqlError("이 학생의 계약서를 볼 수 없어요.", {
          classification: "FORBIDDEN",
          code: "not_your_user",
        }),
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("이 학생의 계약서를 볼 수 없어요.");
    expect(screen.getByRole("button", { name: "다시 시도" })).toBeTruthy();
  });
});

describe("the signed contract", () => {
  it("shows who signed and when (Asia/Seoul), and 인쇄하기 opens the print dialog", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        ContractDocument: () => ({
          contractDocument: doc({
            signedBy: "김서연",
            signerRole: "PARENT",
            signedAt: "2026-11-21T05:10:00Z",
            signedTextHash: "abc",
          }),
        }),
      }),
    });
    const print = vi.fn();
    const user = userEvent.setup();
    renderWithApolloRoutes(<ContractView contractId="12" print={print} />, "/_app/contracts/12");
    expect(
      await screen.findByRole("heading", { level: 1, name: "설탭 스마트 수학 3개월 수강 계약" }),
    ).toBeTruthy();
    const signature = screen.getByTestId("contract-signature");
    expect(signature.textContent).toContain("김서연 (보호자)");
    expect(signature.textContent).toContain("2026년 11월 21일 14:10");
    await user.click(screen.getByRole("button", { name: "인쇄하기" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("an unsigned contract says so and leads to signing it", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        ContractDocument: () => ({ contractDocument: doc() }),
      }),
    });
    renderWithApolloRoutes(<ContractView contractId="12" />, "/_app/contracts/12");
    expect(
      await screen.findByText("아직 서명하지 않은 계약서예요. 내용을 확인하고 서명해 주세요."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "인쇄하기" })).toBeNull();
    expect(screen.getByRole("link", { name: "계약서 서명하기" }).getAttribute("href")).toBe(
      "/_app/contracts/sign?contractId=12",
    );
  });

  it("the list: name, payment date, months, tablet and the way to each contract", async () => {
    const signed: UserContract = {
      id: "3",
      userId: 7,
      userName: "김하늘",
      parentName: "김서연",
      paidAt: "2026-11-20T15:30:00Z",
      deviceId: 41,
      contract: {
        id: "12",
        name: "설탭 스마트 수학 3개월 수강 계약",
        ownershipType: "RENTED",
        isUsed: false,
        month: 3,
      },
      paymentId: "31",
      paymentState: "PAID",
      refundedAmount: 0,
      paidPrice: 567000,
    };
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        UserContracts: () => ({ userContracts: [signed] }),
      }),
    });
    renderWithApolloRoutes(<ContractsList userId={7} />, "/_app/contracts");
    expect(
      await screen.findByRole("heading", { level: 3, name: "설탭 스마트 수학 3개월 수강 계약" }),
    ).toBeTruthy();
    // 15:30 UTC on the 20th is the 21st in Seoul.
    expect(screen.getByText("결제일 2026년 11월 21일")).toBeTruthy();
    expect(screen.getByText("3개월")).toBeTruthy();
    // A lent tablet is named by its rental terms, not as new or used (issue 11 item 6).
    expect(screen.getByText("수강 기간 태블릿 대여")).toBeTruthy();
    expect(screen.getByRole("link", { name: /계약서 보기/ }).getAttribute("href")).toBe(
      "/_app/contracts/12",
    );
    expect((calls[0]!.body as { variables: unknown }).variables).toEqual({ userId: 7 });
  });

  it("a refunded contract reads 서명 완료 and 환불됨 with the won refunded", async () => {
    const base = {
      userId: 7,
      userName: "김하늘",
      parentName: null,
      paidAt: "2026-11-20T15:30:00Z",
      deviceId: null,
      paidPrice: 567000,
    };
    const contract = (id: string, name: string) => ({
      id,
      name,
      ownershipType: "OWNED" as const,
      isUsed: false,
      month: 3,
    });
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        UserContracts: () => ({
          userContracts: [
            {
              ...base,
              id: "4",
              contract: contract("13", "설탭 스마트 영어 3개월 수강 계약"),
              paymentId: "32",
              paymentState: "TOTALLY_REFUNDED",
              refundedAmount: 567000,
            },
            {
              ...base,
              id: "3",
              contract: contract("12", "설탭 스마트 수학 3개월 수강 계약"),
              paymentId: "31",
              paymentState: "PAID",
              refundedAmount: 0,
            },
          ],
        }),
      }),
    });
    renderWithApolloRoutes(<ContractsList userId={7} />, "/_app/contracts");
    await screen.findByRole("heading", { level: 3, name: "설탭 스마트 영어 3개월 수강 계약" });
    const [refunded, kept] = screen.getAllByTestId("signed-contract");
    expect(within(refunded!).getByTestId("contract-states").textContent).toBe("서명 완료환불됨");
    expect(within(refunded!).getByText("567,000원 / 결제 567,000원")).toBeTruthy();
    expect(within(kept!).getByTestId("contract-states").textContent).toBe("서명 완료");
  });

  it("an unknown or someone else's id: 계약서를 찾을 수 없어요 with the list, no 다시 시도", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        ContractDocument: () =>
          graphqlError("계약서를 찾을 수 없거나, 이 계약서를 보거나 서명할 권한이 없어요.", {
            classification: "FORBIDDEN",
            code: "not_your_contract",
          }),
      }),
    });
    renderWithApolloRoutes(<ContractView contractId="999" />, "/_app/contracts/999");
    expect(
      await screen.findByRole("heading", { level: 1, name: "계약서를 찾을 수 없어요" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "다시 시도" })).toBeNull();
    expect(screen.getByRole("link", { name: "계약서 목록" }).getAttribute("href")).toBe(
      "/_app/contracts",
    );
  });
});

describe("contracts to sign", () => {
  it("lists each contract waiting, with its own link and a 부분 환불 badge", async () => {
    mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        ContractsToSign: () => ({
          contractsToSign: [
            WAITING,
            {
              ...WAITING,
              id: "14",
              name: "설탭 스마트 수학 6개월 수강 계약",
              paymentId: "33",
              paymentState: "PARTIALLY_REFUNDED",
              refundedAmount: 10000,
            },
          ],
        }),
      }),
    });
    renderWithApolloRoutes(<ContractToSignCallout userId={7} />, "/_app/contracts");
    expect(
      await screen.findByRole("heading", { level: 2, name: "서명할 계약서가 2건 있어요" }),
    ).toBeTruthy();
    const links = screen.getAllByRole("link", { name: /계약서 서명하기/ });
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/_app/contracts/sign?userId=7&contractId=12",
      "/_app/contracts/sign?userId=7&contractId=14",
    ]);
    const [, second] = screen.getAllByTestId("contract-to-sign");
    expect(within(second!).getByText("부분 환불")).toBeTruthy();
  });

  it("from a receipt: asks for that payment's contract", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        ContractToSign: () => ({ contractToSign: { ...WAITING, id: "14", paymentId: "33" } }),
        ContractDocument: (variables) => ({
          contractDocument: doc({ contractId: String(variables.contractId) }),
        }),
      }),
    });
    renderWithApolloRoutes(
      <SignContract userId={7} paymentId="33" />,
      "/_app/contracts/sign?userId=7&paymentId=33",
    );
    await screen.findByLabelText("서명자 이름");
    const asked = calls
      .map((c) => c.body as { operationName?: string; variables?: unknown })
      .filter((b) => b.operationName !== undefined);
    expect(asked.map((b) => [b.operationName, b.variables])).toEqual([
      ["ContractToSign", { input: { userId: 7, paymentId: "33" } }],
      ["ContractDocument", { contractId: "14" }],
    ]);
  });
});
