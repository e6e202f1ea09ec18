/**
 * Family accounts and account links between the services of the family (issue 15; SPEC.md §2
 * /CreateStudentAccount, /ViewStudentAccount, /UpdateStudentAccount, /connect_account,
 * /active_account_finish; §4 Account linking; §7 /user_Agree_family_services; §8 link toasts;
 * docs/api/family-accounts.md; docs/decisions/034). Pure rules shared by web and api.
 */
import type { LectureState } from "./enums.ts";
import type { TransitionTable } from "./payments.ts";

/**
 * A parent's request to link a child (family_link_requests.status; issue #10: every writer asks
 * the table): PENDING → CONFIRMED (the child agreed) | DECLINED | CANCELLED (asked again, or
 * withdrawn); the three answers are terminal.
 */
export const LINK_REQUEST_STATUSES = ["PENDING", "CONFIRMED", "DECLINED", "CANCELLED"] as const;
export type LinkRequestStatus = (typeof LINK_REQUEST_STATUSES)[number];

export const LINK_REQUEST_TRANSITIONS: TransitionTable<LinkRequestStatus> = {
  PENDING: ["CONFIRMED", "DECLINED", "CANCELLED"],
  CONFIRMED: [],
  DECLINED: [],
  CANCELLED: [],
};

/**
 * SERVICE_TYPE of the login call names the service of the family (SPEC.md §7: LECTURE is this
 * tutoring service). QUESTION is the other service of the family (오누이 질문답변, a homework
 * question-and-answer app), designed only as far as linking needs (decision 034).
 */
