/**
 * The refund page of an order with a book (issue #18, decision 021), in a real browser against
 * the real server, at 360 and 1440 px: the law's amount, the return shipping (반품 배송비 3,000원)
 * kept back line by line with its sentence, the question why the book goes back, and a claimed
 * defect that drops the fee. The order is paid through the api with the demo student's token.
 * Screenshots under test-results/screenshots/store-refunds-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { VIEWPORTS, openPage, screenshot } from "./support/browser.ts";
import { pageErrors, won } from "./support/api.ts";
import { payByCard, smartMath } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

/** 스마트 수학 (1 month) and the 15,000-won book 201, paid by one-time card. */
async function payMathWithBook(): Promise<{ id: string; total: number }> {
  const student = await e2e.apiLogin(DEMO.student.email);
  const math = await smartMath(e2e.url);
  const paid = await payByCard(
    e2e.url,
    student,
    [
      { id: math.id, lecture_multiple: 1 },
      { id: 201, lecture_multiple: 1 },
    ],
    "store-refunds",
  );
  return { id: paid.id, total: paid.paidPrice };
}

describe.each(Object.entries(VIEWPORTS))(
  "the refund page of math + a book at %s",
  (name, viewport) => {
    it("keeps the return shipping back line by line, and not for a defective book", async () => {
      const paid = await payMathWithBook();
      const { page, errors, close } = await openPage(e2e.browser, { viewport });
      await signIn(page, e2e.url, "/sign_in", DEMO.student.email, DEMO.student.name);
      await page.goto(`${e2e.url}/_app/payments/${paid.id}/refund`);

      const lines = page.getByTestId("refund-deductions");
      await lines.waitFor();
      // The order's delivery fee line (3,000) is not refunded by a rule; the lecture and the book are.
      const text = await lines.innerText();
      expect(text).toContain("반품 배송비");
      expect(text).toContain("−3,000원");
      expect(text).toContain("단순 변심으로 반품하는 교재의 반품 배송비 3,000원을 빼요");
      const gross = Number((await lines.locator("dd").first().innerText()).replace(/[^0-9]/g, ""));
      expect(await page.getByTestId("refund-amount").innerText()).toBe(won(gross - 3_000));
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `store-refunds-${name}`);

      await page.getByRole("radio", { name: /상품 불량이거나 설명과 달라요/ }).check();
      await page.getByTestId("refund-deductions").waitFor({ state: "detached" });
      expect(await page.getByTestId("refund-amount").innerText()).toBe(won(gross));
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });
  },
);
