/**
 * Issue 20 (decision 035) in a real browser: an AI diagnosis report's enrollment link
 * (/guest_enrollment?subject=영어&from=ai_diagnosis) opens the form on 영어, with the subjects in
 * getTaxonomy's order and the tablets left (seoltab_banner_info) told with the tablet choice —
 * on a phone (360 px: one column, nothing wider than the screen) and on a desktop (1440 px: the
 * price summary beside the form). Screenshots under test-results/screenshots/conformance-*.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overflowX } from "./support/accounts.ts";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LINK = `/guest_enrollment?subject=${encodeURIComponent("영어")}&from=ai_diagnosis`;

describe("enrollment from a diagnosis report (issue 20)", () => {
  it.each([
    ["phone", VIEWPORTS.phone],
    ["desktop", VIEWPORTS.desktop],
  ] as const)("%s: subject preselected, taxonomy order, tablets left", async (name, viewport) => {
    const { page, errors, close } = await openPage(browser, { viewport });
    try {
      await page.goto(`${server.url}${LINK}`);
      const subjects = page.getByRole("group", { name: "과목" });
      await expect.poll(() => subjects.getByRole("radio", { name: "영어" }).isChecked()).toBe(true);
      await expect
        .poll(() => page.getByTestId("enrollment-from-diagnosis").textContent())
        .toContain("AI 학습 진단 결과에 맞춰 영어 과목을 골라 두었어요.");
      // The taxonomy lists 수학, 국어, 영어… (migration 0001): the form follows it.
      await expect
        .poll(async () =>
          (
            await subjects
              .getByRole("radio")
              .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
          ).slice(0, 3),
        )
        .toEqual(["수학", "국어", "영어"]);
      const stock = page.getByRole("group", { name: "태블릿", exact: true });
      await expect
        .poll(() => stock.textContent())
        .toMatch(/지금 신청하면 받을 수 있는 태블릿이 [\d,]+대 남았어요/);
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      // 1440 px: the price summary sits beside the form; below it, under the form.
      const [form, aside] = await Promise.all([
        page.locator(".enr-fields").boundingBox(),
        page.locator(".enr-aside").boundingBox(),
      ]);
      if (name === "desktop") expect(aside!.x).toBeGreaterThan(form!.x + form!.width - 1);
      else expect(aside!.y).toBeGreaterThan(form!.y + form!.height - 1);
      await screenshot(page, `conformance-enrollment-${name}`);
      expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    } finally {
      await close();
    }
  });
});
