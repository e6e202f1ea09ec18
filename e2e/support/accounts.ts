/**
 * Helpers for the accounts browser tests: sign-in as a person would, the sandbox SMS outbox,
 * and what a page has stored.
 */
import type { Page } from "playwright-core";

export const DEMO_PASSWORD = "Demo1234!";

export const DEMO = {
  student: { email: "student@example.com", name: "김하늘", type: "학생" },
  parent: { email: "parent@example.com", name: "김서연", type: "학부모" },
  tutor: { email: "tutor@example.com", name: "이준호", type: "선생님" },
  admin: { email: "admin@example.com", name: "운영팀", type: "운영팀" },
} as const;

/**
 * The two runs of a journey walked once per width, each by its own demo student (김하늘 at 360
 * px, her sibling 김바다 at 1280 px), so the two runs never see each other's orders.
 */
export const STUDENT_PER_WIDTH = [
  {
    name: "mobile",
    viewport: { width: 360, height: 740 },
    email: "student@example.com",
    student: "김하늘",
  },
  {
    name: "desktop",
    viewport: { width: 1280, height: 900 },
    email: "student2@example.com",
    student: "김바다",
  },
] as const;

let phoneSequence = 0;

/** A mobile number no other test uses (010 + 8 digits). */
export function uniquePhone(): string {
  phoneSequence += 1;
  const tail = (Date.now() % 1_000_000) * 100 + phoneSequence;
  return `010${String(tail).padStart(8, "0").slice(-8)}`;
}

/** How many texts the sandbox outbox holds for `phone` (local mode only). */
export async function smsCount(baseUrl: string, phone: string): Promise<number> {
  const response = await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`);
  if (!response.ok) return 0;
  const body = (await response.json()) as { messages: unknown[] };
  return body.messages.length;
}

/**
 * The newest 6-digit code texted to `phone` (sandbox outbox, local mode only). With `after`
 * (an earlier `smsCount`), waits for a text newer than those: on a loaded machine the code just
 * asked for can arrive after an older one is read.
 */
export async function smsCode(baseUrl: string, phone: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`);
    if (response.ok) {
      const body = (await response.json()) as { messages: { text: string }[] };
      const code = /\b(\d{6})\b/.exec(body.messages[0]?.text ?? "")?.[1];
      if (code && body.messages.length > after) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** Fills the sign-in form of the current page and submits it. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
}

/**
 * Opens `path` (a sign-in page), signs in and waits for /_app to greet the person.
 *
 * Waits for the page's `load`, not for `networkidle` (500 ms without a request, on every call):
 * the sign-in pages are drawn in the browser (no prerendered form), so the fields `submitSignIn`
 * waits for exist only once React has rendered them with their handlers.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  path: "/sign_in" | "/parent_sign_in",
  email: string,
  name: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`${baseUrl}${path}`);
  await submitSignIn(page, email, password);
  await page.waitForURL(`${baseUrl}/_app`);
  await page.getByRole("heading", { level: 1, name: `${name}님, 반가워요` }).waitFor();
}

export interface StoredCredentials {
  local: Record<string, string | null>;
  session: Record<string, string | null>;
  cookies: string[];
}

/** Every credential the page has stored (SPEC.md §3), and the names of the site's cookies. */
export async function storedCredentials(page: Page): Promise<StoredCredentials> {
  const { local, session } = await page.evaluate(() => ({
    local: {
      token: localStorage.getItem("token"),
      "persist:root": localStorage.getItem("persist:root"),
      deviceId: localStorage.getItem("deviceId"),
    },
    session: {
      accessToken: sessionStorage.getItem("accessToken"),
      userToken: sessionStorage.getItem("userToken"),
      userInfo: sessionStorage.getItem("userInfo"),
    },
  }));
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { local, session, cookies };
}

