/**
 * The diagnosis area's rules (issue #20; docs/api/diagnosis.md, docs/decisions/033-diagnosis.md):
 * level tests from the repository's item banks, attempts a guest or an account takes, one
 * submission scored per unit, the report, and who may read it.
 *
 * Who may use an attempt:
 * - its attempt token (the guest's key, 43 characters, kept by the browser; stored only as its
 *   SHA-256) while the attempt is not claimed by an account;
 * - the account it belongs to, a linked parent, staff, and the tutor of any lecture of that
 *   student (matched: the lecture has that tutor) — for reading the report.
 * Anyone else gets the same answer as for an id that does not exist (not_found
 * `diagnosis_not_found`), so ids cannot be probed.
 */
import type { Database } from "@seoltab/db";
import {
  DIAGNOSIS_SUBJECTS,
  DIAGNOSIS_SCHOOL_LEVELS,
  scoreDiagnosis,
  type DiagnosisAttemptState,
  type DiagnosisScore,
} from "@seoltab/domain/diagnosis";
import { LEVEL_TESTS, levelTestsFor, type LevelTest } from "@seoltab/domain/diagnosis-content";
import { z } from "zod";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../platform/validation.ts";
import { withTransaction } from "../../platform/transactions.ts";
import {
  OPAQUE_TOKEN_SHAPE,
  findChildren,
  mayActFor,
  newOpaqueToken,
  sha256Hex,
  type AuthUser,
} from "../accounts/accounts.public.ts";
import { findLecturesOfUser, lectureForCaller } from "../lectures/lectures.public.ts";
import * as repo from "./diagnosis.repository.ts";

export interface DiagnosisDeps {
  db: Database;
  clock: Clock;
}

export const DIAGNOSIS_MESSAGES = {
  testNotFound: "찾는 진단을 찾을 수 없어요. 과목과 학년을 다시 골라 주세요.",
  notFound: "진단 결과를 찾을 수 없어요. 주소를 다시 확인하거나 진단을 새로 시작해 주세요.",
  alreadySubmitted: "이미 제출한 진단이에요. 결과 리포트에서 확인해 주세요.",
  notSubmitted: "아직 제출하지 않은 진단이에요. 문항을 모두 푼 뒤 제출해 주세요.",
  itemNotInAttempt:
    "이 진단에 없는 문항의 답이 들어 있어요. 화면을 새로 고친 뒤 다시 제출해 주세요.",
  choiceOutOfRange: "고를 수 없는 보기 번호가 들어 있어요. 다시 골라 주세요.",
  duplicateItem: "같은 문항의 답이 두 번 들어 있어요. 다시 제출해 주세요.",
  signInToKeep: "진단 결과를 계정에 저장하려면 로그인해 주세요.",
} as const;

export function diagnosisNotFound(): AppError {
  return new AppError("not_found", "diagnosis_not_found", DIAGNOSIS_MESSAGES.notFound);
}

const idText = z.string().regex(/^\d{1,15}$/, "진단 번호가 올바르지 않아요.");
const tokenText = z.string().regex(OPAQUE_TOKEN_SHAPE, "진단 키가 올바르지 않아요.");

const testsInput = z.object({
  subject: z.enum(DIAGNOSIS_SUBJECTS, "과목은 MATH, KOREAN, ENGLISH 중 하나여야 해요."),
  schoolLevel: z.enum(DIAGNOSIS_SCHOOL_LEVELS, "학교급은 MIDDLE 또는 HIGH여야 해요."),
});

const startInput = z.object({
  testId: z.string().min(1, "진단을 골라 주세요.").max(40, "진단 번호가 너무 길어요."),
});

const submitInput = z.object({
  attemptId: idText,
  attemptToken: tokenText.nullish(),
  answers: z
    .array(
      z.object({
        itemId: z.string().min(1).max(20, "문항 번호가 너무 길어요."),
        choice: z.number().int().min(0, "보기 번호가 올바르지 않아요.").nullable(),
      }),
    )
    .max(100, "답이 너무 많아요."),
});

const reportInput = z.object({ id: idText, attemptToken: tokenText.nullish() });
const claimInput = z.object({ attemptId: idText, attemptToken: tokenText });

/** The level tests of a subject and school level. @throws AppError validation */
export function diagnosisTests(input: unknown): LevelTest[] {
  const { subject, schoolLevel } = parseInput(testsInput, input);
  return levelTestsFor(subject, schoolLevel);
}

/** A started attempt as its taker gets it: the token (shown once) and the test. */
export interface StartedAttempt {
  row: repo.DiagnosisAttemptRow;
  attemptToken: string;
  test: LevelTest;
}

