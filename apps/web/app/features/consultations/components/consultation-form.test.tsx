import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Consultation from "../../../routes/consultation";
import { fail, mockFetch, ok, type Handler } from "../../../test/fetch-mock";

const TOKEN = "v".repeat(43);
const REQUEST_ID = "3f2c9a4e-8b1d-4c6f-9e2a-7d5b1c0e4f3a";

function renderPage(path = "/consultation") {
  const Stub = createRoutesStub([
    { path: "/consultation", Component: Consultation },
    { path: "/", Component: () => <h1>홈</h1> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** The server of the funnel; `overrides` replace single calls. */
function server(overrides: Record<string, Handler> = {}) {
  return mockFetch({
    "POST /main/verification/send_code": () =>
      ok({ VERIFICATION_ID: "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69", EXPIRES_IN_SEC: 180 }),
    "POST /main/verification/verify_code": (call) =>
      (call.body as { CODE: string }).CODE === "123456"
        ? ok({ VERIFIED: true, VERIFICATION_TOKEN: TOKEN, EXPIRES_IN_SEC: 1800 })
        : fail(
            400,
            "code_mismatch",
            "인증번호가 일치하지 않아요. 다시 입력해 주세요. (남은 횟수 4회)",
          ),
    "POST /main/consultation_request": () => ok({ REQUEST_ID, STATUS: "RECEIVED" }),
    ...overrides,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function fillForm(user: User) {
  await user.click(await screen.findByRole("radio", { name: /학부모/ }));
  await user.type(screen.getByLabelText("이름"), "김서연");
  await user.selectOptions(screen.getByLabelText("학생 학년"), "MIDDLE_2");
  await user.click(screen.getByRole("radio", { name: "수학" }));
  await user.click(screen.getByRole("radio", { name: /평일 저녁/ }));
  await user.type(screen.getByLabelText(/희망 시간 메모/), "화·목 저녁 7시 이후");
  await user.click(screen.getByRole("checkbox", { name: /개인정보 수집·이용에 동의해요/ }));
}

async function verifyPhone(user: User, phone = "010-1234-5678") {
  await user.type(screen.getByLabelText("휴대폰 번호"), phone);
  await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
  const code = await screen.findByLabelText("인증번호");
  await waitFor(() => expect(document.activeElement).toBe(code));
  expect(screen.getByText("3:00")).toBeTruthy();
  expect(screen.getByRole("button", { name: /다시 받기 \(30초\)/ })).toBeTruthy();
  // …5678 is read 오천육백칠십팔: 로, never "(으)로" (issue #11 item 12).
  expect(screen.getByText(/010-\*\*\*\*-5678로 인증번호를 보냈어요\./)).toBeTruthy();
  await user.type(code, "123456{Enter}");
  expect(await screen.findByText("010-****-5678 번호 인증을 마쳤어요.")).toBeTruthy();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/consultation", () => {
  it("shows every field with its label, and the privacy notice a Korean service must show", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "설탭 상담 신청" })).toBeTruthy();
    for (const label of [
      "이름",
      "학생 학년",
      "휴대폰 번호",
      "희망 시간 메모 (선택)",
      "궁금한 점 (선택)",
    ]) {
      expect(screen.getByLabelText(label), label).toBeTruthy();
    }
    for (const legend of ["신청하시는 분", "상담 과목", "연락받기 편한 시간"]) {
      expect(screen.getByRole("group", { name: legend }), legend).toBeTruthy();
    }
    const subjects = within(screen.getByRole("group", { name: "상담 과목" }))
      .getAllByRole("radio")
      .map((r) => (r as HTMLInputElement).value);
    expect(subjects).toEqual(["수학", "국어", "영어", "사회", "과학", "제2외국어", "입시 컨설팅"]);
    const privacy = screen.getByRole("region", { name: "개인정보 수집·이용 동의 (필수)" });
    for (const term of ["수집 항목", "이용 목적", "보유 기간"]) {
      expect(within(privacy).getByText(term)).toBeTruthy();
    }
    expect(within(privacy).getByText(/상담 신청일로부터 1년/)).toBeTruthy();
    expect(within(privacy).getByText(/동의를 거부할 권리가 있어요/)).toBeTruthy();
  });

  it("submitting empty shows a Korean message per field, focuses the first, sends nothing", async () => {
    const { calls } = server();
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    expect(
      await screen.findByText("신청하시는 분을 학부모 또는 학생 중에서 골라 주세요."),
    ).toBeTruthy();
    for (const text of [
      "이름을 입력해 주세요.",
      "학년을 골라 주세요.",
      "상담 과목을 골라 주세요.",
      "휴대폰 번호를 입력해 주세요.",
      "연락받기 편한 시간대를 골라 주세요.",
      "개인정보 수집·이용에 동의해야 상담을 신청할 수 있어요.",
    ]) {
      expect(screen.getByText(text), text).toBeTruthy();
    }
    expect(screen.getByRole("alert").textContent).toBe(
      "입력 내용을 확인해 주세요. 표시된 항목을 고치면 신청할 수 있어요.",
    );
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: /학부모/ }));
    expect(calls).toHaveLength(0);
    // Fixing a field clears its message at once.
    await user.type(screen.getByLabelText("이름"), "김서연");
    expect(screen.queryByText("이름을 입력해 주세요.")).toBeNull();
    expect(screen.getByLabelText("이름").getAttribute("aria-invalid")).toBeNull();
  });

  it("sends the request with the verified phone and the session's utm values; thank-you", async () => {
    sessionStorage.setItem(
      "utmValues",
      JSON.stringify({ utm_source: "naver", utm_campaign: "winter" }),
    );
    const { callsTo } = server();
    renderPage("/consultation?utm_source=google");
    const user = userEvent.setup();
    await fillForm(user);
    await verifyPhone(user);
    expect(callsTo("/main/verification/send_code")[0]!.body).toEqual({
      PHONE_NUM: "01012345678",
      PURPOSE: "CONSULTATION",
    });
    await user.type(screen.getByLabelText(/궁금한 점/), "중2 수학 선행이 궁금해요.");
    expect(screen.getByText("15/500자")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));

    const done = await screen.findByRole("heading", { name: "상담 신청이 접수되었어요" });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const [request] = callsTo("/main/consultation_request");
    expect(request!.body).toEqual({
      APPLICANT_TYPE: "PARENT",
      NAME: "김서연",
      GRADE: "MIDDLE_2",
      SUBJECT: "수학",
      PHONE_NUM: "01012345678",
      VERIFICATION_TOKEN: TOKEN,
      PREFERRED_TIME: "WEEKDAY_EVENING",
      PREFERRED_TIME_NOTE: "화·목 저녁 7시 이후",
      MEMO: "중2 수학 선행이 궁금해요.",
      PRIVACY_AGREED: true,
      UTM: { utm_campaign: "winter", utm_source: "naver" },
    });
    expect(request!.headers.authorization).toBeUndefined();
    expect(screen.getByText("010-****-5678")).toBeTruthy();
    expect(
      screen.getByText(
        "영업일 기준 하루 안에, 고르신 시간대인 평일 저녁 (오후 6시~9시)에 설탭 상담 선생님이 전화드려요.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("3F2C9A4E")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "설탭 홈으로" }));
    expect(await screen.findByRole("heading", { name: "홈" })).toBeTruthy();
  });

  it("without stored utm values, the page's own query values are sent", async () => {
    const { callsTo } = server();
    renderPage();
    window.history.replaceState(null, "", "/consultation?utm_source=kakao&utm_medium=cpc");
    const user = userEvent.setup();
    await fillForm(user);
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    await screen.findByRole("heading", { name: "상담 신청이 접수되었어요" });
    expect((callsTo("/main/consultation_request")[0]!.body as { UTM: unknown }).UTM).toEqual({
      utm_medium: "cpc",
      utm_source: "kakao",
    });
    window.history.replaceState(null, "", "/");
  });

  it("an elementary student is asked to let a parent apply", async () => {
    server();
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: /학생/ }));
    await user.selectOptions(screen.getByLabelText("학생 학년"), "ELEMENTARY_5");
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    expect(await screen.findByText(/초등학생은 보호자\(학부모\)가 신청해 주세요/)).toBeTruthy();
  });

  it("the phone must be verified before sending; a wrong code says so and keeps the field", async () => {
    const { callsTo } = server();
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await user.type(screen.getByLabelText("휴대폰 번호"), "010-1234-5678");
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    expect(await screen.findByText(/휴대폰 인증을 마쳐 주세요/)).toBeTruthy();
    expect(callsTo("/main/consultation_request")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
    await user.type(await screen.findByLabelText("인증번호"), "000000");
    await user.click(screen.getByRole("button", { name: "확인" }));
    expect(await screen.findByText(/인증번호가 일치하지 않아요/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("인증번호"));
  });

  it("Enter in the phone field asks for the code instead of submitting the form", async () => {
    const { callsTo } = server();
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("휴대폰 번호"), "01012345678{Enter}");
    expect(await screen.findByLabelText("인증번호")).toBeTruthy();
    expect(callsTo("/main/verification/send_code")).toHaveLength(1);
    expect(screen.queryByText("이름을 입력해 주세요.")).toBeNull();
  });

  it("a refused code request is shown in Korean", async () => {
    server({
      "POST /main/verification/send_code": () =>
        fail(429, "too_many_sends", "인증번호 요청이 너무 많아요. 1시간 후에 다시 시도해 주세요."),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("휴대폰 번호"), "010-1234-5678");
    await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
    expect(await screen.findByText(/인증번호 요청이 너무 많아요/)).toBeTruthy();
    expect(screen.queryByLabelText("인증번호")).toBeNull();
  });

  it("changing the number after verifying asks for a new verification", async () => {
    server();
    renderPage();
    const user = userEvent.setup();
    await verifyPhone(user);
    const phone = screen.getByLabelText("휴대폰 번호");
    await user.clear(phone);
    await user.type(phone, "010-9999-0000");
    expect(screen.queryByText(/번호 인증을 마쳤어요/)).toBeNull();
    expect(screen.getByRole("button", { name: "인증번호 받기" })).toBeTruthy();
  });

  it("an expired verification on the server: the phone is verified again", async () => {
    server({
      "POST /main/consultation_request": () =>
        fail(
          400,
          "verification_invalid",
          "휴대폰 인증이 만료되었거나 올바르지 않아요. 휴대폰 인증을 다시 해 주세요.",
          [{ NAME: "VERIFICATION_TOKEN", MESSAGE: "휴대폰 인증이 만료되었거나 올바르지 않아요." }],
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    const alerts = await screen.findAllByText(/휴대폰 인증을 다시 해 주세요/);
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.queryByText(/번호 인증을 마쳤어요/)).toBeNull();
    expect(screen.getByRole("button", { name: "인증번호 받기" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("휴대폰 번호"));
  });

  it("no answer: the error in Korean and 다시 시도하기 sends the same request again", async () => {
    let attempts = 0;
    const { callsTo } = server({
      "POST /main/consultation_request": () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return ok({ REQUEST_ID, STATUS: "RECEIVED" });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    expect(
      await screen.findByText("네트워크가 불안정해요. 잠시 후 다시 시도해 주세요."),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "다시 시도하기" }));
    expect(await screen.findByRole("heading", { name: "상담 신청이 접수되었어요" })).toBeTruthy();
    const sent = callsTo("/main/consultation_request");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual(sent[1]!.body);
  });

  it("field problems found by the server are shown at their fields", async () => {
    server({
      "POST /main/consultation_request": () =>
        fail(400, "validation_failed", "입력값을 확인해 주세요.", [
          { NAME: "MEMO", MESSAGE: "입력할 수 없는 문자가 들어 있어요. 내용을 확인해 주세요." },
        ]),
    });
    renderPage();
    const user = userEvent.setup();
    await fillForm(user);
    await verifyPhone(user);
    await user.click(screen.getByRole("button", { name: "상담 신청하기" }));
    expect(
      await screen.findByText("입력할 수 없는 문자가 들어 있어요. 내용을 확인해 주세요."),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/궁금한 점/));
  });
});
