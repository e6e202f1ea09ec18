/**
 * Account rules shared by the web forms and the api (SPEC.md §3 Join form, §5, §6;
 * docs/api/accounts.md): password policy, phone numbers, terms of the two services, device
 * ids, where a login page may send the person back to, and the account status table.
 */
import type { TransitionTable } from "./payments.ts";

/**
 * Account statuses (users.status; issue #10: every writer asks the table). An account is created
 * ACTIVE, or PENDING_PARENT_CONSENT for a student under 14 who joined alone (SPEC.md §5); the
 * parent's consent makes it ACTIVE. ACTIVE is terminal for now (no suspension or withdrawal
 * status exists yet).
 */
export const ACCOUNT_STATUSES = ["ACTIVE", "PENDING_PARENT_CONSENT"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_TRANSITIONS: TransitionTable<AccountStatus> = {
  PENDING_PARENT_CONSENT: ["ACTIVE"],
  ACTIVE: [],
};

/** Password policy: 8-64 characters with a letter, a digit and a symbol; not the email's local part. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Why a password is refused, as stable codes (Korean texts in PASSWORD_PROBLEM_MESSAGES). */
export type PasswordProblem =
  "too_short" | "too_long" | "needs_letter" | "needs_digit" | "needs_symbol" | "contains_email";

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `비밀번호는 ${PASSWORD_MIN_LENGTH}자 이상이어야 해요.`,
  too_long: `비밀번호는 ${PASSWORD_MAX_LENGTH}자 이하여야 해요.`,
  needs_letter: "비밀번호에 영문자를 넣어 주세요.",
  needs_digit: "비밀번호에 숫자를 넣어 주세요.",
  needs_symbol: "비밀번호에 특수문자를 넣어 주세요.",
  contains_email: "비밀번호에 이메일 아이디를 넣을 수 없어요.",
};

/**
 * Checks a password against the policy; returns every problem (empty = acceptable).
 * `email` (optional): its local part (before @, 4+ characters) may not appear in the password.
 */
export function passwordProblems(password: string, email?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push("too_short");
  if (length > PASSWORD_MAX_LENGTH) problems.push("too_long");
  if (!/[A-Za-z]/.test(password)) problems.push("needs_letter");
  if (!/[0-9]/.test(password)) problems.push("needs_digit");
  if (!/[^A-Za-z0-9\s]/.test(password)) problems.push("needs_symbol");
  const local = email?.split("@")[0]?.toLowerCase() ?? "";
  if (local.length >= 4 && password.toLowerCase().includes(local)) problems.push("contains_email");
  return problems;
}

/**
 * Normalises a Korean mobile number to digits: "010-1234-5678" → "01012345678".
 * Returns null unless it is a mobile number (010/011/016/017/018/019, 10-11 digits).
 */
export function normalizeMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^01[016789][0-9]{7,8}$/.test(digits) ? digits : null;
}

/** Masks a mobile number for display: "01012345678" → "010-****-5678". */
export function maskMobile(digits: string): string {
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** Masks a Korean name: "김하늘" → "김*늘", "이준" → "이*". */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars.at(-1)}`;
}

/** Masks an email: "student@example.com" → "st*****@example.com". */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const shown = local.slice(0, Math.min(2, local.length));
  return `${shown}${"*".repeat(Math.max(local.length - shown.length, 1))}@${domain}`;
}

/** The two services whose terms a person agrees to at join (SPEC.md §3 "two services"). */
export const TERM_SERVICES = ["SEOLTAB", "ONUEI"] as const;
export type TermService = (typeof TERM_SERVICES)[number];

export interface Term {
  id: string;
  service: TermService;
  required: boolean;
  /** Korean title shown next to the checkbox. */
  title: string;
}

/** Terms of each service; the required ones must be agreed to join. */
export const TERMS: readonly Term[] = [
  { id: "service", service: "SEOLTAB", required: true, title: "설탭 서비스 이용약관 동의" },
  { id: "privacy", service: "SEOLTAB", required: true, title: "개인정보 수집·이용 동의" },
  {
    id: "age14",
    service: "SEOLTAB",
    required: true,
    title: "만 14세 이상이거나 보호자 동의를 받았어요",
  },
  {
    id: "marketing",
    service: "SEOLTAB",
    required: false,
    title: "이벤트·혜택 정보 수신 동의 (선택)",
  },
  { id: "service", service: "ONUEI", required: true, title: "오누이 통합 회원 이용약관 동의" },
  {
    id: "privacy_share",
    service: "ONUEI",
    required: true,
    title: "오누이 서비스 간 개인정보 제공 동의",
  },
  {
    id: "marketing",
    service: "ONUEI",
    required: false,
    title: "오누이 서비스 마케팅 정보 수신 동의 (선택)",
  },
];

/** Required term ids missing from `agreed`, per service (empty object = all required agreed). */
export function missingRequiredTerms(
  agreed: Partial<Record<TermService, readonly string[]>>,
): Partial<Record<TermService, string[]>> {
  const missing: Partial<Record<TermService, string[]>> = {};
  for (const term of TERMS) {
    if (!term.required || agreed[term.service]?.includes(term.id)) continue;
    (missing[term.service] ??= []).push(term.id);
  }
  return missing;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for an RFC 4122/9562 uuid string (SPEC.md §3: only a valid uuid is kept as device id). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * Where the login page may return the person (`/accounts/login?continue=`; issue #3): a
 * same-site relative path ("/x", not "//x" or "/\\x"), or an absolute http(s) URL whose origin is
 * in `allowedOrigins`. Anything else gives "/". Never an open redirect.
 */
export function safeContinueUrl(
  value: string | null | undefined,
  allowedOrigins: readonly string[],
): string {
  if (!value) return "/";
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    return [...value].some((c) => c.charCodeAt(0) < 0x20) ? "/" : value;
  }
  const match = /^(https?):\/\/([^/?#\\]+)(.*)$/i.exec(value);
  if (!match) return "/";
  const origin = `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}`;
  if (match[2]!.includes("@")) return "/";
  return allowedOrigins.some((o) => o.toLowerCase().replace(/\/$/, "") === origin) ? value : "/";
}

/**
 * School grades (SPEC.md §3 Join form `grade`; the wire values are ours) with their Korean
 * labels, used by the join form, the consultation form and the api's validation.
 */
export const GRADE_OPTIONS = [
  { value: "ELEMENTARY_1", label: "초등학교 1학년" },
  { value: "ELEMENTARY_2", label: "초등학교 2학년" },
  { value: "ELEMENTARY_3", label: "초등학교 3학년" },
  { value: "ELEMENTARY_4", label: "초등학교 4학년" },
  { value: "ELEMENTARY_5", label: "초등학교 5학년" },
  { value: "ELEMENTARY_6", label: "초등학교 6학년" },
  { value: "MIDDLE_1", label: "중학교 1학년" },
  { value: "MIDDLE_2", label: "중학교 2학년" },
  { value: "MIDDLE_3", label: "중학교 3학년" },
  { value: "HIGH_1", label: "고등학교 1학년" },
  { value: "HIGH_2", label: "고등학교 2학년" },
  { value: "HIGH_3", label: "고등학교 3학년" },
  { value: "GRADUATE", label: "졸업생 (N수생)" },
] as const;
export type Grade = (typeof GRADE_OPTIONS)[number]["value"];

/** The GRADE wire values, in display order. */
export const GRADES = GRADE_OPTIONS.map((o) => o.value) as [Grade, ...Grade[]];