export const SERVICE_TYPES = ["LECTURE", "QUESTION"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The services one can link a LECTURE account to. */
export const LINKABLE_SERVICE_TYPES = ["QUESTION"] as const satisfies readonly ServiceType[];
export type LinkableServiceType = (typeof LINKABLE_SERVICE_TYPES)[number];

/** Korean names of the services. */
export const SERVICE_NAMES: Record<ServiceType, string> = {
  LECTURE: "설탭",
  QUESTION: "오누이 질문답변",
};

/** SPEC.md §8 toasts of linking, in Korean. */
export const ACCOUNT_LINK_MESSAGES = {
  /** Account-link login failure: 'check email and password'. */
  loginFailed: "이메일과 비밀번호를 확인해 주세요.",
  /** Link failure: 'linking failed'. */
  linkFailed: "연동에 실패했어요.",
} as const;

/** A family-services term: which service it belongs to, its id and current version. */
export interface FamilyServiceTerm {
  service: ServiceType;
  id: string;
  version: string;
  required: boolean;
  title: string;
}

/**
 * The terms agreed when two accounts are linked (POST /main/user_Agree_family_services): the
 * per-service term lists of the join form, each with its version. A new version of a required
 * term needs a new agreement.
 */
export const FAMILY_SERVICE_TERMS: readonly FamilyServiceTerm[] = [
  {
    service: "LECTURE",
    id: "family_link",
    version: "2026-01",
    required: true,
    title: "설탭 계정 연동 이용약관 동의",
  },
  {
    service: "LECTURE",
    id: "privacy_share",
    version: "2026-01",
    required: true,
    title: "설탭 → 오누이 질문답변 개인정보 제공 동의 (이름, 이메일)",
  },
  {
    service: "QUESTION",
    id: "service",
    version: "2026-01",
    required: true,
    title: "오누이 질문답변 서비스 이용약관 동의",
  },
  {
    service: "QUESTION",
    id: "privacy",
    version: "2026-01",
    required: true,
    title: "오누이 질문답변 개인정보 수집·이용 동의",
  },
  {
    service: "QUESTION",
    id: "marketing",
    version: "2026-01",
    required: false,
    title: "오누이 질문답변 혜택 정보 수신 동의 (선택)",
  },
];

/** One agreed term on the wire: TERM_ID and VERSION, per service. */
export interface AgreedFamilyTerm {
  TERM_ID: string;
  VERSION: string;
}

/**
 * Checks the per-service agreed lists: unknown terms or versions other than the current one are
 * refused, and every required term must be there. Returns the problems (empty = acceptable) and
 * the terms to record.
 */
export function checkFamilyTerms(
  agreed: Partial<Record<ServiceType, readonly AgreedFamilyTerm[]>>,
): {
  unknown: string[];
  missing: string[];
  accepted: FamilyServiceTerm[];
} {
  const unknown: string[] = [];
  const accepted: FamilyServiceTerm[] = [];
  for (const service of SERVICE_TYPES) {
    for (const a of agreed[service] ?? []) {
      const term = FAMILY_SERVICE_TERMS.find(
        (t) => t.service === service && t.id === a.TERM_ID && t.version === a.VERSION,
      );
      if (term) {
        if (!accepted.includes(term)) accepted.push(term);
      } else unknown.push(`${service}.${a.TERM_ID}@${a.VERSION}`);
    }
  }
  const missing = FAMILY_SERVICE_TERMS.filter((t) => t.required && !accepted.includes(t)).map(
    (t) => `${t.service}.${t.id}`,
  );
  return { unknown, missing, accepted };
}

/** Every required term at its current version, as AGREED_TERMS (the web's "agree to all"). */
export function requiredFamilyTerms(): Record<ServiceType, AgreedFamilyTerm[]> {
  const out: Record<ServiceType, AgreedFamilyTerm[]> = { LECTURE: [], QUESTION: [] };
  for (const t of FAMILY_SERVICE_TERMS) {
    if (t.required) out[t.service].push({ TERM_ID: t.id, VERSION: t.version });
  }
  return out;
}

// ---- student accounts a parent manages --------------------------------------------------------

/** School levels of a child account (SPEC.md §3 School level). */
export const SCHOOL_LEVELS = ["HIGH", "MIDDLE"] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** The grades of each school level (GRADE wire values of the join form). */
export const GRADES_OF_LEVEL: Record<SchoolLevel, readonly string[]> = {
  MIDDLE: ["MIDDLE_1", "MIDDLE_2", "MIDDLE_3"],
  HIGH: ["HIGH_1", "HIGH_2", "HIGH_3", "GRADUATE"],
};

/** The school level of a grade, or null for an elementary grade. */
export function schoolLevelOf(grade: string | null): SchoolLevel | null {
  if (!grade) return null;
  if (GRADES_OF_LEVEL.MIDDLE.includes(grade)) return "MIDDLE";
  if (GRADES_OF_LEVEL.HIGH.includes(grade)) return "HIGH";
  return null;
}

/**
 * A child created without an email signs in only through the parent (the parent acts for them
 * with the acting-child choice). Such an account gets a sign-in id on this reserved domain
 * (RFC 2606 `.invalid`: never deliverable), shown to no one.
 */
export const GENERATED_CHILD_EMAIL_DOMAIN = "child.accounts.invalid";

/** True for the generated sign-in id of a child without an email. */
export function isGeneratedChildEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${GENERATED_CHILD_EMAIL_DOMAIN}`);
}

/** Lecture states in which nothing is owed and nothing runs any more. */
const ENDED_STATES: readonly LectureState[] = ["DONE", "FINISH", "AUTO_FINISH"];
/** Lecture states in which a payment is owed (an unpaid deposit or renewal, no card). */
const OWED_STATES: readonly LectureState[] = ["NOPAY", "NOCARD"];

/** Why a child may not be unlinked from a parent now. */
export type UnlinkBlocker = "PAYMENT_OWED" | "LECTURE_ACTIVE";

/**
 * What blocks unlinking a child (UpdateStudentAccount): a lecture in NOPAY or NOCARD means a
 * payment is owed; any lecture not DONE, FINISH or AUTO_FINISH is still running. Empty = free.
 */
export function unlinkBlockers(lectureStates: readonly string[]): UnlinkBlocker[] {
  const blockers: UnlinkBlocker[] = [];
  if (lectureStates.some((s) => OWED_STATES.includes(s as LectureState))) {
    blockers.push("PAYMENT_OWED");
  }
  if (lectureStates.some((s) => !ENDED_STATES.includes(s as LectureState))) {
    blockers.push("LECTURE_ACTIVE");
  }
  return blockers;
}

/** Korean texts of the blockers. */
export const UNLINK_BLOCKER_MESSAGES: Record<UnlinkBlocker, string> = {
  PAYMENT_OWED: "아직 결제되지 않은 금액이 있어요.",
  LECTURE_ACTIVE: "진행 중인 수업이 있어요.",
};
