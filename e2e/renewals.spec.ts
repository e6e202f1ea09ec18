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
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overflowX, signIn } from "./support/accounts.ts";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import {
  axeViolations,
  apiLogin as apiLoginAt,
  graphqlCall,
  openFromMenu as openFromMenuAt,
  restCall,
  type Session,
  won,
} from "./support/api.ts";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rest = <T>(path: string, body: unknown, token?: string) =>
  restCall<T>(server.url, path, body, token);
const graphql = <T>(token: string, query: string, variables: unknown) =>
  graphqlCall<T>(server.url, token, query, variables);
const apiLogin = (email: string) => apiLoginAt(server.url, email);
const openFromMenu = (page: Page, name: string, path: string) =>
  openFromMenuAt(page, server.url, name, path);

/** One demo student per width, so the two journeys never see each other's orders. */
const PEOPLE = {
  phone: { email: "student@example.com", name: "김하늘" },
  desktop: { email: "student2@example.com", name: "김바다" },
} as const;

let sequence = 0;

/** 스마트 수학 3개월 by the registered billing card (registered first): a monthly renewal. */
async function buyWithBillingCard(student: Session): Promise<{ id: string; paidPrice: number }> {
  await graphql(
    student.token,
    "mutation($i: RegisterMainBillingCardInput!) { registerMainBillingCard(input: $i) }",
    {
      i: {
        cardNumber: "4242424242424242",
        expiry: `${new Date().getFullYear() + 2}-12`,
        birth: "080101",
        pwd2digit: "12",
        cardType: "CREDIT_CARD",
      },
    },
  );
  const catalog = await rest<{
    LECTURE_ITEMS: { id: number; subjectId: number; item_type: string; months: number }[];
  }>("/main/Lecture_StoreItems", {});
  const math = catalog.LECTURE_ITEMS.find(
    (i) => i.subjectId === 8906 && i.item_type === "LECTURE_SMART" && i.months === 1,
  )!;
  const paid = await rest<{ PAYMENT_ID: number; STATE: string; PAID_PRICE: number }>(
    "/main/payment_seoltab_subscribe",
    {
      USER_NO: student.userNo,
      MERCHANT_UID: `e2e-renewals-${Date.now()}-${(sequence += 1)}`,
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [{ id: math.id, lecture_multiple: 3 }],
    },
    student.token,
  );
  expect(paid.STATE).toBe("PAID");
  return { id: String(paid.PAYMENT_ID), paidPrice: paid.PAID_PRICE };
}

function renewals(page: Page) {
  return page.getByRole("region", { name: "자동 결제" });
}

describe.each(Object.entries(VIEWPORTS))("renewals on a %s", (width, viewport) => {
  it("a full refund ends the renewals; the family stops another order's themselves", async () => {
    const person = PEOPLE[width as keyof typeof PEOPLE];
    const student = await apiLogin(person.email);
    const first = await buyWithBillingCard(student);
    const { page, errors, close } = await openPage(browser, { viewport });
    await signIn(page, server.url, "/sign_in", person.email, person.name);

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
    await page.goto(`${server.url}/_app/payments/${first.id}/refund`);
    const amount = page.getByTestId("refund-amount");
    await amount.waitFor();
    expect(await amount.innerText()).toBe(won(first.paidPrice));
    expect(await page.getByTestId("refund-renewal").innerText()).toMatch(
      /환불되면 자동 결제가 해지되어 다음 결제\(\d{4}\.\d{2}\.\d{2}, [\d,]+원\)는 되지 않아요\./,
    );
    await screenshot(page, `renewals-refund-page-${width}`);
    await page.getByLabel("환불하려는 이유를 알려 주세요").fill("수업을 그만두려고 해요");
    await page.getByRole("button", { name: `${won(first.paidPrice)} 환불하기` }).click();
    const confirm = page.getByRole("dialog", { name: "환불할까요?" });
    expect(await confirm.innerText()).toContain("자동 결제가 해지되어");
    await confirm.getByRole("button", { name: "환불하기" }).click();
    await page.getByRole("heading", { level: 1, name: "환불이 완료되었어요" }).waitFor();
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
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await close();
  });
});
