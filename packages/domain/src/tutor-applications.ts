/**
 * Tutor applications (issue #12; SPEC.md §1 tutors, §3 "Tutor resume and application"; DESIGN.md
 * §9 "Tutors"): the resume's fields and defaults, the vetting pipeline's states and moves, and
 * the rules a tutor must meet before they can be matched with a child. Pure: the current time is
 * always a parameter. The api area `tutor-applications` writes states only through
 * `nextTutorApplicationState` and `activationBlockers`.
 *
 * States (docs/api/tutor-applications.md has the same table):
 * - JOIN: a TEACHER account with a resume draft, not submitted.
 * - SUBMITTED: resume and proof of enrolment sent; staff check the documents.
 * - DOCUMENTS_OK: documents accepted; the applicant records the short voice answer.
 * - NOGOOD: documents refused (terminal for this attempt; re-application after the cool-down).
 * - VOICE_SUBMITTED: voice answer sent; staff listen.
 * - GPASS: voice answer passed.
 * - NPASS: voice answer failed (terminal for this attempt; re-application after the cool-down).
 * - CONTRACT: the tutor agreement is sent; the applicant signs it in the app.
 * - ACTIVE: agreement signed, enrolment proof and both record checks on file: matchable.
 * - PAUSED: not taking students for now (staff, or the tutor's own request through staff).
 * - ENDED: no longer a tutor (terminal).
 */
import type { TransitionTable } from "./payments.ts";
import { canTransition } from "./payments.ts";
import { SEOUL_UTC_OFFSET_MS } from "./time.ts";

export const TUTOR_APPLICATION_STATES = [
  "JOIN",
  "SUBMITTED",
  "DOCUMENTS_OK",
  "NOGOOD",
  "VOICE_SUBMITTED",
  "GPASS",
  "NPASS",
  "CONTRACT",
  "ACTIVE",
  "PAUSED",
  "ENDED",
] as const;
export type TutorApplicationState = (typeof TUTOR_APPLICATION_STATES)[number];

/** Every allowed move; the api checks it before each write (CONVENTIONS.md 14). */
export const TUTOR_APPLICATION_TRANSITIONS: TransitionTable<TutorApplicationState> = {
  JOIN: ["SUBMITTED"],
  SUBMITTED: ["DOCUMENTS_OK", "NOGOOD"],
  DOCUMENTS_OK: ["VOICE_SUBMITTED", "ENDED"],
  NOGOOD: ["SUBMITTED"],
  VOICE_SUBMITTED: ["GPASS", "NPASS"],
  GPASS: ["CONTRACT", "ENDED"],
  NPASS: ["SUBMITTED"],
  CONTRACT: ["ACTIVE", "ENDED"],
  ACTIVE: ["PAUSED", "ENDED"],
  PAUSED: ["ACTIVE", "ENDED"],
  ENDED: [],
};

/** Korean labels of the states (status page, staff queue). */
export const TUTOR_APPLICATION_STATE_LABELS: Record<TutorApplicationState, string> = {
  JOIN: "지원서 작성 중",
  SUBMITTED: "서류 검토 중",
  DOCUMENTS_OK: "서류 통과 · 음성 답변 제출 필요",
  NOGOOD: "서류 불합격",
  VOICE_SUBMITTED: "음성 답변 검토 중",
  GPASS: "음성 답변 합격",
  NPASS: "음성 답변 불합격",
  CONTRACT: "선생님 계약서 서명 필요",
  ACTIVE: "활동 중",
  PAUSED: "활동 일시 중지",
  ENDED: "활동 종료",
};

/** States a re-application starts from (after the cool-down). */
export const TUTOR_REAPPLY_STATES: readonly TutorApplicationState[] = ["NOGOOD", "NPASS"];
/** Days between a refusal and the next submission (decision 026). */
export const TUTOR_REAPPLY_COOLDOWN_DAYS = 30;
/** Days a step may wait for the applicant before staff see it as stalled and they are reminded. */
export const TUTOR_STALLED_AFTER_DAYS = 7;
/** States in which the applicant owes the next action (voice answer, signature). */
export const TUTOR_APPLICANT_ACTION_STATES: readonly TutorApplicationState[] = [
  "DOCUMENTS_OK",
  "CONTRACT",
];

