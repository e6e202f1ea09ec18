/**
 * Account recovery in a real browser (issue #11 item 7): every sign-in page offers 아이디 찾기
 * and 비밀번호 찾기; 아이디 찾기 shows the masked email only after the phone's code; a locked
 * sign-in says until when and leads to 비밀번호 찾기, whose new password lifts the lock.
 * An expired session (item 11): a guarded page sends the person to /sign_in, which says
 * "로그인이 만료되었어요" and returns to that page after signing in (same-site paths only).
 * Parents (item 9): the wrong sign-in page says so; a parent chooses the child at checkout; the
 * parent's contact is prefilled. Under-14 join (item 8): the parent gets the consent link by
 * SMS, the page names the child and the expected phone, a wrong phone is refused at once, and a
 * consented link says 이미 동의했어요.
 * Phone (360 px) and desktop (1280 px); screenshots under test-results/screenshots/recovery-*.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO,
  expiredCopy,
  signIn,
  joinStudentByApi,
  lastSms,
  uniquePhone,
  overflowX,
  submitSignIn,
  verifyPhoneOnPage,
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

/** Chromium logs refused requests (401, 429) as console errors. */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource"));

describe.each(Object.entries(VIEWPORTS))("account recovery on a %s", (name, viewport) => {
  it("every sign-in page links to 아이디 찾기 and 비밀번호 찾기", async () => {
    const { page, errors, close } = await openPage(browser, { viewport });
    for (const path of ["/sign_in", "/parent_sign_in", "/accounts/login?continue=%2F_app"]) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      const nav = page.getByRole("navigation", { name: "계정 찾기" });
      expect(await nav.getByRole("link", { name: "아이디 찾기" }).getAttribute("href")).toBe(
        "/find_email",
      );
      expect(await nav.getByRole("link", { name: "비밀번호 찾기" }).getAttribute("href")).toBe(
        "/find_password",
      );
    }
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("아이디 찾기 shows the masked email after the phone's code, and leads to sign-in", async () => {
    const student = await joinStudentByApi(server.url);
    const { page, errors, close } = await openPage(browser, { viewport });
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "아이디 찾기" }).click();
    await page.getByRole("heading", { level: 1, name: "아이디 찾기" }).waitFor();
    expect(page.url()).toBe(`${server.url}/find_email`);
    await screenshot(page, `recovery-find-email-1-${name}`);
    const found = page.getByRole("list", { name: "찾은 계정" });
    await verifyPhoneOnPage(page, server.url, student.phone, "가입할 때 인증한 휴대폰 번호", () =>
      found.waitFor(),
    );
    const [local, domain] = student.email.split("@");
    const masked = `${local!.slice(0, 2)}${"*".repeat(local!.length - 2)}@${domain}`;
    expect(await found.innerText()).toContain(masked);
    expect(await page.content()).not.toContain(student.email);
    expect(await found.innerText()).toContain("학생 계정");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `recovery-find-email-2-found-${name}`);
    await found.getByRole("link", { name: "로그인하러 가기" }).click();
    await page.waitForURL(`${server.url}/sign_in`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("a locked sign-in says until when; 비밀번호 찾기 makes a new password that works at once", async () => {
    const student = await joinStudentByApi(server.url);
    const { page, errors, close } = await openPage(browser, { viewport });
    await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
    for (let i = 0; i < 5; i += 1) {
      const answered = page.waitForResponse((r) => r.url().endsWith("/main/login"));
      await submitSignIn(page, student.email, `Wrong-${i}-pass!`);
      expect((await answered).status()).toBe(401);
      await page.getByLabel("비밀번호", { exact: true }).and(page.locator(":focus")).waitFor();
    }
    // The sixth try, even with the right password, meets the lock.
    await submitSignIn(page, student.email, student.password);
    // The form's own alert: the toast of the last wrong password says the same and is an alert too.
    const lock = page
      .getByRole("region", { name: "로그인" })
      .getByRole("alert")
      .filter({ hasText: "로그인이 잠겼어요" });
    await lock.waitFor();
    expect(await lock.innerText()).toMatch(/(오전|오후) \d{1,2}:\d{2}부터 다시 로그인할 수 있어요/);
    // The toast of the last wrong password now tells of the lock too.
    await page.locator(".Toastify__toast").filter({ hasText: "로그인이 잠겼어요" }).waitFor();
    expect(page.url()).toBe(`${server.url}/sign_in`);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `recovery-locked-${name}`);

    await lock.getByRole("link", { name: "비밀번호 찾기" }).click();
    await page.getByRole("heading", { level: 1, name: "비밀번호 찾기" }).waitFor();
    await page.getByLabel("이메일").fill(student.email);
    await verifyPhoneOnPage(page, server.url, student.phone, "계정에 등록한 휴대폰 번호");
    await page.getByLabel("새 비밀번호", { exact: true }).fill("Brand#New2026");
    await page.getByLabel("새 비밀번호 확인", { exact: true }).fill("Brand#New2026");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `recovery-find-password-filled-${name}`);
    await page.getByRole("button", { name: "새 비밀번호로 바꾸기" }).click();
    await page.getByRole("heading", { name: "새 비밀번호를 만들었어요" }).waitFor();
    await screenshot(page, `recovery-find-password-done-${name}`);

    await page.getByRole("link", { name: "로그인하기" }).click();
    await page.waitForURL(`${server.url}/sign_in`);
    await submitSignIn(page, student.email, "Brand#New2026");
    await page.waitForURL(`${server.url}/_app`);
    await page.getByRole("heading", { level: 1, name: `${student.name}님, 반가워요` }).waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("비밀번호 찾기 with a phone that is not the account's: told to check, nothing changed", async () => {
    const student = await joinStudentByApi(server.url);
    const other = await joinStudentByApi(server.url);
    const { page, close } = await openPage(browser, { viewport });
    await page.goto(`${server.url}/find_password`, { waitUntil: "networkidle" });
    await page.getByLabel("이메일").fill(student.email);
    await verifyPhoneOnPage(page, server.url, other.phone, "계정에 등록한 휴대폰 번호");
    await page.getByLabel("새 비밀번호", { exact: true }).fill("Brand#New2026");
    await page.getByLabel("새 비밀번호 확인", { exact: true }).fill("Brand#New2026");
    await page.getByRole("button", { name: "새 비밀번호로 바꾸기" }).click();
    await page.getByRole("alert").filter({ hasText: "등록된 휴대폰 번호가 아니에요" }).waitFor();
    // The spent verification is gone: the phone must be verified again.
    expect(await page.getByRole("button", { name: "인증번호 받기" }).isVisible()).toBe(true);
    await screenshot(page, `recovery-find-password-mismatch-${name}`);
    await close();
  });
});

describe.each(Object.entries(VIEWPORTS))("an expired session on a %s", (name, viewport) => {
  it("a guarded page goes to /sign_in with the message, and comes back after signing in", async () => {
    const { page, errors, close } = await openPage(browser, { viewport });
    await signIn(page, server.url, "/sign_in", DEMO.student.email, DEMO.student.name);
    // Through the menu first: a goto right after signing in can outrun the storage writes.
    await page
      .getByRole("navigation", { name: "학습 공간 메뉴" })
      .getByRole("link", { name: "결제 내역", exact: true })
      .click();
    await page.waitForURL(`${server.url}/_app/payments`);
    await page.goto(`${server.url}/_app/payments?from=expiry`, { waitUntil: "networkidle" });
    await page.locator("h1").first().waitFor();
    // The session runs out: the refresh cookie is gone and every stored token has expired.
    const token = (await page.evaluate(() => localStorage.getItem("token")))!;
    const stale = expiredCopy(token);
    await page.context().clearCookies();
    await page.evaluate((t) => {
      localStorage.setItem("token", t);
      sessionStorage.setItem("userToken", JSON.stringify(t));
      sessionStorage.setItem("accessToken", t);
    }, stale);
    await page.reload();
    await page.waitForURL((url) => url.pathname === "/sign_in");
    const url = new URL(page.url());
    expect(url.searchParams.get("expired")).toBe("1");
    expect(url.searchParams.get("continue")).toBe("/_app/payments?from=expiry");
    const notice = page.getByRole("status").filter({ hasText: "로그인이 만료되었어요" });
    await notice.waitFor();
    expect(await notice.innerText()).toContain("로그인하면 보던 화면으로 돌아가요");
    // The parent sign-in link keeps the way back.
    expect(await page.getByRole("link", { name: "학부모 로그인" }).getAttribute("href")).toBe(
      `/parent_sign_in${url.search}`,
    );
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `expired-sign-in-${name}`);
    await submitSignIn(page, DEMO.student.email);
    await page.waitForURL(`${server.url}/_app/payments?from=expiry`);
    expect(pageErrors(errors).filter((e) => !/401|invalid_grant/.test(e))).toEqual([]);
    await close();
  });

  it("never returns to another site", async () => {
    const { page, close } = await openPage(browser, { viewport });
    for (const target of [
      "https://evil.example/steal",
      "//evil.example/steal",
      "/\\evil.example",
    ]) {
      await page.goto(`${server.url}/sign_in?expired=1&continue=${encodeURIComponent(target)}`, {
        waitUntil: "networkidle",
      });
      const notice = page.getByRole("status").filter({ hasText: "로그인이 만료되었어요" });
      await notice.waitFor();
      expect(await notice.innerText()).not.toContain("돌아가요");
      await submitSignIn(page, DEMO.student.email);
      await page.waitForURL(`${server.url}/_app`);
      await page.evaluate(() => localStorage.clear());
    }
    await close();
  });
});

