/**
 * The refund page's words for an order of 스마트 수학 3개월 with the tablet lent free (issue #11
 * item 10), in a real browser against the real server, at 360 and 1280 px: the lecture's rule
 * and sentence (not "항목마다 다른 기준"), the tablet line says nothing was paid (never "전액 0원"),
 * no question about "개봉", and choosing the tablet alone is said on the page and not sent.
 * The order is paid through the api with the demo student's token (as e2e/account.spec.ts).
 * Screenshots under test-results/screenshots/refund-copy-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { openPage, screenshot } from "./support/browser.ts";
import { pageErrors, won } from "./support/api.ts";
import { payForMathWithFreeTablet } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

const WIDTHS = {
  mobile: { width: 360, height: 740 },
  desktop: { width: 1280, height: 900 },
} as const;

/** 스마트 수학 (1-month unit) × 3 and the tablet lent free, paid by one-time card. */
async function payMathWithFreeTablet(): Promise<{ id: string; lecturePrice: number }> {
  const student = await e2e.apiLogin(DEMO.student.email);
  const paid = await payForMathWithFreeTablet(e2e.url, student, 3, "refund-copy");
  expect(paid.items.find((i) => i.ITEM_KIND === "DEVICE")?.PAID_PRICE).toBe(0);
  return { id: paid.id, lecturePrice: paid.paidPrice };
}

describe.each(Object.entries(WIDTHS))(
  "the refund page of math + a free tablet at %s",
  (name, viewport) => {
    it("says the lecture's rule, that nothing was paid for the tablet, and refuses the tablet alone", async () => {
      const paid = await payMathWithFreeTablet();
      const { page, errors, close } = await openPage(e2e.browser, { viewport });
      await signIn(page, e2e.url, "/sign_in", DEMO.student.email, DEMO.student.name);
      await page.goto(`${e2e.url}/_app/payments/${paid.id}/refund`);

      const amount = page.getByTestId("refund-amount");
      await amount.waitFor();
      expect(await amount.innerText()).toBe(won(paid.lecturePrice));
      expect(await page.getByTestId("refund-rule").innerText()).toContain("교습 시작 전");
      expect(await page.getByTestId("refund-explanation").innerText()).toBe(
        `수업 시작 전이라 낸 수업료 전액 ${won(paid.lecturePrice)}을 돌려받을 수 있어요.`,
      );
      const items = page.getByRole("list", { name: "결제 항목" });
      expect(await items.innerText()).toContain("낸 금액이 없어 돌려받을 금액도 없어요");
      const body = await page.locator("main").innerText();
      expect(body).not.toContain("전액 0원");
      expect(body).not.toContain("개봉");
      expect(body).not.toContain("항목마다 다른 기준");
      expect(body).not.toMatch(/받은 날부터/);
      await page.getByRole("heading", { name: "결제한 카드로 바로 환불돼요" }).waitFor();
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `refund-copy-${name}`);

      // The tablet alone: said on the page, the button cannot send it.
      await items.getByRole("checkbox", { name: /스마트 수학/ }).uncheck();
      const alert = page.getByTestId("refund-nothing-paid");
      await alert.waitFor();
      expect(await alert.innerText()).toBe(
        "고른 항목은 낸 금액이 없어(0원) 돌려받을 금액이 없어요. 환불받을 수업이나 상품을 함께 골라 주세요.",
      );
      await page.getByRole("button", { name: "환불 요청 보내기" }).waitFor();
      expect(await page.getByRole("button", { name: "환불 요청 보내기" }).isDisabled()).toBe(true);
      expect(await page.locator("main").innerText()).not.toContain("전액 0원");
      await screenshot(page, `refund-copy-tablet-alone-${name}`);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });
  },
);
