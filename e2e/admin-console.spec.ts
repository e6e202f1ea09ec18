/**
 * The operations console (issue 16) in a real browser against the real server, at 1440 px:
 * staff type the first 8 digits of a card into the one search box, open the payment it found, and
 * refund half of it (reason asked, amount shown before confirming), cancel a virtual account
 * awaiting deposit from the queues page, then see the search and the refund in the audit view. The payment is set up
 * through the API with a card number no other test uses. Screenshots under
 * test-results/screenshots/admin-console-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, pageErrors, restCall, won } from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { payByBillingCard, smartMath } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

/** A Luhn-valid 16-digit card number starting with `prefix` (15 digits before the check digit). */
function luhnCard(prefix: string): string {
  const body = prefix.padEnd(15, "0").slice(0, 15);
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(body[14 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

describe("the operations console", () => {
  it("finds a payment by the card's first 8 digits and refunds half of it", async () => {
    const card = luhnCard(`9${String(Date.now()).slice(-7)}`);
    const student = await apiLogin(e2e.url, DEMO.student.email);
    const math = await smartMath(e2e.url);
    const paid = await payByBillingCard(
      e2e.url,
      student,
      [{ id: math.id, lecture_multiple: 1 }],
      "admin",
      card,
    );
    const half = Math.floor(paid.paidPrice / 2);
    // An order paid by virtual account, awaiting its deposit (the queue's cancel below).
    const waiting = await restCall<{ PAYMENT_ID: number; STATE: string; PAID_PRICE: number }>(
      e2e.url,
      "/main/payment_seoltab_subscribe",
      {
        USER_NO: student.userNo,
        MERCHANT_UID: `e2e-admin-vbank-${Date.now()}`,
        PAYMENT_METHOD: "VBANK",
        ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      },
      student.token,
    );
    expect(waiting.STATE).toBe("READY");

    const admin = await apiLogin(e2e.url, DEMO.admin.email);
    const { page, errors, close } = await openPage(e2e.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, e2e.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
    await page.goto(`${e2e.url}/_app/admin`);
    await page.getByRole("heading", { name: "운영 콘솔" }).waitFor();
    await page.getByRole("searchbox").fill(`${card.slice(0, 4)}-${card.slice(4, 8)}`);
    await page.getByRole("button", { name: "검색" }).click();

    // The hit says why it matched; it opens the payment page.
    const hit = page.getByRole("listitem").filter({
      hasText: `카드 앞 8자리 ${card.slice(0, 4)}-${card.slice(4, 8)} 일치`,
      has: page.getByRole("link"),
    });
    await hit.waitFor();
    await screenshot(page, "admin-console-search-desktop");
    await hit.getByRole("link", { name: new RegExp(`결제 #${paid.id} `) }).click();
    await page.waitForURL(`**/_app/admin/payments/${paid.id}`);
    const masked = `${card.slice(0, 4)}-${card.slice(4, 8)}-****-${card.slice(12)}`;
    await page.getByText(masked).waitFor();
    expect(await page.content()).not.toContain(card);

    await page.getByRole("button", { name: "절반" }).click();
    await page.getByLabel("사유 설명").fill("고객과 절반 환불 합의");
    await page.getByRole("button", { name: "환불 금액 확인" }).click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.innerText()).toContain(`${won(half)}을 환불할까요?`);
    await screenshot(page, "admin-console-refund-confirm-desktop");
    await confirm.getByRole("button", { name: "환불 확정" }).click();
    const done = page.getByRole("status").filter({ hasText: "환불했어요" });
    await done.waitFor();
    expect(await done.innerText()).toContain(`${won(half)}을 환불했어요`);
    await page.getByRole("heading", { name: /부분 환불/ }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "admin-console-refunded-desktop");

    // The awaiting virtual account: cancelled from the queue, the amount shown before confirming.
    await page.goto(`${e2e.url}/_app/admin/queues`);
    const row = page.getByRole("listitem").filter({ hasText: `결제 #${waiting.PAYMENT_ID} ` });
    await row.getByLabel("가상계좌 작업").selectOption("CANCEL");
    await row.getByLabel("사유 설명").fill("보호자가 카드로 다시 결제");
    await row.getByRole("button", { name: "가상계좌 발급 취소 확인" }).click();
    expect(await row.getByRole("alertdialog").innerText()).toContain(won(waiting.PAID_PRICE));
    await screenshot(page, "admin-console-vbank-cancel-desktop");
    await row.getByRole("button", { name: "확정" }).click();
    await row.waitFor({ state: "detached" });

    // Both entries in the audit view: the search (SECURITY) and the refund (EXECUTION).
    await page.goto(`${e2e.url}/_app/admin/audit?person=${admin.userNo}`);
    const rows = page.getByTestId("audit-row");
    await expect
      .poll(async () => (await rows.allInnerTexts()).join("\n"), { timeout: 15_000 })
      .toContain("콘솔 환불");
    const texts = await rows.allInnerTexts();
    const refund = texts.find((t) => t.includes("콘솔 환불"))!;
    expect(refund).toContain(`payment:${paid.id}`);
    expect(texts.some((t) => t.includes("콘솔 검색") && t.includes("보안"))).toBe(true);
    await screenshot(page, "admin-console-audit-desktop");
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