/** The demo parent's second child (apps/api accounts.seed.ts `seedDemoSecondChild`). */
const SECOND_CHILD_NAME = "김바다";

describe.each(Object.entries(VIEWPORTS))(
  "parents and the sign-in pages on a %s",
  (name, viewport) => {
    it("/accounts/login links to the parent sign-in, keeping the way back", async () => {
      const { page, close } = await openPage(browser, { viewport });
      await page.goto(
        `${server.url}/accounts/login?continue=${encodeURIComponent("/_app/checkout")}`,
        {
          waitUntil: "networkidle",
        },
      );
      const link = page.getByRole("link", { name: "학부모 로그인" });
      expect(await link.getAttribute("href")).toBe("/parent_sign_in?continue=%2F_app%2Fcheckout");
      await screenshot(page, `parents-accounts-login-${name}`);
      await link.click();
      await page.getByRole("heading", { level: 1, name: "학부모 로그인" }).waitFor();
      await submitSignIn(page, DEMO.parent.email);
      await page.waitForURL(`${server.url}/_app/checkout`);
      await close();
    });

    it("a parent on /sign_in and a student on /parent_sign_in are told so and sent to their page", async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
      await submitSignIn(page, DEMO.parent.email);
      const wrong = page.getByRole("alert").filter({ hasText: "학부모 계정이에요" });
      await wrong.waitFor();
      // Not signed in here: nothing stored, no refresh cookie left behind.
      expect(page.url()).toBe(`${server.url}/sign_in`);
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain("refresh_token");
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `parents-wrong-page-parent-${name}`);
      await wrong.getByRole("button", { name: "학부모 로그인으로 가기" }).click();
      await page.waitForURL(`${server.url}/parent_sign_in`);
      expect(await page.getByLabel("이메일").inputValue()).toBe(DEMO.parent.email);
      await page.getByLabel("비밀번호", { exact: true }).fill("Demo1234!");
      await page.getByRole("button", { name: "로그인", exact: true }).click();
      await page.waitForURL(`${server.url}/_app`);
      await page
        .getByRole("heading", { level: 1, name: `${DEMO.parent.name}님, 반가워요` })
        .waitFor();

      await page.getByRole("button", { name: "로그아웃" }).click();
      await page.waitForURL(`${server.url}/sign_in`);
      await page.goto(`${server.url}/parent_sign_in`, { waitUntil: "networkidle" });
      await submitSignIn(page, DEMO.student.email);
      const notParent = page.getByRole("alert").filter({ hasText: "학부모 계정이 아니에요" });
      await notParent.waitFor();
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      await screenshot(page, `parents-wrong-page-student-${name}`);
      await notParent.getByRole("button", { name: "학생·선생님 로그인으로 가기" }).click();
      await page.waitForURL(`${server.url}/sign_in`);
      expect(await page.getByLabel("이메일").inputValue()).toBe(DEMO.student.email);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });

    it("a parent from /guest_enrollment chooses the child before paying", async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(`${server.url}/guest_enrollment`, { waitUntil: "networkidle" });
      await page.getByTestId("enrollment-total").waitFor();
      await page.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 123");
      await page.getByLabel(/상세 주소/).fill("4층");
      await page.getByLabel("학부모 이름").fill(DEMO.parent.name);
      await page.getByLabel("학부모 휴대폰 번호").fill("010-2000-0002");
      await page.getByRole("checkbox", { name: /개인정보 수집/ }).check();
      await page.getByRole("checkbox", { name: /수강 약관/ }).check();
      await page.getByRole("button", { name: "결제하기" }).click();
      await page.waitForURL(/\/accounts\/login\?continue=/);
      await submitSignIn(page, DEMO.parent.email);
      await page.waitForURL(`${server.url}/_app/checkout`);
      const choose = page.getByRole("heading", {
        level: 1,
        name: "어느 자녀의 수업을 결제할까요?",
      });
      await choose.waitFor();
      expect(await page.getByTestId("checkout-total").count()).toBe(0);
      expect(await page.getByTestId("server-paid-price").count()).toBe(0);
      const go = page.getByRole("button", { name: "이 자녀로 결제하기" });
      expect(await go.isDisabled()).toBe(true);
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `parents-checkout-choose-${name}`);
      await page.getByRole("radio", { name: SECOND_CHILD_NAME }).check();
      await go.click();
      await page.getByText(`${SECOND_CHILD_NAME} 학생의 수업을 결제해요`).waitFor();
      await page.getByTestId("server-paid-price").waitFor();
      await screenshot(page, `parents-checkout-chosen-${name}`);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });

    it("a signed-in parent's 학부모 이름 and 휴대폰 are prefilled", async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await signIn(page, server.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
      await page
        .getByRole("navigation", { name: "학습 공간 메뉴" })
        .getByRole("link", { name: "수강 신청", exact: true })
        .click();
      await page.waitForURL(`${server.url}/_app/enrollment`);
      await page.getByTestId("enrollment-total").waitFor();
      const parentName = page.getByLabel("학부모 이름");
      await expect.poll(() => parentName.inputValue()).toBe(DEMO.parent.name);
      await expect
        .poll(() => page.getByLabel("학부모 휴대폰 번호").inputValue())
        .toBe("010-2000-0002");
      await page.getByLabel("학부모 이름").scrollIntoViewIfNeeded();
      await screenshot(page, `parents-enrollment-prefilled-${name}`);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });
  },
);

