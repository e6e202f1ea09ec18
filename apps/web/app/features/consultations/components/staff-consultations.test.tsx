import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import App from "../../../root";
import AdminConsultations from "../../../routes/admin-consultations";
import AppShell from "../../../routes/app-shell";
import { useRootStore, type UserType } from "../../../stores/root-store";
import { signInWithAccessToken } from "../../../test/auth";
import { fail, json, mockFetch, ok } from "../../../test/fetch-mock";
import type { ConsultationItem } from "../admin-api";
import { formatPhone, seoulDateTime } from "./staff-consultations";

function renderPage() {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: App,
      children: [{ path: "/_app/admin/consultations", Component: AdminConsultations }],
    },
  ]);
  return render(<Stub initialEntries={["/_app/admin/consultations"]} />);
}

function signInAs(userType: UserType) {
  signInWithAccessToken(userType, { EMAIL_ID: "admin@example.com", USER_NAME: "운영팀" });
}

const ITEM: ConsultationItem = {
  REQUEST_ID: "3f2c9a4e-8b1d-4c6f-9e2a-7d5b1c0e4f3a",
  CREATED_AT: "2026-11-21T05:03:00.000Z",
  APPLICANT_TYPE: "PARENT",
  NAME: "김서연",
  GRADE: "MIDDLE_2",
  SUBJECT: "수학",
  PHONE_NUM: "01012345678",
  PREFERRED_TIME: "WEEKDAY_EVENING",
  PREFERRED_TIME_NOTE: "화·목 저녁 7시 이후",
  MEMO: "<script>alert(1)</script>",
  UTM: {
    utm_campaign: "winter",
    utm_content: null,
    utm_medium: null,
    utm_source: "naver",
    utm_term: null,
  },
  STATUS: "RECEIVED",
  STATUS_CHANGED_AT: null,
  STATUS_CHANGED_BY: null,
};

