/**
 * The matching area (issue #13; DESIGN.md §9; docs/api/matching.md): a matching per lecture
 * opened when the lesson request is submitted; staff suggest ranked, matchable tutors (packages/
 * domain rankCandidates; only ACTIVE tutors of tutor-applications `findMatchableTutors`); tutors
 * accept (with the weekly slots they can teach) or refuse; unanswered suggestions expire after
 * 24 h; the family sees up to 3 accepted tutors and chooses one with a weekly plan; the lecture
 * goes MATCHED and the other suggestions close. Concurrent choices: the lecture row is locked
 * first, so exactly one tutor is matched.
 */
import type { Database } from "@seoltab/db";
import {
  MAX_OFFERS_SHOWN,
  SUGGESTION_TTL_HOURS,
  commonBlocks,
  overlapMinutes,
  rankCandidates,
  weeklyBlockProblems,
  type RankedCandidate,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import type { EventBus } from "../../platform/events.ts";
import { withTransaction } from "../../platform/transactions.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findUserById } from "../accounts/accounts.public.ts";
import { findTaxonomyEntries } from "../catalog/catalog.public.ts";
import {
  countLecturesOfTutors,
  findLectureById,
  isStaff,
  lectureForCaller,
  moveLecture,
  type LectureRow,
} from "../lectures/lectures.public.ts";
import { findRequestByLecture, formOf } from "../lesson-requests/lesson-requests.public.ts";
import {
  findMatchableTutors,
  type MatchableTutor,
} from "../tutor-applications/tutor-applications.public.ts";
import * as repo from "./matching.repository.ts";

export interface MatchingDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
}

export const MATCHING_MESSAGES = {
  staffOnly: "운영팀만 할 수 있는 일이에요.",
  tutorOnly: "선생님 계정으로 로그인해야 볼 수 있어요.",
  matchingNotFound: "매칭을 찾을 수 없어요.",
  matchingClosed: "이미 끝난 매칭이에요. 화면을 새로 고쳐 주세요.",
  notMatchable:
    "활동 중이고 매칭 받기를 켠 재학생 선생님 가운데, 과목이 맞고 시간이 겹치는 선생님만 제안할 수 있어요.",
  alreadySuggested: "이미 이 매칭에 제안한 선생님이에요.",
  suggestionNotFound: "제안을 찾을 수 없어요.",
  suggestionAnswered: "이미 답한 제안이에요.",
  suggestionExpired: "답할 수 있는 시간(24시간)이 지난 제안이에요.",
  slotsRequired: "수업할 수 있는 시간을 하나 이상 골라 주세요.",
  slotsOutside: "학생이 가능한 시간 안에서 골라 주세요.",
  refusedReason: "거절하는 이유를 적어 주세요.",
  offerNotFound: "고를 수 있는 선생님이 아니에요. 화면을 새로 고쳐 주세요.",
  offerClosed: "이미 선생님이 정해졌거나 닫힌 제안이에요. 화면을 새로 고쳐 주세요.",
  planRequired: "수업할 요일과 시간을 하나 이상 골라 주세요.",
  planOutside: "선생님이 수락한 시간 안에서 골라 주세요.",
} as const;

const HOUR_MS = 60 * 60 * 1000;
export const MATCHING_PAGE_SIZE = 20;

function requireStaff(caller: AuthUser) {
  if (!isStaff(caller)) throw new AppError("forbidden", "staff_only", MATCHING_MESSAGES.staffOnly);
  return initiatorOf(caller);
}

/** True when every block of `inner` lies inside one block of `outer` (same day). */
export function within(
  inner: readonly WeeklyTimeBlock[],
  outer: readonly WeeklyTimeBlock[],
): boolean {
  return inner.every((b) => overlapMinutes([b], outer) === overlapMinutes([b], [b]));
}

function checkBlocks(blocks: readonly WeeklyTimeBlock[], field: string, emptyMessage: string) {
  if (blocks.length === 0) {
    throw new AppError("validation", "validation_failed", emptyMessage, [
      { field, message: emptyMessage },
    ]);
  }
  const problems = weeklyBlockProblems(blocks);
  if (problems.length > 0) {
    throw new AppError(
      "validation",
      "validation_failed",
      problems[0]!,
      problems.map((message) => ({ field, message })),
    );
  }
}

// --- events ---------------------------------------------------------------------------------

/** Lecture states in which the family may choose a tutor. */
const CHOOSABLE_LECTURE_STATES: readonly string[] = ["READY", "REMATCH", "REMATCH_B"];

