import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SignInRequired } from "./sign-in-required";

describe("SignInRequired", () => {
  // The pages' own words (routes/app-*.tsx, payment-finish.tsx): 은 after a final consonant,
  // 는 after none — never "결제 결과은" or "계약서은" (issue #11 item 12).
  it.each([
    ["결제 결과", "결제 결과는"],
    ["계약서", "계약서는"],
    ["결제 카드", "결제 카드는"],
    ["내 정보", "내 정보는"],
    ["결제 내역", "결제 내역은"],
    ["결제 화면", "결제 화면은"],
    ["환불 요청", "환불 요청은"],
  ])("%s → %s 로그인한 뒤에 볼 수 있어요", (what, expected) => {
    render(
      <MemoryRouter>
        <SignInRequired returnTo="/_app/payments" what={what} />
      </MemoryRouter>,
    );
    expect(
      screen.getByText(`${expected} 로그인한 뒤에 볼 수 있어요. 로그인하면 이 화면으로 돌아와요.`),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe(
      "/accounts/login?continue=%2F_app%2Fpayments",
    );
  });
});
