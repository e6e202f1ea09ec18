/**
 * Accounts in a real browser against the real server (issue #3): sign-in as each kind of person,
 * the login failure toast, an access token expiring mid-session, logout, joining (adult, and
 * under 14 with the parent's consent), /accounts/login?continue=. Phone (360 px) and desktop
 * (1280 px); screenshots under test-results/screenshots/accounts-*.
 */
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEMO,
  expiredCopy,
  overflowX,
  signIn,
  smsCode,
  storedCredentials,
  submitSignIn,
  uniquePhone,
} from "./support/accounts.ts";
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

const LOGIN_FAILURE = "이메일 주소와 비밀번호를 다시 확인해 주세요.";
/** Chromium logs refused requests (401 on a wrong password, a stale token) as console errors. */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource"));

function tracked(page: Page) {
  const responses: { url: string; status: number; method: string }[] = [];
  page.on("response", (r: Response) => {
    const url = new URL(r.url());
    responses.push({ url: url.pathname, status: r.status(), method: r.request().method() });
  });
  return responses;
}

describe.each(Object.entries(VIEWPORTS))("sign-in on a %s", (name, viewport) => {
  it("signs in the demo student, parent and tutor, each seeing their /_app", async () => {
    const people = [
      { who: DEMO.student, path: "/sign_in" as const, key: "student" },
      { who: DEMO.parent, path: "/parent_sign_in" as const, key: "parent" },
      { who: DEMO.tutor, path: "/sign_in" as const, key: "tutor" },
    ];
    for (const { who, path, key } of people) {
      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      expect(await page.locator("html").getAttribute("data-global-style")).toBe("legacy");
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      if (key !== "tutor") await screenshot(page, `accounts-${path.slice(1)}-${name}`);
      await signIn(page, server.url, path, who.email, who.name);
      expect(await page.getByTestId("user-type").textContent()).toBe(who.type);
      expect(await page.locator(".app-header__who").innerText()).toContain(who.name);
      await page.getByRole("button", { name: "로그아웃" }).waitFor();
      if (key === "parent") {
        const children = page.getByRole("region", { name: "자녀 계정" });
        expect(await children.getByText(DEMO.student.name).isVisible()).toBe(true);
      }
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `accounts-app-${key}-${name}`);
      expect(errors).toEqual([]);
      await close();
    }
  });
});

describe("sign-in failures and keyboard use", () => {
  it("shows the Korean toast on a wrong password, and the form stays usable", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    await submitSignIn(page, DEMO.tutor.email, "Wrong-password1!");
    const toast = page.locator(".Toastify__toast").filter({ hasText: LOGIN_FAILURE });
    await toast.waitFor({ state: "visible" });
    await page.waitForTimeout(800); // the enter animation
    await screenshot(page, "accounts-sign_in-failure-phone");
    expect(page.url()).toBe(`${server.url}/sign_in`);
    expect(await page.getByLabel("비밀번호", { exact: true }).inputValue()).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // Tried again with the right password, it works.
    await submitSignIn(page, DEMO.tutor.email);
    await page.waitForURL(`${server.url}/_app`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("can be done with the keyboard alone", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    // The form drawn before the first Tab (one run under load typed into an empty page).
    await page.getByLabel("이메일").waitFor();
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("type") === "email"))
        break;
    }
    await page.keyboard.type(DEMO.student.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Demo1234!");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/_app`);
    await page
      .getByRole("heading", { level: 1, name: `${DEMO.student.name}님, 반가워요` })
      .waitFor();
    await close();
  });
});