/**
 * A staff decision (decideTutorApplication): an action, or the target state itself. Actions
 * resolve by the current state: APPROVE SUBMITTED → DOCUMENTS_OK, VOICE_SUBMITTED → GPASS,
 * GPASS → CONTRACT, CONTRACT → ACTIVE, PAUSED → ACTIVE; REJECT SUBMITTED → NOGOOD,
 * VOICE_SUBMITTED → NPASS; PAUSE ACTIVE → PAUSED; RESUME PAUSED → ACTIVE; END → ENDED.
 */
export const TUTOR_DECISIONS = ["APPROVE", "REJECT", "PAUSE", "RESUME", "END"] as const;
export type TutorDecisionAction = (typeof TUTOR_DECISIONS)[number];
export type TutorDecision = TutorDecisionAction | TutorApplicationState;

/** States staff move to (the applicant's own moves are submit, voice answer and signing). */
const STAFF_TARGETS: readonly TutorApplicationState[] = [
  "DOCUMENTS_OK",
  "NOGOOD",
  "GPASS",
  "NPASS",
  "CONTRACT",
  "ACTIVE",
  "PAUSED",
  "ENDED",
];

const APPROVE: Partial<Record<TutorApplicationState, TutorApplicationState>> = {
  SUBMITTED: "DOCUMENTS_OK",
  VOICE_SUBMITTED: "GPASS",
  GPASS: "CONTRACT",
  CONTRACT: "ACTIVE",
  PAUSED: "ACTIVE",
};
const REJECT: Partial<Record<TutorApplicationState, TutorApplicationState>> = {
  SUBMITTED: "NOGOOD",
  VOICE_SUBMITTED: "NPASS",
};

/**
 * The state a staff decision leads to from `from`, or null when it is not allowed there (a
 * skipped step, an applicant's own step, a move out of ENDED).
 * Example: `nextTutorApplicationState("SUBMITTED", "APPROVE")` → "DOCUMENTS_OK";
 * `nextTutorApplicationState("SUBMITTED", "ACTIVE")` → null.
 */
export function nextTutorApplicationState(
  from: TutorApplicationState,
  decision: TutorDecision,
): TutorApplicationState | null {
  let to: TutorApplicationState | undefined;
  switch (decision) {
    case "APPROVE":
      to = APPROVE[from];
      break;
    case "REJECT":
      to = REJECT[from];
      break;
    case "PAUSE":
      to = from === "ACTIVE" ? "PAUSED" : undefined;
      break;
    case "RESUME":
      to = from === "PAUSED" ? "ACTIVE" : undefined;
      break;
    case "END":
      to = "ENDED";
      break;
    default:
      to = decision;
  }
  if (!to || !STAFF_TARGETS.includes(to)) return null;
  return canTransition(TUTOR_APPLICATION_TRANSITIONS, from, to) ? to : null;
}

/** The two record checks required before anyone teaches minors (DESIGN.md §9). */
export const BACKGROUND_CHECK_KINDS = ["SEX_OFFENSE", "CHILD_ABUSE"] as const;
export type BackgroundCheckKind = (typeof BACKGROUND_CHECK_KINDS)[number];
export const BACKGROUND_CHECK_LABELS: Record<BackgroundCheckKind, string> = {
  SEX_OFFENSE: "성범죄 경력 조회 (청소년성보호법 제56조)",
  CHILD_ABUSE: "아동학대 관련 범죄 경력 조회 (아동복지법 제29조의3)",
};
/** REQUESTED (asked of the police), CLEAR (no record), FOUND (a record: may not teach). */
export const BACKGROUND_CHECK_RESULTS = ["REQUESTED", "CLEAR", "FOUND"] as const;
export type BackgroundCheckResult = (typeof BACKGROUND_CHECK_RESULTS)[number];

