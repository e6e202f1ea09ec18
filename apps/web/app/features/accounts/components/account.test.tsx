import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok } from "../../../test/fetch-mock";
import { lessonsOf } from "../lessons";
import { CONFIRM_MISMATCH_MESSAGE, SAME_PASSWORD_MESSAGE } from "../password-schema";
import { MyLessons } from "./my-lessons";
import { PASSWORD_CHANGED_MESSAGE, PasswordChangeForm } from "./password-change-form";
import { ProfilePanel } from "./profile-panel";

beforeEach(() => {
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("my lessons", () => {
  const entries = [
    {
      LECTURE_NO: 2,
      PAYMENT_ID: 7,
      TITLE: "스마트 수학",
      MONTHS: 3,
      STATE: "READY",
      START_AT: "2026-11-20T15:30:00Z",
      END_AT: "2027-02-20T15:30:00Z",
      NEXT_CHARGE_AT: "2026-12-20T15:30:00Z",
    },
    {
      LECTURE_NO: 1,
      PAYMENT_ID: 5,
      TITLE: "베이직 영어",
      MONTHS: 1,
      STATE: "NOPAY",
      START_AT: null,
      END_AT: null,
      NEXT_CHARGE_AT: null,
    },
    { LECTURE_NO: 9, TITLE: "no state" },
  ];

  it("shows title, months, the state in Korean, the period and next charge in Asia/Seoul", () => {
    render(
      <MemoryRouter>
        <MyLessons
          state={{ status: "ready", lessons: lessonsOf(entries), card: null }}
          retry={() => {}}
        />
      </MemoryRouter>,
    );
    const math = screen.getByRole("article", { name: "스마트 수학" });
    expect(within(math).getByText("선생님 찾는 중")).toBeTruthy();
    expect(within(math).getByText("3개월")).toBeTruthy();
    // 15:30 UTC is 00:30 the next day in Seoul.
    expect(within(math).getByText("2026년 11월 21일 ~ 2027년 2월 21일")).toBeTruthy();
    expect(within(math).getByText("2026년 12월 21일")).toBeTruthy();
    const english = screen.getByRole("article", { name: "베이직 영어" });
    expect(within(english).getByText("결제 대기")).toBeTruthy();
    expect(within(english).getByRole("link", { name: "결제 내역 보기" }).getAttribute("href")).toBe(
      "/_app/payments",
    );
    // A malformed entry is left out.
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("labels every lecture state of SPEC.md §4 in Korean", () => {
    const states = ["DONE", "FINISH", "ACTIVE", "MATCHED", "NOCARD", "AUTO_FINISH"];
    render(
      <MemoryRouter>
        <MyLessons
          state={{
            status: "ready",
            lessons: states.map((STATE, i) => ({
              LECTURE_NO: i,
              TITLE: `수업 ${i}`,
              MONTHS: 1,
              STATE,
            })),
            card: null,
          }}
          retry={() => {}}
        />
      </MemoryRouter>,
    );
    for (const label of [
      "수강 종료",
      "환불 완료",
      "수업 중",
      "선생님 매칭 완료",
      "결제 카드 등록 필요",
    ]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
  });

  it("a failure offers 다시 시도; none offers 수강 신청", async () => {
    const retry = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <MyLessons state={{ status: "error", message: "네트워크가 불안정해요." }} retry={retry} />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "다시 시도" }));
    expect(retry).toHaveBeenCalled();
    rerender(
      <MemoryRouter>
        <MyLessons state={{ status: "ready", lessons: [], card: null }} retry={retry} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "수강 신청하기" }).getAttribute("href")).toBe(
      "/_app/enrollment",
    );
  });
});

describe("the profile", () => {
  it("shows the name, email, masked phone and grade in Korean", () => {
    render(
      <ProfilePanel
        auth={{
          token: "t",
          EMAIL_ID: "student@example.com",
          USER_NO: 7,
          USER_TYPE: "STUDENT",
          USER_NAME: "김하늘",
        }}
        info={{ USER_NO: 7, USER_NAME: "김하늘", PHONE: "010-****-0001", GRADE: "HIGH_2" }}
      />,
    );
    expect(screen.getByTestId("profile-name").textContent).toBe("김하늘");
    expect(screen.getByTestId("profile-phone").textContent).toBe("010-****-0001");
    expect(screen.getByText("고등학교 2학년")).toBeTruthy();
    expect(screen.getByText("student@example.com")).toBeTruthy();
  });
});

describe("the password change", () => {
  function renderForm() {
    const onChanged = vi.fn();
    render(<PasswordChangeForm email="student@example.com" onChanged={onChanged} />);
    return { onChanged, user: userEvent.setup() };
  }

  it("checks the fields before calling the server", async () => {
    const { calls } = mockFetch({});
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "비밀번호 바꾸기" }));
    expect(await screen.findByText("지금 쓰는 비밀번호를 입력해 주세요.")).toBeTruthy();
    expect(screen.getByText("비밀번호를 입력해 주세요.")).toBeTruthy();
    expect(screen.getByText("새 비밀번호를 한 번 더 입력해 주세요.")).toBeTruthy();
    await user.type(screen.getByLabelText("지금 비밀번호"), "Demo1234!");
    await user.type(screen.getByLabelText("새 비밀번호"), "Demo1234!");
    await user.type(screen.getByLabelText("새 비밀번호 확인"), "Other1234!");
    await user.click(screen.getByRole("button", { name: "비밀번호 바꾸기" }));
    expect(await screen.findByText(SAME_PASSWORD_MESSAGE)).toBeTruthy();
    expect(screen.getByText(CONFIRM_MISMATCH_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("a wrong current password lands on that field", async () => {
    mockFetch({
      "PATCH /serverless/change_password": () =>
        fail(400, "wrong_current_password", "지금 비밀번호가 맞지 않아요."),
    });
    const { user, onChanged } = renderForm();
    await user.type(screen.getByLabelText("지금 비밀번호"), "Wrong1234!");
    await user.type(screen.getByLabelText("새 비밀번호"), "Fresh5678!");
    await user.type(screen.getByLabelText("새 비밀번호 확인"), "Fresh5678!");
    await user.click(screen.getByRole("button", { name: "비밀번호 바꾸기" }));
    expect(await screen.findByText("지금 비밀번호가 맞지 않아요.")).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText("지금 비밀번호")),
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("changes it with the session, says to sign in again and ends the session", async () => {
    sessionStorage.setItem("accessToken", "token-1");
    const { calls } = mockFetch({
      "PATCH /serverless/change_password": () => ok({ CHANGED: true }),
    });
    const { user, onChanged } = renderForm();
    await user.type(screen.getByLabelText("지금 비밀번호"), "Demo1234!");
    await user.type(screen.getByLabelText("새 비밀번호"), "Fresh5678!");
    await user.type(screen.getByLabelText("새 비밀번호 확인"), "Fresh5678!");
    await user.click(screen.getByRole("button", { name: "비밀번호 바꾸기" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(PASSWORD_CHANGED_MESSAGE);
    expect(calls[0]).toMatchObject({
      method: "PATCH",
      url: "/serverless/change_password",
      credentials: "omit",
      body: { CURRENT_PASSWORD: "Demo1234!", NEW_PASSWORD: "Fresh5678!" },
    });
    expect(calls[0]!.headers.authorization).toBe("Bearer token-1");
  });
});
