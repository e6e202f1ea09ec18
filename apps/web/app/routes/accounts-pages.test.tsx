import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserLocation } from "../lib/browser-location";
import { LOGIN_FAILURE_MESSAGE } from "../lib/login";
import App from "../root";
import { useRootStore } from "../stores/root-store";
import { fail, mockFetch, ok, type Handler } from "../test/fetch-mock";
import AccountsLayout from "./accounts-layout";
import AccountsLogin from "./accounts-login";
import AppHome from "./app-home";
import AppShell from "./app-shell";
import Join from "./join";
import ParentSignIn from "./parent-sign-in";
import SignIn from "./sign-in";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: App,
      children: [
        {
          Component: AccountsLayout,
          children: [
            { path: "/sign_in", Component: SignIn },
            { path: "/parent_sign_in", Component: ParentSignIn },
            { path: "/JoinPage", Component: Join },
            { path: "/accounts/login", Component: AccountsLogin },
          ],
        },
        { path: "/_app", Component: AppShell, children: [{ index: true, Component: AppHome }] },
        { path: "*", Component: Where },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const STUDENT = {
  token: "jwt-student",
  EMAIL_ID: "student@example.com",
  USER_NO: 7,
  USER_TYPE: "STUDENT",
  USER_NAME: "김하늘",
  NICKNAME: "하늘",
  STATUS: "ACTIVE",
  CHILDREN: [],
};
const PARENT = {
  ...STUDENT,
  token: "jwt-parent",
  EMAIL_ID: "parent@example.com",
  USER_NO: 8,
  USER_TYPE: "PARENT",
  USER_NAME: "김서연",
  NICKNAME: null,
  CHILDREN: [{ USER_NO: 7, USER_NAME: "김하늘" }],
};
const userInfo: Handler = (call) =>
  ok({
    USER_NO: (call.body as { USER_NO: number }).USER_NO,
    PHONE: "010-****-0001",
    LECTURE_INFO: [],
  });

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  vi.spyOn(browserLocation, "replace").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

async function fillSignIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("이메일"), email);
  await user.type(screen.getByLabelText("비밀번호"), password);
  await user.click(screen.getByRole("button", { name: "로그인" }));
  return user;
}

describe("/sign_in", () => {
  it("is the student/tutor sign-in, with ways to the parent sign-in and to join", async () => {
    renderAt("/sign_in");
    expect(await screen.findByRole("heading", { level: 1, name: "로그인" })).toBeTruthy();
    expect(screen.getByRole("main").id).toBe("main-content");
    expect(screen.getByRole("link", { name: "학부모 로그인" }).getAttribute("href")).toBe(
      "/parent_sign_in",
    );
    expect(screen.getByRole("link", { name: "회원가입" }).getAttribute("href")).toBe("/JoinPage");
    expect(screen.getByRole("link", { name: "설탭 홈으로" }).getAttribute("href")).toBe("/");
  });

  it("says in Korean what is missing, and focuses the first field", async () => {
    const { calls } = mockFetch({});
    renderAt("/sign_in");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "로그인" }));
    expect(await screen.findByText("이메일 주소를 입력해 주세요.")).toBeTruthy();
    expect(screen.getByText("비밀번호를 입력해 주세요.")).toBeTruthy();
    const email = screen.getByLabelText("이메일");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText(/이메일 주소 형식을 확인해 주세요/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the Korean toast on a wrong password and lets the person try again", async () => {
    mockFetch({
      "POST /main/login": () => fail(401, "invalid_credentials", LOGIN_FAILURE_MESSAGE),
    });
    renderAt("/sign_in");
    await fillSignIn("student@example.com", "wrong-password");
    expect(await screen.findByText(LOGIN_FAILURE_MESSAGE)).toBeTruthy();
    const password = screen.getByLabelText("비밀번호") as HTMLInputElement;
    await waitFor(() => expect(password.value).toBe(""));
    expect(document.activeElement).toBe(password);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("signs a student in and opens /_app with their name and type", async () => {
    const { calls } = mockFetch({
      "POST /main/login": () => ok(STUDENT),
      "POST /main/getUserInfo": userInfo,
    });
    renderAt("/sign_in");
    await fillSignIn("student@example.com", "Demo1234!");
    expect(
      await screen.findByRole("heading", { level: 1, name: "김하늘님, 반가워요" }),
    ).toBeTruthy();
    expect(screen.getByTestId("user-type").textContent).toBe("학생");
    expect(screen.getByRole("button", { name: "로그아웃" })).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ SERVICE_TYPE: "LECTURE", PLATFORM: "WEB" });
  });

  it("leaves SERVICE_TYPE out when the address carries for_resume", async () => {
    const { calls } = mockFetch({
      "POST /main/login": () => ok(STUDENT),
      "POST /main/getUserInfo": userInfo,
    });
    renderAt("/sign_in?for_resume=1");
    await fillSignIn("student@example.com", "Demo1234!");
    await screen.findByRole("heading", { level: 1, name: "김하늘님, 반가워요" });
    expect(calls[0]!.body).not.toHaveProperty("SERVICE_TYPE");
  });
});

