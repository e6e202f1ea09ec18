/**
 * Tutor matching (issue #13; DESIGN.md §9): ranking the tutors a staff manager may suggest for a
 * lesson request, each with the reasons it ranks there ("why this tutor"), and the states of a
 * matching and its suggestions. Pure: the inputs carry everything.
 */
import type { TransitionTable } from "./payments.ts";
import type { TutorPreferenceType } from "./lesson-requests.ts";
import type { WeeklyTimeBlock } from "./tutor-applications.ts";

/** NEW (a first tutor) or TEACHER_CHANGE (another tutor for a running lecture). */
export const MATCHING_TYPES = ["NEW", "TEACHER_CHANGE"] as const;
export type MatchingType = (typeof MATCHING_TYPES)[number];

/** OPEN (looking), MATCHED (a tutor chosen), CLOSED (withdrawn or the lecture ended). */
export const MATCHING_STATES = ["OPEN", "MATCHED", "CLOSED"] as const;
export type MatchingState = (typeof MATCHING_STATES)[number];

/**
 * Matching moves (issue #10: every writer asks it): OPEN → MATCHED (the family chose a tutor) |
 * CLOSED (withdrawn, or the lecture ended); MATCHED and CLOSED are terminal (a new matching is
 * opened instead).
 */
export const MATCHING_TRANSITIONS: TransitionTable<MatchingState> = {
  OPEN: ["MATCHED", "CLOSED"],
  MATCHED: [],
  CLOSED: [],
};

/**
 * A suggestion to one tutor: SUGGESTED → ACCEPTED (with the slots they can teach) | REFUSED
 * (with a reason) | EXPIRED (no answer in 24 h); ACCEPTED → CHOSEN (the family picked it) |
 * CLOSED (the family picked another, or the matching closed); SUGGESTED → CLOSED likewise.
 */
export const SUGGESTION_STATES = [
  "SUGGESTED",
  "ACCEPTED",
  "REFUSED",
  "EXPIRED",
  "CHOSEN",
  "CLOSED",
] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

export const SUGGESTION_TRANSITIONS: TransitionTable<SuggestionState> = {
  SUGGESTED: ["ACCEPTED", "REFUSED", "EXPIRED", "CLOSED"],
  ACCEPTED: ["CHOSEN", "CLOSED"],
  REFUSED: [],
  EXPIRED: [],
  CHOSEN: [],
  CLOSED: [],
};

/** Hours a tutor has to answer a suggestion. */
export const SUGGESTION_TTL_HOURS = 24;
/** Most accepted tutors a family is shown at once. */
export const MAX_OFFERS_SHOWN = 3;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Minutes per week two lists of weekly blocks share (Asia/Seoul wall clock).
 * Example: MON 18:00-20:00 and MON 19:00-21:00 → 60.
 */
export function overlapMinutes(
  a: readonly WeeklyTimeBlock[],
  b: readonly WeeklyTimeBlock[],
): number {
  let total = 0;
  for (const x of a) {
    for (const y of b) {
      if (x.day !== y.day) continue;
      const start = Math.max(minutes(x.start), minutes(y.start));
      const end = Math.min(minutes(x.end), minutes(y.end));
      if (end > start) total += end - start;
    }
  }
  return total;
}

/** The blocks of `a` cut to where `b` also has time (what both can do). */
export function commonBlocks(
  a: readonly WeeklyTimeBlock[],
  b: readonly WeeklyTimeBlock[],
): WeeklyTimeBlock[] {
  const out: WeeklyTimeBlock[] = [];
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  for (const x of a) {
    for (const y of b) {
      if (x.day !== y.day) continue;
      const start = Math.max(minutes(x.start), minutes(y.start));
      const end = Math.min(minutes(x.end), minutes(y.end));
      if (end > start) out.push({ day: x.day, start: hhmm(start), end: hhmm(end) });
    }
  }
  return out;
}

/** What ranking needs of the request. */
export interface RankingRequest {
  /** INGANG TERM_TAXONOMY_ID of the lecture's subject, and its ancestors (area, level). */
  subjectIds: readonly number[];
  schedules: readonly WeeklyTimeBlock[];
  preferences: readonly TutorPreferenceType[];
  /** The student's gender (MAN / WOMAN), for SAME_GENDER. */
  studentGender: string | null;
  hopeMajor: string | null;
}

/** What ranking needs of a tutor. */
export interface RankingTutor {
  tutorId: number;
  subjects: readonly number[];
  availableTimes: readonly WeeklyTimeBlock[];
  gender: string | null;
  university: string | null;
  major: string | null;
  /** Lectures the tutor teaches now. */
  activeLectures: number;
  /** Suggestions answered so far, and how many of them were accepted. */
  answered: number;
  accepted: number;
}

export interface RankedCandidate {
  tutorId: number;
  score: number;
  overlapMinutes: number;
  /** Korean reasons, most important first ("why this tutor"). */
  reasons: string[];
}

/**
 * The tutors who may be suggested, best first. A tutor without the subject (or one of its
 * ancestors) or without any overlapping weekly block never ranks. Score: overlap (up to 40
 * points for 6 h a week), each met preference 10, load (−5 per running lecture, at most −20),
 * acceptance history (up to 10 once 3 answers are known). Ties: lower tutorId first.
 */
export function rankCandidates(
  request: RankingRequest,
  tutors: readonly RankingTutor[],
): RankedCandidate[] {
  const ranked: RankedCandidate[] = [];
  for (const tutor of tutors) {
    if (!tutor.subjects.some((s) => request.subjectIds.includes(s))) continue;
    const overlap = overlapMinutes(request.schedules, tutor.availableTimes);
    if (overlap <= 0) continue;
    const reasons: string[] = [
      `가능한 시간이 주 ${Math.floor(overlap / 60)}시간${overlap % 60 ? ` ${overlap % 60}분` : ""} 겹쳐요.`,
    ];
    let score = Math.min(40, (overlap / 360) * 40);
    for (const preference of request.preferences) {
      if (preference === "SAME_GENDER" && tutor.gender && tutor.gender === request.studentGender) {
        score += 10;
        reasons.push("희망하신 대로 같은 성별의 선생님이에요.");
      }
      if (preference === "TOP_UNIVERSITY" && tutor.university?.includes("서울대")) {
        score += 10;
        reasons.push("희망하신 서울대 선생님이에요.");
      }
      if (
        preference === "SAME_MAJOR_HOPE" &&
        request.hopeMajor &&
        tutor.major &&
        (tutor.major.includes(request.hopeMajor) || request.hopeMajor.includes(tutor.major))
      ) {
        score += 10;
        reasons.push(`희망 전공(${request.hopeMajor})과 같은 전공이에요.`);
      }
    }
    score -= Math.min(20, tutor.activeLectures * 5);
    if (tutor.activeLectures === 0) reasons.push("지금 맡은 학생이 없어 바로 시작할 수 있어요.");
    if (tutor.answered >= 3) {
      const rate = tutor.accepted / tutor.answered;
      score += rate * 10;
      if (rate >= 0.7) reasons.push(`제안 수락률이 ${Math.round(rate * 100)}%예요.`);
    }
    ranked.push({
      tutorId: tutor.tutorId,
      score: Math.round(score * 10) / 10,
      overlapMinutes: overlap,
      reasons,
    });
  }
  return ranked.sort((a, b) => b.score - a.score || a.tutorId - b.tutorId);
}