beforeEach(() => {
  vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

describe("/_app/admin/consultations", () => {
  it("signed out: the way to sign in, and no call", () => {
    const { calls } = mockFetch({});
    renderPage();
    expect(screen.getByRole("heading", { name: "로그인이 필요해요" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
    expect(calls).toHaveLength(0);
  });

  it.each(["STUDENT", "PARENT", "TEACHER"] as const)("%s: not for them, and no call", (type) => {
    const { calls } = mockFetch({});
    signInAs(type);
    renderPage();
    expect(screen.getByRole("heading", { name: "운영팀만 볼 수 있는 페이지예요" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it.each(["ADMIN", "SALES_TEAM"] as const)(
    "%s sees the requests with their utm values",
    async (type) => {
      const { callsTo } = mockFetch({
        "POST /main/admin/consultation_requests": () =>
          ok({ REQUESTS: [ITEM], TOTAL_COUNT: 1, NEXT_CURSOR: null }),
      });
      signInAs(type);
      renderPage();
      const card = await screen.findByRole("article", { name: /김서연/ });
      expect(screen.getByText("모두 1건")).toBeTruthy();
      expect(within(card).getByText("접수")).toBeTruthy();
      expect(within(card).getByText("중학교 2학년 · 수학")).toBeTruthy();
      expect(within(card).getByRole("link", { name: "010-1234-5678" }).getAttribute("href")).toBe(
        "tel:01012345678",
      );
      expect(within(card).getByText(/평일 저녁/)).toBeTruthy();
      expect(within(card).getByText("화·목 저녁 7시 이후")).toBeTruthy();
      // Markup typed by the applicant is shown as text.
      expect(within(card).getByText("<script>alert(1)</script>")).toBeTruthy();
      const utm = within(card).getByTestId("consultation-utm");
      expect(utm.textContent).toContain("utm_campaign winter");
      expect(utm.textContent).toContain("utm_source naver");
      expect(within(card).getByText(seoulDateTime(ITEM.CREATED_AT))).toBeTruthy();
      const call = callsTo("/main/admin/consultation_requests")[0]!;
      expect(call.body).toEqual({ LIMIT: 20 });
      expect(call.headers.authorization).toMatch(/^Bearer /);
    },
  );

  it("filters by status and dates, and loads the next page", async () => {
    const { callsTo } = mockFetch({
      "POST /main/admin/consultation_requests": (call) => {
        const body = call.body as { CURSOR?: string };
        return body.CURSOR
          ? ok({
              REQUESTS: [
                { ...ITEM, REQUEST_ID: "9a1b2c3d-0000-4000-8000-000000000002", NAME: "이민호" },
              ],
              TOTAL_COUNT: 2,
              NEXT_CURSOR: null,
            })
          : ok({ REQUESTS: [ITEM], TOTAL_COUNT: 2, NEXT_CURSOR: "cursor-1" });
      },
    });
    signInAs("ADMIN");
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole("article", { name: /김서연/ });
    await user.selectOptions(screen.getByLabelText("상태"), "RECEIVED");
    await user.type(screen.getByLabelText("시작일"), "2026-11-01");
    await user.type(screen.getByLabelText("종료일"), "2026-11-30");
    await user.click(screen.getByRole("button", { name: "조회" }));
    await waitFor(() => expect(callsTo("/main/admin/consultation_requests")).toHaveLength(2));
    expect(callsTo("/main/admin/consultation_requests")[1]!.body).toEqual({
      STATUS: "RECEIVED",
      FROM: "2026-11-01",
      TO: "2026-11-30",
      LIMIT: 20,
    });
    await user.click(await screen.findByRole("button", { name: "더 보기" }));
    expect(await screen.findByRole("article", { name: /이민호/ })).toBeTruthy();
    expect(callsTo("/main/admin/consultation_requests")[2]!.body).toMatchObject({
      CURSOR: "cursor-1",
      STATUS: "RECEIVED",
    });
    expect(screen.getAllByTestId("consultation-item")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "더 보기" })).toBeNull();
  });

  it("changes the status after a confirm and shows who changed it", async () => {
    const { callsTo } = mockFetch({
      "POST /main/admin/consultation_requests": () =>
        ok({ REQUESTS: [ITEM], TOTAL_COUNT: 1, NEXT_CURSOR: null }),
      "POST /main/admin/consultation_requests/status": () =>
        ok({
          ...ITEM,
          STATUS: "CONTACTED",
          STATUS_CHANGED_AT: "2026-11-21T06:00:00.000Z",
          STATUS_CHANGED_BY: { USER_NO: 4, USER_NAME: "운영팀" },
        }),
    });
    signInAs("ADMIN");
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole("article", { name: /김서연/ });
    await user.click(within(card).getByRole("button", { name: "연락 완료 처리" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("되돌릴 수 없어요");
    // 완료 ends without a final consonant: 로, never "(으)로" (issue #11 item 12).
    expect(dialog.textContent).toContain("상담을 ‘연락 완료’로 바꿔요.");
    expect(dialog.textContent).not.toContain("(으)로");
    await user.click(within(dialog).getByRole("button", { name: "바꾸기" }));
    await waitFor(() => expect(within(card).getByText("연락 완료")).toBeTruthy());
    expect(await screen.findByText(/상담을 ‘연락 완료’로 바꿨어요\./)).toBeTruthy();
    expect(callsTo("/main/admin/consultation_requests/status")[0]!.body).toEqual({
      REQUEST_ID: ITEM.REQUEST_ID,
      STATUS: "CONTACTED",
    });
    expect(
      within(card).getByText(`운영팀 · ${seoulDateTime("2026-11-21T06:00:00.000Z")}`),
    ).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "연락 완료 처리" })).toBeNull();
    expect(within(card).getByRole("button", { name: "상담 종료 처리" })).toBeTruthy();
  });

  it("a list that cannot be loaded says so in Korean, with a retry", async () => {
    let attempts = 0;
    mockFetch({
      "POST /main/admin/consultation_requests": () => {
        attempts += 1;
        return attempts === 1
          ? fail(500, "internal_error", "일시적인 오류가 발생했어요. 잠시 후 다시 시도해 주세요.")
          : ok({ REQUESTS: [], TOTAL_COUNT: 0, NEXT_CURSOR: null });
      },
    });
    signInAs("SALES_TEAM");
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/일시적인 오류가 발생했어요/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "다시 불러오기" }));
    expect(await screen.findByText("조건에 맞는 상담 신청이 없어요.")).toBeTruthy();
  });
});

describe("the app shell's link to the staff page", () => {
  function renderShell() {
    const Stub = createRoutesStub([
      {
        id: "root",
        Component: App,
        children: [
          {
            path: "/_app",
            Component: AppShell,
            children: [{ index: true, Component: () => <h1>내 학습 공간</h1> }],
          },
        ],
      },
    ]);
    return render(<Stub initialEntries={["/_app"]} />);
  }

  it.each(["ADMIN", "SALES_TEAM"] as const)(
    "%s sees one 운영 콘솔 entry (the console's menu lists 상담 신청)",
    async (type) => {
      mockFetch({
        "POST /auth/graphql": () => json({ data: { me: { userNo: 4, userType: type } } }),
      });
      signInAs(type);
      renderShell();
      const link = await screen.findByRole("link", { name: "운영 콘솔" });
      expect(link.getAttribute("href")).toBe("/_app/admin");
      expect(screen.queryByRole("link", { name: "상담 신청 관리" })).toBeNull();
    },
  );

  it.each(["STUDENT", "PARENT", "TEACHER"] as const)("%s does not", async (type) => {
    mockFetch({
      "POST /auth/graphql": () => json({ data: { me: { userNo: 4, userType: type } } }),
    });
    signInAs(type);
    renderShell();
    expect(await screen.findByRole("link", { name: "내 학습 공간" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "상담 신청 관리" })).toBeNull();
    expect(screen.queryByRole("link", { name: "운영 콘솔" })).toBeNull();
  });
});

describe("formatting", () => {
  it("shows times in Asia/Seoul and phones with hyphens", () => {
    expect(seoulDateTime("2026-11-21T15:30:00.000Z")).toMatch(/2026\. 11\. 22\.? 00:30/);
    expect(formatPhone("01012345678")).toBe("010-1234-5678");
    expect(formatPhone("0161234567")).toBe("016-123-4567");
  });
});