describe("/parent_sign_in and the parent's /_app", () => {
  it("signs a parent in through the same call and lists their children", async () => {
    const { calls } = mockFetch({
      "POST /main/login": () => ok(PARENT),
      "POST /main/getUserInfo": userInfo,
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    renderAt("/parent_sign_in");
    expect(await screen.findByRole("heading", { level: 1, name: "학부모 로그인" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "학부모 회원가입" }).getAttribute("href")).toBe(
      "/JoinPage?type=PARENT",
    );
    await fillSignIn("parent@example.com", "Demo1234!");
    await screen.findByRole("heading", { level: 1, name: "김서연님, 반가워요" });
    expect(calls[0]!.url).toBe("/main/login");
    expect(screen.getByTestId("user-type").textContent).toBe("학부모");
    const children = screen.getByRole("region", { name: "자녀 계정" });
    expect(within(children).getByText("김하늘")).toBeTruthy();

    // 로그아웃: every credential goes, then /sign_in.
    await userEvent.setup().click(screen.getByRole("button", { name: "로그아웃" }));
    expect(await screen.findByRole("heading", { level: 1, name: "로그인" })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: "/api/oauth/logout", credentials: "include" });
    for (const key of ["token", "persist:root"]) expect(localStorage.getItem(key)).toBeNull();
    for (const key of ["accessToken", "userToken", "userInfo"]) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });
});

describe("/accounts/login?continue=", () => {
  it.each([
    ["/accounts/login?continue=%2F_app%2Fpayments", "/_app/payments"],
    ["/accounts/login?continue=https%3A%2F%2Fevil.example%2F", "/"],
    ["/accounts/login?continue=%2F%2Fevil.example", "/"],
    ["/accounts/login", "/"],
  ])("%s returns to %s after signing in", async (path, target) => {
    mockFetch({ "POST /main/login": () => ok(STUDENT), "POST /main/getUserInfo": userInfo });
    renderAt(path);
    expect(await screen.findByRole("heading", { level: 1, name: "설탭 계정 로그인" })).toBeTruthy();
    await fillSignIn("student@example.com", "Demo1234!");
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(target));
  });
});

/** Routes of a join, with the payloads the server received. */
function joinServer(overrides: Record<string, Handler> = {}) {
  return mockFetch({
    "POST /main/verification/send_code": () =>
      ok({ VERIFICATION_ID: "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69", EXPIRES_IN_SEC: 180 }),
    "POST /main/verification/verify_code": (call) =>
      (call.body as { CODE: string }).CODE === "123456"
        ? ok({ VERIFIED: true, VERIFICATION_TOKEN: "v".repeat(43), EXPIRES_IN_SEC: 1800 })
        : fail(
            400,
            "code_mismatch",
            "인증번호가 일치하지 않아요. 다시 입력해 주세요. (남은 횟수 4회)",
          ),
    "POST /main/join/check_email": () => ok({ AVAILABLE: true }),
    "POST /main/join/check_nickname": () => ok({ AVAILABLE: true }),
    "POST /main/join": () => ok({ USER_NO: 41, STATUS: "ACTIVE" }),
    ...overrides,
  });
}

