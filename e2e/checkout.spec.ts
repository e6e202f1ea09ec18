/**
 * Enrollment to a paid order in a real browser against the real server (issue #4): a guest
 * chooses smart math for 3 months on /guest_enrollment (the address typed by hand: the Kakao
 * Postcode script cannot load here, the network is closed), presses 결제하기, signs in as the
 * demo student and lands on the checkout with the choice kept; registers the card
 * 4242424242424242 and pays with it (sandbox gateway); /payment_finish shows exactly
 * salePrice × 3 of the seeded item (read from the catalog API, not written here), and
 * /_app/payments lists the payment. The F112 card 4000000000000002 shows the invalid-card toast.
 * Every screen at 360, 768 and 1440 px without horizontal overflow; screenshots under
 * test-results/screenshots/checkout-*.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { openPage, screenshot } from "./support/browser.ts";
import { axeViolations, pageErrors, won } from "./support/api.ts";
import {
  fillCard,
  fillDelivery,
  openEnrollment,
  signInToCheckout,
  smartMath,
  submitToCheckout,
} from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();
const { openFromMenu } = e2e;

/** The breakpoints of SPEC.md §2. */
const WIDTHS = {
  mobile: { width: 360, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;

const INVALID_CARD = "유효하지 않은 카드 정보입니다";

async function fits(page: Page, name: string) {
  expect(await overflowX(page), name).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe("enrollment to a paid order", () => {
  it("a guest chooses, signs in, registers the card, pays salePrice × 3 and sees the payment", async () => {
    const item = await smartMath(e2e.url);
    const expected = won(item.salePrice * 3);
    const { page, errors, close } = await openPage(e2e.browser, { viewport: WIDTHS.desktop });

    // The marketing page's CTA leads to the form; nothing asks to sign in yet.
    await page.goto(`${e2e.url}/enrollment`, { waitUntil: "networkidle" });
    await page.locator('a[href="/guest_enrollment"]').first().click();
    await page.waitForURL(`${e2e.url}/guest_enrollment`);
    const total = page.getByTestId("enrollment-total");
    await total.waitFor();
    expect(await page.getByRole("radio", { name: "수학" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /스마트 수업/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "3개월", exact: true }).isChecked()).toBe(true);
    expect(await total.textContent()).toBe(expected);
    // 12 months: salePrice × 12 less 5 %, rounded down to the won.
    await page.getByRole("radio", { name: /12개월/ }).click();
    expect(await total.textContent()).toBe(won(Math.floor((item.salePrice * 12 * 95) / 100)));
    await page.getByRole("radio", { name: "3개월", exact: true }).click();
    expect(await total.textContent()).toBe(expected);

    // The address search cannot load here: the form says so and takes a typed address.
    await page.getByRole("button", { name: "주소 검색" }).click();
    await page.getByText(/주소 검색을 불러오지 못했어요/).waitFor({ timeout: 15_000 });
    await fillDelivery(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "결제하기" }).click();

    // Sign in, and back to the checkout with the cart kept (sessionStorage).
    const checkoutTotal = await signInToCheckout(page, e2e.url, DEMO.student.email);
    expect(await checkoutTotal.textContent()).toBe(expected);
    expect(await page.getByRole("radio", { name: /등록 카드 정기결제/ }).isChecked()).toBe(true);

    // No card yet: register it, and the checkout goes on to pay.
    await fillCard(page, "4242424242424242");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: `카드 등록하고 ${expected} 결제하기` }).click();
    await page.waitForURL(/\/payment_finish\?paymentId=/, { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get("paymentId")).toMatch(/^\S+$/);
    await page.getByRole("heading", { level: 1, name: "결제가 완료되었어요" }).waitFor();
    expect(await page.getByTestId("finish-paid-price").textContent()).toBe(expected);
    expect(await page.getByText(item.TTEOK_HAM_Title).first().isVisible()).toBe(true);

    // 내 결제 내역 lists it.
    await page.getByRole("link", { name: "내 결제 내역" }).click();
    await page.waitForURL(`${e2e.url}/_app/payments`);
    const first = page.locator(".pay-history__item").first();
    await first.waitFor();
    expect(await first.innerText()).toContain("결제 완료");
    expect(await first.innerText()).toContain(expected);

    // The main card is the one registered, masked.
    await openFromMenu(page, "결제 카드", "/_app/billing-card");
    const card = page.getByTestId("main-billing-card");
    await card.waitFor();
    expect(await card.innerText()).toContain("4242");
    expect(await card.innerText()).not.toContain("4242424242424242");
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("shows the invalid-card toast for the F112 card, and keeps the registered card", async () => {
    const { page, close } = await openPage(e2e.browser, { viewport: WIDTHS.mobile });
    await signIn(page, e2e.url, "/sign_in", DEMO.student.email, DEMO.student.name);
    await openFromMenu(page, "결제 카드", "/_app/billing-card");
    await page.getByTestId("main-billing-card").waitFor();
    await page.getByRole("button", { name: "카드 변경" }).click();
    await fillCard(page, "4000000000000002");
    await page.getByRole("button", { name: "카드 변경하기" }).click();
    const toast = page.locator(".Toastify__toast").filter({ hasText: INVALID_CARD });
    await toast.waitFor({ state: "visible" });
    await page.waitForTimeout(800); // the enter animation
    await screenshot(page, "checkout-card-f112-mobile");
    expect(await page.getByTestId("main-billing-card").innerText()).toContain("4242");
    await close();
  });
});

describe.each(Object.entries(WIDTHS))("every screen of the flow at %s", (name, viewport) => {
  it("fits the width (no horizontal scroll) and is captured", async () => {
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await page.goto(`${e2e.url}/guest_enrollment`, { waitUntil: "networkidle" });
    await page.getByTestId("enrollment-total").waitFor();
    await fits(page, `checkout-guest-enrollment-${name}`);

    await signIn(page, e2e.url, "/sign_in", DEMO.student.email, DEMO.student.name);
    await openEnrollment(page, openFromMenu);
    await fillDelivery(page);
    await fits(page, `checkout-enrollment-${name}`);
    await submitToCheckout(page, e2e.url);
    await page.getByTestId("main-billing-card").waitFor();
    await fits(page, `checkout-checkout-${name}`);
    await page.getByRole("radio", { name: /일회성 카드 결제/ }).click();
    await page.getByLabel("카드 번호").waitFor();
    await fits(page, `checkout-checkout-onetime-${name}`);
    await page.getByRole("radio", { name: /가상계좌/ }).click();
    await page.getByRole("button", { name: /가상계좌 발급받기/ }).waitFor();
    await fits(page, `checkout-checkout-vbank-${name}`);

    await openFromMenu(page, "결제 내역", "/_app/payments");
    await page.locator(".pay-history__item").first().waitFor();
    await fits(page, `checkout-payments-${name}`);
    await page
      .getByRole("link", { name: /상세 보기/ })
      .first()
      .click();
    await page.waitForURL(/\/payment_finish\?paymentId=/);
    await page.getByTestId("finish-paid-price").waitFor();
    await fits(page, `checkout-payment-finish-${name}`);
    await page.getByRole("link", { name: "수업 시작까지 남은 단계 보기" }).click();
    await page.waitForURL(`${e2e.url}/home_pre_member`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await fits(page, `checkout-home-pre-member-${name}`);
    await openFromMenu(page, "결제 카드", "/_app/billing-card");
    await page.getByTestId("main-billing-card").waitFor();
    await fits(page, `checkout-billing-card-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
