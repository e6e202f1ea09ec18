/**
 * The lesson-requests area (issue #13; SPEC.md §3 "Lesson request", §7 hub calls;
 * docs/api/lesson-requests.md): the family's form per lecture — a draft saved as they type,
 * submitted once (the lecture goes REGISTER → READY and a matching opens), withdrawn before a
 * tutor is chosen (READY → REGISTER, the matching closes). The student, a linked parent or staff
 * act; everyone else is refused like an unknown lecture.
 */
import { z } from "zod";
import type { Database } from "@seoltab/db";
import {
  HOW_HEARD,
  LESSON_START_TYPES,
  PROMOTION_TYPES,
  REQUEST_GRADES,
  TERM_SUBJECTS,
  TUTOR_PREFERENCE_TYPES,
  WEAK_TYPES,
  WEEKDAYS,
  defaultLessonRequestForm,
  lessonRequestSubmitProblems,
  seoulDateParts,
  weeklyBlockProblems,
  type LessonRequestForm,
  type LessonRequestState,
} from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { EventBus } from "../../platform/events.ts";
import { initiatorOf } from "../../platform/auth.ts";
import type { FileStorage } from "../../platform/storage.ts";
import { withTransaction } from "../../platform/transactions.ts";
import { checkUpload } from "../../platform/uploads.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import {
  findLectureById,
  findLectureByPaymentItem,
  lectureForCaller,
  moveLecture,
  notYourLecture,
  type LectureRow,
} from "../lectures/lectures.public.ts";
import { findPaymentItemById } from "../payments/payments.public.ts";
import * as repo from "./lesson-requests.repository.ts";

export interface LessonRequestsDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
  storage: FileStorage;
}

export const REQUEST_MESSAGES = {
  incomplete: "수업 신청서에 채워야 할 항목이 있어요.",
  alreadySubmitted: "이미 제출한 수업 신청서예요. 바꾸려면 먼저 신청을 취소해 주세요.",
  notNow: "지금은 수업 신청서를 쓰거나 바꿀 수 없어요. 수업 상태를 확인해 주세요.",
  cannotCancel: "선생님이 정해진 뒤에는 신청을 취소할 수 없어요. 고객센터로 문의해 주세요.",
  notSubmitted: "제출한 수업 신청서만 취소할 수 있어요.",
  requestNotFound: "수업 신청서를 찾을 수 없어요.",
  fileNotFound: "파일을 찾을 수 없어요.",
  fileType: "PDF, JPG, PNG 파일만 올릴 수 있어요.",
  tooManyFiles: "첨부 파일은 5개까지 올릴 수 있어요.",
} as const;

/** Attachments of the form: 학교생활기록부 and 성적표. */
export const REQUEST_FILE_KINDS = ["SCHOOL_RECORD", "GRADE_CARD"] as const;
export type RequestFileKind = (typeof REQUEST_FILE_KINDS)[number];
/** Most attachments per form. */
export const MAX_REQUEST_FILES = 5;

/** Why a form cannot be written for a lecture now (hub /request-form/validation). */
export const VALIDATION_REASONS = {
  NOT_PAID: "결제가 끝난 수업만 신청서를 쓸 수 있어요. 결제를 마친 뒤 다시 시도해 주세요.",
  ALREADY_SUBMITTED: "이미 수업 신청서를 제출했어요. 선생님 매칭을 기다려 주세요.",
  MATCHED: "선생님이 이미 정해진 수업이에요.",
  FINISHED: "끝난 수업이라 신청서를 쓸 수 없어요.",
} as const;
export type ValidationReason = keyof typeof VALIDATION_REASONS;

const block = z.strictObject({
  day: z.enum(WEEKDAYS, { error: "요일은 MON~SUN 중 하나여야 해요." }),
  start: z.string(),
  end: z.string(),
});
const text = (max: number) => z.string().trim().max(max, `${max}자까지 적을 수 있어요.`);