/** Kinds of uploaded files of an application. */
export const TUTOR_FILE_KINDS = ["ENROLLMENT_PROOF", "VOICE_ANSWER"] as const;
export type TutorFileKind = (typeof TUTOR_FILE_KINDS)[number];
/** Largest upload, bytes (10 MB). */
export const TUTOR_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest voice answer, seconds (3 minutes). */
export const TUTOR_VOICE_MAX_SECONDS = 180;
/** Content types accepted per kind; the server checks the bytes, not the header. */
export const TUTOR_FILE_TYPES: Record<TutorFileKind, readonly string[]> = {
  ENROLLMENT_PROOF: ["application/pdf", "image/jpeg", "image/png"],
  VOICE_ANSWER: ["audio/webm", "audio/ogg", "audio/mpeg", "audio/mp4", "audio/wav", "audio/x-m4a"],
};

/** What must be on file before ACTIVE (DESIGN.md §9). */
export interface ActivationFacts {
  hasEnrollmentProof: boolean;
  checks: Partial<Record<BackgroundCheckKind, BackgroundCheckResult>>;
  agreementSigned: boolean;
}

/** Korean reasons a tutor cannot be made ACTIVE yet; empty when they can. */
export function activationBlockers(facts: ActivationFacts): string[] {
  const blockers: string[] = [];
  if (!facts.hasEnrollmentProof) blockers.push("재학증명서가 없어요.");
  for (const kind of BACKGROUND_CHECK_KINDS) {
    const result = facts.checks[kind];
    if (result === "FOUND") blockers.push(`${BACKGROUND_CHECK_LABELS[kind]} 결과 경력이 있어요.`);
    else if (result !== "CLEAR")
      blockers.push(`${BACKGROUND_CHECK_LABELS[kind]} 결과가 기록되지 않았어요.`);
  }
  if (!facts.agreementSigned) blockers.push("선생님 계약서 서명이 없어요.");
  return blockers;
}

// --- resume --------------------------------------------------------------------------------

export const HIGH_SCHOOL_TYPES = [
  "GENERAL",
  "AUTONOMOUS",
  "SCIENCE",
  "FOREIGN_LANGUAGE",
  "INTERNATIONAL",
  "GIFTED",
  "ARTS_SPORTS",
  "VOCATIONAL",
  "OTHER",
] as const;
export type HighSchoolType = (typeof HIGH_SCHOOL_TYPES)[number];
export const HIGH_SCHOOL_TYPE_LABELS: Record<HighSchoolType, string> = {
  GENERAL: "일반고",
  AUTONOMOUS: "자율고",
  SCIENCE: "과학고",
  FOREIGN_LANGUAGE: "외국어고",
  INTERNATIONAL: "국제고",
  GIFTED: "영재학교",
  ARTS_SPORTS: "예술·체육고",
  VOCATIONAL: "특성화·마이스터고",
  OTHER: "기타(검정고시 등)",
};

/** ENROLLED (재학), LEAVE (휴학), GRADUATED (졸업). Default ENROLLED (SPEC.md §3). */
export const UNIVERSITY_STATUSES = ["ENROLLED", "LEAVE", "GRADUATED"] as const;
export type UniversityStatus = (typeof UNIVERSITY_STATUSES)[number];
export const UNIVERSITY_STATUS_LABELS: Record<UniversityStatus, string> = {
  ENROLLED: "재학",
  LEAVE: "휴학",
  GRADUATED: "졸업",
};

export const TUTOR_CLASS_TYPES = ["SMART", "BASIC"] as const;
export type TutorClassType = (typeof TUTOR_CLASS_TYPES)[number];
export const TUTOR_CLASS_TYPE_LABELS: Record<TutorClassType, string> = {
  SMART: "스마트 수업",
  BASIC: "베이직 수업",
};

/** The applicant's home wifi router: OLD (default, SPEC.md §3) or NEW (Wi-Fi 6 or later). */
export const WIFI_ROUTERS = ["OLD", "NEW"] as const;
export type WifiRouter = (typeof WIFI_ROUTERS)[number];

