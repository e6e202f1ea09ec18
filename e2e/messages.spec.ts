/**
 * Messages in a real browser (issue #17, the web part; docs/api/messages.md):
 * - a lesson moved twice never leaves a stale reminder: the parent moves one lesson of the demo
 *   ACTIVE lecture to a time 20–40 hours ahead (so it gets its day-before and hour-before
 *   reminders) and the tutor accepts, then moves it again within 48 hours and the tutor accepts
 *   (both through the api with their sessions; the forms have their own spec,
 *   lecture-changes.spec.ts) → staff open /_app/admin/messages (알림 발송 내역), find
 *   `lesson:<id>`, and see the first time's reminders 취소 (with the reason), the final time's
 *   보낼 예정, and both lesson-moved messages;
 * - 알림 수신 설정 on the profile: the student turns 광고성 문자 on at 360 px, the tutor (workspace
 *   backend) 광고성 이메일 at 1440 px; each is saved at once and still on after a reload.
 * Phone (360 px) and desktop (1440 px), no sideways scroll, axe clean; screenshots under
 * test-results/screenshots/messages-*.
 */
import { seoulMessageTime } from "@seoltab/domain/messages";
import { seoulWallClock } from "@seoltab/domain/lessons";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import {
  apiLogin,
  axeViolations,
  graphqlCall,
  lecturesOf,
  openFromConsoleMenu,
  openFromMenu,
  pageErrors,
  type Session,
} from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

const HOUR = 3_600_000;

const gql = <T>(
  session: Session,
  query: string,
  variables: unknown,
  backend: "matching" | "workspace" = "matching",
) => graphqlCall<T>(e2e.url, session.token, query, variables, backend);

/**
 * Whole hours 20–40 hours from now whose Seoul time is 09:00–19:00 (a lesson of up to three
 * hours then ends by the 22:00 curfew), soonest first.
 */
function candidateStarts(now: number): Date[] {
  const first = Math.ceil((now + 20 * HOUR) / HOUR) * HOUR;
  const out: Date[] = [];
  for (let at = first; at <= now + 40 * HOUR; at += HOUR) {
    const hour = Number(seoulWallClock(new Date(at)).time.slice(0, 2));
    if (hour >= 9 && hour <= 19) out.push(new Date(at));
  }
  return out;
}

/**
 * The parent asks to move `lessonId` to the first of `starts` the rules allow (the tutor's and
 * the student's other lessons may be in the way), and the tutor accepts. Returns the new start.
 */
async function moveAndAccept(
  parent: Session,
  tutor: Session,
  lectureId: string,
  lessonId: string,
  starts: Date[],
): Promise<Date> {
  const refusals: string[] = [];
  for (const start of starts) {
    let changeId: string;
    try {
      const { requestLectureChange } = await gql<{ requestLectureChange: { id: string } }>(
        parent,
        `mutation($input: LectureChangeInput!) { requestLectureChange(input: $input) { id } }`,
        {
          input: {
            lectureId,
            kind: "MOVE_LESSON",
            lessonId,
            newStartsAt: start.toISOString(),
            reason: "학교 행사가 있어요.",
          },
        },
      );
      changeId = requestLectureChange.id;
    } catch (error) {
      refusals.push(`${start.toISOString()}: ${(error as Error).message}`);
      continue;
    }
    const { respondToLectureChange } = await gql<{ respondToLectureChange: { state: string } }>(
      tutor,
      `mutation($input: RespondToLectureChangeInput!) {
        respondToLectureChange(input: $input) { state }
      }`,
      { input: { changeId, decision: "ACCEPT" } },
      "workspace",
    );
    expect(respondToLectureChange.state).toBe("ACCEPTED");
    return start;
  }
  throw new Error(`no time allowed:\n${refusals.join("\n")}`);
}

interface Moved {
  lessonId: string;
  from: Date;
  first: Date;
  final: Date;
}

let moved: Promise<Moved> | null = null;

/** The lesson moved twice (once for the whole file). */
function lessonMovedTwice(): Promise<Moved> {
  moved ??= (async () => {
    const [parent, tutor, student] = await Promise.all([
      apiLogin(e2e.url, DEMO.parent.email),
      apiLogin(e2e.url, DEMO.tutor.email),
      apiLogin(e2e.url, DEMO.student.email),
    ]);
    const myLectures = await lecturesOf(e2e.url, parent, student.userNo);
    const lecture =
      myLectures.find((l) => l.state === "ACTIVE") ?? myLectures.find((l) => l.state === "MATCHED");
    expect(lecture).toBeDefined();
    const { lectureChangeForm } = await gql<{
      lectureChangeForm: { upcomingLessons: { id: string; startsAt: string }[] };
    }>(
      parent,
      `query($l: ID!) { lectureChangeForm(lectureId: $l) { upcomingLessons { id startsAt } } }`,
      { l: lecture!.id },
    );
    const now = Date.now();
    // Outside the family's 12-hour window.
    const lesson = lectureChangeForm.upcomingLessons.find(
      (l) => Date.parse(l.startsAt) > now + 13 * HOUR,
    );
    expect(lesson).toBeDefined();
    const from = new Date(lesson!.startsAt);
    const starts = candidateStarts(now).filter((s) => s.getTime() !== from.getTime());
    const first = await moveAndAccept(parent, tutor, lecture!.id, lesson!.id, starts);
    // The second time: another one, tried from the far end so it is a different day part.
    const others = starts.filter((s) => s.getTime() !== first.getTime()).reverse();
    const final = await moveAndAccept(parent, tutor, lecture!.id, lesson!.id, others);
    return { lessonId: lesson!.id, from, first, final };
  })();
  return moved;
}