async function verifyPhone(user: ReturnType<typeof userEvent.setup>, phone = "010-1234-5678") {
  await user.type(await screen.findByLabelText("휴대폰 번호"), phone);
  await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
  const code = await screen.findByLabelText("인증번호");
  expect(screen.getByText("3:00")).toBeTruthy();
  await user.type(code, "123456");
  await user.click(screen.getByRole("button", { name: "확인" }));
  expect(await screen.findByText(/번호 인증을 마쳤어요/)).toBeTruthy();
}

async function fillDetails(
  user: ReturnType<typeof userEvent.setup>,
  values: { email: string; birthDate: string; grade?: string },
) {
  await user.type(await screen.findByLabelText("이메일"), values.email);
  await user.tab(); // leaving the field checks availability
  expect(await screen.findByText("사용할 수 있는 이메일이에요.")).toBeTruthy();
  await user.type(screen.getByLabelText("비밀번호"), "Haneul#2026");
  await user.type(screen.getByLabelText("비밀번호 확인"), "Haneul#2026");
  await user.type(screen.getByLabelText("이름"), "박하늘");
  if (screen.queryByLabelText("닉네임")) await user.type(screen.getByLabelText("닉네임"), "하늘이");
  if (values.grade) await user.selectOptions(screen.getByLabelText("학년"), values.grade);
  fireEvent.change(screen.getByLabelText("생년월일"), { target: { value: values.birthDate } });
}

