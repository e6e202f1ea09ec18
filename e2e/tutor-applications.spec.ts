/**
 * Tutor applications in a real browser (issue #12): a new tutor joins, fills the resume (a draft
 * that survives a reload), uploads the enrolment proof, submits; staff approve the documents;
 * the tutor uploads and submits the voice answer; staff pass it and send the agreement; a tutor
 * without the record checks cannot be made ACTIVE; the tutor signs; staff record both checks and
 * the tutor is ACTIVE with a profile card. The status page shows each step. Staff work in the
 * browser at desktop width and through the api at phone width (their page is a desktop tool).
 * Phone (360 px) and desktop (1440 px); screenshots under test-results/screenshots/tutor-*.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, joinStudentByApi, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, graphqlCall, openFromMenu, pageErrors, restCall } from "./support/api.ts";
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

/** A one-page PDF. */
function pdf(): Buffer {
  const body =
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
  return Buffer.from(body, "latin1");
}

/** `seconds` of silence as 8 kHz 8-bit mono WAV. */
function wav(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

const DECIDE = `mutation($input: DecideTutorApplicationInput!) { decideTutorApplication(input: $input) { state } }`;
const CHECK = `mutation($input: RecordBackgroundCheckInput!) { recordBackgroundCheck(input: $input) { state } }`;

async function staffDecide(id: string, decision: string) {
  const admin = await apiLogin(server.url, DEMO.admin.email);
  return graphqlCall<{ decideTutorApplication: { state: string } }>(
    server.url,
    admin.token,
    DECIDE,
    { input: { applicationId: id, decision } },
    "workspace",
  );
}

async function tutorState(page: Page, label: string) {
  await page.reload({ waitUntil: "networkidle" });
  await page.getByTestId("tutor-state").getByText(label).waitFor();
}

/** Staff open the queue in the browser, pick `name` in `stateLabel`, and take `choice`. */
async function staffDecideOnPage(page: Page, stateLabel: string, name: string, choice: RegExp) {
  await page.goto(`${server.url}/_app/admin/tutor-applications`, { waitUntil: "networkidle" });
  await page.getByLabel("단계").selectOption({ label: stateLabel });
  await page
    .getByTestId("tutor-queue")
    .getByRole("button", { name: new RegExp(name) })
    .click();
  const detail = page.getByTestId("tutor-detail");
  await detail.waitFor();
  await detail.getByRole("radio", { name: choice }).check();
  await detail.getByLabel("평가 점수 (0~100, 선택)").fill("88");
  await detail.getByRole("button", { name: "결정 저장" }).click();
}

describe.each(Object.entries(VIEWPORTS))("tutor application on a %s", (name, viewport) => {
  it("a new tutor goes from the resume to ACTIVE, the status page telling each step", async () => {
    const tutor = await joinStudentByApi(server.url, { userType: "TEACHER", name: "한지우" });
    const { page, errors, close } = await openPage(browser, { viewport });
    await signIn(page, server.url, "/sign_in", tutor.email, tutor.name, tutor.password);
    await openFromMenu(page, server.url, "선생님 지원", "/_app/tutor");
    await page.getByTestId("tutor-state").getByText("지원서 작성 중").waitFor();
    expect(await page.getByTestId("resume-phone").innerText()).toContain("인증됨");
    await screenshot(page, `tutor-1-join-${name}`);

    // The resume, saved as typed.
    await page.getByLabel("태어난 해").fill("2004");
    await page.getByLabel("출신 고등학교 유형").selectOption({ label: "일반고" });
    await page.getByLabel("대학교", { exact: true }).fill("서울대학교");
    await page.getByLabel("전공").fill("수학교육과");
    await page.getByLabel("입학 연도").fill("2023");
    await page.getByRole("checkbox", { name: "고등 수학" }).check();
    await page.getByRole("checkbox", { name: "스마트 수업" }).check();
    await page.getByRole("button", { name: "시간 추가" }).click();
    await page.getByLabel("우편번호").fill("08826");
    await page.getByLabel("주소", { exact: true }).fill("서울 관악구 관악로 1");
    await page
      .getByLabel(/학생과 학부모님이 보게 될 소개/)
      .fill(
        "안녕하세요, 서울대학교 수학교육과 한지우 선생님이에요. 개념부터 차근차근 쌓고, 학생이 스스로 설명할 수 있을 때까지 함께 풀어요.",
      );
    await page.getByRole("checkbox", { name: /성범죄 경력 조회/ }).check();
    await page
      .getByTestId("resume-save-state")
      .getByText(/자동 저장됨/)
      .waitFor();

    // A draft survives a reload.
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByLabel("대학교", { exact: true }).inputValue()).toBe("서울대학교");
    expect(await page.getByRole("checkbox", { name: "고등 수학" }).isChecked()).toBe(true);
    expect(await page.getByTestId("submit-problems").innerText()).toContain("재학증명서");

    await page.getByTestId("proof-input").setInputFiles({
      name: "재학증명서.pdf",
      mimeType: "application/pdf",
      buffer: pdf(),
    });
    await page.getByText("재학증명서를 올렸어요.").waitFor();
    await page.getByText("모든 항목을 채웠어요.").waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `tutor-2-resume-${name}`);
    await page.getByRole("button", { name: "지원서 제출하기" }).click();
    await page.getByTestId("tutor-state").getByText("서류 검토 중").waitFor();
    await screenshot(page, `tutor-3-submitted-${name}`);

    const session = await restCall<{ token: string }>(server.url, "/main/login", {
      EMAIL_ID: tutor.email,
      PASSWORD: tutor.password,
    });
    const { myTutorApplication } = await graphqlCall<{ myTutorApplication: { id: string } }>(
      server.url,
      session.token,
      "{ myTutorApplication { id } }",
      {},
      "workspace",
    );
    const applicationId = myTutorApplication.id;

    const desktop = name === "desktop";
    const staff = desktop ? await openPage(browser, { viewport }) : null;
    if (staff) {
      await signIn(staff.page, server.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
      await staffDecideOnPage(staff.page, "서류 검토 중", tutor.name, /통과/);
      await staff.page.getByText("서류 통과 · 음성 답변 제출 필요(으)로 바꿨어요.").waitFor();
      await screenshot(staff.page, `tutor-staff-1-queue-${name}`);
    } else {
      expect((await staffDecide(applicationId, "APPROVE")).decideTutorApplication.state).toBe(
        "DOCUMENTS_OK",
      );
    }

    // The voice answer.
    await tutorState(page, "서류 통과 · 음성 답변 제출 필요");
    expect(await page.getByTestId("tutor-next-action").innerText()).toContain("음성 답변");
    await page.getByTestId("voice-input").setInputFiles({
      name: "answer.wav",
      mimeType: "audio/wav",
      buffer: wav(2),
    });
    await page.getByRole("button", { name: "이 녹음 올리기" }).click();
    await page.getByText("음성 답변을 올렸어요.").waitFor();
    await page.getByRole("button", { name: "음성 답변 제출하기" }).click();
    await page.getByTestId("tutor-state").getByText("음성 답변 검토 중").waitFor();
    await screenshot(page, `tutor-4-voice-${name}`);

    if (staff) {
      await staffDecideOnPage(staff.page, "음성 답변 검토 중", tutor.name, /통과/);
      await staff.page.getByText("음성 답변 합격(으)로 바꿨어요.").waitFor();
      await staffDecideOnPage(staff.page, "음성 답변 합격", tutor.name, /통과/);
      await staff.page.getByText("선생님 계약서 서명 필요(으)로 바꿨어요.").waitFor();
      // Without the record checks the tutor cannot be made ACTIVE.
      await staffDecideOnPage(staff.page, "선생님 계약서 서명 필요", tutor.name, /활동 중/);
      await staff.page.getByText(/아직 활동을 시작할 수 없어요/).waitFor();
      await screenshot(staff.page, `tutor-staff-2-blocked-${name}`);
    } else {
      await staffDecide(applicationId, "APPROVE");
      await staffDecide(applicationId, "APPROVE");
      await expect(staffDecide(applicationId, "ACTIVE")).rejects.toThrow(
        /아직 활동을 시작할 수 없어요/,
      );
    }

    // The agreement.
    await tutorState(page, "선생님 계약서 서명 필요");
    await page.getByRole("checkbox", { name: /위 계약서의 내용을 모두 읽었고/ }).check();
    await page.getByRole("button", { name: "동의하고 서명하기" }).click();
    await page.getByTestId("agreement-signed").waitFor();
    await screenshot(page, `tutor-5-signed-${name}`);

    if (staff) {
      const detail = staff.page.getByTestId("tutor-detail");
      for (const [index, kind] of [
        "성범죄 경력 조회 (청소년성보호법 제56조)",
        "아동학대 관련 범죄 경력 조회 (아동복지법 제29조의3)",
      ].entries()) {
        await detail.getByLabel("조회 종류").selectOption({ label: kind });
        await detail.getByLabel("결과").selectOption({ label: "경력 없음" });
        await detail.getByLabel("회신 번호").fill(`2026-0${index + 1}`);
        await detail.getByRole("button", { name: "기록하기" }).click();
        await staff.page.getByText("경력 조회 결과를 기록했어요.").last().waitFor();
      }
      await detail.getByText("활동 중").first().waitFor();
      await screenshot(staff.page, `tutor-staff-3-active-${name}`);
      expect(pageErrors(staff.errors)).toEqual([]);
      await staff.close();
    } else {
      const admin = await apiLogin(server.url, DEMO.admin.email);
      for (const kind of ["SEX_OFFENSE", "CHILD_ABUSE"]) {
        await graphqlCall(
          server.url,
          admin.token,
          CHECK,
          { input: { applicationId, kind, result: "CLEAR" } },
          "workspace",
        );
      }
    }

    await tutorState(page, "활동 중");
    await page.getByTestId("profile-card").getByText("한** 선생님").waitFor();
    expect(await page.getByTestId("matchability").innerText()).toContain(
      "새 학생을 소개받을 수 있어요",
    );
    expect(await page.content()).not.toContain(tutor.phone);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `tutor-6-active-${name}`);
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