describe("an access token expiring mid-session", () => {
  it("is refreshed without the person noticing, for GraphQL and for REST", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    const responses = tracked(page);
    await signIn(page, server.url, "/sign_in", DEMO.student.email, DEMO.student.name);
    // The app shell asks the auth backend who the token speaks for (GraphQL).
    await vi.waitFor(
      () => expect(responses.some((r) => r.url === "/auth/graphql" && r.status === 200)).toBe(true),
      { timeout: 10_000 },
    );
    expect(responses.some((r) => r.url === "/api/oauth/token")).toBe(false);

    // 1. GraphQL: the user token it sends goes bad; REST still has the valid login token.
    const loginToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    const badToken = `${loginToken.slice(0, -4)}AAAA`;
    await page.evaluate((t) => sessionStorage.setItem("userToken", JSON.stringify(t)), badToken);
    responses.length = 0;
    await page.reload({ waitUntil: "networkidle" });
    await page
      .getByRole("heading", { level: 1, name: `${DEMO.student.name}님, 반가워요` })
      .waitFor();
    // The refused call, then the link's refresh (SPEC.md §7-§8: `mutation refresh` on the auth
    // backend, issue 20) and the retry: every call after the first 401 answers 200.
    const graphql = responses.filter((r) => r.url === "/auth/graphql").map((r) => r.status);
    expect(graphql[0]).toBe(401);
    expect(graphql.length).toBeGreaterThanOrEqual(2);
    expect(graphql.slice(1).every((status) => status === 200)).toBe(true);
    expect(
      responses.filter((r) => r.url === "/api/oauth/token").every((r) => r.status === 200),
    ).toBe(true);
    expect(page.url()).toBe(`${server.url}/_app`);
    const renewed = await page.evaluate(() => sessionStorage.getItem("accessToken"));
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(badToken);

    // 2. The access token expires: REST refreshes before calling, GraphQL refreshes and retries.
    await page.evaluate((t) => sessionStorage.setItem("accessToken", t), expiredCopy(renewed!));
    responses.length = 0;
    await page.reload({ waitUntil: "networkidle" });
    await page
      .getByRole("heading", { level: 1, name: `${DEMO.student.name}님, 반가워요` })
      .waitFor();
    expect(
      responses.filter((r) => r.url === "/api/oauth/token").every((r) => r.status === 200),
    ).toBe(true);
    expect(responses.some((r) => r.url === "/api/oauth/token")).toBe(true);
    expect(responses.filter((r) => r.url === "/main/getUserInfo").map((r) => r.status)).toEqual([
      200,
    ]);
    expect(responses.filter((r) => r.url === "/auth/graphql").at(-1)?.status).toBe(200);
    expect(page.url()).toBe(`${server.url}/_app`);
    expect(await page.locator(".Toastify__toast").count()).toBe(0);
    const third = await page.evaluate(() => sessionStorage.getItem("accessToken"));
    expect(third).not.toBe(renewed);
    await screenshot(page, "accounts-app-after-refresh-desktop");
    await close();
  });
});

describe("logout", () => {
  it("clears every stored credential and the server session", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await signIn(page, server.url, "/sign_in", DEMO.tutor.email, DEMO.tutor.name);
    const before = await storedCredentials(page);
    expect(before.local.token).toBeTruthy();
    expect(before.local["persist:root"]).toContain(DEMO.tutor.email);
    expect(before.session.userToken).toMatch(/^".+"$/);
    expect(before.session.userInfo).toContain(DEMO.tutor.email);
    expect(before.cookies).toContain("refresh_token");
    const deviceId = before.local.deviceId;
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "로그아웃" }).click();
    await page.waitForURL(`${server.url}/sign_in`);
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    const after = await storedCredentials(page);
    expect(after.local).toEqual({ token: null, "persist:root": null, deviceId });
    expect(after.session).toEqual({ accessToken: null, userToken: null, userInfo: null });
    expect(after.cookies).not.toContain("refresh_token");
    // No token can be had any more, and the app asks to sign in.
    const status = await page.evaluate(
      async () =>
        (
          await fetch("/api/oauth/token", {
            method: "POST",
            credentials: "include",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "grant_type=refresh_token",
          })
        ).status,
    );
    expect(status).toBe(401);
    await page.goto(`${server.url}/_app`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "로그인 후 이용할 수 있어요" }).waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});

