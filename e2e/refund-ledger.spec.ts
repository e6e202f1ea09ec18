/**
 * The refund quote after 3 lessons uses the lesson ledger (issue 14; docs/refunds.md "By the
 * lesson ledger"; decision 029), in a real browser against the real server. The demo student's
 * ACTIVE lecture (스마트 수학 1개월, 189,000원) has two lessons held and two started but not yet
 * recorded; the demo tutor records one on /_app/tutor, so three are held. The student's refund
 * page then says "수업 3회 진행 × 회당 23,625원 = 70,875원 차감" and 118,125원 (not the share of
 * calendar time), at 360 and 1440 px; the request (a cash payment: to a bank account, for staff)
 * answers with the same amount and line. Screenshots under test-results/screenshots/refund-ledger-*.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, graphqlCall, pageErrors } from "./support/api.ts";
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

const DEDUCTION = "수업 3회 진행 × 회당 23,625원 = 70,875원 차감";

describe("the refund quote of a lecture after 3 lessons", () => {
  it("uses the ledger: paid − 3 lessons at the price per lesson, shown and requested", async () => {
    // The tutor records one of the two started lessons: 2 held + 1 = 3.
    const tutorPage = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await signIn(tutorPage.page, server.url, "/sign_in", DEMO.tutor.email, DEMO.tutor.name);
    await tutorPage.page.goto(`${server.url}/_app/tutor`, { waitUntil: "networkidle" });
    const form = tutorPage.page.getByTestId("record-lesson").first();
    await form.waitFor();
    await form.getByLabel(/수업한 시간/).fill("90");
    await form.getByLabel(/학부모님께 남길 메모/).fill("연립방정식, 숙제: 익힘책 30쪽");
    await form.getByRole("button", { name: "수업 기록하기" }).click();
    await tutorPage.page.getByText("수업을 기록했어요.").waitFor();
    expect(pageErrors(tutorPage.errors)).toEqual([]);
    await tutorPage.close();

    const student = await apiLogin(server.url, DEMO.student.email);
    const { myLectures } = await graphqlCall<{
      myLectures: { id: string; state: string; paymentId: string }[];
    }>(server.url, student.token, `query { myLectures { id state paymentId } }`, {}, "matching");
    const active = myLectures.find((l) => l.state === "ACTIVE")!;
    expect(active).toBeTruthy();
    const { lessonLedger } = await graphqlCall<{ lessonLedger: { held: number } }>(
      server.url,
      student.token,
      `query($id: ID!) { lessonLedger(lectureId: $id) { held } }`,
      { id: active.id },
      "matching",
    );
    expect(lessonLedger.held).toBe(3);

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, errors, close } = await openPage(browser, { viewport });
      await signIn(page, server.url, "/sign_in", DEMO.student.email, DEMO.student.name);
      await page.goto(`${server.url}/_app/payments/${active.paymentId}/refund`);
      const quote = page.getByTestId("refund-lesson-quote");
      await quote.waitFor();
      expect(await quote.innerText()).toContain(DEDUCTION);
      expect(await quote.innerText()).toContain("판매가 189,000원 ÷ 8회");
      expect(await page.getByTestId("refund-amount").innerText()).toBe("118,125원");
      expect(await page.getByTestId("refund-rule").innerText()).toContain("원격교습");
      expect(await page.getByTestId("refund-explanation").innerText()).toBe(
        "낸 수업료 189,000원에서 진행한 수업 3회의 수업료(회당 23,625원 × 3회 = 70,875원)를 뺀 118,125원을 돌려받을 수 있어요.",
      );
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `refund-ledger-${name}`);

      if (name === "desktop") {
        // A cash payment goes back to a bank account, through staff, with the ledger's amount.
        await page.getByLabel("은행").selectOption("004");
        await page.getByLabel("계좌번호").fill("123456789012");
        await page.getByLabel("예금주").fill("김하늘");
        await page.getByLabel("환불하려는 이유를 알려 주세요").fill("수업을 그만두려고 해요");
        await page.getByRole("button", { name: "환불 요청 보내기" }).click();
        const confirm = page.getByRole("dialog", { name: "환불을 요청할까요?" });
        await confirm.waitFor();
        expect(await confirm.innerText()).toContain("118,125원");
        await confirm.getByRole("button", { name: "요청 보내기" }).click();
        await page.getByRole("heading", { name: "환불 요청이 접수되었어요" }).waitFor();
        expect(await page.getByTestId("refund-result-amount").innerText()).toBe("118,125원");
        expect(await page.getByTestId("refund-result-lesson-quote").innerText()).toBe(DEDUCTION);
        await screenshot(page, `refund-ledger-requested-${name}`);
      }
      expect(pageErrors(errors)).toEqual([]);
      await close();
    }
  });
});