/** saveLessonRequest input: the lecture, and any fields of the form (a draft). */
export const requestInput = z.strictObject({
  lectureId: z.coerce.number().int().positive(),
  userId: z.number().int().positive().nullish(),
  schoolName: text(60).nullish(),
  gradeCode: z.enum(REQUEST_GRADES).nullish(),
  curriculum: text(40).nullish(),
  major: text(40).nullish(),
  lectureSubjectId: z.number().int().positive().nullish(),
  weakTypes: z.array(z.enum(WEAK_TYPES)).max(WEAK_TYPES.length).nullish(),
  tutorPreferenceTypes: z
    .array(z.enum(TUTOR_PREFERENCE_TYPES))
    .max(TUTOR_PREFERENCE_TYPES.length)
    .nullish(),
  lessonStartType: z.enum(LESSON_START_TYPES).nullish(),
  lessonStartDate: z.iso.date("날짜는 YYYY-MM-DD 형식이에요.").nullish(),
  schedules: z.array(block).max(30).nullish(),
  howHeard: z.enum(HOW_HEARD).nullish(),
  promotionType: z.enum(PROMOTION_TYPES).nullish(),
  friendCode: text(30).nullish(),
  hopeDepartment: text(60).nullish(),
  hopeMajor: text(60).nullish(),
  hopeUniversity: text(60).nullish(),
  allGrades: z
    .array(
      z.strictObject({
        grade: z.enum(REQUEST_GRADES),
        terms: z.array(z.number().int().min(-1).max(9)).length(TERM_SUBJECTS.length),
      }),
    )
    .max(REQUEST_GRADES.length)
    .nullish(),
  memo: text(1000).nullish(),
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: issue.path.join(".") || "input",
    message: issue.message,
  }));
  throw new AppError(
    "validation",
    "validation_failed",
    `입력값을 확인해 주세요: ${fields.map((f) => f.field).join(", ")}`,
    fields,
  );
}

/** The stored form with today's defaults for anything missing. */
export function formOf(row: repo.LessonRequestRow | undefined): LessonRequestForm {
  return { ...defaultLessonRequestForm(), ...((row?.form ?? {}) as Partial<LessonRequestForm>) };
}