describe("/JoinPage: the join flow", () => {
  it("joins an adult student: type, phone by SMS code, details, terms, welcome", async () => {
    const { calls, callsTo } = joinServer();
    renderAt("/JoinPage");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "회원가입" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "학생" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "다음" }));

    expect(await screen.findByRole("heading", { name: "휴대폰 번호를 인증해 주세요" })).toBe(
      document.activeElement,
    );
    expect((screen.getByRole("button", { name: "다음" }) as HTMLButtonElement).disabled).toBe(true);
    await verifyPhone(user);
    expect(callsTo("/main/verification/send_code")[0]!.body).toEqual({
      PHONE_NUM: "01012345678",
      PURPOSE: "JOIN",
    });
    await user.click(screen.getByRole("button", { name: "다음" }));

    await fillDetails(user, { email: "new@example.com", birthDate: "2000-02-03", grade: "HIGH_3" });
    // Gender defaults to MAN.
    expect((screen.getByRole("radio", { name: "남자" }) as HTMLInputElement).checked).toBe(true);
    // Terms not yet agreed.
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText("필수 약관에 모두 동의해 주세요.")).toBeTruthy();
    expect(callsTo("/main/join?")).toHaveLength(0);
    await user.click(screen.getByRole("checkbox", { name: "전체 동의 (선택 항목 포함)" }));
    await user.click(screen.getByRole("button", { name: "가입하기" }));

    expect(await screen.findByRole("heading", { name: "가입을 환영해요!" })).toBeTruthy();
    const join = calls.find((c) => c.url === "/main/join")!;
    expect(join.body).toEqual({
      USER_TYPE: "STUDENT",
      EMAIL_ID: "new@example.com",
      PASSWORD: "Haneul#2026",
      REALNAME: "박하늘",
      NICKNAME: "하늘이",
      GRADE: "HIGH_3",
      GENDER: "MAN",
      BIRTH_DATE: "2000-02-03",
      VERIFICATION_TOKEN: "v".repeat(43),
      AGREED_TERMS: {
        SEOLTAB: ["service", "privacy", "age14", "marketing"],
        ONUEI: ["service", "privacy_share", "marketing"],
      },
    });
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
  });

  it("joins an under-14 student pending the parent's consent: the request went by SMS, the address is there too", async () => {
    const consentUrl = "http://localhost:3000/JoinPage?step=parent_consent&child=42&ticket=a.b.c";
    const { calls } = joinServer({
      "POST /main/join": () =>
        ok({
          USER_NO: 42,
          STATUS: "PENDING_PARENT_CONSENT",
          CONSENT_URL: consentUrl,
          CONSENT_SMS_SENT: true,
        }),
    });
    renderAt("/JoinPage");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "다음" }));
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "다음" }));
    const thisYear = new Date().getUTCFullYear();
    await fillDetails(user, {
      email: "kid@example.com",
      birthDate: `${thisYear - 10}-01-01`,
      grade: "ELEMENTARY_4",
    });
    expect(
      await screen.findByRole("heading", { name: "만 14세 미만은 보호자 동의가 필요해요" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "전체 동의 (선택 항목 포함)" }));
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect(
      await screen.findByText("만 14세 미만은 보호자 휴대폰 번호가 필요해요. 예: 010-1234-5678"),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("보호자 휴대폰 번호"), "010 9876 5432");
    await user.click(screen.getByRole("button", { name: "가입하기" }));

    expect(
      await screen.findByRole("heading", { name: "보호자 동의를 기다리고 있어요" }),
    ).toBeTruthy();
    expect(calls.find((c) => c.url === "/main/join")!.body).toMatchObject({
      BIRTH_DATE: `${thisYear - 10}-01-01`,
      PARENT_PHONE_NUM: "01098765432",
    });
    // Issue #11: the consent request is texted to the parent; the signed link is the fallback.
    const link = screen.getByRole("link", { name: /step=parent_consent&child=42/ });
    expect(link.getAttribute("href")).toBe(consentUrl);
    expect(
      screen.getByText("보호자 휴대폰(010-****-5432)으로 동의 요청 문자를 보냈어요."),
    ).toBeTruthy();
  });

  it("shows a wrong code's message, a taken email, and the server's field errors", async () => {
    joinServer({
      "POST /main/join/check_email": () => ok({ AVAILABLE: false }),
    });
    renderAt("/JoinPage?type=TEACHER");
    const user = userEvent.setup();
    expect(
      ((await screen.findByRole("radio", { name: "선생님" })) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "다음" }));
    await user.type(await screen.findByLabelText("휴대폰 번호"), "01012345678");
    await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
    await user.type(await screen.findByLabelText("인증번호"), "000000");
    await user.click(screen.getByRole("button", { name: "확인" }));
    expect((await screen.findByRole("alert")).textContent).toContain("남은 횟수 4회");
    await user.clear(screen.getByLabelText("인증번호"));
    await user.type(screen.getByLabelText("인증번호"), "123456");
    await user.click(screen.getByRole("button", { name: "확인" }));
    await screen.findByText(/번호 인증을 마쳤어요/);
    await user.click(screen.getByRole("button", { name: "다음" }));

    await user.type(await screen.findByLabelText("이메일"), "student@example.com");
    await user.click(screen.getAllByRole("button", { name: "중복 확인" })[0]!);
    expect(await screen.findByText(/이미 가입된 이메일이에요/)).toBeTruthy();
    expect(screen.queryByLabelText("학년")).toBeNull(); // tutors have no grade
  });

  it("sends the person back to verify the phone again when the verification expired", async () => {
    joinServer({
      "POST /main/join": () =>
        fail(
          400,
          "verification_invalid",
          "휴대폰 인증이 만료되었거나 올바르지 않아요. 휴대폰 인증을 다시 해 주세요.",
        ),
    });
    renderAt("/JoinPage?type=PARENT");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "다음" }));
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "다음" }));
    await fillDetails(user, { email: "mom@example.com", birthDate: "1980-05-05" });
    expect(screen.queryByLabelText("닉네임")).toBeNull(); // parents have no nickname
    await user.click(screen.getByRole("checkbox", { name: "전체 동의 (선택 항목 포함)" }));
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText(/휴대폰 인증을 다시 해 주세요/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "휴대폰 인증 다시 하기" }));
    expect(
      await screen.findByRole("heading", { name: "휴대폰 번호를 인증해 주세요" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "인증번호 받기" })).toBeTruthy();
  });

  it("keeps what was typed when the person goes back a step and returns", async () => {
    joinServer();
    renderAt("/JoinPage");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "다음" }));
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "다음" }));
    await user.type(await screen.findByLabelText("이메일"), "keep@example.com");
    await user.type(screen.getByLabelText("이름"), "박하늘");
    await user.click(screen.getByRole("button", { name: "이전" }));
    expect(await screen.findByRole("heading", { name: "휴대폰 번호를 인증해 주세요" })).toBe(
      document.activeElement,
    );
    await user.click(screen.getByRole("button", { name: "다음" }));
    expect(await screen.findByRole("heading", { name: "계정 정보를 입력해 주세요" })).toBe(
      document.activeElement,
    );
    expect((screen.getByLabelText("이메일") as HTMLInputElement).value).toBe("keep@example.com");
    expect((screen.getByLabelText("이름") as HTMLInputElement).value).toBe("박하늘");
  });

  it("gives live password feedback and checks the confirmation", async () => {
    joinServer();
    renderAt("/JoinPage");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "다음" }));
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "다음" }));
    const checklist = await screen.findByRole("list", { name: "비밀번호 조건" });
    const met = () =>
      within(checklist)
        .getAllByRole("listitem")
        .filter((li) => li.getAttribute("data-met") === "true")
        .map((li) => li.textContent?.replace(/ \(.*\)$/, "").slice(1));
    await user.type(screen.getByLabelText("이메일"), "haneul@example.com");
    await user.type(screen.getByLabelText("비밀번호"), "abc1");
    expect(met()).toEqual(["영문자 포함", "숫자 포함", "이메일 아이디 제외"]);
    await user.type(screen.getByLabelText("비밀번호"), "!defgh");
    expect(met()).toEqual([
      "8~64자",
      "영문자 포함",
      "숫자 포함",
      "특수문자 포함",
      "이메일 아이디 제외",
    ]);
    await user.type(screen.getByLabelText("비밀번호 확인"), "different1!");
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect(
      await screen.findByText("비밀번호가 서로 달라요. 같은 비밀번호를 입력해 주세요."),
    ).toBeTruthy();
  });
});