describe.each(Object.entries(VIEWPORTS))(
  "the under-14 consent request on a %s",
  (name, viewport) => {
    it("reaches the parent by SMS, names the child, refuses another phone, and says 이미 동의했어요 after", async () => {
      const parentPhone = uniquePhone();
      const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-06-15`;
      const child = await joinStudentByApi(server.url, {
        name: "최보람",
        birthDate: tenYearsAgo,
        parentPhone,
      });
      const text = await lastSms(server.url, parentPhone);
      expect(text).toContain("최*람 학생이 설탭 가입을 신청했어요");
      const url = /(http:\/\/\S+)/.exec(text)![1]!;
      expect(url).toBe(child.consentUrl);

      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(url, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: "보호자 동의" }).waitFor();
      await page.getByText("최*람", { exact: true }).waitFor();
      expect(await page.getByTestId("consent-expected-phone").innerText()).toContain(
        `010-****-${parentPhone.slice(-4)}`,
      );
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `consent-named-${name}`);

      // Another number is refused when the code is asked for.
      await page.getByLabel("보호자 휴대폰 번호", { exact: true }).fill(uniquePhone());
      await page.getByRole("button", { name: "인증번호 받기" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "자녀가 가입할 때 입력한 보호자 번호" })
        .waitFor();
      await screenshot(page, `consent-wrong-phone-${name}`);
      await page.getByLabel("보호자 휴대폰 번호", { exact: true }).fill("");
      await verifyPhoneOnPage(page, server.url, parentPhone, "보호자 휴대폰 번호");
      await page.getByLabel("보호자 이름").fill("최민정");
      await page.getByRole("checkbox", { name: /자녀의 설탭 가입과 개인정보/ }).check();
      await page.getByRole("button", { name: "동의하고 계정 활성화하기" }).click();
      await page.getByRole("heading", { name: "동의를 마쳤어요" }).waitFor();

      // Reopened later: no form, it says the consent is done.
      await page.goto(url, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: "이미 동의했어요" }).waitFor();
      expect(await page.getByRole("button", { name: "동의하고 계정 활성화하기" }).count()).toBe(0);
      await screenshot(page, `consent-already-${name}`);

      // The child signs in.
      await page.goto(`${server.url}/sign_in`, { waitUntil: "networkidle" });
      await submitSignIn(page, child.email, child.password);
      await page.waitForURL(`${server.url}/_app`);
      expect(pageErrors(errors)).toEqual([]);
      await close();
    });
  },
);
