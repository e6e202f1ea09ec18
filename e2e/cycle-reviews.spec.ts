/**
 * Cycle reviews in a real browser (issue #14 "Per-cycle review"): the demo tutor records the two
 * started lessons the demo data leaves (4 held), the parent opens the ACTIVE lecture on a phone
 * (360 px) and sends 수업 평가 (3 of 10, 선생님을 바꾸고 싶어요, consent to publish); staff publish
 * it on /_app/admin/reviews (1440 px); /seoltab_review shows it as 수강 인증 후기 with the names
 * masked. Screenshots under test-results/screenshots/cycle-reviews-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import {
  apiLogin,
  axeViolations,
  graphqlCall,
  lecturesOf,
  openFromConsoleMenu,
  pageErrors,
} from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

interface LessonView {
  id: string;
  state: string;
  startsAt: string;
}

describe("cycle reviews", () => {
  it("the parent reviews the 4th lesson's cycle; staff publish it; /seoltab_review shows it verified", async () => {
    const tutor = await apiLogin(e2e.url, DEMO.tutor.email);
    const now = Date.now();
    const { myLessons } = await graphqlCall<{ myLessons: LessonView[] }>(
      e2e.url,
      tutor.token,
      `query($f: String!, $t: String!) { myLessons(from: $f, to: $t) { id state startsAt } }`,
      { f: new Date(now - 60 * 86_400_000).toISOString(), t: new Date(now).toISOString() },
      "workspace",
    );
    const started = myLessons.filter(
      (l) => l.state === "RESERVATION" && Date.parse(l.startsAt) <= now,
    );
    expect(started.length).toBeGreaterThanOrEqual(2);
    for (const lesson of started) {
      await graphqlCall(
        e2e.url,
        tutor.token,
        `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { id } }`,
        { i: { lessonId: lesson.id, minutes: 60, note: "복습" } },
        "workspace",
      );
    }

    const parent = await apiLogin(e2e.url, DEMO.parent.email);
    const student = await apiLogin(e2e.url, DEMO.student.email);
    const lectures = await lecturesOf(e2e.url, parent, student.userNo);
    const active = lectures.find((l) => l.state === "ACTIVE")!;
    const comment = "설명이 너무 빨라서 따라가기 어려웠어요.";

    const phone = await openPage(e2e.browser, { viewport: VIEWPORTS.phone });
    await signIn(phone.page, e2e.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
    await phone.page.goto(`${e2e.url}/_app/lectures/${active.id}`, {
      waitUntil: "networkidle",
    });
    const card = phone.page.getByTestId("cycle-review");
    await card.waitFor();
    await card.getByRole("button", { name: "평가 보내기" }).click();
    await card.getByText("점수를 골라 주세요.").waitFor();
    await card.getByRole("radio", { name: "3", exact: true }).check();
    await card.getByLabel(/한 줄 평/).fill(comment);
    await card.getByRole("radio", { name: "선생님을 바꾸고 싶어요" }).check();
    await card.getByRole("checkbox").check();
    expect(await overflowX(phone.page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, "cycle-reviews-form-phone");
    await card.getByRole("button", { name: "평가 보내기" }).click();
    const done = phone.page.getByTestId("cycle-review-done");
    await done.getByText("수업 평가를 보냈어요.", { exact: false }).waitFor();
    expect(await done.innerText()).toContain("운영팀");
    await screenshot(phone.page, "cycle-reviews-done-phone");
    expect(pageErrors(phone.errors)).toEqual([]);
    await phone.close();

    const desktop = await openPage(e2e.browser, { viewport: VIEWPORTS.desktop });
    await signIn(desktop.page, e2e.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
    await openFromConsoleMenu(desktop.page, e2e.url, "수강 후기 게시", "/_app/admin/reviews");
    const row = desktop.page.locator(".admin-reviews__row", { hasText: comment });
    await row.waitFor();
    await row.getByRole("button", { name: "게시하기" }).click();
    await desktop.page.getByText("수강 후기에 게시했어요.").waitFor();
    await screenshot(desktop.page, "cycle-reviews-admin-desktop");

    await desktop.page.goto(`${e2e.url}/seoltab_review`, { waitUntil: "networkidle" });
    const published = desktop.page.locator(".review-card", { hasText: comment });
    await published.waitFor();
    const text = await published.innerText();
    expect(text).toContain("수강 인증 후기");
    expect(text).toContain("10점 만점에 3점");
    expect(text).toContain("김*늘 학생 학부모");
    expect(text).not.toContain("김하늘");
    await screenshot(desktop.page, "cycle-reviews-seoltab-review-desktop");
    expect(pageErrors(desktop.errors)).toEqual([]);
    await desktop.close();
  });
});
