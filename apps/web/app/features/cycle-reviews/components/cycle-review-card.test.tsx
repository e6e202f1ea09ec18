import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CYCLE_REVIEW_MESSAGES } from "@seoltab/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApolloRoutes } from "../../../test/apollo-routes";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { graphqlByOperation, graphqlError } from "../../payments/test/render";
import type { CycleReview } from "../api";
import { CYCLE_REVIEW_TEXT, CycleReviewCard } from "./cycle-review-card";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const status = (dueCycle: number | null, heldLessons = 4) => ({
  cycleReviews: { lectureId: "5", heldLessons, dueCycle, cycleLessons: 4, reviews: [] },
});

const saved = (patch: Partial<CycleReview> = {}): CycleReview => ({
  id: "1",
  lectureId: "5",
  cycle: 1,
  score: 3,
  comment: "설명이 빨라요",
  wantsTutorChange: true,
  lowScore: true,
  publishConsent: false,
  authorRole: "PARENT",
  subject: "수학",
  heldLessons: 4,
  published: false,
  publishedAt: null,
  createdAt: "2026-11-24T10:00:00Z",
  ...patch,
});

function submits(calls: RecordedCall[]) {
  return calls
    .map((c) => c.body as { operationName?: string; variables?: unknown })
    .filter((b) => b.operationName === "SubmitCycleReview")
    .map((b) => b.variables);
}

function renderCard(answers: Parameters<typeof graphqlByOperation>[0]) {
  const mock = mockFetch({ "POST /matching/graphql": graphqlByOperation(answers) });
  renderWithApolloRoutes(<CycleReviewCard lectureId="5" />, "/_app/lectures/5");
  return mock;
}

describe("수업 평가 on the lecture page", () => {
  it("shows nothing while no cycle is due", async () => {
    const { calls } = renderCard({ CycleReviews: () => status(null, 3) });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("heading", { name: "수업 평가" })).toBeNull();
  });

  it("asks for a score and the tutor answer before sending", async () => {
    const { calls } = renderCard({ CycleReviews: () => status(1) });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "수업 평가" })).toBeTruthy();
    expect(screen.getAllByRole("radio", { name: /^\d+$/ })).toHaveLength(11);
    await user.click(screen.getByRole("button", { name: "평가 보내기" }));
    expect(await screen.findByText(CYCLE_REVIEW_TEXT.chooseScore)).toBeTruthy();
    expect(screen.getByText(CYCLE_REVIEW_TEXT.chooseChange)).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "7" }));
    expect(screen.queryByText(CYCLE_REVIEW_TEXT.chooseScore)).toBeNull();
    expect(screen.getByText(CYCLE_REVIEW_TEXT.chooseChange)).toBeTruthy();
    expect(submits(calls)).toEqual([]);
  });

  it("sends the review and shows a confirmation that staff will help with a new tutor", async () => {
    const { calls } = renderCard({
      CycleReviews: () => status(1),
      // __typename as the server sends it: Apollo writes the CycleReviewFields fragment's
      // fields to its cache only for an object of that type.
      SubmitCycleReview: () => ({ submitCycleReview: { __typename: "CycleReview", ...saved() } }),
    });
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "수업 평가" });
    await user.click(screen.getByRole("radio", { name: "3" }));
    await user.type(screen.getByLabelText(/한 줄 평/), "  설명이 빨라요 ");
    await user.click(screen.getByRole("radio", { name: "선생님을 바꾸고 싶어요" }));
    await user.click(screen.getByRole("button", { name: "평가 보내기" }));
    expect(await screen.findByText(CYCLE_REVIEW_TEXT.thanks)).toBeTruthy();
    expect(screen.getByText(CYCLE_REVIEW_TEXT.tutorChange)).toBeTruthy();
    expect(submits(calls)).toEqual([
      {
        input: {
          lectureId: "5",
          cycle: 1,
          score: 3,
          comment: "설명이 빨라요",
          wantsTutorChange: true,
          publishConsent: false,
        },
      },
    ]);
  });

  it("shows the server's Korean message when the review is refused", async () => {
    renderCard({
      CycleReviews: () => status(1),
      SubmitCycleReview: () =>
        graphqlError(CYCLE_REVIEW_MESSAGES.alreadySubmitted, {
          classification: "BAD_REQUEST",
          code: "review_already_submitted",
        }),
    });
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "수업 평가" });
    await user.click(screen.getByRole("radio", { name: "9" }));
    await user.click(screen.getByRole("radio", { name: "아니요, 계속 배울래요" }));
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "평가 보내기" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      CYCLE_REVIEW_MESSAGES.alreadySubmitted,
    );
  });
});