describe("/JoinPage?step=parent_consent", () => {
  it("lets the parent verify their phone and consent, which activates the child", async () => {
    const { calls } = mockFetch({
      "POST /main/verification/send_code": () =>
        ok({ VERIFICATION_ID: "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69", EXPIRES_IN_SEC: 180 }),
      "POST /main/verification/verify_code": () =>
        ok({ VERIFIED: true, VERIFICATION_TOKEN: "p".repeat(43), EXPIRES_IN_SEC: 1800 }),
      "POST /main/join/parent_consent": () => ok({ USER_NO: 42, STATUS: "ACTIVE" }),
      "POST /main/join/parent_consent_info": () =>
        ok({
          CHILD_USER_NO: 42,
          CHILD_NAME: "최*람",
          PARENT_PHONE: "010-****-5432",
          STATUS: "PENDING",
        }),
    });
    renderAt("/JoinPage?step=parent_consent&child=42&ticket=a.b.c");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "보호자 동의" })).toBeTruthy();
    // Issue #11: the page names the child and the phone expected.
    expect(await screen.findByText("최*람")).toBeTruthy();
    expect(screen.getByTestId("consent-expected-phone").textContent).toContain("010-****-5432");
    const submit = screen.getByRole("button", {
      name: "동의하고 계정 활성화하기",
    }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText("보호자 휴대폰 번호"), "010-9876-5432");
    await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
    await user.type(await screen.findByLabelText("인증번호"), "654321");
    await user.click(screen.getByRole("button", { name: "확인" }));
    await screen.findByText(/번호 인증을 마쳤어요/);
    await user.type(screen.getByLabelText("보호자 이름"), "박서연");
    await user.click(screen.getByRole("button", { name: "동의하고 계정 활성화하기" }));
    expect(
      await screen.findByText("자녀의 가입과 개인정보 수집·이용에 동의해야 진행할 수 있어요."),
    ).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: /자녀의 설탭 가입과 개인정보/ }));
    await user.click(screen.getByRole("button", { name: "동의하고 계정 활성화하기" }));
    expect(await screen.findByRole("heading", { name: "동의를 마쳤어요" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/main/verification/send_code")!.body).toEqual({
      PHONE_NUM: "01098765432",
      PURPOSE: "PARENT_CONSENT",
      CONSENT_TICKET: "a.b.c",
    });
    expect(calls.find((c) => c.url === "/main/join/parent_consent")!.body).toEqual({
      CHILD_USER_NO: 42,
      PARENT_NAME: "박서연",
      VERIFICATION_TOKEN: "p".repeat(43),
      AGREED: true,
    });
  });

  it("a link whose consent was given says 이미 동의했어요 instead of the form (issue #11)", async () => {
    mockFetch({
      "POST /main/join/parent_consent_info": () =>
        ok({
          CHILD_USER_NO: 42,
          CHILD_NAME: "최*람",
          PARENT_PHONE: "010-****-5432",
          STATUS: "CONSENTED",
        }),
    });
    renderAt("/JoinPage?step=parent_consent&child=42&ticket=a.b.c");
    expect(await screen.findByRole("heading", { level: 1, name: "이미 동의했어요" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "동의하고 계정 활성화하기" })).toBeNull();
  });

  it.each([null, "abc", "0", "-1", "1.5"])(
    "explains a broken address (child=%s) with ways on",
    async (child) => {
      renderAt(`/JoinPage?step=parent_consent${child === null ? "" : `&child=${child}`}`);
      expect(
        await screen.findByRole("heading", {
          level: 1,
          name: "동의 페이지 주소가 올바르지 않아요",
        }),
      ).toBeTruthy();
      expect(screen.getByRole("link", { name: "회원가입으로" }).getAttribute("href")).toBe(
        "/JoinPage",
      );
    },
  );
});

