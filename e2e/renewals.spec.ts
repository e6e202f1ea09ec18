/**
 * Monthly renewals and refunds, walked as a family would (issue #11 item 1: "charged again
 * after a full refund"), at phone and desktop widths:
 * - 스마트 수학 3개월 bought by the registered card; refunded in full from the refund page,
 *   which says beforehand that the renewals end; afterwards the home shows no 다음 결제일 and
 *   the renewal as 해지됨 (환불로 해지) with its last charge date.
 * - A second order's renewals stopped by the family from the home (자동 결제 해지, confirmed):
 *   the outcome stays on the page, the next charge date is gone, the paid days are named.
 * The "95 days later nothing is charged" half runs with a moved clock in the API test
 * apps/api/src/modules/refunds/refunds-renewals.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { overflowX, signIn } from "./support/accounts.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { axeViolations, pageErrors, type Session, won } from "./support/api.ts";
import { payByBillingCard, refundInFull, smartMath } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();
const { apiLogin, openFromMenu } = e2e;

/** One demo student per width, so the two journeys never see each other's orders. */
const PEOPLE = {
  phone: { email: "student@example.com", name: "김하늘" },
  desktop: { email: "student2@example.com", name: "김바다" },
} as const;

/** 스마트 수학 3개월 by the registered billing card (registered first): a monthly renewal. */
async function buyWithBillingCard(student: Session): Promise<{ id: string; paidPrice: number }> {
  const math = await smartMath(e2e.url);
  return payByBillingCard(e2e.url, student, [{ id: math.id, lecture_multiple: 3 }], "renewals");
}

function renewals(page: Page) {
  return page.getByRole("region", { name: "자동 결제" });
}

describe.each(Object.entries(VIEWPORTS))("renewals on a %s", (width, viewport) => {
  it("a full refund ends the renewals; the family stops another order's themselves", async () => {
    const person = PEOPLE[width as keyof typeof PEOPLE];
    const student = await apiLogin(person.email);
    const first = await buyWithBillingCard(student);
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/sign_in", person.email, person.name);

    // Home: the lesson and its renewal, with the next charge date.
    const panel = renewals(page);
    await panel.waitFor();
    const renewing = panel.getByRole("article").filter({ hasText: "자동 결제 중" });
    await renewing.waitFor();
    expect(await renewing.getByTestId("subscription-next").innerText()).toMatch(
      /^\d{4}\.\d{2}\.\d{2}$/,
    );
    expect(await page.getByRole("region", { name: "내 수업" }).innerText()).toContain(
      "다음 결제일",
    );

    // The refund page says beforehand what becomes of the next charge.
    await page.goto(`${e2e.url}/_app/payments/${first.id}/refund`);
    const amount = page.getByTestId("refund-amount");
    await amount.waitFor();
    expect(await amount.innerText()).toBe(won(first.paidPrice));
    expect(await page.getByTestId("refund-renewal").innerText()).toMatch(
      /환불되면 자동 결제가 해지되어 다음 결제\(\d{4}\.\d{2}\.\d{2}, [\d,]+원\)는 되지 않아요\./,
    );
    await screenshot(page, `renewals-refund-page-${width}`);
    await refundInFull(page, first.paidPrice, "수업을 그만두려고 해요", async (confirm) => {
      expect(await confirm.innerText()).toContain("자동 결제가 해지되어");
    });
    expect(await page.getByTestId("refund-result-renewal").innerText()).toBe(
      "자동 결제가 해지되어 더 결제되지 않아요.",
    );

    // Home again: no next charge anywhere; the renewal is shown ended, with its last charge.
    await openFromMenu(page, "내 학습 공간", "/_app");
    const ended = renewals(page).getByRole("article").filter({ hasText: "해지됨" });
    await ended.waitFor();
    expect(await ended.innerText()).toContain("환불로 해지");
    expect(await ended.getByTestId("subscription-last").innerText()).toMatch(
      /^\d{4}\.\d{2}\.\d{2}$/,
    );
    expect(await ended.getByRole("button", { name: "자동 결제 해지" }).count()).toBe(0);
    // The lessons are read again after the change (onChanged → refreshUserInfo): wait for it.
    await expect
      .poll(() => page.getByRole("region", { name: "내 수업" }).innerText(), { timeout: 15_000 })
      .not.toContain("다음 결제일");
    expect(await renewals(page).innerText()).not.toContain("다음 결제일");

    // A second order; the family stops its renewals from the home.
    await buyWithBillingCard(student);
    await page.reload();
    const second = renewals(page).getByRole("article").filter({ hasText: "자동 결제 중" });
    await second.waitFor();
    await second.getByRole("button", { name: "자동 결제 해지" }).click();
    const ask = page.getByRole("dialog", { name: "자동 결제를 해지할까요?" });
    expect(await ask.innerText()).toMatch(/더 결제되지 않아요/);
    // Changing one's mind keeps it.
    await ask.getByRole("button", { name: "계속 이용하기" }).click();
    expect(await second.getByTestId("subscription-status").innerText()).toBe("자동 결제 중");
    await second.getByRole("button", { name: "자동 결제 해지" }).click();
    await page
      .getByRole("dialog", { name: "자동 결제를 해지할까요?" })
      .getByRole("button", { name: "해지하기" })
      .click();
    const outcome = page.getByTestId("subscription-outcome");
    await outcome.waitFor();
    expect(await outcome.innerText()).toMatch(
      /^자동 결제를 해지했어요\. 더 결제되지 않고, 이미 결제한 수업은 \d{4}\.\d{2}\.\d{2}까지 이용할 수 있어요\.$/,
    );
    const stopped = renewals(page)
      .getByRole("article")
      .filter({ has: page.getByTestId("subscription-outcome") });
    expect(await stopped.getByTestId("subscription-status").innerText()).toBe("해지됨");
    expect(await stopped.innerText()).toContain("직접 해지");
    expect(await renewals(page).getByRole("button", { name: "자동 결제 해지" }).count()).toBe(0);
    // The lessons are read again after the change (onChanged → refreshUserInfo): wait for it.
    await expect
      .poll(() => page.getByRole("region", { name: "내 수업" }).innerText(), { timeout: 15_000 })
      .not.toContain("다음 결제일");

    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `renewals-home-${width}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
