import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApolloRoutes } from "../../../test/apollo-routes";
import { mockFetch } from "../../../test/fetch-mock";
import { graphqlByOperation, graphqlError } from "../../payments/test/render";
import type { LatestUserContract } from "../api/graphql";
import { CurrentContract } from "./current-contract";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LATEST: LatestUserContract = {
  id: "5",
  userId: 7,
  userName: "김하늘",
  parentName: "김서연",
  paidAt: "2026-11-20T15:30:00Z",
  deviceId: 41,
  contract: {
    id: "14",
    name: "설탭 스마트 영어 6개월 수강 계약",
    ownershipType: "PAID",
    isUsed: true,
    month: 6,
  },
};

describe("지금 계약 (SPEC.md §7 Query UserContract)", () => {
  it("asks the payment backend's UserContract for the student and shows the latest contract", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({
        UserContract: () => ({ userContract: LATEST }),
      }),
    });
    renderWithApolloRoutes(<CurrentContract userId={7} />, "/_app/contracts");
    expect(await screen.findByRole("heading", { level: 2, name: "지금 계약" })).toBeTruthy();
    expect(screen.getByText("설탭 스마트 영어 6개월 수강 계약")).toBeTruthy();
    expect(screen.getByText("김하늘 · 보호자 김서연")).toBeTruthy();
    expect(screen.getByText("6개월")).toBeTruthy();
    // 15:30 UTC on the 20th is the 21st in Seoul.
    expect(screen.getByText("2026년 11월 21일")).toBeTruthy();
    expect(screen.getByRole("link", { name: "지금 계약서 보기" }).getAttribute("href")).toBe(
      "/_app/contracts/14",
    );
    const body = calls[0]!.body as { operationName: string; variables: unknown; query: string };
    expect(calls[0]!.url).toBe("/payment/graphql");
    expect(body.operationName).toBe("UserContract");
    expect(body.variables).toEqual({ userId: 7 });
    for (const field of [
      "userName",
      "parentName",
      "paidAt",
      "deviceId",
      "ownershipType",
      "isUsed",
    ]) {
      expect(body.query).toContain(field);
    }
  });

  it("shows nothing when none is signed yet or the call fails", async () => {
    const { calls } = mockFetch({
      "POST /payment/graphql": graphqlByOperation({ UserContract: () => ({ userContract: null }) }),
    });
    const first = renderWithApolloRoutes(<CurrentContract userId={7} />, "/_app/contracts");
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId("current-contract")).toBeNull();
    first.unmount();

    const failed = mockFetch({
      "POST /payment/graphql": () =>
        graphqlError("다른 사람의 계약은 볼 수 없어요.", {
          classification: "FORBIDDEN",
          code: "not_your_user",
        }),
    });
    renderWithApolloRoutes(<CurrentContract userId={8} />, "/_app/contracts");
    await waitFor(() => expect(failed.calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId("current-contract")).toBeNull();
  });
});