/** Push switches (SPEC.md §3; default all on). */
export const PUSH_SWITCHES = ["normal", "night", "ad", "ad-sms", "ad-email"] as const;
export type PushSwitch = (typeof PUSH_SWITCHES)[number];

export const WEEKDAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MON: "월",
  TUE: "화",
  WED: "수",
  THU: "목",
  FRI: "금",
  SAT: "토",
  SUN: "일",
};

/** A weekly time block, Asia/Seoul wall-clock "HH:MM" (start < end, same day). */
export interface WeeklyTimeBlock {
  day: Weekday;
  start: string;
  end: string;
}

/** Lessons end by 22:00 Seoul time (DESIGN.md §9): no block may run past it. */
export const LESSON_CURFEW = "22:00";
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}

/**
 * Korean problems of a list of weekly blocks: malformed times, start not before end, past
 * 22:00, overlapping blocks on one day. Empty when the list is fine.
 */
export function weeklyBlockProblems(blocks: readonly WeeklyTimeBlock[]): string[] {
  const problems: string[] = [];
  const byDay = new Map<Weekday, { start: number; end: number }[]>();
  for (const block of blocks) {
    if (!WEEKDAYS.includes(block.day)) {
      problems.push(`요일 ${String(block.day)} 은(는) 알 수 없는 값이에요.`);
      continue;
    }
    if (!HHMM.test(block.start) || !HHMM.test(block.end)) {
      problems.push("시간은 00:00 형식으로 적어 주세요.");
      continue;
    }
    const start = minutesOf(block.start);
    const end = minutesOf(block.end);
    if (start >= end) {
      problems.push(
        `${WEEKDAY_LABELS[block.day]}요일 ${block.start}~${block.end}: 시작이 끝보다 빨라야 해요.`,
      );
      continue;
    }
    if (end > minutesOf(LESSON_CURFEW)) {
      problems.push(
        `${WEEKDAY_LABELS[block.day]}요일 ${block.start}~${block.end}: 수업은 밤 10시 전에 끝나야 해요.`,
      );
      continue;
    }
    const list = byDay.get(block.day) ?? [];
    if (list.some((b) => start < b.end && b.start < end)) {
      problems.push(
        `${WEEKDAY_LABELS[block.day]}요일 ${block.start}~${block.end}: 다른 시간과 겹쳐요.`,
      );
      continue;
    }
    list.push({ start, end });
    byDay.set(block.day, list);
  }
  return problems;
}

/** The resume (SPEC.md §3 "Tutor resume and application"); every field optional in a draft. */
export interface TutorResume {
  name: string | null;
  phone: string | null;
  /** The phone was verified by an SMS code (join, or the resume's own verification). */
  phoneVerified: boolean;
  birthYear: number | null;
  highSchoolType: HighSchoolType | null;
  universityStatus: UniversityStatus;
  enterYear: number | null;
  university: string | null;
  major: string | null;
  /** TERM_TAXONOMY_IDs of the INGANG taxonomy (POST /main/getTaxonomy). */
  subjects: number[];
  availableTimes: WeeklyTimeBlock[];
  classTypes: TutorClassType[];
  zonecode: string | null;
  address: string | null;
  addressDetail: string | null;
  wifiRouter: WifiRouter;
  bio: string | null;
  privacyOptIn: boolean;
  marketingOptIn: boolean;
  pushSwitches: PushSwitch[];
  /** The applicant consents to staff requesting both record checks. */
  backgroundCheckConsent: boolean;
}

/** A new resume: SPEC.md §3's defaults (enrolled, old router, opt-ins YES, every push switch). */
export function defaultTutorResume(): TutorResume {
  return {
    name: null,
    phone: null,
    phoneVerified: false,
    birthYear: null,
    highSchoolType: null,
    universityStatus: "ENROLLED",
    enterYear: null,
    university: null,
    major: null,
    subjects: [],
    availableTimes: [],
    classTypes: [],
    zonecode: null,
    address: null,
    addressDetail: null,
    wifiRouter: "OLD",
    bio: null,
    privacyOptIn: true,
    marketingOptIn: true,
    pushSwitches: [...PUSH_SWITCHES],
    backgroundCheckConsent: false,
  };
}

