import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok } from "../../test/fetch-mock";
import { browserLocation } from "../../lib/browser-location";
import { fetchChangeForm, type LectureChange } from "./api";
import { changeSummary } from "./components/change-row";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("fetchChangeForm (phoenix GET /serverless/lectureChangeForm/student/{id})", () => {
  it("calls the serverless base without credentials and reads the lessons on the Seoul clock", async () => {
    localStorage.setItem("token", "login-token");
    const { calls } = mockFetch({
      "GET /serverless/lectureChangeForm/student/12": () =>
        ok({
          LECTURE_ID: 12,
          LECTURE_TITLE: "스마트 수학",
          LECTURE_STATE: "ACTIVE",
          TUTOR_NAME: "이준호",
          SIDE: "FAMILY",
          WEEKLY_PLAN: [{ day: "MON", start: "18:00", end: "19:30" }],
          PAUSED_DAYS: 0,
          UPCOMING_LESSONS: [
            { ID: 5, STARTS_AT: "2026-11-30T09:00:00.000Z", MINUTES: 90, STATE: "RESERVATION" },
          ],
          KINDS: [
            {
              KIND: "PAUSE",
              LABEL: "잠시 쉬기",
              ALLOWED: false,
              REASON: "같은 변경 요청이 이미 접수되어 있어요.",
              DECIDED_BY: "STAFF",
            },
          ],
          OPEN_REQUESTS: [],
        }),
    });
    const form = await fetchChangeForm("12");
    expect(calls[0]).toMatchObject({
      method: "GET",
      url: "/serverless/lectureChangeForm/student/12",
      credentials: "omit",
    });
    expect(calls[0]!.headers.authorization).toBe("Bearer login-token");
    expect(form.upcomingLessons).toEqual([
      {
        id: "5",
        startsAt: "2026-11-30T09:00:00.000Z",
        seoulDate: "2026-11-30",
        seoulTime: "18:00",
        weekday: "MON",
        minutes: 90,
      },
    ]);
    expect(form.kinds[0]).toEqual({
      kind: "PAUSE",
      label: "잠시 쉬기",
      allowed: false,
      reason: "같은 변경 요청이 이미 접수되어 있어요.",
      decidedBy: "STAFF",
    });
  });

  it("throws the server's message", async () => {
    vi.spyOn(browserLocation, "replace").mockImplementation(() => {});
    mockFetch({
      "GET /serverless/lectureChangeForm/student/x": () =>
        fail(400, "validation_failed", "id 는 강의 번호(숫자)여야 해요."),
    });
    await expect(fetchChangeForm("x")).rejects.toThrow("id 는 강의 번호(숫자)여야 해요.");
  });
});

const base: LectureChange = {
  id: "1",
  lectureId: "12",
  lectureTitle: "스마트 수학",
  kind: "MOVE_LESSON",
  kindLabel: "수업 한 번 옮기기",
  state: "RECEIVED",
  stateLabel: "접수",
  requestedSide: "FAMILY",
  requestedByName: "김서연",
  decidedBy: "OTHER_SIDE",
  lessonId: "5",
  lessonStartsAt: "2026-11-30T09:00:00.000Z",
  proposedStartsAt: "2026-12-01T01:00:00.000Z",
  proposedMinutes: 90,
  weeklyPlan: null,
  effectiveFrom: null,
  pauseFrom: null,
  pauseUntil: null,
  reason: null,
  late: false,
  decidedSide: null,
  decidedAt: null,
  decisionNote: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  canRespond: false,
  canCancel: true,
};

describe("changeSummary", () => {
  it("says each kind in Korean on the Seoul clock", () => {
    expect(changeSummary(base)).toBe("11월 30일 (월) 18:00 → 12월 1일 (화) 10:00 (90분)");
    expect(
      changeSummary({
        ...base,
        kind: "CHANGE_PLAN",
        weeklyPlan: [{ day: "TUE", start: "17:00", end: "18:30" }],
        effectiveFrom: "2026-12-07",
      }),
    ).toBe("12월 7일부터 매주 화 17:00~18:30");
    expect(
      changeSummary({ ...base, kind: "PAUSE", pauseFrom: "2026-12-01", pauseUntil: "2026-12-07" }),
    ).toBe("12월 1일 ~ 12월 7일 (7일) 쉬기");
  });
});