/**
 * Starts `testId` for `caller` (null: a guest). The attempt token is returned once and stored
 * only as its SHA-256.
 * @throws AppError validation; not_found `diagnosis_test_not_found`
 */
export async function startDiagnosis(
  deps: DiagnosisDeps,
  caller: AuthUser | null,
  input: unknown,
): Promise<StartedAttempt> {
  const { testId } = parseInput(startInput, input);
  const test = LEVEL_TESTS.get(testId);
  if (!test) {
    throw new AppError("not_found", "diagnosis_test_not_found", DIAGNOSIS_MESSAGES.testNotFound);
  }
  const attemptToken = newOpaqueToken();
  const row = await repo.insertAttempt(deps.db, {
    testId: test.id,
    subject: test.subject,
    schoolLevel: test.schoolLevel,
    itemIds: test.items.map((i) => i.id),
    tokenHash: sha256Hex(attemptToken),
    userId: caller?.userNo ?? null,
    at: deps.clock.now(),
  });
  return { row, attemptToken, test };
}

/** The test an attempt was started from (its items; the content lives in the repository). */
export function testOf(row: repo.DiagnosisAttemptRow): LevelTest {
  const test = LEVEL_TESTS.get(row.testId);
  if (!test)
    throw new AppError("internal", "diagnosis_test_missing", "진단 문항을 찾을 수 없어요.");
  return test;
}

/** Whether the token opens the attempt: it matches and no account has claimed the attempt. */
function tokenOpens(row: repo.DiagnosisAttemptRow, token: string | null | undefined): boolean {
  return Boolean(token) && row.claimedAt === null && sha256Hex(token!) === row.tokenHash;
}

/**
 * Whether `caller` may read the report of an attempt that belongs to an account: the account,
 * a linked parent, staff, or a tutor matched with that student (a lecture with that tutor).
 */
async function accountMayRead(
  db: Database,
  caller: AuthUser,
  ownerUserId: number,
): Promise<boolean> {
  if (await mayActFor(db, caller, ownerUserId)) return true;
  const lectures = await findLecturesOfUser(db, ownerUserId);
  return lectures.some((l) => l.tutorUserId === caller.userNo);
}

/**
 * Scores and records the answers of an attempt, once.
 * @throws AppError validation (shape, duplicate item, item not in the attempt, choice out of
 *   range: nothing written); not_found `diagnosis_not_found` (unknown, or not the caller's);
 *   conflict `diagnosis_already_submitted` (a finished attempt, or a concurrent submission won)
 */
export async function submitDiagnosis(
  deps: DiagnosisDeps,
  caller: AuthUser | null,
  input: unknown,
): Promise<repo.DiagnosisAttemptRow> {
  const parsed = parseInput(submitInput, input);
  const attemptId = Number(parsed.attemptId);
  return withTransaction(deps.db, async (tx) => {
    const row = await repo.findAttempt(tx, attemptId, { forUpdate: true });
    if (!row) throw diagnosisNotFound();
    const own = caller !== null && row.userId === caller.userNo;
    if (!own && !tokenOpens(row, parsed.attemptToken)) throw diagnosisNotFound();
    if (row.state !== "STARTED") {
      throw new AppError(
        "conflict",
        "diagnosis_already_submitted",
        DIAGNOSIS_MESSAGES.alreadySubmitted,
      );
    }
    const test = testOf(row);
    const byId = new Map(
      test.items.filter((i) => row.itemIds.includes(i.id)).map((i) => [i.id, i]),
    );
    const answers: Record<string, number | null> = {};
    for (const { itemId, choice } of parsed.answers) {
      const item = byId.get(itemId);
      if (!item) {
        throw new AppError(
          "validation",
          "diagnosis_item_not_in_attempt",
          DIAGNOSIS_MESSAGES.itemNotInAttempt,
          [{ field: "answers", message: `${itemId}: ${DIAGNOSIS_MESSAGES.itemNotInAttempt}` }],
        );
      }
      if (itemId in answers) {
        throw new AppError(
          "validation",
          "diagnosis_duplicate_item",
          DIAGNOSIS_MESSAGES.duplicateItem,
        );
      }
      if (choice !== null && choice >= item.choices.length) {
        throw new AppError(
          "validation",
          "diagnosis_choice_out_of_range",
          DIAGNOSIS_MESSAGES.choiceOutOfRange,
        );
      }
      answers[itemId] = choice;
    }
    const items = row.itemIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const result = scoreDiagnosis(items, answers, test.units);
    const done = await repo.markSubmitted(tx, {
      id: row.id,
      from: row.state as DiagnosisAttemptState,
      answers,
      result,
      at: deps.clock.now(),
    });
    if (!done) {
      throw new AppError(
        "conflict",
        "diagnosis_already_submitted",
        DIAGNOSIS_MESSAGES.alreadySubmitted,
      );
    }
    return done;
  });
}