/** "2026-11-24" in Asia/Seoul. */
function seoulToday(now: Date): string {
  const { year, month, day } = seoulDateParts(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface RequestView {
  request: repo.LessonRequestRow | null;
  lecture: LectureRow;
  form: LessonRequestForm;
  problems: { field: string; message: string }[];
  files: repo.RequestFileRow[];
}

async function viewOf(
  db: Database,
  lecture: LectureRow,
  request: repo.LessonRequestRow | undefined,
  now: Date,
): Promise<RequestView> {
  const form = formOf(request);
  return {
    request: request ?? null,
    lecture,
    form,
    problems: lessonRequestSubmitProblems(form, seoulToday(now)),
    files: request ? await repo.findRequestFiles(db, request.id) : [],
  };
}

/** lessonRequest(lectureId): the form of a lecture (defaults when nothing is saved yet). */
export async function getRequest(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  lectureId: number,
): Promise<RequestView> {
  const lecture = await lectureForCaller(deps.db, caller, lectureId, { tutorToo: true });
  return viewOf(
    deps.db,
    lecture,
    await repo.findRequestByLecture(deps.db, lecture.id),
    deps.clock.now(),
  );
}

/** Lecture states in which the form may be written. */
const WRITABLE: readonly string[] = ["REGISTER"];

/**
 * The lecture's request (made with the default form when it has none yet) while its form may
 * still be written: the request not SUBMITTED, the lecture in a WRITABLE state. Call inside the
 * transaction that locked the lecture.
 * @throws AppError conflict `request_already_submitted` | `transition_not_allowed`
 */
async function writableRequest(
  tx: Parameters<typeof repo.ensureRequest>[0],
  lecture: { id: number; state: string },
  now: Date,
): Promise<repo.LessonRequestRow> {
  const request = await repo.ensureRequest(
    tx,
    lecture.id,
    defaultLessonRequestForm() as never,
    now,
  );
  if (request.state === "SUBMITTED") {
    throw new AppError("conflict", "request_already_submitted", REQUEST_MESSAGES.alreadySubmitted);
  }
  if (!WRITABLE.includes(lecture.state)) {
    throw new AppError("conflict", "transition_not_allowed", REQUEST_MESSAGES.notNow);
  }
  return request;
}

/**
 * The row a conditional state write returned; undefined (another writer moved the locked row
 * first, which the row lock makes unexpected) is answered as a conflict.
 */
function requestRow(row: repo.LessonRequestRow | undefined): repo.LessonRequestRow {
  if (!row) throw new AppError("conflict", "transition_not_allowed", REQUEST_MESSAGES.notNow);
  return row;
}

/**
 * saveLessonRequest: merges the given fields into the draft (left out: kept; null: default).
 * @throws AppError validation_failed; forbidden not_your_lecture; conflict
 *   `request_already_submitted` | `transition_not_allowed`
 */
export async function saveRequest(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  raw: unknown,
): Promise<RequestView> {
  const input = parse(requestInput, raw);
  if (input.schedules) {
    const problems = weeklyBlockProblems(input.schedules);
    if (problems.length > 0) {
      throw new AppError(
        "validation",
        "validation_failed",
        problems[0]!,
        problems.map((message) => ({ field: "schedules", message })),
      );
    }
  }
  return withTransaction(deps.db, async (tx) => {
    const lecture = await lectureForCaller(tx, caller, input.lectureId, { forUpdate: true });
    if (input.userId && input.userId !== lecture.userId) throw notYourLecture();
    const now = deps.clock.now();
    const request = await writableRequest(tx, lecture, now);
    const form = formOf(request) as unknown as Record<string, unknown>;
    const defaults = defaultLessonRequestForm() as unknown as Record<string, unknown>;
    const { lectureId: _l, userId: _u, allGrades, ...fields } = input;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      form[key] =
        value === null
          ? defaults[key]
          : Array.isArray(value)
            ? [...new Set(value as unknown[])]
            : value;
    }
    if (allGrades !== undefined) {
      form.allGrades =
        allGrades === null
          ? defaults.allGrades
          : (formOf(request).allGrades.map((g) => {
              const given = allGrades.find((x) => x.grade === g.grade);
              return given
                ? {
                    grade: g.grade,
                    terms: Object.fromEntries(TERM_SUBJECTS.map((s, i) => [s, given.terms[i]!])),
                  }
                : g;
            }) as unknown);
    }
    const saved = requestRow(
      await repo.moveRequest(
        tx,
        request.id,
        { from: request.state as LessonRequestState, to: "DRAFT" },
        { form, filledByUserId: caller.userNo, updatedAt: now },
      ),
    );
    return viewOf(tx, lecture, saved, now);
  });
}

/**
 * submitLessonRequest: DRAFT → SUBMITTED with the lecture REGISTER → READY, and
 * `lesson-request.submitted` (matching opens a NEW matching), in one transaction.
 * @throws AppError validation `request_incomplete` (fields); conflict
 *   `request_already_submitted` | `transition_not_allowed`
 */
export async function submitRequest(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  lectureId: number,
): Promise<RequestView> {
  return withTransaction(deps.db, async (tx) => {
    const lecture = await lectureForCaller(tx, caller, lectureId, { forUpdate: true });
    const now = deps.clock.now();
    const request = await writableRequest(tx, lecture, now);
    const problems = lessonRequestSubmitProblems(formOf(request), seoulToday(now));
    if (problems.length > 0) {
      throw new AppError(
        "validation",
        "request_incomplete",
        `${REQUEST_MESSAGES.incomplete} ${problems.map((p) => p.message).join(" ")}`,
        problems,
      );
    }
    const submitted = requestRow(
      await repo.moveRequest(
        tx,
        request.id,
        { from: request.state as LessonRequestState, to: "SUBMITTED" },
        { submittedAt: now, cancelledAt: null, filledByUserId: caller.userNo, updatedAt: now },
      ),
    );
    const moved = await moveLecture(deps, tx, {
      lecture,
      to: "READY",
      at: now,
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason: "수업 신청서를 받았어요.",
    });
    await deps.events.emit(tx, "lesson-request.submitted", {
      request: submitted,
      lecture: moved,
      at: now,
    });
    return viewOf(tx, moved, submitted, now);
  });
}

/**
 * PATCH /hub/request-form/cancel {id}: withdraws a submitted form before a tutor is chosen
 * (lecture READY → REGISTER; `lesson-request.cancelled` closes the matching).
 * @throws AppError not_found `request_not_found` (also someone else's); conflict
 *   `request_not_submitted` | `request_not_cancellable`
 */
export async function cancelRequest(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  requestId: number,
): Promise<repo.LessonRequestRow> {
  return withTransaction(deps.db, async (tx) => {
    const request = await repo.findRequestById(tx, requestId, { forUpdate: true });
    const missing = () =>
      new AppError("not_found", "request_not_found", REQUEST_MESSAGES.requestNotFound);
    if (!request) throw missing();
    const lecture = await findLectureById(tx, request.lectureId, { forUpdate: true });
    if (!lecture || !(await mayActFor(tx, caller, lecture.userId))) throw missing();
    if (request.state !== "SUBMITTED") {
      throw new AppError("conflict", "request_not_submitted", REQUEST_MESSAGES.notSubmitted);
    }
    if (lecture.state !== "READY") {
      throw new AppError("conflict", "request_not_cancellable", REQUEST_MESSAGES.cannotCancel);
    }
    const now = deps.clock.now();
    const cancelled = requestRow(
      await repo.moveRequest(
        tx,
        request.id,
        { from: "SUBMITTED", to: "CANCELLED" },
        { cancelledAt: now, updatedAt: now },
      ),
    );
    const moved = await moveLecture(deps, tx, {
      lecture,
      to: "REGISTER",
      at: now,
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason: "수업 신청을 취소했어요.",
    });
    await deps.events.emit(tx, "lesson-request.cancelled", {
      request: cancelled,
      lecture: moved,
      at: now,
    });
    return cancelled;
  });
}

/**
 * POST /hub/request-form/validation {lectureVtNo}: whether a form can be written for the lecture
 * line now, and why not (NOT_PAID, ALREADY_SUBMITTED, MATCHED, FINISHED).
 * @throws AppError forbidden `not_your_lecture` (also for an unknown line)
 */
export async function validateForm(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  lectureVtNo: number,
): Promise<{
  valid: boolean;
  reason: ValidationReason | null;
  lecture: LectureRow | null;
  request: repo.LessonRequestRow | null;
}> {
  const lecture = await findLectureByPaymentItem(deps.db, lectureVtNo);
  if (!lecture) {
    const line = await findPaymentItemById(deps.db, lectureVtNo);
    if (
      !line ||
      line.item.itemKind !== "LECTURE" ||
      !(await mayActFor(deps.db, caller, line.payment.userId))
    ) {
      throw notYourLecture();
    }
    return { valid: false, reason: "NOT_PAID", lecture: null, request: null };
  }
  if (!(await mayActFor(deps.db, caller, lecture.userId))) throw notYourLecture();
  const request = (await repo.findRequestByLecture(deps.db, lecture.id)) ?? null;
  const reason: ValidationReason | null = ["FINISH", "AUTO_FINISH", "DONE"].includes(lecture.state)
    ? "FINISHED"
    : request?.state === "SUBMITTED"
      ? lecture.state === "READY"
        ? "ALREADY_SUBMITTED"
        : "MATCHED"
      : lecture.state === "REGISTER"
        ? null
        : lecture.state === "NOPAY" || lecture.state === "NOCARD"
          ? "NOT_PAID"
          : "MATCHED";
  return { valid: reason === null, reason, lecture, request };
}

/**
 * An attachment of the form (학교생활기록부 SCHOOL_RECORD, 성적표 GRADE_CARD): PDF, JPEG or PNG up
 * to 10 MB, checked by its bytes, while the form can be written (at most MAX_REQUEST_FILES).
 * @throws AppError forbidden not_your_lecture; validation / unsupported_media_type /
 *   payload_too_large (platform/uploads.ts); conflict request_already_submitted |
 *   transition_not_allowed | too_many_files
 */
export async function uploadAttachment(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  input: {
    lectureId: number;
    kind: RequestFileKind;
    bytes: Buffer;
    claimedType: string | undefined;
  },
): Promise<repo.RequestFileRow> {
  await lectureForCaller(deps.db, caller, input.lectureId);
  const checked = await checkUpload({
    bytes: input.bytes,
    claimedType: input.claimedType,
    allowed: ["application/pdf", "image/jpeg", "image/png"],
    notAllowedMessage: REQUEST_MESSAGES.fileType,
  });
  const key = await deps.storage.put("lesson-requests", input.bytes);
  try {
    return await withTransaction(deps.db, async (tx) => {
      const lecture = await lectureForCaller(tx, caller, input.lectureId, { forUpdate: true });
      const now = deps.clock.now();
      const request = await writableRequest(tx, lecture, now);
      if ((await repo.findRequestFiles(tx, request.id)).length >= MAX_REQUEST_FILES) {
        throw new AppError("conflict", "too_many_files", REQUEST_MESSAGES.tooManyFiles);
      }
      return repo.insertRequestFile(tx, {
        lessonRequestId: request.id,
        kind: input.kind,
        storageKey: key,
        contentType: checked.contentType,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        createdAt: now,
      });
    });
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
}

/**
 * The bytes of an attachment: the family, the lecture's tutor and staff; anyone else 404 (as an
 * unknown id).
 * @throws AppError not_found `file_not_found`
 */
export async function readAttachment(
  deps: LessonRequestsDeps,
  caller: AuthUser,
  fileId: number,
): Promise<{ file: repo.RequestFileRow; bytes: Buffer }> {
  const missing = () => new AppError("not_found", "file_not_found", REQUEST_MESSAGES.fileNotFound);
  const file = await repo.findRequestFile(deps.db, fileId);
  if (!file) throw missing();
  const request = await repo.findRequestById(deps.db, file.lessonRequestId);
  if (!request) throw missing();
  try {
    await lectureForCaller(deps.db, caller, request.lectureId, { tutorToo: true });
  } catch {
    throw missing();
  }
  const bytes = await deps.storage.get(file.storageKey);
  if (!bytes) throw missing();
  return { file, bytes };
}