/** A tutor change (lecture REMATCH / REMATCH_B) opens a TEACHER_CHANGE matching. */
export async function openForTutorChange(
  tx: Database,
  lecture: LectureRow,
  at: Date,
): Promise<void> {
  await repo.openMatching(tx, lecture.id, "TEACHER_CHANGE", at);
}

/** A submitted form opens a NEW matching (TEACHER_CHANGE for a lecture that had a tutor). */
export async function openForRequest(tx: Database, lecture: LectureRow, at: Date): Promise<void> {
  await repo.openMatching(tx, lecture.id, lecture.tutorUserId ? "TEACHER_CHANGE" : "NEW", at);
}

/** A withdrawn form or an ended lecture closes the open matching and its suggestions. */
export async function closeForLecture(tx: Database, lectureId: number, at: Date): Promise<void> {
  const open = await repo.findOpenMatching(tx, lectureId);
  if (!open) return;
  await repo.closeMatching(tx, open.id, "CLOSED", at);
  await repo.closeOtherSuggestions(tx, open.id, at);
}

// --- staff ----------------------------------------------------------------------------------

/** The subject and its ancestors (area, level), so a tutor of 수학 matches 고등 수학. */
async function subjectLine(db: Database, subjectId: number | null): Promise<number[]> {
  if (subjectId === null) return [];
  const entries = await findTaxonomyEntries(db, "INGANG");
  const line: number[] = [];
  let current = entries.find((e) => e.termTaxonomyId === subjectId);
  while (current) {
    line.push(current.termTaxonomyId);
    const parent = current.parent;
    current = parent ? entries.find((e) => e.termTaxonomyId === parent) : undefined;
  }
  return line.length > 0 ? line : [subjectId];
}

export interface CandidateView extends RankedCandidate {
  tutor: MatchableTutor;
  commonBlocks: WeeklyTimeBlock[];
}

/** The ranked candidates of a matching (tutors already suggested left out). */
async function rankedFor(
  deps: MatchingDeps,
  db: Database,
  matching: repo.MatchingRow,
): Promise<CandidateView[]> {
  const lecture = (await findLectureById(db, matching.lectureId))!;
  const form = formOf(await findRequestByLecture(db, lecture.id));
  const student = await findUserById(db, lecture.userId);
  const suggested = new Set(
    (await repo.findSuggestionsOfMatchings(db, [matching.id])).map((s) => s.tutorUserId),
  );
  const tutors = (await findMatchableTutors(db, deps.clock.now())).filter(
    // A tutor change never suggests the tutor the family is leaving.
    (t) =>
      !suggested.has(t.tutorId) &&
      t.tutorId !== lecture.userId &&
      !(matching.type === "TEACHER_CHANGE" && t.tutorId === lecture.tutorUserId),
  );
  const ids = tutors.map((t) => t.tutorId);
  const [loads, history] = await Promise.all([
    countLecturesOfTutors(db, ids),
    repo.answerHistory(db, ids),
  ]);
  const genders = new Map<number, string | null>();
  for (const id of ids) genders.set(id, (await findUserById(db, id))?.gender ?? null);
  const ranked = rankCandidates(
    {
      subjectIds: await subjectLine(db, form.lectureSubjectId),
      schedules: form.schedules,
      preferences: form.tutorPreferenceTypes,
      studentGender: student?.gender ?? null,
      hopeMajor: form.hopeMajor,
    },
    tutors.map((t) => ({
      tutorId: t.tutorId,
      subjects: t.resume.subjects,
      availableTimes: t.resume.availableTimes,
      gender: genders.get(t.tutorId) ?? null,
      university: t.resume.university,
      major: t.resume.major,
      activeLectures: loads.get(t.tutorId) ?? 0,
      answered: history.get(t.tutorId)?.answered ?? 0,
      accepted: history.get(t.tutorId)?.accepted ?? 0,
    })),
  );
  return ranked.map((r) => {
    const tutor = tutors.find((t) => t.tutorId === r.tutorId)!;
    return { ...r, tutor, commonBlocks: commonBlocks(form.schedules, tutor.resume.availableTimes) };
  });
}

/** matchingCandidates (staff). @throws forbidden staff_only; not_found matching_not_found */
export async function candidates(deps: MatchingDeps, caller: AuthUser, matchingId: number) {
  requireStaff(caller);
  const matching = await repo.findMatchingById(deps.db, matchingId);
  if (!matching)
    throw new AppError("not_found", "matching_not_found", MATCHING_MESSAGES.matchingNotFound);
  return rankedFor(deps, deps.db, matching);
}