/** The tutor bio template the form starts from (SPEC.md §3 "tutor bio template"). */
export const TUTOR_BIO_TEMPLATE = [
  "안녕하세요, [대학교] [학과] [학번] [이름] 선생님이에요.",
  "",
  "[자신 있는 과목]: 어떤 방법으로 공부해서 성적을 올렸는지 적어 주세요.",
  "[수업 방식]: 학생과 어떻게 수업하고 싶은지 적어 주세요.",
  "[한마디]: 학생과 학부모님께 하고 싶은 말을 적어 주세요.",
].join("\n");
/** Shortest and longest bio, characters. */
export const TUTOR_BIO_MIN = 50;
export const TUTOR_BIO_MAX = 2000;

/**
 * Korean problems keeping a resume from being submitted (field name → message), beyond the
 * shapes a draft already meets. `documents` tells whether the enrolment proof is uploaded.
 */
export function resumeSubmitProblems(
  resume: TutorResume,
  documents: { hasEnrollmentProof: boolean },
  now: Date,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const need = (field: string, ok: boolean, message: string) => {
    if (!ok) problems.push({ field, message });
  };
  const year = new Date(now.getTime() + SEOUL_UTC_OFFSET_MS).getUTCFullYear();
  need("name", !!resume.name, "이름을 적어 주세요.");
  need("phone", !!resume.phone && resume.phoneVerified, "휴대폰 번호를 인증해 주세요.");
  need(
    "birthYear",
    resume.birthYear !== null && resume.birthYear <= year - 17 && resume.birthYear >= year - 80,
    "태어난 해를 확인해 주세요.",
  );
  need("highSchoolType", resume.highSchoolType !== null, "출신 고등학교 유형을 골라 주세요.");
  need(
    "enterYear",
    resume.enterYear !== null && resume.enterYear <= year && resume.enterYear >= year - 15,
    "입학 연도를 확인해 주세요.",
  );
  need("university", !!resume.university, "대학교를 적어 주세요.");
  need("major", !!resume.major, "전공을 적어 주세요.");
  need("subjects", resume.subjects.length > 0, "가르칠 수 있는 과목을 하나 이상 골라 주세요.");
  need(
    "availableTimes",
    resume.availableTimes.length > 0,
    "수업 가능한 시간을 하나 이상 넣어 주세요.",
  );
  need("classTypes", resume.classTypes.length > 0, "수업 유형을 하나 이상 골라 주세요.");
  need("address", !!resume.zonecode && !!resume.address, "주소를 검색해 넣어 주세요.");
  need(
    "bio",
    !!resume.bio &&
      resume.bio.trim().length >= TUTOR_BIO_MIN &&
      resume.bio.trim() !== TUTOR_BIO_TEMPLATE.trim(),
    `자기소개를 ${TUTOR_BIO_MIN}자 이상 직접 적어 주세요.`,
  );
  need("privacyOptIn", resume.privacyOptIn, "개인정보 수집·이용에 동의해야 지원할 수 있어요.");
  need(
    "backgroundCheckConsent",
    resume.backgroundCheckConsent,
    "성범죄·아동학대 경력 조회에 동의해야 지원할 수 있어요.",
  );
  need("enrollmentProof", documents.hasEnrollmentProof, "재학증명서를 올려 주세요.");
  return problems;
}

// --- terms and matchability -----------------------------------------------------------------

/**
 * The university term a moment falls in (Asia/Seoul): spring "YYYY-1" from March to August,
 * fall "YYYY-2" from September to February (February belongs to the previous year's fall).
 */
export function universityTermOf(at: Date): string {
  const seoul = new Date(at.getTime() + SEOUL_UTC_OFFSET_MS);
  const year = seoul.getUTCFullYear();
  const month = seoul.getUTCMonth() + 1;
  if (month >= 3 && month <= 8) return `${year}-1`;
  return month >= 9 ? `${year}-2` : `${year - 1}-2`;
}

