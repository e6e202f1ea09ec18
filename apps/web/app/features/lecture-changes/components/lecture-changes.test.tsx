import { CHANGE_MESSAGES } from "@seoltab/domain/lecture-changes";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { graphqlByOperation, graphqlError, renderWithApollo } from "../../payments/test/render";
import { mockFetch, ok } from "../../../test/fetch-mock";
import { LectureChanges } from "./lecture-changes";

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const FORM = {
  LECTURE_ID: 3,
  LECTURE_TITLE: "스마트 수학",
  LECTURE_STATE: "ACTIVE",
  TUTOR_NAME: "이준호",
  SIDE: "FAMILY",
  WEEKLY_PLAN: [{ day: "MON", start: "18:00", end: "19:30" }],
  PAUSED_DAYS: 0,
  UPCOMING_LESSONS: [
    { ID: 41, STARTS_AT: "2026-11-30T09:00:00.000Z", MINUTES: 90, STATE: "RESERVATION" },
  ],
  KINDS: [
    {
      KIND: "MOVE_LESSON",
      LABEL: "수업 한 번 옮기기",
      ALLOWED: true,
      REASON: null,
      DECIDED_BY: "OTHER_SIDE",
    },
    {
      KIND: "PAUSE",
      LABEL: "잠시 쉬기",
      ALLOWED: false,
      REASON: CHANGE_MESSAGES.alreadyOpen,
      DECIDED_BY: "STAFF",
    },
  ],
  OPEN_REQUESTS: [],
};

describe("수업 변경 (the family, on the lecture page)", () => {
  it("loads the form through the phoenix call, says why a kind is disabled, sends the Seoul time as an instant and shows the server's message as it is", async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      "GET /serverless/lectureChangeForm/student/3": () => ok(FORM),
      "POST /matching/graphql": graphqlByOperation({
        LectureChanges: () => ({ lectureChanges: [] }),
        LectureOfChange: () => ({
          lecture: { __typename: "Lecture", id: "3", paymentId: "9" },
        }),
        RequestLectureChange: (variables) => {
          sent.push(variables.input as Record<string, unknown>);
          return graphqlError(CHANGE_MESSAGES.familyNotice, { code: "notice_too_short" });
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(<LectureChanges lectureId="3" />, "/_app/lectures/3");

    const pause = await screen.findByRole("button", { name: "잠시 쉬기" });
    expect((pause as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(CHANGE_MESSAGES.alreadyOpen)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "수업 한 번 옮기기" }));
    const time = screen.getByLabelText(/새 시작 시간/);
    await user.clear(time);
    await user.type(time, "10:00");
    await user.click(screen.getByRole("button", { name: "변경 요청 보내기" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(CHANGE_MESSAGES.familyNotice);
    expect(sent[0]).toMatchObject({
      lectureId: "3",
      kind: "MOVE_LESSON",
      lessonId: "41",
      newStartsAt: "2026-11-30T01:00:00.000Z",
      minutes: 90,
    });

    // 닫기 goes back to the kinds.
    await user.click(screen.getByRole("button", { name: "닫기" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "수업 한 번 옮기기" })).toBeTruthy(),
    );
  });

  it("after 수업 그만하기 (reason required) links to the refund page of the lecture's payment", async () => {
    let asked = false;
    const stop = {
      __typename: "LectureChange",
      id: "77",
      lectureId: "3",
      lectureTitle: "스마트 수학",
      kind: "STOP",
      kindLabel: "수업 그만하기",
      state: "RECEIVED",
      stateLabel: "접수",
      requestedSide: "FAMILY",
      requestedByName: "김서연",
      decidedBy: "STAFF",
      lessonId: null,
      lessonStartsAt: null,
      proposedStartsAt: null,
      proposedMinutes: null,
      weeklyPlan: null,
      effectiveFrom: null,
      pauseFrom: null,
      pauseUntil: null,
      reason: "이사해요",
      late: false,
      decidedSide: null,
      decidedAt: null,
      decisionNote: null,
      createdAt: "2026-11-24T10:00:00.000Z",
      canRespond: false,
      canCancel: true,
    };
    mockFetch({
      "GET /serverless/lectureChangeForm/student/3": () =>
        ok({
          ...FORM,
          KINDS: [
            {
              KIND: "STOP",
              LABEL: "수업 그만하기",
              ALLOWED: true,
              REASON: null,
              DECIDED_BY: "STAFF",
            },
          ],
        }),
      "POST /matching/graphql": graphqlByOperation({
        LectureChanges: () => ({ lectureChanges: asked ? [stop] : [] }),
        LectureOfChange: () => ({
          lecture: { __typename: "Lecture", id: "3", paymentId: "9" },
        }),
        RequestLectureChange: () => {
          asked = true;
          return { requestLectureChange: stop };
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApollo(<LectureChanges lectureId="3" />, "/_app/lectures/3");
    await user.click(await screen.findByRole("button", { name: "수업 그만하기" }));
    await user.click(screen.getByRole("button", { name: "변경 요청 보내기" }));
    expect((await screen.findByRole("alert")).textContent).toBe("이유를 적어 주세요.");
    expect(asked).toBe(false);
    await user.type(screen.getByLabelText(/이유/), "이사해요");
    await user.click(screen.getByRole("button", { name: "변경 요청 보내기" }));
    const link = await screen.findByRole("link", { name: "환불 신청하러 가기" });
    expect(link.getAttribute("href")).toBe("/_app/payments/9/refund");
    expect(screen.getByRole("button", { name: "요청 취소" })).toBeTruthy();
  });
});