interface ShownRow {
  state: string;
  stateLabel: string;
  template: string;
  subject: string;
  text: string;
  cancelReason: string | null;
  scheduled: string;
}

async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.getByTestId("outbox-row").evaluateAll((rows) =>
    rows.map((row) => {
      const part = (id: string) =>
        row.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
      return {
        state: row.getAttribute("data-state") ?? "",
        stateLabel: part("outbox-state") ?? "",
        template: part("outbox-template") ?? "",
        subject: part("outbox-subject") ?? "",
        text: part("outbox-text") ?? "",
        cancelReason: part("outbox-cancel-reason"),
        scheduled: part("outbox-scheduled") ?? "",
      };
    }),
  );
}

describe.each(Object.entries(VIEWPORTS))("the staff outbox on a %s", (name, viewport) => {
  it("a lesson moved twice: the first time's reminders 취소, the final time's 보낼 예정, both moves told", async () => {
    const { lessonId, from, first, final } = await lessonMovedTwice();
    const subject = `lesson:${lessonId}`;

    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
    if (name === "desktop") {
      await openFromConsoleMenu(page, e2e.url, "알림 발송 내역", "/_app/admin/messages");
    } else {
      await page.goto(`${e2e.url}/_app/admin/messages`, { waitUntil: "networkidle" });
    }
    const outbox = page.getByTestId("staff-outbox");
    await outbox.getByRole("heading", { level: 1, name: "알림 발송 내역" }).waitFor();
    await outbox.getByLabel("대상").fill(subject);
    await outbox.getByRole("button", { name: "찾기" }).click();
    await page.waitForURL(/[?&]subject=lesson%3A\d+/);
    await outbox.getByTestId("outbox-row").first().waitFor();
    // The filtered list, read as it stands once every row is this lesson's. Not empty: while the
    // search loads the list can be empty for a moment, and every() of nothing is true (a loaded
    // machine read the rows then and found no reminders).
    let rows: ShownRow[] = [];
    await expect
      .poll(async () => {
        rows = await shownRows(page);
        return rows.length > 0 && rows.every((r) => r.subject === subject);
      })
      .toBe(true);

    const remindersOf = (at: Date) =>
      rows.filter(
        (r) =>
          r.template === "lesson-reminder@1" && r.text.includes(`일시: ${seoulMessageTime(at)}`),
      );
    const stale = remindersOf(first);
    const current = remindersOf(final);
    // The day-before (20:00) and hour-before reminders, to the family and the tutor.
    expect(stale.length).toBeGreaterThan(0);
    expect(current.length).toBeGreaterThan(0);
    expect(stale.map((r) => [r.state, r.stateLabel])).toEqual(
      stale.map(() => ["CANCELLED", "취소"]),
    );
    expect(stale.every((r) => r.cancelReason === "수업 시간이 바뀌었어요.")).toBe(true);
    expect(current.map((r) => [r.state, r.stateLabel])).toEqual(
      current.map(() => ["PENDING", "보낼 예정"]),
    );
    // Nothing pending for any other time of the lesson.
    expect(rows.filter((r) => r.template === "lesson-reminder@1" && r.state === "PENDING")).toEqual(
      current,
    );
    // The hour-before reminder of the final time is due one hour before it, Seoul time.
    const hourBefore = seoulWallClock(new Date(final.getTime() - HOUR));
    expect(current.some((r) => r.scheduled.endsWith(hourBefore.time))).toBe(true);

    const movedRows = rows.filter((r) => r.template === "lesson-moved@1");
    const told = (a: Date, b: Date) =>
      movedRows.filter(
        (r) =>
          r.text.includes(`바뀌기 전: ${seoulMessageTime(a)}`) &&
          r.text.includes(`바뀐 시간: ${seoulMessageTime(b)}`),
      );
    expect(told(from, first).length).toBeGreaterThan(0);
    expect(told(first, final).length).toBeGreaterThan(0);
    expect(movedRows.every((r) => r.state !== "CANCELLED" && r.state !== "FAILED")).toBe(true);

    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `messages-1-outbox-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});

describe.each([
  ["phone", VIEWPORTS.phone, DEMO.student, "광고성 문자"],
  ["desktop", VIEWPORTS.desktop, DEMO.tutor, "광고성 이메일"],
] as const)("알림 수신 설정 on a %s", (name, viewport, person, label) => {
  it(`${person.type} turns ${label} on; it is saved at once and still on after a reload`, async () => {
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/sign_in", person.email, person.name);
    await openFromMenu(page, e2e.url, "내 정보", "/_app/profile");
    const section = page.getByRole("region", { name: "알림 수신 설정" });
    await section.getByText(/결제·수업 안내.*항상/).waitFor();
    const toggle = section.getByRole("switch", { name: label, exact: true });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await screenshot(page, `messages-2-profile-before-${name}`);
    await toggle.click();
    await page.getByText(`${label} 수신에 동의했어요.`).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const wall = seoulWallClock(new Date());
    const [year, month, day] = wall.date.split("-").map(Number);
    const when = `${year}년 ${month}월 ${day}일에 동의했어요.`;

    await page.reload({ waitUntil: "networkidle" });
    const again = page
      .getByRole("region", { name: "알림 수신 설정" })
      .getByRole("switch", { name: label, exact: true });
    await again.waitFor();
    await expect.poll(() => again.isChecked()).toBe(true);
    const row = page.getByTestId(
      label === "광고성 문자" ? "consent-MARKETING_SMS" : "consent-MARKETING_EMAIL",
    );
    await row.getByText(when).waitFor();
    // The others are still off.
    expect(
      await page.getByRole("switch", { name: "야간(21시~8시) 광고 수신", exact: true }).isChecked(),
    ).toBe(false);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `messages-3-profile-saved-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
