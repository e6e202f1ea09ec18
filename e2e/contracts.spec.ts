/**
 * Contracts on the money path (issue 11, items 5, 6 and 13), in a real browser against the real
 * server, at 360 and 1280 px: two orders are paid; 계약서 서명하기 on the receipt of the second
 * opens the second's contract (not the older unsigned one), whose 정가, 할인 and 결제 are the
 * order's lines and whose lent tablet reads 무료 대여; the list shows both to sign, each with
 * its own link; the first is signed and then refunded through the refund page and reads 서명 완료
 * with 환불됨; an unknown contract id is "계약서를 찾을 수 없어요" with the way back to the list.
 * axe finds nothing on the contract pages. Screenshots under test-results/screenshots/contracts-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, signIn } from "./support/accounts.ts";
import { openPage } from "./support/browser.ts";
import { expectFitsAndAccessible as check, pageErrors, won } from "./support/api.ts";
import {
  contractFromReceipt,
  payForMath,
  payForMathWithFreeTablet,
  paymentCard,
  refundInFull,
  signContractOnPage,
  signWaitingContracts,
} from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();
const { apiLogin, openFromMenu } = e2e;

const JOURNEYS = [
  { label: "mobile", viewport: { width: 360, height: 740 }, who: DEMO.student },
  {
    label: "desktop",
    viewport: { width: 1280, height: 900 },
    who: { email: "student2@example.com", name: "김바다" },
  },
] as const;

describe("contracts after two orders", () => {
  it.each(JOURNEYS)(
    "$label: the receipt opens its own contract, both listed, a refunded one says so",
    async ({ label, viewport, who }) => {
      const student = await apiLogin(who.email);
      await signWaitingContracts(e2e.url, student, who.name);
      const first = await payForMath(e2e.url, student, 1, "contracts");
      const second = await payForMathWithFreeTablet(e2e.url, student, 3, "contracts");
      expect(second.paidPrice).toBe(567000);

      const { page, errors, close } = await openPage(e2e.browser, { viewport });
      await signIn(page, e2e.url, "/sign_in", who.email, who.name);

      // The receipt of the second order → its own contract (not the first, older one).
      await contractFromReceipt(page, e2e.url, openFromMenu, student, second.id);
      const title = page.locator(".contract-doc__title");
      expect(await title.innerText()).toBe("설탭 스마트 수학 3개월 수강 계약");

      // The figures are the checkout's: 정가 657,000원, 할인 90,000원, 결제 567,000원.
      const text = await page.locator(".contract-doc").innerText();
      expect(text).toContain(
        `정가 ${won(657000)}, 할인 ${won(90000)} (기본 할인가 ${won(90000)}), 결제 금액 ${won(567000)}`,
      );
      expect(text).not.toContain("상품 금액");
      expect(text).toContain("(1대, 무료 대여): 대여료 0원");
      expect(text).not.toContain("중고 제품");
      await check(page, `contracts-sign-second-${label}`);

      // The list: both to sign, each with its own link.
      await openFromMenu(page, "계약서", "/_app/contracts");
      const waiting = page.getByRole("region", { name: "서명할 계약서가 2건 있어요" });
      await waiting.waitFor();
      const rows = waiting.getByTestId("contract-to-sign");
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).innerText()).toContain("설탭 스마트 수학 1개월 수강 계약");
      expect(await rows.nth(1).innerText()).toContain("설탭 스마트 수학 3개월 수강 계약");
      await check(page, `contracts-list-two-to-sign-${label}`);

      // Sign the first from its own row.
      await rows
        .nth(0)
        .getByRole("link", { name: /계약서 서명하기/ })
        .click();
      await page.waitForURL(/\/_app\/contracts\/sign\?userId=\d+&contractId=\d+$/);
      expect(await page.locator(".contract-doc__title").innerText()).toBe(
        "설탭 스마트 수학 1개월 수강 계약",
      );
      await signContractOnPage(page, who.name);
      await page.waitForURL(/\/_app\/contracts\/\d+$/);
      const firstContractPath = new URL(page.url()).pathname;
      await page.getByTestId("contract-signature").waitFor();

      // Refund the first order through the refund page (as e2e/account.spec.ts walks it).
      await openFromMenu(page, "결제 내역", "/_app/payments");
      await paymentCard(page, first.id)
        .getByRole("link", { name: /환불 요청/ })
        .click();
      await page.waitForURL(`${e2e.url}/_app/payments/${first.id}/refund`);
      await page.getByTestId("refund-amount").waitFor();
      await refundInFull(page, first.paidPrice, "수업 일정이 맞지 않아요");

      // The list: the refunded contract reads 서명 완료 and 환불됨; the second still waits.
      await openFromMenu(page, "계약서", "/_app/contracts");
      const one = page.getByRole("region", { name: "서명할 계약서가 있어요" });
      await one.waitFor();
      expect(await one.getByTestId("contract-to-sign").count()).toBe(1);
      expect(await one.innerText()).toContain("설탭 스마트 수학 3개월 수강 계약");
      const signed = page
        .getByRole("region", { name: "서명한 계약서" })
        .getByTestId("signed-contract")
        .filter({ has: page.locator(`a[href="${firstContractPath}"]`) });
      await signed.waitFor();
      expect(await signed.getByTestId("contract-states").innerText()).toMatch(/서명 완료\s*환불됨/);
      expect(await signed.innerText()).toContain(`${won(first.paidPrice)} / 결제`);
      await check(page, `contracts-list-refunded-${label}`);

      // Its printable view says it too.
      await signed.getByRole("link", { name: /계약서 보기/ }).click();
      await page.waitForURL(`${e2e.url}${firstContractPath}`);
      await page.getByTestId("contract-signature").waitFor();
      expect(await page.getByTestId("contract-refund-note").innerText()).toContain(
        `전액 환불되었어요 (환불 금액 ${won(first.paidPrice)})`,
      );
      await check(page, `contracts-view-refunded-${label}`);

      // An id that does not exist: not found, the way back to the list, nothing to retry.
      await page.goto(`${e2e.url}/_app/contracts/987654321`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: "계약서를 찾을 수 없어요" }).waitFor();
      expect(await page.getByRole("button", { name: "다시 시도" }).count()).toBe(0);
      expect(
        await page.getByRole("link", { name: "계약서 목록" }).first().getAttribute("href"),
      ).toBe("/_app/contracts");
      await check(page, `contracts-not-found-${label}`);

      expect(pageErrors(errors)).toEqual([]);
      await close();
    },
  );
});