async function verifyPhoneOnPage(page: Page, phone: string, label = "휴대폰 번호") {
  await page.getByLabel(label, { exact: true }).fill(phone);
  await page.getByRole("button", { name: "인증번호 받기" }).click();
  await page.getByLabel("인증번호").waitFor();
  const code = await smsCode(server.url, phone);
  await page.getByLabel("인증번호").fill(code);
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await page.getByText("번호 인증을 마쳤어요").waitFor();
}

async function fillJoinDetails(
  page: Page,
  values: { email: string; name: string; nickname: string; birthDate: string; grade: string },
) {
  await page.getByLabel("이메일").fill(values.email);
  await page.getByLabel("비밀번호", { exact: true }).fill("Seoltab#2026");
  await page.getByLabel("비밀번호 확인", { exact: true }).fill("Seoltab#2026");
  await page.getByText("사용할 수 있는 이메일이에요.").waitFor();
  await page.getByLabel("이름").fill(values.name);
  await page.getByLabel("닉네임").fill(values.nickname);
  await page.getByLabel("학년").selectOption(values.grade);
  await page.getByLabel("생년월일").fill(values.birthDate);
}

describe("join", () => {
  it("joins an adult student on a phone, who then signs in", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const phone = uniquePhone();
    const email = `adult-${Date.now()}@example.com`;
    await page.goto(`${server.url}/JoinPage`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-global-style")).toBe("light");
    await screenshot(page, "accounts-join-1-type-phone");
    await page.getByRole("button", { name: "다음" }).click();

    await page.getByRole("heading", { name: "휴대폰 번호를 인증해 주세요" }).waitFor();
    await page.getByLabel("휴대폰 번호", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "인증번호 받기" }).click();
    await page.getByLabel("인증번호").waitFor();
    await screenshot(page, "accounts-join-2-phone-phone");
    await page.getByLabel("인증번호").fill(await smsCode(server.url, phone));
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.getByText("번호 인증을 마쳤어요").waitFor();
    await page.getByRole("button", { name: "다음" }).click();

    await fillJoinDetails(page, {
      email,
      name: "박하늘",
      nickname: `하늘${Date.now() % 100000}`,
      birthDate: "2001-03-04",
      grade: "GRADUATE",
    });
    await page.getByRole("checkbox", { name: "전체 동의 (선택 항목 포함)" }).check();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "accounts-join-3-details-phone");
    await page.getByRole("button", { name: "가입하기" }).click();

    await page.getByRole("heading", { name: "가입을 환영해요!" }).waitFor();
    await screenshot(page, "accounts-join-4-done-phone");
    await page.getByRole("link", { name: "로그인하기" }).click();
    await page.waitForURL(`${server.url}/sign_in`);
    await submitSignIn(page, email, "Seoltab#2026");
    await page.waitForURL(`${server.url}/_app`);
    await page.getByRole("heading", { level: 1, name: "박하늘님, 반가워요" }).waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("joins an under-14 student, pending until the parent consents; then the child signs in", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    const childPhone = uniquePhone();
    const parentPhone = uniquePhone();
    const email = `kid-${Date.now()}@example.com`;
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-06-15`;

    await page.goto(`${server.url}/JoinPage`, { waitUntil: "networkidle" });
    await screenshot(page, "accounts-join-1-type-desktop");
    await page.getByRole("button", { name: "다음" }).click();
    await verifyPhoneOnPage(page, childPhone);
    await screenshot(page, "accounts-join-2-phone-desktop");
    await page.getByRole("button", { name: "다음" }).click();
    await fillJoinDetails(page, {
      email,
      name: "최보람",
      nickname: `보람${Date.now() % 100000}`,
      birthDate: tenYearsAgo,
      grade: "ELEMENTARY_4",
    });
    await page.getByRole("heading", { name: "만 14세 미만은 보호자 동의가 필요해요" }).waitFor();
    await page.getByLabel("보호자 휴대폰 번호").fill(parentPhone);
    await page.getByRole("checkbox", { name: "전체 동의 (선택 항목 포함)" }).check();
    await screenshot(page, "accounts-join-3-details-under14-desktop");
    await page.getByRole("button", { name: "가입하기" }).click();

    await page.getByRole("heading", { name: "보호자 동의를 기다리고 있어요" }).waitFor();
    await screenshot(page, "accounts-join-4-pending-desktop");
    const consentUrl = (await page
      .getByRole("link", { name: /step=parent_consent/ })
      .getAttribute("href"))!;
    // Issue #11: the link carries a signed ticket (and was texted to the parent phone).
    expect(consentUrl).toMatch(
      /\/JoinPage\?step=parent_consent&child=\d+&ticket=[\w-]+\.[\w-]+\.[\w-]+$/,
    );

    // Before the consent: no sign-in, and the toast says why.
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    await submitSignIn(page, email, "Seoltab#2026");
    await page.locator(".Toastify__toast").filter({ hasText: "보호자 동의" }).waitFor();
    expect(page.url()).toBe(`${server.url}/sign_in`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // The parent opens the address on their phone, verifies their number and consents.
    const parent = await openPage(browser, { viewport: VIEWPORTS.phone });
    await parent.page.goto(consentUrl, { waitUntil: "networkidle" });
    await parent.page.getByRole("heading", { level: 1, name: "보호자 동의" }).waitFor();
    await screenshot(parent.page, "accounts-consent-1-phone");
    await verifyPhoneOnPage(parent.page, parentPhone, "보호자 휴대폰 번호");
    await parent.page.getByLabel("보호자 이름").fill("최민정");
    await parent.page.getByRole("checkbox", { name: /자녀의 설탭 가입과 개인정보/ }).check();
    expect(await overflowX(parent.page)).toBeLessThanOrEqual(0);
    await screenshot(parent.page, "accounts-consent-2-filled-phone");
    await parent.page.getByRole("button", { name: "동의하고 계정 활성화하기" }).click();
    await parent.page.getByRole("heading", { name: "동의를 마쳤어요" }).waitFor();
    await screenshot(parent.page, "accounts-consent-3-done-phone");
    await parent.close();

    // Now the child signs in.
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    await submitSignIn(page, email, "Seoltab#2026");
    await page.waitForURL(`${server.url}/_app`);
    await page.getByRole("heading", { level: 1, name: "최보람님, 반가워요" }).waitFor();
    await close();
  });

  it("shows the consent page on a desktop too", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/JoinPage?step=parent_consent&child=1`, {
      waitUntil: "networkidle",
    });
    await page.getByRole("heading", { level: 1, name: "보호자 동의" }).waitFor();
    await screenshot(page, "accounts-consent-1-desktop");
    await close();
  });
});

describe("/accounts/login?continue=", () => {
  it.each(Object.entries(VIEWPORTS))(
    "returns to our own address only (%s)",
    async (name, viewport) => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(`${server.url}/accounts/login?continue=${encodeURIComponent("/_app")}`, {
        waitUntil: "networkidle",
      });
      await page.getByRole("heading", { level: 1, name: "설탭 계정 로그인" }).waitFor();
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `accounts-accounts-login-${name}`);
      await submitSignIn(page, DEMO.student.email);
      await page.waitForURL(`${server.url}/_app`);
      await page
        .getByRole("heading", { level: 1, name: `${DEMO.student.name}님, 반가워요` })
        .waitFor();

      await page.goto(
        `${server.url}/accounts/login?continue=${encodeURIComponent("https://evil.example/steal")}`,
        { waitUntil: "networkidle" },
      );
      await submitSignIn(page, DEMO.student.email);
      await page.waitForURL(`${server.url}/`);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    },
  );
});
