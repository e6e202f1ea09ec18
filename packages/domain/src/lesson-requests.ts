/**
 * The lesson request form (issue #13; SPEC.md §3 "Lesson request"; DESIGN.md §9): what a family
 * tells us about the student after paying, so a staff manager can suggest tutors. Every field
 * with SPEC.md's defaults (start type FAST, promotion none-event, every term grade -1). Pure.
 */
import type { TransitionTable } from "./payments.ts";
import { weeklyBlockProblems, type WeeklyTimeBlock } from "./tutor-applications.ts";

/**
 * A form's life cycle (lesson_requests.state; issue #10: every writer asks the table). It is
 * written DRAFT; saving keeps (or makes) it a DRAFT; it is submitted once; a submitted form is
 * withdrawn (CANCELLED) before a tutor is chosen, and a withdrawn form may be edited again
 * (DRAFT) or submitted again. A SUBMITTED form is never edited.
 */
export const LESSON_REQUEST_STATES = ["DRAFT", "SUBMITTED", "CANCELLED"] as const;
export type LessonRequestState = (typeof LESSON_REQUEST_STATES)[number];

export const LESSON_REQUEST_TRANSITIONS: TransitionTable<LessonRequestState> = {
  DRAFT: ["DRAFT", "SUBMITTED"],
  SUBMITTED: ["CANCELLED"],
  CANCELLED: ["DRAFT", "SUBMITTED"],
};

/** How soon lessons should start: FAST (as soon as a tutor is matched; default) or a DATE. */
export const LESSON_START_TYPES = ["FAST", "DATE"] as const;
export type LessonStartType = (typeof LESSON_START_TYPES)[number];

