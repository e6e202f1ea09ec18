/**
 * From a paid lecture to a chosen tutor in a real browser (issue #13): pay → /payment_finish
 * offers the lesson request form → the form (school search, grade, subject, weekly time) is sent
 * → staff suggest the demo tutor (ranked, with reasons) → the tutor accepts on /_app/tutor → the
 * parent picks the tutor with a weekly plan → MATCHED, with the tutor's name, on the app home.
 * At desktop width staff and tutor work in the browser; at phone width through the api.
 * Phone (360 px) and desktop (1440 px); screenshots under test-results/screenshots/matching-*.
 */
import { describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, graphqlCall, pageErrors, type Session } from "./support/api.ts";
import { payForMath } from "./support/payments.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

/** A 1-month smart math lecture paid by card for the demo student. */
async function payForDemoStudent(): Promise<string> {
  const student = await apiLogin(e2e.url, DEMO.student.email);
  const paid = await payForMath(e2e.url, student, 1, "matching");
  return paid.id;
}

const gql = <T>(session: Session, query: string, variables: unknown = {}) =>
  graphqlCall<T>(e2e.url, session.token, query, variables, "matching");

describe.each(Object.entries(VIEWPORTS))("matching on a %s", (name, viewport) => {
  it("pay → form → staff suggest → tutor accepts → the parent picks → MATCHED on the app home", async () => {
    const paymentId = await payForDemoStudent();
    const desktop = name === "desktop";
    const { page, errors, close } = await openPage(e2e.browser, { viewport });
    await signIn(page, e2e.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);

    // Right after payment: now tell us about the student.
    await page.goto(`${e2e.url}/payment_finish?paymentId=${paymentId}`, {
      waitUntil: "networkidle",
    });
    const callout = page.getByTestId("request-callout");
    await callout.getByRole("link", { name: /수업 신청서 쓰기/ }).click();
    await page.waitForURL(/\/_app\/lectures\/\d+$/);
    const lectureId = page.url().split("/").pop()!;
    await page.getByTestId("lecture-state").getByText("수업 신청서 작성 필요").waitFor();

    await page.getByLabel("학교", { exact: true }).fill("휘문");
    await page
      .getByRole("list", { name: "찾은 학교" })
      .getByRole("button", { name: /휘문고등학교/ })
      .click();
    await page.getByLabel("학년", { exact: true }).selectOption({ label: "고2" });
    await page.getByLabel("수업 과목").selectOption({ label: "공통수학1" });
    await page.getByRole("checkbox", { name: "개념 이해" }).check();
    await page.getByRole("checkbox", { name: "서울대 선생님" }).check();
    await page.getByRole("button", { name: "시간 추가" }).click();
    await page.getByTestId("request-save-state").getByText("자동 저장됨").waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `matching-1-form-${name}`);
    await page.getByRole("button", { name: "신청서 보내기" }).click();
    await page.getByTestId("lecture-state").getByText("선생님 찾는 중").waitFor();
    await page
      .getByTestId("matching-text")
      .getByText(/선생님을 찾고 있어요/)
      .waitFor();
    await screenshot(page, `matching-2-looking-${name}`);

    // Staff suggest the demo tutor.
    const admin = await apiLogin(e2e.url, "admin@example.com");
    const tutor = await apiLogin(e2e.url, DEMO.tutor.email);
    const { matchings } = await gql<{ matchings: { items: { id: string; lectureId: string }[] } }>(
      admin,
      `{ matchings(state: "OPEN") { items { id lectureId } } }`,
    );
    const matchingId = matchings.items.find((m) => m.lectureId === lectureId)!.id;
    if (desktop) {
      const staff = await openPage(e2e.browser, { viewport });
      await signIn(staff.page, e2e.url, "/sign_in", "admin@example.com", "운영팀");
      await staff.page.goto(`${e2e.url}/_app/admin/matchings`, { waitUntil: "networkidle" });
      const card = staff.page.getByTestId("matching").filter({ hasText: DEMO.student.name }).last();
      await card.getByRole("button", { name: "후보 보기" }).click();
      const candidates = card.getByTestId("candidates");
      await candidates
        .getByText(/겹쳐요/)
        .first()
        .waitFor();
      await candidates
        .getByRole("listitem")
        .filter({ hasText: DEMO.tutor.name })
        .getByRole("button", { name: "제안하기" })
        .click();
      await staff.page.getByText(`${DEMO.tutor.name} 선생님에게 제안했어요.`).waitFor();
      await screenshot(staff.page, `matching-staff-${name}`);
      expect(pageErrors(staff.errors)).toEqual([]);
      await staff.close();
    } else {
      await gql(
        admin,
        `mutation($m: ID!, $t: Int!) { suggestTutor(matchingId: $m, tutorId: $t) { id } }`,
        {
          m: matchingId,
          t: tutor.userNo,
        },
      );
    }

    // The tutor accepts.
    const { mySuggestions } = await gql<{
      mySuggestions: { id: string; state: string; lectureTitle: string }[];
    }>(tutor, `{ mySuggestions { id state lectureTitle } }`);
    const suggestionId = mySuggestions.find((s) => s.state === "SUGGESTED")!.id;
    if (desktop) {
      const tutorPage = await openPage(e2e.browser, { viewport });
      await signIn(tutorPage.page, e2e.url, "/sign_in", DEMO.tutor.email, DEMO.tutor.name);
      await tutorPage.page.goto(`${e2e.url}/_app/tutor`, { waitUntil: "networkidle" });
      const suggestion = tutorPage.page
        .getByTestId("suggestion")
        .filter({ hasText: "답변 필요" })
        .first();
      await suggestion.getByRole("button", { name: "수락하기" }).click();
      await tutorPage.page.getByText("수업 제안을 수락했어요.").waitFor();
      await screenshot(tutorPage.page, `matching-tutor-${name}`);
      expect(pageErrors(tutorPage.errors)).toEqual([]);
      await tutorPage.close();
    } else {
      await gql(
        tutor,
        `mutation($input: RespondToSuggestionInput!) { respondToSuggestion(input: $input) { state } }`,
        {
          input: {
            suggestionId,
            accept: true,
            slots: [{ day: "MON", start: "18:00", end: "20:00" }],
          },
        },
      );
    }

    // The parent picks the tutor.
    await page.reload({ waitUntil: "networkidle" });
    await page
      .getByTestId("matching-text")
      .getByText(/선생님 1명이 수업을 수락했어요/)
      .waitFor();
    const offer = page.getByTestId("offer").first();
    expect(await offer.innerText()).toContain("이**");
    expect(await offer.innerText()).toContain("이 선생님을 추천한 이유");
    await screenshot(page, `matching-3-offer-${name}`);
    await offer.getByRole("button", { name: "이 선생님으로 정하기" }).click();
    await page.getByTestId("lecture-state").getByText("선생님 매칭 완료").waitFor();
    expect(await page.getByTestId("lecture-tutor").innerText()).toContain(DEMO.tutor.name);

    await page.goto(`${e2e.url}/_app`, { waitUntil: "networkidle" });
    const lessons = page.getByRole("region", { name: `${DEMO.student.name} 학생의 수업` });
    await lessons.getByText(`담당 선생님: ${DEMO.tutor.name} 선생님`).first().waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `matching-4-home-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