/**
 * suggestTutor (staff): suggests a matchable, ranking tutor for an OPEN matching; the staff
 * member becomes its manager when it has none. Expires after 24 h.
 * @throws forbidden staff_only; not_found matching_not_found; conflict matching_closed |
 *   tutor_not_matchable | already_suggested
 */
export async function suggestTutor(
  deps: MatchingDeps,
  caller: AuthUser,
  matchingId: number,
  tutorId: number,
  requestId: string | null,
): Promise<repo.SuggestionRow> {
  const initiator = requireStaff(caller);
  return withTransaction(deps.db, async (tx) => {
    const matching = await repo.findMatchingById(tx, matchingId, { forUpdate: true });
    if (!matching)
      throw new AppError("not_found", "matching_not_found", MATCHING_MESSAGES.matchingNotFound);
    if (matching.state !== "OPEN") {
      throw new AppError("conflict", "matching_closed", MATCHING_MESSAGES.matchingClosed);
    }
    const existing = await repo.findSuggestionsOfMatchings(tx, [matching.id]);
    if (existing.some((s) => s.tutorUserId === tutorId)) {
      throw new AppError("conflict", "already_suggested", MATCHING_MESSAGES.alreadySuggested);
    }
    const candidate = (await rankedFor(deps, tx, matching)).find((c) => c.tutorId === tutorId);
    if (!candidate) {
      throw new AppError("conflict", "tutor_not_matchable", MATCHING_MESSAGES.notMatchable);
    }
    const now = deps.clock.now();
    const suggestion = await repo.insertSuggestion(tx, {
      matchingId: matching.id,
      tutorUserId: tutorId,
      state: "SUGGESTED",
      reasons: candidate.reasons,
      score: candidate.score,
      suggestedByUserId: caller.userNo,
      suggestedAt: now,
      expiresAt: new Date(now.getTime() + SUGGESTION_TTL_HOURS * HOUR_MS),
    });
    if (!suggestion)
      throw new AppError("conflict", "already_suggested", MATCHING_MESSAGES.alreadySuggested);
    await repo.setManager(tx, matching.id, caller.userNo);
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "matching_suggest",
      target: `matching:${matching.id}`,
      detail: { tutorId, score: candidate.score },
      requestId,
    });
    return suggestion;
  });
}

export interface MatchingSummary {
  matching: repo.MatchingRow;
  lecture: LectureRow;
  studentName: string;
  form: ReturnType<typeof formOf>;
  suggestions: repo.SuggestionRow[];
}

async function summaries(db: Database, rows: repo.MatchingRow[]): Promise<MatchingSummary[]> {
  const suggestions = await repo.findSuggestionsOfMatchings(
    db,
    rows.map((r) => r.id),
  );
  const out: MatchingSummary[] = [];
  for (const matching of rows) {
    const lecture = (await findLectureById(db, matching.lectureId))!;
    out.push({
      matching,
      lecture,
      studentName: (await findUserById(db, lecture.userId))?.name ?? "",
      form: formOf(await findRequestByLecture(db, lecture.id)),
      suggestions: suggestions.filter((s) => s.matchingId === matching.id),
    });
  }
  return out;
}

/** matchings (staff): a page of the queue, oldest first. */
export async function listMatchings(
  deps: MatchingDeps,
  caller: AuthUser,
  input: { state: string | null; page: number },
) {
  requireStaff(caller);
  const { rows, total } = await repo.findMatchings(deps.db, {
    state: input.state,
    offset: (input.page - 1) * MATCHING_PAGE_SIZE,
    limit: MATCHING_PAGE_SIZE,
  });
  return { items: await summaries(deps.db, rows), total, now: deps.clock.now() };
}

/** matching (staff): one matching with its request and every suggestion. */
export async function getMatching(deps: MatchingDeps, caller: AuthUser, matchingId: number) {
  requireStaff(caller);
  const matching = await repo.findMatchingById(deps.db, matchingId);
  return matching ? (await summaries(deps.db, [matching]))[0]! : null;
}

// --- tutors ---------------------------------------------------------------------------------

