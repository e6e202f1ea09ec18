/**
 * The consultation funnel in a real browser against the real server (issue #6): a visitor arrives
 * with campaign values, moves on, opens /consultation, verifies the phone with the SMS code from
 * the sandbox outbox, sends the request and sees the thank-you state; staff (the demo admin) then
 * find the request with its utm values on /_app/admin/consultations and mark it contacted.
 * Phone (360 px, by touch-like clicks) and desktop (1280 px, by keyboard only). Screenshots under
 * test-results/screenshots/consultation-*.
 *
 * The session's utm values come from the site-wide capture (sessionStorage `utmValues`, first
 * values win); this test relies on it and checks that it happened.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn, smsCode, uniquePhone } from "./support/accounts.ts";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { axeViolations, openFromConsoleMenu } from "./support/api.ts";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ADMIN = { email: "admin@example.com", name: "운영팀" };
/** Chromium logs refused requests (none expected here) as console errors. */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource"));

/** Fills the form with clicks and typing (the phone run). */
async function fillByPointer(page: Page, name: string, phone: string) {
  await page.getByRole("radio", { name: /학부모/ }).click();
  await page.getByLabel("이름").fill(name);
  await page.getByLabel("학생 학년").selectOption("MIDDLE_2");
  await page.getByRole("radio", { name: "수학" }).click();
  await page
    .getByLabel("휴대폰 번호")
    .fill(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
  await page.getByRole("button", { name: "인증번호 받기" }).click();
  const code = page.getByLabel("인증번호");
  await code.waitFor();
  await page.getByText(/남은 시간 [23]:\d\d/).waitFor();
  await code.fill(await smsCode(server.url, phone));
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await page.getByText(/번호 인증을 마쳤어요/).waitFor();
  await page.getByRole("radio", { name: /평일 저녁/ }).click();
  await page.getByLabel(/희망 시간 메모/).fill("화·목 저녁 7시 이후");
  await page.getByLabel(/궁금한 점/).fill("중2 겨울방학 수학 선행 상담을 받고 싶어요.");
  await page.getByRole("checkbox", { name: /개인정보 수집·이용에 동의해요/ }).check();
}

/** The name of the focused element's label, or its text (what a keyboard user is on). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? "";
    return (label || el.textContent || el.getAttribute("aria-label") || "").trim();
  });
}

async function tabTo(page: Page, expected: RegExp) {
  await page.keyboard.press("Tab");
  expect(await focusedName(page)).toMatch(expected);
}

/** Fills the form with the keyboard only, in tab order (the desktop run). */
async function fillByKeyboard(page: Page, name: string, phone: string) {
  await page.getByRole("radio", { name: /학부모/ }).focus();
  await page.keyboard.press("Space");
  expect(await page.getByRole("radio", { name: /학부모/ }).isChecked()).toBe(true);
  await tabTo(page, /^이름/);
  await page.keyboard.type(name);
  await tabTo(page, /^학생 학년/);
  // A closed select changes with the arrow keys: placeholder, 초1 … 초6, 중1, 중2.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press("ArrowDown");
  expect(await page.getByLabel("학생 학년").inputValue()).toBe("MIDDLE_2");
  await tabTo(page, /^수학$/);
  await page.keyboard.press("Space");
  await tabTo(page, /^휴대폰 번호/);
  await page.keyboard.type(phone);
  // Enter in the number asks for the code (it does not submit the form); focus moves on.
  await page.keyboard.press("Enter");
  await page.getByLabel("인증번호").waitFor();
  await expect.poll(() => focusedName(page)).toMatch(/^인증번호/);
  await page.keyboard.type(await smsCode(server.url, phone));
  await page.keyboard.press("Enter");
  await page.getByText(/번호 인증을 마쳤어요/).waitFor();
  await tabTo(page, /^평일 오후/);
  await page.keyboard.press("ArrowDown");
  expect(await page.getByRole("radio", { name: /평일 저녁/ }).isChecked()).toBe(true);
  await tabTo(page, /^희망 시간 메모/);
  await page.keyboard.type("화·목 저녁 7시 이후");
  await tabTo(page, /^궁금한 점/);
  await page.keyboard.type("중2 겨울방학 수학 선행 상담을 받고 싶어요.");
  await tabTo(page, /개인정보 수집·이용에 동의해요/);
  await page.keyboard.press("Space");
  await tabTo(page, /^상담 신청하기$/);
}

describe.each(Object.entries(VIEWPORTS))("the consultation funnel on a %s", (size, viewport) => {
  it("from a campaign link to a request staff can see with its utm values", async () => {
    const name = size === "phone" ? "박서연" : "최지우";
    const phone = uniquePhone();
    const { page, errors, close } = await openPage(browser, { viewport });

    // 1. The visitor arrives from a campaign and moves around; the first values stay.
    await page.goto(`${server.url}/?utm_source=naver&utm_campaign=winter`, {
      waitUntil: "networkidle",
    });
    await page.goto(`${server.url}/smart?utm_source=google`, { waitUntil: "networkidle" });
    const stored = await page.evaluate(() => sessionStorage.getItem("utmValues"));
    expect(JSON.parse(stored ?? "{}")).toEqual({ utm_campaign: "winter", utm_source: "naver" });

    // 2. The consultation page (no utm values in its own address).
    await page.goto(`${server.url}/consultation`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "설탭 상담 신청" }).waitFor();
    expect(await page.title()).toBe("상담 신청 | 설탭 · 서울대 선생님과 만드는 자기주도 학습 습관");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await expect
      .poll(() => page.getByRole("button", { name: "상담 신청하기" }).isEnabled())
      .toBe(true);
    await screenshot(page, `consultation-form-${size}`);
    expect(await axeViolations(page)).toEqual([]);

    // Sending it empty: Korean messages, nothing sent.
    await page.getByRole("button", { name: "상담 신청하기" }).click();
    await page.getByText("신청하시는 분을 학부모 또는 학생 중에서 골라 주세요.").waitFor();
    expect(
      await page.getByText("개인정보 수집·이용에 동의해야 상담을 신청할 수 있어요.").count(),
    ).toBe(1);
    if (size === "phone") await screenshot(page, `consultation-errors-${size}`);
    expect(await axeViolations(page)).toEqual([]);

    if (size === "phone") await fillByPointer(page, name, phone);
    else await fillByKeyboard(page, name, phone);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `consultation-filled-${size}`);

    const answer = page.waitForResponse((r) => r.url().endsWith("/main/consultation_request"));
    if (size === "phone") await page.getByRole("button", { name: "상담 신청하기" }).click();
    else await page.keyboard.press("Enter");
    expect((await answer).status()).toBe(200);

    // 3. The thank-you state.
    const done = page.getByRole("heading", { name: "상담 신청이 접수되었어요" });
    await done.waitFor();
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(`${phone.slice(0, 3)}-****-${phone.slice(7)}`).waitFor();
    await page.getByText(/영업일 기준 하루 안에, 고르신 시간대인 평일 저녁/).waitFor();
    expect(await page.getByRole("link", { name: "설탭 홈으로" }).getAttribute("href")).toBe("/");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `consultation-done-${size}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);

    // 4. Staff: the demo admin signs in and opens the list from the app shell.
    await signIn(page, server.url, "/sign_in", ADMIN.email, ADMIN.name);
    await openFromConsoleMenu(page, server.url, "상담 신청", "/_app/admin/consultations");
    await page.getByRole("heading", { level: 1, name: "상담 신청 목록" }).waitFor();
    const card = page.getByRole("article", { name: new RegExp(name) });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect(text).toContain("중학교 2학년 · 수학");
    expect(text).toContain("화·목 저녁 7시 이후");
    const utm = await card.getByTestId("consultation-utm").innerText();
    expect(utm).toMatch(/utm_campaign\s+winter/);
    expect(utm).toMatch(/utm_source\s+naver/);
    expect(utm).not.toContain("google");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `consultation-staff-${size}`);
    expect(await axeViolations(page)).toEqual([]);

    // Status change with a confirm; who changed it is shown.
    await card.getByRole("button", { name: "연락 완료 처리" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "바꾸기" }).click();
    await card.getByText("연락 완료", { exact: true }).waitFor();
    expect(await card.innerText()).toContain(`${ADMIN.name} · `);
    expect(await card.getByRole("button", { name: "상담 종료 처리" }).count()).toBe(1);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});

describe("staff page access", () => {
  it("a student sees that the page is for staff, and no list", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await signIn(page, server.url, "/sign_in", DEMO.student.email, DEMO.student.name);
    expect(await page.getByRole("link", { name: "상담 신청 관리" }).count()).toBe(0);
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/_app/admin/consultations`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "운영팀만 볼 수 있는 페이지예요" }).waitFor();
    expect(requests).not.toContain("/main/admin/consultation_requests");
    await close();
  });
});
