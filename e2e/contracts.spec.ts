/**
 * Contracts on the money path (issue 11, items 5, 6 and 13), in a real browser against the real
 * server, at 360 and 1280 px: two orders are paid; 계약서 서명하기 on the receipt of the second
 * opens the second's contract (not the older unsigned one), whose 정가, 할인 and 결제 are the
 * order's lines and whose lent tablet reads 무료 대여; the list shows both to sign, each with
 * its own link; the first is signed and then refunded through the refund page and reads 서명 완료
 * with 환불됨; an unknown contract id is "계약서를 찾을 수 없어요" with the way back to the list.
 * axe finds nothing on the contract pages. Screenshots under test-results/screenshots/contracts-*.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { launchBrowser, openPage, screenshot } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import {
  axeViolations,
  apiLogin as apiLoginAt,
  graphqlCall,
  openFromMenu as openFromMenuAt,
  pageErrors,
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

/** The seeded smart-math item and the tablet lent free, as the catalog answers them. */
async function catalog(): Promise<{ math: number; freeTablet: number }> {
  const r = await rest<{
    LECTURE_ITEMS: { id: number; subjectId: number; item_type: string; months: number }[];
    RENT_DEVICES: { id: number; device_type: string | null; price: number }[];
  }>("/main/Lecture_StoreItems", {});
  const math = r.LECTURE_ITEMS.find(
    (i) => i.subjectId === 8906 && i.item_type === "LECTURE_SMART" && i.months === 1,
  );
  const tablet = r.RENT_DEVICES.find((d) => d.device_type === "IPAD" && d.price === 0);
  expect(math && tablet).toBeTruthy();
  return { math: math!.id, freeTablet: tablet!.id };
}

let sequence = 0;

/** A one-time card payment (test card 4242…, sandbox gateway). */
async function payByCard(
  student: Session,
  items: { id: number; lecture_multiple: number }[],
): Promise<{ id: string; paidPrice: number }> {
  const r = await rest<{ PAYMENT_ID: number; STATE: string; PAID_PRICE: number }>(
    "/main/payreq_Iamport_Onetime",
    {
      USER_NO: student.userNo,
      MERCHANT_UID: `e2e-contracts-${Date.now()}-${(sequence += 1)}`,
      ITEMS: items,
      CARD_QUOTA: 0,
      CARD_NUMBER: "4242424242424242",
      EXPIRY: `${new Date().getFullYear() + 2}-12`,
      BIRTH: "080101",
      PWD_2DIGIT: "12",
    },
    student.token,
  );
  expect(r.STATE).toBe("PAID");
  return { id: String(r.PAYMENT_ID), paidPrice: r.PAID_PRICE };
}

/** Signs every contract already waiting (earlier runs), so this journey starts clean. */
async function signWaitingContracts(student: Session, name: string) {
  const { contractsToSign } = await graphql<{ contractsToSign: { id: string }[] }>(
    student.token,
    "query($u: Int!) { contractsToSign(userId: $u) { id } }",
    { u: student.userNo },
  );
  for (const c of contractsToSign) {
    await graphql(
      student.token,
      "mutation($i: SignContractInput!) { signContract(input: $i) { userContractId } }",
      { i: { contractToSignId: c.id, signerName: name, agreed: true } },
    );
  }
}

async function check(page: Page, name: string) {
  expect(await overflowX(page), name).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

function paymentCard(page: Page, id: string) {
  return page
    .locator(".pay-history__item")
    .filter({ has: page.locator(`a[href="/payment_finish?paymentId=${id}"]`) });
}

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
      await signWaitingContracts(student, who.name);
      const { math, freeTablet } = await catalog();
      const first = await payByCard(student, [{ id: math, lecture_multiple: 1 }]);
      const second = await payByCard(student, [
        { id: math, lecture_multiple: 3 },
        { id: freeTablet, lecture_multiple: 1 },
      ]);
      expect(second.paidPrice).toBe(567000);

      const { page, errors, close } = await openPage(browser, { viewport });
      await signIn(page, server.url, "/sign_in", who.email, who.name);

      // The receipt of the second order → its own contract (not the first, older one).
      await openFromMenu(page, "결제 내역", "/_app/payments");
      await paymentCard(page, second.id)
        .getByRole("link", { name: /상세 보기/ })
        .click();
      await page.waitForURL(`${server.url}/payment_finish?paymentId=${second.id}`);
      await page
        .getByTestId("finish-sign-contract")
        .getByRole("link", { name: "계약서 서명하기" })
        .click();
      await page.waitForURL(
        `${server.url}/_app/contracts/sign?userId=${student.userNo}&paymentId=${second.id}`,
      );
      await page.getByRole("heading", { level: 1, name: "계약서를 읽고 서명해 주세요" }).waitFor();
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
      await page.getByLabel("서명자 이름").fill(who.name);
      await page.getByRole("checkbox", { name: /위 계약서의 내용을 모두 읽었고/ }).check();
      await page.getByRole("button", { name: "동의하고 서명하기" }).click();
      await page.waitForURL(/\/_app\/contracts\/\d+$/);
      const firstContractPath = new URL(page.url()).pathname;
      await page.getByTestId("contract-signature").waitFor();

      // Refund the first order through the refund page (as e2e/account.spec.ts walks it).
      await openFromMenu(page, "결제 내역", "/_app/payments");
      await paymentCard(page, first.id)
        .getByRole("link", { name: /환불 요청/ })
        .click();
      await page.waitForURL(`${server.url}/_app/payments/${first.id}/refund`);
      await page.getByTestId("refund-amount").waitFor();
      await page.getByLabel("환불하려는 이유를 알려 주세요").fill("수업 일정이 맞지 않아요");
      await page.getByRole("button", { name: `${won(first.paidPrice)} 환불하기` }).click();
      await page
        .getByRole("dialog", { name: "환불할까요?" })
        .getByRole("button", { name: "환불하기" })
        .click();
      await page.getByRole("heading", { level: 1, name: "환불이 완료되었어요" }).waitFor();

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
      await page.waitForURL(`${server.url}${firstContractPath}`);
      await page.getByTestId("contract-signature").waitFor();
      expect(await page.getByTestId("contract-refund-note").innerText()).toContain(
        `전액 환불되었어요 (환불 금액 ${won(first.paidPrice)})`,
      );
      await check(page, `contracts-view-refunded-${label}`);

      // An id that does not exist: not found, the way back to the list, nothing to retry.
      await page.goto(`${server.url}/_app/contracts/987654321`, { waitUntil: "networkidle" });
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
