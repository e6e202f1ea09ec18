import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok, type Handler } from "../../../test/fetch-mock";
import { FindChildrenByPhone } from "./find-children-by-phone";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = "v".repeat(43);

function server(lookup: Handler) {
  return mockFetch({
    "POST /main/verification/send_code": () =>
      ok({ VERIFICATION_ID: "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69", EXPIRES_IN_SEC: 180 }),
    "POST /main/verification/verify_code": () =>
      ok({ VERIFIED: true, VERIFICATION_TOKEN: TOKEN, EXPIRES_IN_SEC: 1800 }),
    "POST /main/iamport_sms_certification_log": () => ok({ LOGGED: true }),
    "POST /serverless/get_user_by_parent_number": lookup,
  });
}

async function verify(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "자녀 이메일이 기억나지 않아요" }));
  await user.type(await screen.findByLabelText("학부모 휴대폰 번호"), "010-2345-6789");
  await user.click(screen.getByRole("button", { name: "인증번호 받기" }));
  await user.type(await screen.findByLabelText("인증번호"), "123456");
  await user.click(screen.getByRole("button", { name: "확인" }));
}

describe("자녀 이메일 찾기 (POST /serverless/get_user_by_parent_number)", () => {
  it("verifies the parent phone (FIND_CHILD), then lists the children found, masked, and which are linked", async () => {
    const { callsTo } = server(() =>
      ok({
        USERS: [
          { USER_NO: 7, USER_NAME: "김*늘", EMAIL_ID: "ha***@example.com" },
          { USER_NO: 9, USER_NAME: "김*별", EMAIL_ID: "by***@example.com" },
        ],
      }),
    );
    const user = userEvent.setup();
    render(<FindChildrenByPhone linkedUserNos={[7]} />);
    await verify(user);

    const list = await screen.findByRole("list", { name: "찾은 자녀 계정" });
    const rows = list.querySelectorAll("li");
    expect([...rows].map((r) => r.textContent)).toEqual([
      "김*늘 · ha***@example.com이미 연결됨",
      "김*별 · by***@example.com",
    ]);
    expect(screen.getByText(/자녀 계정 2개를 찾았어요/)).toBeTruthy();
    expect(callsTo("/main/verification/send_code")[0]!.body).toMatchObject({
      PHONE_NUM: "01023456789",
      PURPOSE: "FIND_CHILD",
    });
    const [lookup] = callsTo("/serverless/get_user_by_parent_number");
    expect(lookup!.body).toEqual({ PARENT_PHONE_NUM: "01023456789", VERIFICATION_TOKEN: TOKEN });
    expect(lookup!.credentials).toBe("omit");
  });

  it("says when no child used the number", async () => {
    server(() => ok({ USERS: [] }));
    const user = userEvent.setup();
    render(<FindChildrenByPhone linkedUserNos={[]} />);
    await verify(user);
    expect(
      await screen.findByText(/이 번호를 학부모 휴대폰으로 적고 가입한 자녀 계정이 없어요/),
    ).toBeTruthy();
  });

  it("shows the server's message and asks for a new verification when the lookup is refused", async () => {
    server(() =>
      fail(400, "verification_invalid", "인증이 만료되었어요. 휴대폰 인증을 다시 해 주세요."),
    );
    const user = userEvent.setup();
    render(<FindChildrenByPhone linkedUserNos={[]} />);
    await verify(user);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "인증이 만료되었어요. 휴대폰 인증을 다시 해 주세요.",
    );
    // The token is spent: the phone form is back.
    expect(screen.getByRole("button", { name: "인증번호 받기" })).toBeTruthy();
  });
});