/**
 * The submitted attempt `id` when the caller may read it (see the top of this file).
 * @throws AppError validation; not_found `diagnosis_not_found`; conflict `diagnosis_not_submitted`
 */
export async function diagnosisReport(
  deps: DiagnosisDeps,
  caller: AuthUser | null,
  input: unknown,
): Promise<repo.DiagnosisAttemptRow> {
  const parsed = parseInput(reportInput, input);
  const row = await repo.findAttempt(deps.db, Number(parsed.id));
  if (!row) throw diagnosisNotFound();
  const allowed =
    tokenOpens(row, parsed.attemptToken) ||
    (caller !== null && row.userId !== null && (await accountMayRead(deps.db, caller, row.userId)));
  if (!allowed) throw diagnosisNotFound();
  if (row.state !== "SUBMITTED" || !row.result) {
    throw new AppError("conflict", "diagnosis_not_submitted", DIAGNOSIS_MESSAGES.notSubmitted);
  }
  return row;
}

/** The result of a submitted row, typed as the domain's score. */
export function resultOf(row: repo.DiagnosisAttemptRow): DiagnosisScore {
  return row.result as DiagnosisScore;
}

/**
 * The caller's submitted diagnoses, newest first; a parent's include their linked children's.
 */
export async function myDiagnoses(
  deps: DiagnosisDeps,
  caller: AuthUser,
): Promise<repo.DiagnosisAttemptRow[]> {
  const ids = [caller.userNo];
  if (caller.userType === "PARENT") {
    ids.push(...(await findChildren(deps.db, caller.userNo)).map((c) => c.id));
  }
  return repo.findSubmittedOfUsers(deps.db, ids);
}

/**
 * Keeps a guest's attempt on the caller's account (called by the web after sign-in or join,
 * with the attempt id and token the browser kept). Claiming one's own attempt again is
 * harmless; an attempt another account holds, a wrong token or an unknown id: not_found.
 * @throws AppError validation; not_found `diagnosis_not_found`
 */
export async function claimDiagnosis(
  deps: DiagnosisDeps,
  caller: AuthUser,
  input: unknown,
): Promise<repo.DiagnosisAttemptRow> {
  const parsed = parseInput(claimInput, input);
  const row = await repo.claimAttempt(deps.db, {
    id: Number(parsed.attemptId),
    tokenHash: sha256Hex(parsed.attemptToken),
    userId: caller.userNo,
    at: deps.clock.now(),
  });
  if (!row) throw diagnosisNotFound();
  return row;
}

/**
 * The submitted diagnoses of a lecture's student, for the lecture's family, its tutor and
 * staff (the tutor sees them once matched: the lecture names the tutor).
 * @throws AppError forbidden `not_your_lecture` (also for an unknown lecture)
 */
export async function studentDiagnoses(
  deps: DiagnosisDeps,
  caller: AuthUser,
  lectureId: number,
): Promise<repo.DiagnosisAttemptRow[]> {
  const lecture = await lectureForCaller(deps.db, caller, lectureId, { tutorToo: true });
  return repo.findSubmittedOfUsers(deps.db, [lecture.userId]);
}

/** How long an attempt may stay unsubmitted before the clean-up job deletes it: 7 days (ms). */
export const UNSUBMITTED_ATTEMPT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many attempts are deleted per run (the job runs every minute). */
export const PRUNE_BATCH = 500;

/**
 * The `diagnosis-attempts-prune` job (decision 033): deletes attempts started more than
 * UNSUBMITTED_ATTEMPT_TTL_MS ago and never submitted (a guest who left the test; they hold
 * no answers and no result), at most PRUNE_BATCH per run, oldest first. Submitted attempts are
 * never touched. Safe to run twice or beside a submission (conditional delete, SKIP LOCKED).
 * @returns `processed`: how many attempts were deleted
 */
export async function pruneUnsubmittedAttempts(
  deps: DiagnosisDeps,
  options: { ttlMs?: number; limit?: number } = {},
): Promise<{ processed: number }> {
  const before = new Date(
    deps.clock.now().getTime() - (options.ttlMs ?? UNSUBMITTED_ATTEMPT_TTL_MS),
  );
  const deleted = await repo.deleteUnsubmittedBefore(deps.db, before, options.limit ?? PRUNE_BATCH);
  return { processed: deleted.length };
}
