/**
 * One catalog feeds the marketing pages and checkout (issue #11 item 2, decision 017), against
 * the real server:
 * - every "N원" in the prerendered HTML of every public page (read without JavaScript) is a price
 *   of Lecture_StoreItems — a winter course's monthly fee or what checkout charges for the whole
 *   course — and /promotion/winter names every winter course with its price and its button;
 *   no page promises 현금 payment, which checkout does not offer;
 * - at 360 and 1280 px, a guest presses the 중등 button on /promotion/winter, reaches
 *   /guest_enrollment with that course chosen at the advertised price, signs in as the demo
 *   student and sees the same price at checkout, told the course is not renewed monthly.
 * Screenshots under test-results/screenshots/winter-*.
 */
import { PRERENDERED_PATHS } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import { DEMO, overflowX } from "./support/accounts.ts";
import { openPage, screenshot } from "./support/browser.ts";
import { pageErrors, won } from "./support/api.ts";
import {
  fillDelivery,
  signInToCheckout,
  storeItems,
  type StoreLecture as CatalogLecture,
} from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

/** The winter course items as the catalog API serves them to a guest. */
async function winterItems(): Promise<CatalogLecture[]> {
  const { LECTURE_ITEMS } = await storeItems(e2e.url);
  const items = LECTURE_ITEMS.filter((i) => i.item_type === "LECTURE_WINTER");
  expect(items).toHaveLength(4);
  for (const i of items) expect(i.allowed_multiples).toEqual([1]);
  return items;
}

/** A course bought once: checkout charges salePrice × months (no policy for a guest). */
const coursePrice = (i: CatalogLecture) => i.salePrice * i.months;

/** The page's HTML as served (no JavaScript run), scripts and styles removed. */
async function staticText(path: string): Promise<string> {
  const response = await fetch(`${e2e.url}${path}`);
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/&amp;/g, "&");
}

describe("marketing prices are the catalog's", () => {
  it("every N원 on every prerendered page is a Lecture_StoreItems price; no 현금 promise", async () => {
    const items = await winterItems();
    const catalogPrices = new Set(items.flatMap((i) => [won(i.salePrice), won(coursePrice(i))]));
    const seen: string[] = [];
    for (const path of PRERENDERED_PATHS) {
      const text = await staticText(path);
      const prices = text.match(/\d{1,3}(?:,\d{3})*원/g) ?? [];
      for (const price of prices) expect(catalogPrices.has(price), `${path}: ${price}`).toBe(true);
      seen.push(...prices);
      expect(text, path).not.toContain("현금");
    }
    expect(seen.length).toBeGreaterThan(0);

    const winter = await staticText("/promotion/winter");
    for (const i of items) {
      expect(winter).toContain(won(i.salePrice));
      expect(winter).toContain(won(coursePrice(i)));
      expect(winter).toContain(`href="/guest_enrollment?item=${i.id}"`);
    }
    const basic = await staticText("/promotion/winter/basicschool");
    const primary = items.find((i) => i.school_level === "PRIMARY")!;
    expect(basic).toContain(won(coursePrice(primary)));
    expect(basic).toContain(`href="/guest_enrollment?item=${primary.id}"`);
    const special = await staticText("/promotion/winter/specialschool");
    const sp = items.find((i) => i.school_level === "SPECIAL")!;
    expect(special).toContain(won(coursePrice(sp)));
    expect(special).toContain(`href="/guest_enrollment?item=${sp.id}"`);
  });
});

describe.each([
  ["mobile", { width: 360, height: 740 }],
  ["desktop", { width: 1280, height: 900 }],
] as const)("the winter button sells the advertised course at %s", (name, viewport) => {
  it("/promotion/winter → enrollment with the course chosen → the same price at checkout", async () => {
    const middle = (await winterItems()).find((i) => i.school_level === "MIDDLE")!;
    const price = won(coursePrice(middle));
    const { page, errors, close } = await openPage(e2e.browser, { viewport });

    await page.goto(`${e2e.url}/promotion/winter`, { waitUntil: "networkidle" });
    const row = page.locator("tr", { hasText: "중등" });
    expect(await row.innerText()).toContain(price);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `winter-promotion-${name}`);
    await row.getByRole("link", { name: /신청/ }).click();
    await page.waitForURL(`${e2e.url}/guest_enrollment?item=${middle.id}`);

    const total = page.getByTestId("enrollment-total");
    await total.waitFor();
    expect(await page.getByRole("radio", { name: "겨울방학 수업" }).isChecked()).toBe(true);
    expect(
      await page
        .getByRole("radio", { name: /겨울방학 8주/ })
        .first()
        .isChecked(),
    ).toBe(true);
    expect(
      await page
        .getByRole("radio", { name: new RegExp(middle.TTEOK_HAM_Title.replace(/[()]/g, "\\$&")) })
        .isChecked(),
    ).toBe(true);
    expect(await page.getByRole("radio", { name: "2개월", exact: true }).isChecked()).toBe(true);
    // Only the whole course is sold: no 1, 3, 6 or 12 months of it.
    expect(await page.getByRole("radio", { name: /^(1|3|6|12)개월/ }).count()).toBe(0);
    expect(await total.textContent()).toBe(price);

    await fillDelivery(page, DEMO.parent.name);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `winter-enrollment-${name}`);
    await page.getByRole("button", { name: "결제하기" }).click();

    // The checkout shows the server's priced cart (POST /main/Cart_Price, issue 18).
    const checkoutTotal = await signInToCheckout(page, e2e.url, DEMO.student.email);
    expect(await checkoutTotal.textContent()).toBe(price);
    expect(await page.getByText(middle.TTEOK_HAM_Title).first().isVisible()).toBe(true);
    expect(await page.getByText("이 수업은 매월 자동으로 결제되지 않아요.").isVisible()).toBe(true);
    await page.getByRole("radio", { name: /가상계좌/ }).click();
    await page.getByRole("button", { name: `${price} 가상계좌 발급받기` }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `winter-checkout-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
