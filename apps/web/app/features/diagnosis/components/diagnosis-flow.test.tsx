import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { PENDING_KEY, readPendingAttempts } from "../pending";
import { DiagnosisFlow } from "./diagnosis-flow";

const TEST = {
  id: "MATH-MIDDLE-1",
  subject: "MATH",
  subjectLabel: "수학",
  schoolLevel: "MIDDLE",
  schoolLevelLabel: "중학생",
  title: "중학 수학 레벨 진단",
  units: ["소인수분해"],
  itemCount: 2,
  minutes: 15,
};
const ITEMS = [
  {
    id: "MATH-M-01",
    unit: "소인수분해",
    passage: null,
    question: "84를 소인수분해한 것은?",
    choices: ["2² × 3 × 7", "b", "c", "d"],
  },
  {
    id: "MATH-M-02",
    unit: "소인수분해",
    passage: null,
    question: "24와 36의 최대공약수는?",
    choices: ["6", "12", "18", "72"],
  },
];
const TOKEN = "t".repeat(43);

function report(answers: { itemId: string; choice: number | null }[]) {
  return {
    id: "41",
    test: TEST,
    correct: 1,
    total: 2,
    percent: 50,
    units: [
      {
        unit: "소인수분해",
        correct: 1,
        total: 2,
        percent: 50,
        standing: "OK",
        standingLabel: "보통",
      },
    ],
    strongUnits: [],
    weakUnits: [],
    startLevel: "CORE",
    startLevelLabel: "현행 개념 완성",
    startLevelDescription: "현재 학년 개념을 빈틈없이 정리해요.",
    lessonType: "BALANCED",
    lessonTypeLabel: "개념 + 문제 풀이 병행 수업 (주 2회 권장)",
    nextSteps: {
      consultation: "/consultation?subject=%EC%88%98%ED%95%99&from=ai_diagnosis",
      enrollment: "/guest_enrollment?subject=%EC%88%98%ED%95%99&from=ai_diagnosis",
    },
    items: ITEMS.map((item, i) => ({
      ...item,
      chosen: answers[i]?.choice ?? null,
      answer: i,
      correct: i === 0,
    })),
    submittedAt: "2026-11-24T03:00:00.000Z",
    kept: false,
    userNo: null,
  };
}

function backend() {
  return mockFetch({
    "POST /diagnosis/graphql": (call: RecordedCall) => {
      const { query, variables } = call.body as {
        query: string;
        variables: { i: { answers: { itemId: string; choice: number | null }[] } };
      };
      if (query.includes("diagnosisTests")) return json({ data: { diagnosisTests: [TEST] } });
      if (query.includes("startDiagnosis")) {
        return json({
          data: { startDiagnosis: { id: "41", attemptToken: TOKEN, test: TEST, items: ITEMS } },
        });
      }
      if (query.includes("submitDiagnosis")) {
        return json({ data: { submitDiagnosis: report(variables.i.answers) } });
      }
      return json({ errors: [{ message: "unexpected" }] });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("DiagnosisFlow", () => {
  it("takes the test one item per screen as a guest, submits and shows the report", async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    render(<DiagnosisFlow />);
    await user.click(screen.getByRole("radio", { name: "국어" }));
    await user.click(screen.getByRole("radio", { name: "수학" }));
    await user.click(screen.getByRole("radio", { name: "중학생" }));
    await user.click(screen.getByRole("button", { name: "진단 시작하기" }));

    expect(await screen.findByRole("heading", { name: /84를 소인수분해/ })).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "진행도" }).getAttribute("value")).toBe("1");
    expect(readPendingAttempts()).toEqual([{ id: "41", token: TOKEN }]);
    await user.click(screen.getByRole("radio", { name: /2² × 3 × 7/ }));
    await user.click(screen.getByRole("button", { name: "다음" }));
    // The second item is skipped: the hint says it counts as wrong.
    expect(await screen.findByRole("heading", { name: /최대공약수/ })).toBeTruthy();
    expect(screen.getByText(/답하지 않은 문항 1개/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "제출하고 결과 보기" }));

    const result = await screen.findByTestId("diagnosis-report");
    expect(within(result).getByTestId("start-level").textContent).toBe("현행 개념 완성");
    expect(
      within(result).getByRole("link", { name: "수학 상담 신청하기" }).getAttribute("href"),
    ).toContain("/consultation?subject=");
    expect(screen.getByTestId("keep-result")).toBeTruthy();

    const graphqlCalls = calls.filter((c) => c.url === "/diagnosis/graphql");
    expect(graphqlCalls.every((c) => c.credentials === "same-origin")).toBe(true);
    const submit = graphqlCalls.at(-1)!.body as { variables: { i: unknown } };
    expect(submit.variables.i).toEqual({
      attemptId: "41",
      attemptToken: TOKEN,
      answers: [
        { itemId: "MATH-M-01", choice: 0 },
        { itemId: "MATH-M-02", choice: null },
      ],
    });
    // The guest's attempt stays remembered until an account claims it.
    expect(localStorage.getItem(PENDING_KEY)).toContain("41");
  });

  it("offers the report of the attempt this browser took last (by its token)", async () => {
    const user = userEvent.setup();
    localStorage.setItem(PENDING_KEY, JSON.stringify([{ id: "41", token: TOKEN }]));
    const { calls } = mockFetch({
      "POST /diagnosis/graphql": () =>
        json({ data: { diagnosisReport: report([{ itemId: "MATH-M-01", choice: 0 }]) } }),
    });
    render(<DiagnosisFlow />);
    await user.click(await screen.findByRole("button", { name: "최근에 푼 진단 결과 보기" }));
    expect(await screen.findByTestId("diagnosis-report")).toBeTruthy();
    expect((calls[0]!.body as { variables: unknown }).variables).toEqual({ id: "41", t: TOKEN });
  });

  it("shows the server's Korean message when starting fails", async () => {
    const user = userEvent.setup();
    mockFetch({
      "POST /diagnosis/graphql": () =>
        json({
          errors: [
            { message: "찾는 진단을 찾을 수 없어요.", extensions: { classification: "NOT_FOUND" } },
          ],
        }),
    });
    render(<DiagnosisFlow />);
    await user.click(screen.getByRole("button", { name: "진단 시작하기" }));
    expect((await screen.findByRole("alert")).textContent).toBe("찾는 진단을 찾을 수 없어요.");
  });
});
