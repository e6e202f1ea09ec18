/**
 * Lessons in a real browser (issue #14, the lessons part): the demo tutor records the demo
 * student's lesson that has started (minutes and a note) on /_app/tutor; the parent opens the
 * lecture and reads the note in 수업 기록 with the ledger. The demo data leaves two started
 * lessons unrecorded, one per width. Phone (360 px) and desktop (1440 px); screenshots under
 * test-results/screenshots/lessons-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, lecturesOf, pageErrors } from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

describe.each(Object.entries(VIEWPORTS))("lessons on a %s", (name, viewport) => {
  it("the tutor records a started lesson; the parent reads the note on the lecture", async () => {
    const note = `분수의 나눗셈 (${name}), 숙제: 익힘책 20쪽`;
    const tutorPage = await openPage(e2e.browser, { viewport });
    await signIn(tutorPage.page, e2e.url, "/sign_in", DEMO.tutor.email, DEMO.tutor.name);
    await tutorPage.page.goto(`${e2e.url}/_app/tutor`, { waitUntil: "networkidle" });
    const form = tutorPage.page.getByTestId("record-lesson").first();
    await form.waitFor();
    await form.getByLabel(/수업한 시간/).fill("85");
    await form.getByLabel(/학부모님께 남길 메모/).fill(note);
    await form.getByRole("button", { name: "수업 기록하기" }).click();
    await tutorPage.page.getByText("수업을 기록했어요.").waitFor();
    // The tutor's private calendar: the URL serves the lessons as iCalendar.
    const calendar = tutorPage.page.getByTestId("calendar-feed");
    await calendar.getByRole("button", { name: "캘린더 주소 만들기" }).click();
    const feedUrl = await calendar.getByTestId("calendar-url").innerText();
    const ics = await (await fetch(feedUrl)).text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(await overflowX(tutorPage.page)).toBeLessThanOrEqual(0);
    await screenshot(tutorPage.page, `lessons-tutor-${name}`);
    expect(pageErrors(tutorPage.errors)).toEqual([]);
    await tutorPage.close();

    const parent = await apiLogin(e2e.url, DEMO.parent.email);
    const student = await apiLogin(e2e.url, DEMO.student.email);
    const lectures = await lecturesOf(e2e.url, parent, student.userNo);
    const active = lectures.find((l) => l.state === "ACTIVE")!;
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
    await page.goto(`${e2e.url}/_app/lectures/${active.id}`, { waitUntil: "networkidle" });
    const lessons = page.getByTestId("lecture-lessons");
    await lessons.getByText(note).waitFor();
    expect(await page.getByTestId("lesson-ledger").innerText()).toMatch(/지금까지 \d+회/);
    // The home shows this week's lessons of the chosen child.
    await page.goto(`${e2e.url}/_app`, { waitUntil: "networkidle" });
    await page
      .getByTestId("week-lessons")
      .getByText(/스마트 수학/)
      .first()
      .waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lessons-parent-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