/** mySuggestions (TEACHER): the caller's suggestions, newest first, with what the request says. */
export async function mySuggestions(deps: MatchingDeps, caller: AuthUser) {
  if (caller.userType !== "TEACHER") {
    throw new AppError("forbidden", "not_a_tutor", MATCHING_MESSAGES.tutorOnly);
  }
  const rows = await repo.findSuggestionsOfTutor(deps.db, caller.userNo);
  const out = [];
  for (const suggestion of rows) {
    const matching = (await repo.findMatchingById(deps.db, suggestion.matchingId))!;
    const lecture = (await findLectureById(deps.db, matching.lectureId))!;
    const student = await findUserById(deps.db, lecture.userId);
    out.push({
      suggestion,
      lecture,
      form: formOf(await findRequestByLecture(deps.db, lecture.id)),
      studentName: student?.name ?? "",
    });
  }
  return out;
}

/**
 * respondToSuggestion (the suggested tutor): accept with the weekly slots they can teach (inside
 * the student's schedules) or refuse with a reason, before it expires.
 * @throws not_found suggestion_not_found (also another tutor's); validation; conflict
 *   suggestion_answered | suggestion_expired
 */
export async function respond(
  deps: MatchingDeps,
  caller: AuthUser,
  input: {
    suggestionId: number;
    accept: boolean;
    slots: WeeklyTimeBlock[] | null;
    refusedReason: string | null;
  },
): Promise<repo.SuggestionRow> {
  const missing = () =>
    new AppError("not_found", "suggestion_not_found", MATCHING_MESSAGES.suggestionNotFound);
  return withTransaction(deps.db, async (tx) => {
    const suggestion = await repo.findSuggestionById(tx, input.suggestionId, { forUpdate: true });
    if (!suggestion || suggestion.tutorUserId !== caller.userNo) throw missing();
    const now = deps.clock.now();
    if (suggestion.state === "SUGGESTED" && suggestion.expiresAt <= now) {
      await repo.moveSuggestion(tx, suggestion.id, "SUGGESTED", {
        state: "EXPIRED",
        answeredAt: now,
      });
      throw new AppError("conflict", "suggestion_expired", MATCHING_MESSAGES.suggestionExpired);
    }
    if (suggestion.state !== "SUGGESTED") {
      throw new AppError("conflict", "suggestion_answered", MATCHING_MESSAGES.suggestionAnswered);
    }
    const matching = (await repo.findMatchingById(tx, suggestion.matchingId))!;
    if (matching.state !== "OPEN") {
      throw new AppError("conflict", "matching_closed", MATCHING_MESSAGES.matchingClosed);
    }
    if (input.accept) {
      const slots = input.slots ?? [];
      checkBlocks(slots, "slots", MATCHING_MESSAGES.slotsRequired);
      const form = formOf(await findRequestByLecture(tx, matching.lectureId));
      if (!within(slots, form.schedules)) {
        throw new AppError("validation", "validation_failed", MATCHING_MESSAGES.slotsOutside, [
          { field: "slots", message: MATCHING_MESSAGES.slotsOutside },
        ]);
      }
      return (await repo.moveSuggestion(tx, suggestion.id, "SUGGESTED", {
        state: "ACCEPTED",
        slots,
        answeredAt: now,
      }))!;
    }
    const reason = input.refusedReason?.trim();
    if (!reason) {
      throw new AppError("validation", "validation_failed", MATCHING_MESSAGES.refusedReason, [
        { field: "refusedReason", message: MATCHING_MESSAGES.refusedReason },
      ]);
    }
    return (await repo.moveSuggestion(tx, suggestion.id, "SUGGESTED", {
      state: "REFUSED",
      refusedReason: reason.slice(0, 300),
      answeredAt: now,
    }))!;
  });
}

/** The expiry job: SUGGESTED past 24 h → EXPIRED (the staff queue shows them to the manager). */
export async function expire(deps: Pick<MatchingDeps, "db" | "clock">) {
  const expired = await repo.expireSuggestions(deps.db, deps.clock.now());
  return { processed: expired.length };
}

// --- the family -----------------------------------------------------------------------------

export type ProgressStage = "FORM_NEEDED" | "LOOKING" | "ACCEPTED" | "MATCHED" | "CLOSED";