describe("/_app session check (GraphQL, auth backend)", () => {
  function restoredSignIn(userNo: number) {
    localStorage.setItem("token", "jwt-student");
    sessionStorage.setItem("userToken", '"jwt-student"');
    useRootStore
      .getState()
      .setAuth({ flag: true, data: { ...STUDENT, USER_NO: userNo, USER_TYPE: "STUDENT" } });
  }

  it("asks who the token speaks for with the user token, and stays when it is this person", async () => {
    restoredSignIn(7);
    const { calls } = mockFetch({
      "POST /main/getUserInfo": userInfo,
      "POST /auth/graphql": () =>
        new Response(JSON.stringify({ data: { me: { userNo: 7, userType: "STUDENT" } } }), {
          headers: { "content-type": "application/json" },
        }),
    });
    renderAt("/_app");
    await screen.findByRole("heading", { level: 1, name: "김하늘님, 반가워요" });
    await waitFor(() => expect(calls.some((c) => c.url === "/auth/graphql")).toBe(true));
    const me = calls.find((c) => c.url === "/auth/graphql")!;
    expect(me.headers.authorization).toBe("Bearer jwt-student");
    expect((me.body as { operationName: string }).operationName).toBe("me");
    expect(me.credentials).toBe("same-origin");
    expect(screen.getByRole("button", { name: "로그아웃" })).toBeTruthy();
  });

  it("logs out when the token speaks for someone else", async () => {
    restoredSignIn(7);
    mockFetch({
      "POST /main/getUserInfo": userInfo,
      "POST /auth/graphql": () =>
        new Response(JSON.stringify({ data: { me: { userNo: 99, userType: "STUDENT" } } }), {
          headers: { "content-type": "application/json" },
        }),
      "POST /api/oauth/logout": () => new Response(null, { status: 204 }),
    });
    renderAt("/_app");
    expect(await screen.findByRole("heading", { level: 1, name: "로그인" })).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });
});
