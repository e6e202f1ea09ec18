/**
 * Lecture change requests in a real browser (issue #14, the lecture-changes part):
 * - the parent moves one lesson of the demo student's ACTIVE lecture on the lecture page (수업
 *   변경 → 수업 한 번 옮기기, a Seoul date and time) → the demo tutor accepts it on /_app/tutor
 *   with a note → the tutor's 내 수업 일정, the lecture page's lessons, the family's 이번 주 수업
 *   and both iCalendar feeds show the new time;
 * - the parent asks for another tutor (선생님 바꾸기, with a reason) → staff accept it on
 *   /_app/admin/lecture-changes → the lecture reads 선생님 변경 중 (REMATCH). The phone run uses
 *   the demo MATCHED lecture, the desktop run the ACTIVE one (after both moves).
 * Phone (360 px) and desktop (1440 px); screenshots under test-results/screenshots/lecture-changes-*.
 */
import { WEEKDAY_LABELS } from "@seoltab/domain";
import { seoulInstant } from "@seoltab/domain/lecture-changes";
import { seoulWallClock } from "@seoltab/domain/lessons";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import {
  apiLogin,
  graphqlCall,
  lecturesOf,
  type LectureSummary,
  openFromConsoleMenu,
  pageErrors,
  type Session,
} from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

const HOUR = 3_600_000;

/** The Asia/Seoul wall clock of an instant as the pages write it: "11월 30일 (월) 10:00". */
function seoulText(at: Date): string {
  const wall = seoulWallClock(at);
  const [, month, day] = wall.date.split("-").map(Number);
  return `${month}월 ${day}일 (${WEEKDAY_LABELS[wall.weekday]}) ${wall.time}`;
}

/** The demo student's lectures as the parent sees them. */
async function demoLectures(parent: Session): Promise<LectureSummary[]> {
  const student = await apiLogin(e2e.url, DEMO.student.email);
  return lecturesOf(e2e.url, parent, student.userNo);
}

/** The person's calendar feed (a fresh private URL) as text. */
async function feed(session: Session, backend: "matching" | "workspace"): Promise<string> {
  const { createCalendarFeed } = await graphqlCall<{ createCalendarFeed: { path: string } }>(
    e2e.url,
    session.token,
    `mutation { createCalendarFeed { path } }`,
    {},
    backend,
  );
  const url = createCalendarFeed.path.startsWith("http")
    ? createCalendarFeed.path
    : `${e2e.url}${createCalendarFeed.path}`;
  return (await fetch(url)).text();
}

/**
 * Whether the feed has an event starting at `at`: "DTSTART;TZID=Asia/Seoul:20261130T100000" or
 * the UTC digits "DTSTART:20261130T010000" (the feed writes UTC digits; with or without "Z").
 */
function icsStarts(ics: string, at: Date): boolean {
  const wall = seoulWallClock(at);
  const kst = `${wall.date.replace(/-/g, "")}T${wall.time.replace(":", "")}00`;
  const utc = at.toISOString().replace(/[-:]/g, "").slice(0, 15);
  return ics.includes(`DTSTART;TZID=Asia/Seoul:${kst}`) || ics.includes(`DTSTART:${utc}`);
}

async function openLecture(page: Page, lectureId: string) {
  await page.goto(`${e2e.url}/_app/lectures/${lectureId}`, { waitUntil: "networkidle" });
  await page.getByTestId("lecture-changes").waitFor();
}

