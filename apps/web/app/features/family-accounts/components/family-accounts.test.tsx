import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "react-toastify";
import { ACCOUNT_LINK_MESSAGES } from "@seoltab/domain/family-accounts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAccessToken } from "../../../lib/credentials";
import { useActingChildStore } from "../../../stores/acting-child-store";
import { useRootStore } from "../../../stores/root-store";
import { fail, fakeJwt, mockFetch, ok } from "../../../test/fetch-mock";
import { ConnectAccountFlow } from "./connect-account-flow";
import { CreateStudentForm } from "./create-student-form";

beforeEach(() => {
  vi.spyOn(toast, "error");
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  useRootStore.getState().reset();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(ui: ReactNode, entry: string) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          {ui}
          <Where />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

function signInAsParent() {
  const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 900, user_type: "PARENT" });
  setAccessToken(token);
  useRootStore.getState().setAuth({
    flag: true,
    data: { token, EMAIL_ID: "p@example.com", USER_NO: 7, USER_TYPE: "PARENT", CHILDREN: [] },
  });
}

describe("/connect_account", () => {
  it("a wrong password shows 'check email and password' and never signs out; then terms and the reverse link go to /active_account_finish", async () => {
    const { callsTo } = mockFetch({
      "POST /main/account_link/login": (call) =>
        (call.body as { PASSWORD: string }).PASSWORD === "Right!pass1"
          ? ok({
              LINK_TICKET: "proof-ticket-aaaaaaaaaaaaaaaa",
              SERVICE_TYPE: "LECTURE",
              EMAIL_ID: "st*****@example.com",
              USER_NAME: "김하늘",
              EXPIRES_IN_SEC: 600,
            })
          : fail(400, "link_login_failed", "서버 메시지"),
      "POST /main/user_Agree_family_services": () => ok({ AGREED: [] }),
      "POST /main/account_link/connect": () =>
        ok({
          DIRECTION: "REVERSE",
          SERVICE_TYPE: "QUESTION",
          AUTO_LOGIN: null,
          REDIRECT: "/active_account_finish",
        }),
    });
    const user = userEvent.setup();
    renderAt(<ConnectAccountFlow signedIn={false} fromTicket="from-ticket" />, "/connect_account");
    await user.type(screen.getByLabelText("이메일"), "student@example.com");
    await user.type(screen.getByLabelText("비밀번호"), "Wrong!pass1");
    await user.click(screen.getByRole("button", { name: "계정 확인" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_LINK_MESSAGES.loginFailed, undefined),
    );
    expect(screen.getByRole("alert").textContent).toBe("이메일과 비밀번호를 확인해 주세요.");
    expect(screen.getByTestId("where").textContent).toBe("/connect_account");

    await user.clear(screen.getByLabelText("비밀번호"));
    await user.type(screen.getByLabelText("비밀번호"), "Right!pass1");
    await user.click(screen.getByRole("button", { name: "계정 확인" }));
    const submit = await screen.findByRole("button", { name: "동의하고 연동하기" });
    expect(submit).toHaveProperty("disabled", true);
    await user.click(screen.getByLabelText("전체 동의"));
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/active_account_finish"),
    );
    const agreed = callsTo("/main/user_Agree_family_services")[0]!.body as {
      LINK_TICKET: string;
      AGREED_TERMS: Record<string, { TERM_ID: string; VERSION: string }[]>;
    };
    expect(agreed.LINK_TICKET).toBe("proof-ticket-aaaaaaaaaaaaaaaa");
    expect(agreed.AGREED_TERMS.QUESTION).toContainEqual({ TERM_ID: "service", VERSION: "2026-01" });
    expect(callsTo("/main/account_link/connect")[0]!.body).toEqual({
      LINK_TICKET: "proof-ticket-aaaaaaaaaaaaaaaa",
      FROM_TICKET: "from-ticket",
    });
  });

  it("a failed link shows 'linking failed'", async () => {
    signInAsParent();
    mockFetch({
      "POST /main/account_link/login": () =>
        ok({
          LINK_TICKET: "proof-ticket-bbbbbbbbbbbbbbbb",
          SERVICE_TYPE: "QUESTION",
          EMAIL_ID: "q*****@example.com",
          USER_NAME: "김하늘",
          EXPIRES_IN_SEC: 600,
        }),
      "POST /main/user_Agree_family_services": () => ok({ AGREED: [] }),
      "POST /main/account_link/connect": () =>
        fail(409, "already_linked", "이미 연동된 계정이에요."),
    });
    const user = userEvent.setup();
    renderAt(<ConnectAccountFlow signedIn fromTicket={null} />, "/connect_account");
    await user.type(screen.getByLabelText("이메일"), "q@example.com");
    await user.type(screen.getByLabelText("비밀번호"), "Right!pass1");
    await user.click(screen.getByRole("button", { name: "계정 확인" }));
    await user.click(await screen.findByLabelText("전체 동의"));
    await user.click(screen.getByRole("button", { name: "동의하고 연동하기" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_LINK_MESSAGES.linkFailed, undefined),
    );
    expect(screen.getByRole("alert").textContent).toContain("이미 연동된 계정이에요.");
  });
});

describe("/CreateStudentAccount form", () => {
  it("asks for the parent's consent with phone verification under 14, and makes the new child the acting child", async () => {
    signInAsParent();
    const { callsTo } = mockFetch({
      "POST /main/family/create_student": () =>
        ok({
          USER_NO: 31,
          STATUS: "ACTIVE",
          SIGN_IN: "PARENT",
          CHILDREN: [{ USER_NO: 31, USER_NAME: "최새싹" }],
        }),
    });
    const user = userEvent.setup();
    renderAt(<CreateStudentForm />, "/CreateStudentAccount");
    await user.type(screen.getByLabelText("자녀 이름"), "최새싹");
    const birth = screen.getByLabelText("생년월일");
    const young = `${new Date().getFullYear() - 10}-01-01`;
    await user.type(birth, young);
    expect(await screen.findByText(/보호자 동의 \(개인정보 보호법 제22조의2\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "자녀 계정 만들기" }));
    expect(screen.getByRole("alert").textContent).toContain("보호자 동의와 휴대폰 인증");
    expect(callsTo("/main/family/create_student")).toHaveLength(0);

    await user.clear(birth);
    await user.type(birth, `${new Date().getFullYear() - 15}-01-01`);
    await user.click(screen.getByRole("button", { name: "자녀 계정 만들기" }));
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/ViewStudentAccount"),
    );
    expect(callsTo("/main/family/create_student")[0]!.body).toMatchObject({
      REALNAME: "최새싹",
      SCHOOL_LEVEL: "MIDDLE",
      GRADE: "MIDDLE_1",
    });
    expect(useActingChildStore.getState().childUserNo).toBe(31);
    expect(useRootStore.getState().auth.data?.CHILDREN).toEqual([
      { USER_NO: 31, USER_NAME: "최새싹" },
    ]);
  });
});