/** What decides whether a tutor may be suggested to a family (issue #13 reads it). */
export interface MatchabilityFacts {
  state: TutorApplicationState;
  matchingAvailable: boolean;
  universityStatus: UniversityStatus;
  /** When the tutor last confirmed their university status; null if never. */
  universityStatusConfirmedAt: Date | null;
}

/**
 * Korean reasons a tutor cannot take a new student now; empty when they can. Only ACTIVE,
 * matching-available tutors who are enrolled and confirmed it this term (학원법 §14-2 exempts
 * enrolled university students only).
 */
export function matchabilityProblems(facts: MatchabilityFacts, now: Date): string[] {
  const problems: string[] = [];
  if (facts.state !== "ACTIVE") problems.push("활동 중인 선생님이 아니에요.");
  if (!facts.matchingAvailable) problems.push("매칭 받기를 꺼 두었어요.");
  if (facts.universityStatus !== "ENROLLED")
    problems.push("재학 중인 선생님만 새 학생을 맡을 수 있어요.");
  if (
    facts.universityStatusConfirmedAt === null ||
    universityTermOf(facts.universityStatusConfirmedAt) !== universityTermOf(now)
  ) {
    problems.push("이번 학기 재학 여부를 확인해 주세요.");
  }
  return problems;
}

/** "김서연" → "김**" (a family sees no full name before a match). */
export function maskTutorName(name: string | null): string {
  if (!name) return "선생님";
  const chars = [...name.trim()];
  return chars.length <= 1 ? `${chars.join("")}*` : `${chars[0]}${"*".repeat(chars.length - 1)}`;
}

// --- the tutor agreement -------------------------------------------------------------------

/** Version of the tutor agreement text; a signature records it with the text's SHA-256. */
export const TUTOR_AGREEMENT_VERSION = "2026-11-tutor-v1";

/** The tutor agreement (위촉 계약) as sections of Korean text. */
export function tutorAgreementDocument(input: { tutorName: string; date: string }): {
  version: string;
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  text: string;
} {
  const title = "설탭 선생님 위촉 계약서";
  const sections = [
    {
      heading: "제1조 (목적)",
      paragraphs: [
        `주식회사 오누이(이하 "회사")와 ${input.tutorName}(이하 "선생님")은 설탭 1:1 과외 수업을 위한 위촉 조건을 정합니다.`,
      ],
    },
    {
      heading: "제2조 (자격)",
      paragraphs: [
        "선생님은 대학에 재학 중이어야 하며, 학기마다 재학 여부를 확인합니다. 휴학 중에는 새 학생을 맡을 수 없어요.",
        "선생님은 성범죄 경력 조회(청소년성보호법 제56조)와 아동학대 관련 범죄 경력 조회(아동복지법 제29조의3)에 동의하며, 결과가 확인되기 전에는 수업할 수 없어요.",
      ],
    },
    {
      heading: "제3조 (수업)",
      paragraphs: [
        "선생님은 학생과 합의한 주간 시간표에 따라 수업하고, 수업은 밤 10시 전에 끝냅니다.",
        "수업 변경·취소는 앱의 변경 요청으로만 하며, 학생이나 학부모와 직접 금전을 주고받지 않아요.",
      ],
    },
    {
      heading: "제4조 (개인정보와 비밀 유지)",
      paragraphs: [
        "선생님은 수업에서 알게 된 학생과 가족의 개인정보를 수업 외의 목적으로 쓰거나 다른 사람에게 알리지 않아요.",
      ],
    },
    {
      heading: "제5조 (해지)",
      paragraphs: [
        "어느 쪽이든 서면(앱 포함)으로 알려 계약을 끝낼 수 있으며, 진행 중인 수업은 회사와 협의해 마무리합니다.",
      ],
    },
  ];
  const text = [
    title,
    `계약일: ${input.date}`,
    ...sections.flatMap((s) => [s.heading, ...s.paragraphs]),
  ].join("\n");
  return { version: TUTOR_AGREEMENT_VERSION, title, sections, text };
}