describe.each(Object.entries(VIEWPORTS))("lecture changes on a %s", (name, viewport) => {
  it("the family moves one lesson → the tutor accepts → both calendars and the ICS feeds show it", async () => {
    const parent = await apiLogin(e2e.url, DEMO.parent.email);
    const lecture = (await demoLectures(parent)).find((l) => l.state === "ACTIVE")!;
    // A lesson between 24 h and 6 days ahead: outside the family's 12 h window, and the moved
    // lesson (same day, in the morning) stays in this week's lessons.
    const { lectureChangeForm } = await graphqlCall<{
      lectureChangeForm: { upcomingLessons: { id: string; startsAt: string; seoulDate: string }[] };
    }>(
      e2e.url,
      parent.token,
      `query($l: ID!) { lectureChangeForm(lectureId: $l) { upcomingLessons { id startsAt seoulDate } } }`,
      { l: lecture.id },
      "matching",
    );
    const now = Date.now();
    const lesson = lectureChangeForm.upcomingLessons.find(
      (l) =>
        Date.parse(l.startsAt) > now + 24 * HOUR && Date.parse(l.startsAt) < now + 6 * 24 * HOUR,
    )!;
    expect(lesson).toBeDefined();
    const newTime = name === "phone" ? "10:00" : "11:00";
    const newStart = seoulInstant(lesson.seoulDate, newTime);
    const when = seoulText(newStart);

    // The parent asks on the lecture page.
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
    await openLecture(page, lecture.id);
    const section = page.getByTestId("lecture-changes");
    // The other forms: the weekly blocks editor for a plan change, two dates for a pause.
    await section.getByRole("button", { name: "요일·시간 바꾸기" }).click();
    await section.getByRole("group", { name: "새 요일·시간" }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-0-plan-form-${name}`);
    await section.getByRole("button", { name: "닫기" }).click();
    await section.getByRole("button", { name: "잠시 쉬기" }).click();
    await section.getByText(/\d+일 쉬어요/).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-0-pause-form-${name}`);
    await section.getByRole("button", { name: "닫기" }).click();
    await section.getByRole("button", { name: "수업 한 번 옮기기" }).click();
    const form = section.getByTestId("change-form");
    await form.getByLabel("옮길 수업").selectOption(lesson.id);
    await form.getByLabel("새 날짜").fill(lesson.seoulDate);
    await form.getByLabel(/새 시작 시간/).fill(newTime);
    await form.getByLabel(/이유/).fill(`학교 행사 (${name})`);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-1-move-form-${name}`);
    await form.getByRole("button", { name: "변경 요청 보내기" }).click();
    await page.getByText("변경 요청을 보냈어요. 선생님이 수락하면 바뀌어요.").waitFor();
    const asked = section.getByTestId("lecture-change").filter({ hasText: `→ ${when}` });
    expect(await asked.getByTestId("change-state").innerText()).toBe("접수");
    await asked.getByText("선생님의 답을 기다려요.").waitFor();
    await asked.getByRole("button", { name: "요청 취소" }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-2-asked-${name}`);

    // The tutor accepts with a note.
    const tutorPage = await openPage(e2e.browser, { viewport });
    await signIn(tutorPage.page, e2e.url, "/sign_in", DEMO.tutor.email, DEMO.tutor.name);
    await tutorPage.page.goto(`${e2e.url}/_app/tutor`, { waitUntil: "networkidle" });
    const waiting = tutorPage.page
      .getByTestId("tutor-lecture-changes")
      .getByTestId("lecture-change")
      .filter({ hasText: `→ ${when}` });
    await waiting.getByLabel("답변 메모 (선택)").fill("그 시간에 뵐게요.");
    expect(await overflowX(tutorPage.page)).toBeLessThanOrEqual(0);
    await screenshot(tutorPage.page, `lecture-changes-3-tutor-${name}`);
    await waiting.getByRole("button", { name: "수락" }).click();
    await tutorPage.page.getByText("요청을 수락했어요.").waitFor();
    // 내 수업 일정 shows the lesson at its new time.
    await tutorPage.page.getByTestId("tutor-lessons").getByText(when).first().waitFor();
    expect(pageErrors(tutorPage.errors)).toEqual([]);
    await tutorPage.close();

    // Both iCalendar feeds carry the new start.
    const tutor = await apiLogin(e2e.url, DEMO.tutor.email);
    expect(icsStarts(await feed(tutor, "workspace"), newStart)).toBe(true);
    expect(icsStarts(await feed(parent, "matching"), newStart)).toBe(true);

    // The family: the lecture's lessons and requests, and this week's lessons on the home.
    await openLecture(page, lecture.id);
    await page.getByTestId("lecture-lessons").getByText(when).first().waitFor();
    const done = section.getByTestId("lecture-change").filter({ hasText: `→ ${when}` });
    expect(await done.getByTestId("change-state").innerText()).toBe("수락");
    await done.getByText("답변 메모: 그 시간에 뵐게요.").waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-4-moved-${name}`);
    await page.goto(`${e2e.url}/_app`, { waitUntil: "networkidle" });
    await page.getByTestId("week-lessons").getByText(when).first().waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});

describe.each(Object.entries(VIEWPORTS))("tutor change on a %s", (name, viewport) => {
  it("the family asks for another tutor → staff accept → the lecture reads 선생님 변경 중", async () => {
    const parent = await apiLogin(e2e.url, DEMO.parent.email);
    const lecture = (await demoLectures(parent)).find(
      (l) => l.state === (name === "phone" ? "MATCHED" : "ACTIVE"),
    )!;
    expect(lecture).toBeDefined();
    const reason = `수업 방식이 아이와 맞지 않아요 (${name})`;

    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
    await openLecture(page, lecture.id);
    const section = page.getByTestId("lecture-changes");
    await section.getByRole("button", { name: "선생님 바꾸기" }).click();
    const form = section.getByTestId("change-form");
    // The reason is required: sending without one says so and keeps the form.
    await form.getByRole("button", { name: "변경 요청 보내기" }).click();
    await form.getByTestId("change-problem").getByText("이유를 적어 주세요.").waitFor();
    await form.getByLabel(/이유/).fill(reason);
    await form.getByRole("button", { name: "변경 요청 보내기" }).click();
    await page.getByText("변경 요청을 보냈어요. 운영팀이 확인해요.").waitFor();
    const asked = section.getByTestId("lecture-change").filter({ hasText: reason });
    await asked.getByText("운영팀이 확인하고 있어요.").waitFor();
    // A second one while it waits: the kind is disabled with its reason.
    // (waits: the disabled state follows the form's refetch, which may land after the list's)
    await section.getByRole("button", { name: "선생님 바꾸기", disabled: true }).waitFor();
    await expect(section.getByRole("button", { name: "선생님 바꾸기" }).isDisabled()).resolves.toBe(
      true,
    );

    // Staff accept it from the queue.
    const staff = await openPage(e2e.browser, { viewport });
    await signIn(staff.page, e2e.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
    if (name === "desktop") {
      await openFromConsoleMenu(
        staff.page,
        e2e.url,
        "수업 변경 요청",
        "/_app/admin/lecture-changes",
      );
    } else {
      await staff.page.goto(`${e2e.url}/_app/admin/lecture-changes`, {
        waitUntil: "networkidle",
      });
    }
    const queue = staff.page.getByTestId("staff-lecture-changes");
    const item = queue.getByRole("listitem").filter({ hasText: reason });
    await item
      .getByTestId("tutor-late-changes")
      .getByText(/늦은 변경 \d+회/)
      .waitFor();
    await item.getByLabel("답변 메모 (선택)").fill("새 선생님을 찾아 드릴게요.");
    expect(await overflowX(staff.page)).toBeLessThanOrEqual(0);
    await screenshot(staff.page, `lecture-changes-5-staff-${name}`);
    await item.getByRole("button", { name: "수락" }).click();
    await staff.page.getByText("요청을 수락했어요.").waitFor();
    await item.waitFor({ state: "detached" });
    expect(pageErrors(staff.errors)).toEqual([]);
    await staff.close();

    await openLecture(page, lecture.id);
    await page.getByTestId("lecture-state").getByText("선생님 변경 중").waitFor();
    await section.getByTestId("rematching").waitFor();
    const done = section.getByTestId("lecture-change").filter({ hasText: reason });
    expect(await done.getByTestId("change-state").innerText()).toBe("수락");
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `lecture-changes-6-rematch-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