/** Promotion the family came with: none-event (default), a friend's referral, or an event. */
/** Wire values as SPEC.md §3 spells the default ("none-event"), the others in the same style. */
export const PROMOTION_TYPES = ["none-event", "friend", "event"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Weak types: what the student struggles with. */
export const WEAK_TYPES = [
  "CONCEPT",
  "PROBLEM_SOLVING",
  "CALCULATION_MISTAKES",
  "STUDY_HABIT",
  "MOTIVATION",
  "EXAM_ANXIETY",
] as const;
export type WeakType = (typeof WEAK_TYPES)[number];
export const WEAK_TYPE_LABELS: Record<WeakType, string> = {
  CONCEPT: "개념 이해",
  PROBLEM_SOLVING: "문제 풀이",
  CALCULATION_MISTAKES: "계산 실수",
  STUDY_HABIT: "공부 습관",
  MOTIVATION: "공부 의욕",
  EXAM_ANXIETY: "시험 불안",
};

/** Tutor preference types: the kind of tutor the family hopes for. */
export const TUTOR_PREFERENCE_TYPES = [
  "FRIENDLY",
  "STRICT",
  "EXPLAINS_WELL",
  "SAME_GENDER",
  "TOP_UNIVERSITY",
  "SAME_MAJOR_HOPE",
] as const;
export type TutorPreferenceType = (typeof TUTOR_PREFERENCE_TYPES)[number];
export const TUTOR_PREFERENCE_LABELS: Record<TutorPreferenceType, string> = {
  FRIENDLY: "친근한 선생님",
  STRICT: "꼼꼼하고 엄격한 선생님",
  EXPLAINS_WELL: "설명을 잘하는 선생님",
  SAME_GENDER: "같은 성별의 선생님",
  TOP_UNIVERSITY: "서울대 선생님",
  SAME_MAJOR_HOPE: "희망 전공과 같은 전공의 선생님",
};

export const HOW_HEARD = ["SEARCH", "SNS", "FRIEND", "SCHOOL", "AD", "OTHER"] as const;
export type HowHeard = (typeof HOW_HEARD)[number];
export const HOW_HEARD_LABELS: Record<HowHeard, string> = {
  SEARCH: "검색",
  SNS: "SNS",
  FRIEND: "지인 추천",
  SCHOOL: "학교·학원",
  AD: "광고",
  OTHER: "기타",
};

/** Grades of the all-grade list (초1 … 고3). */
export const REQUEST_GRADES = [
  "E1",
  "E2",
  "E3",
  "E4",
  "E5",
  "E6",
  "M1",
  "M2",
  "M3",
  "H1",
  "H2",
  "H3",
] as const;
export type RequestGrade = (typeof REQUEST_GRADES)[number];
/** The five subjects of each grade's term numbers (SPEC.md §3: five per grade). */
export const TERM_SUBJECTS = ["KOREAN", "MATH", "ENGLISH", "SOCIAL", "SCIENCE"] as const;
export type TermSubject = (typeof TERM_SUBJECTS)[number];
export const TERM_SUBJECT_LABELS: Record<TermSubject, string> = {
  KOREAN: "국어",
  MATH: "수학",
  ENGLISH: "영어",
  SOCIAL: "사회",
  SCIENCE: "과학",
};

/** One grade's term numbers (내신 등급 or score band), -1 = not given (SPEC.md §3 default). */
export interface GradeTerms {
  grade: RequestGrade;
  terms: Record<TermSubject, number>;
}

/** The form (SPEC.md §3 "Lesson request"); a draft holds any subset. */
export interface LessonRequestForm {
  schoolName: string | null;
  /** The school's grade code (e.g. H2). */
  gradeCode: RequestGrade | null;
  /** 교육과정, e.g. 2022 개정. */
  curriculum: string | null;
  /** 계열/전공 track, e.g. 자연계. */
  major: string | null;
  /** The lecture's subject: INGANG TERM_TAXONOMY_ID. */
  lectureSubjectId: number | null;
  weakTypes: WeakType[];
  tutorPreferenceTypes: TutorPreferenceType[];
  lessonStartType: LessonStartType;
  /** YYYY-MM-DD (Asia/Seoul) when lessonStartType is DATE. */
  lessonStartDate: string | null;
  /** Weekly blocks the student can take lessons in (Asia/Seoul, end by 22:00). */
  schedules: WeeklyTimeBlock[];
  howHeard: HowHeard | null;
  promotionType: PromotionType;
  friendCode: string | null;
  hopeDepartment: string | null;
  hopeMajor: string | null;
  hopeUniversity: string | null;
  /** Ids of uploaded school record / grade card files. */
  attachmentIds: string[];
  allGrades: GradeTerms[];
  /** Free text for the manager. */
  memo: string | null;
}

/** Every grade with all five term numbers at -1. */
export function defaultAllGrades(): GradeTerms[] {
  return REQUEST_GRADES.map((grade) => ({
    grade,
    terms: Object.fromEntries(TERM_SUBJECTS.map((s) => [s, -1])) as Record<TermSubject, number>,
  }));
}

/** A new form with SPEC.md §3's defaults. */
export function defaultLessonRequestForm(): LessonRequestForm {
  return {
    schoolName: null,
    gradeCode: null,
    curriculum: null,
    major: null,
    lectureSubjectId: null,
    weakTypes: [],
    tutorPreferenceTypes: [],
    lessonStartType: "FAST",
    lessonStartDate: null,
    schedules: [],
    howHeard: null,
    promotionType: "none-event",
    friendCode: null,
    hopeDepartment: null,
    hopeMajor: null,
    hopeUniversity: null,
    attachmentIds: [],
    allGrades: defaultAllGrades(),
    memo: null,
  };
}

/** Korean problems keeping a form from being submitted (field → message). */
export function lessonRequestSubmitProblems(
  form: LessonRequestForm,
  today: string,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const need = (field: string, ok: boolean, message: string) => {
    if (!ok) problems.push({ field, message });
  };
  need("schoolName", !!form.schoolName, "학교를 찾아 골라 주세요.");
  need("gradeCode", form.gradeCode !== null, "학년을 골라 주세요.");
  need("lectureSubjectId", form.lectureSubjectId !== null, "수업 과목을 골라 주세요.");
  need("schedules", form.schedules.length > 0, "수업 가능한 시간을 하나 이상 넣어 주세요.");
  const blockProblems = weeklyBlockProblems(form.schedules);
  need("schedules", blockProblems.length === 0, blockProblems[0] ?? "");
  need(
    "lessonStartDate",
    form.lessonStartType === "FAST" ||
      (form.lessonStartDate !== null && form.lessonStartDate >= today),
    "수업 시작 날짜를 오늘 이후로 골라 주세요.",
  );
  need(
    "friendCode",
    form.promotionType !== "friend" || !!form.friendCode,
    "추천한 친구의 코드를 적어 주세요.",
  );
  return problems.filter((p) => p.message !== "");
}