/** Horizontal overflow of the page in px (0 when it fits the viewport). */
export function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A JWT-shaped copy of `token` whose payload says it expired an hour ago (signature now wrong). */
export function expiredCopy(token: string): string {
  const [header, payload] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
  const past = Math.floor(Date.now() / 1000) - 3600;
  const forged = Buffer.from(JSON.stringify({ ...claims, iat: past - 900, exp: past })).toString(
    "base64url",
  );
  return `${header}.${forged}.${Buffer.from("forged").toString("base64url")}`;
}

/** A student account joined straight through the API (send_code, verify_code, /main/join). */
export async function joinStudentByApi(
  baseUrl: string,
  fields: {
    email?: string;
    name?: string;
    password?: string;
    phone?: string;
    /** YYYY-MM-DD; under 14 needs parentPhone. */
    birthDate?: string;
    parentPhone?: string;
    /** STUDENT (default) or TEACHER (a tutor: no grade). */
    userType?: "STUDENT" | "TEACHER";
  } = {},
): Promise<{
  email: string;
  name: string;
  password: string;
  phone: string;
  userNo: number;
  consentUrl?: string;
}> {
  const phone = fields.phone ?? uniquePhone();
  const email = fields.email ?? `student-${Date.now()}-${phone.slice(-4)}@example.com`;
  const name = fields.name ?? "정다은";
  const password = fields.password ?? "Seoltab#2026";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as {
      ONUEI_RES: { DATA: { RESPONSE: Record<string, unknown> } };
    };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.ONUEI_RES.DATA.RESPONSE;
  };
  const sent = await post("/main/verification/send_code", { PHONE_NUM: phone, PURPOSE: "JOIN" });
  const verified = await post("/main/verification/verify_code", {
    VERIFICATION_ID: sent.VERIFICATION_ID,
    CODE: await smsCode(baseUrl, phone),
  });
  const joined = await post("/main/join", {
    USER_TYPE: fields.userType ?? "STUDENT",
    EMAIL_ID: email,
    PASSWORD: password,
    REALNAME: name,
    BIRTH_DATE: fields.birthDate ?? "2005-04-10",
    ...(fields.userType === "TEACHER"
      ? {}
      : { GRADE: fields.birthDate ? "ELEMENTARY_4" : "GRADUATE" }),
    ...(fields.parentPhone ? { PARENT_PHONE_NUM: fields.parentPhone } : {}),
    VERIFICATION_TOKEN: verified.VERIFICATION_TOKEN,
    AGREED_TERMS: { SEOLTAB: ["service", "privacy", "age14"], ONUEI: ["service", "privacy_share"] },
  });
  return {
    email,
    name,
    password,
    phone,
    userNo: joined.USER_NO as number,
    ...(typeof joined.CONSENT_URL === "string" ? { consentUrl: joined.CONSENT_URL } : {}),
  };
}

/** The newest SMS texted to `phone` (sandbox outbox, local mode only). */
export async function lastSms(baseUrl: string, phone: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`);
  const body = (await response.json()) as { messages: { text: string }[] };
  return body.messages[0]?.text ?? "";
}

/**
 * Verifies `phone` in the phone-verification block of the page (sandbox SMS code). Waits for
 * "번호 인증을 마쳤어요", or for `done` where the page moves on at once after the code (아이디
 * 찾기 replaces the block with the accounts found: the confirmation may be on screen for a few
 * ms only, and waiting for it raced on a busy machine).
 */
export async function verifyPhoneOnPage(
  page: Page,
  baseUrl: string,
  phone: string,
  label = "휴대폰 번호",
  done?: () => Promise<unknown>,
) {
  await page.getByLabel(label, { exact: true }).fill(phone);
  const before = await smsCount(baseUrl, phone);
  await page.getByRole("button", { name: "인증번호 받기" }).click();
  await page.getByLabel("인증번호").waitFor();
  const code = await smsCode(baseUrl, phone, before);
  await page.getByLabel("인증번호").fill(code);
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await (done ? done() : page.getByText("번호 인증을 마쳤어요").waitFor());
}