/** matchingOffers: where the search stands and up to 3 accepted tutors, best first. */
export async function offers(deps: MatchingDeps, caller: AuthUser, lectureId: number) {
  const lecture = await lectureForCaller(deps.db, caller, lectureId);
  const matching = await repo.findLatestMatching(deps.db, lecture.id);
  const suggestions = matching ? await repo.findSuggestionsOfMatchings(deps.db, [matching.id]) : [];
  const accepted =
    matching?.state === "OPEN"
      ? suggestions.filter((s) => s.state === "ACCEPTED").slice(0, MAX_OFFERS_SHOWN)
      : [];
  const tutors =
    matching?.state === "OPEN" ? await findMatchableTutors(deps.db, deps.clock.now()) : [];
  const tutorName = lecture.tutorUserId
    ? (await findUserById(deps.db, lecture.tutorUserId))?.name
    : null;
  let stage: ProgressStage;
  let text: string;
  if (lecture.state === "MATCHED" || lecture.state === "ACTIVE") {
    stage = "MATCHED";
    text = `${tutorName ?? ""} 선생님과 매칭되었어요.`;
  } else if (lecture.state === "REGISTER") {
    stage = "FORM_NEEDED";
    text = "수업 신청서를 보내 주시면 선생님을 찾기 시작해요.";
  } else if (matching?.state === "OPEN" && accepted.length > 0) {
    stage = "ACCEPTED";
    text = `선생님 ${accepted.length}명이 수업을 수락했어요. 선생님을 골라 주세요.`;
  } else if (matching?.state === "OPEN") {
    stage = "LOOKING";
    text = "신청서를 받았어요. 선생님을 찾고 있어요.";
  } else {
    stage = "CLOSED";
    text = "진행 중인 선생님 찾기가 없어요.";
  }
  return {
    lecture,
    stage,
    text,
    offers: accepted.map((s) => ({
      suggestion: s,
      tutor: tutors.find((t) => t.tutorId === s.tutorUserId) ?? null,
    })),
  };
}

/**
 * chooseTutor: the family picks an accepted offer and a weekly plan inside its slots. The
 * lecture row is locked first: of two concurrent choices exactly one wins, the other gets
 * `offer_closed`. The offer → CHOSEN, the rest CLOSED, the matching MATCHED, the lecture
 * READY → MATCHED with the tutor and plan.
 * @throws forbidden not_your_lecture; not_found offer_not_found; validation; conflict offer_closed
 */
export async function chooseTutor(
  deps: MatchingDeps,
  caller: AuthUser,
  offerId: number,
  weeklyPlan: WeeklyTimeBlock[],
  requestId: string | null,
): Promise<LectureRow> {
  checkBlocks(weeklyPlan, "weeklyPlan", MATCHING_MESSAGES.planRequired);
  return withTransaction(deps.db, async (tx) => {
    const notFound = () =>
      new AppError("not_found", "offer_not_found", MATCHING_MESSAGES.offerNotFound);
    const peek = await repo.findSuggestionById(tx, offerId);
    if (!peek) throw notFound();
    const peekMatching = await repo.findMatchingById(tx, peek.matchingId);
    if (!peekMatching) throw notFound();
    const lecture = await lectureForCaller(tx, caller, peekMatching.lectureId, { forUpdate: true });
    const offer = (await repo.findSuggestionById(tx, offerId, { forUpdate: true }))!;
    const matching = (await repo.findMatchingById(tx, offer.matchingId, { forUpdate: true }))!;
    // READY (a first tutor) or REMATCH / REMATCH_B (a tutor change, lecture-changes).
    if (
      offer.state !== "ACCEPTED" ||
      matching.state !== "OPEN" ||
      !CHOOSABLE_LECTURE_STATES.includes(lecture.state)
    ) {
      throw new AppError("conflict", "offer_closed", MATCHING_MESSAGES.offerClosed);
    }
    if (!within(weeklyPlan, (offer.slots ?? []) as WeeklyTimeBlock[])) {
      throw new AppError("validation", "validation_failed", MATCHING_MESSAGES.planOutside, [
        { field: "weeklyPlan", message: MATCHING_MESSAGES.planOutside },
      ]);
    }
    const now = deps.clock.now();
    await repo.moveSuggestion(tx, offer.id, "ACCEPTED", { state: "CHOSEN" });
    await repo.closeOtherSuggestions(tx, matching.id, now, offer.id);
    await repo.closeMatching(tx, matching.id, "MATCHED", now);
    const moved = await moveLecture(deps, tx, {
      lecture,
      to: "MATCHED",
      at: now,
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason: "선생님을 골랐어요.",
      set: { tutorUserId: offer.tutorUserId, weeklyPlan, matchedAt: now },
    });
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      action: "matching_choose",
      target: `lecture:${lecture.id}`,
      detail: { matchingId: matching.id, offerId: offer.id, tutorId: offer.tutorUserId },
      requestId,
    });
    return moved;
  });
}
