/**
 * The tutor-applications area (issue #12; SPEC.md §1, §3 "Tutor resume and application";
 * DESIGN.md §9 "Tutors"; docs/api/tutor-applications.md): a tutor's resume draft, submission,
 * documents and voice answer, the staff pipeline (packages/domain TUTOR_APPLICATION_TRANSITIONS),
 * the two record checks, the signed tutor agreement and the profile after ACTIVE.
 *
 * Who may act: the applicant (a TEACHER account) on their own application; staff (ADMIN,
 * SALES_TEAM) on every application. Anyone else's application answers like an unknown one.
 * Every state write is conditional (repository `moveApplication`), recorded as a transition and,
 * for staff, as an EXECUTION audit entry.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import {
  BACKGROUND_CHECK_KINDS,
  BACKGROUND_CHECK_RESULTS,
  HIGH_SCHOOL_TYPES,
  PUSH_SWITCHES,
  TUTOR_APPLICANT_ACTION_STATES,
  TUTOR_APPLICATION_STATES,
  TUTOR_BIO_MAX,
  TUTOR_CLASS_TYPES,
  TUTOR_DECISIONS,
  TUTOR_FILE_KINDS,
  TUTOR_FILE_MAX_BYTES,
  TUTOR_FILE_TYPES,
  TUTOR_REAPPLY_COOLDOWN_DAYS,
  TUTOR_REAPPLY_STATES,
  TUTOR_STALLED_AFTER_DAYS,
  TUTOR_VOICE_MAX_SECONDS,
  UNIVERSITY_STATUSES,
  WEEKDAYS,
  WIFI_ROUTERS,
  activationBlockers,
  defaultTutorResume,
  formatSeoulDate,
  isStaffUserType,
  nextTutorApplicationState,
  resumeSubmitProblems,
  tutorAgreementDocument,
  weeklyBlockProblems,
  type BackgroundCheckKind,
  type BackgroundCheckResult,
  type TutorApplicationState,
  type TutorDecision,
  type TutorFileKind,
  type TutorResume,
} from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import type { EventBus } from "../../platform/events.ts";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { FileTooLargeError, isStorageKey, type FileStorage } from "../../platform/storage.ts";
import { UPLOAD_MESSAGES, checkUpload } from "../../platform/uploads.ts";
import { afterCommit, withTransaction } from "../../platform/transactions.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { consumeVerification, findUserById } from "../accounts/accounts.public.ts";
import * as repo from "./tutor-applications.repository.ts";

export interface TutorApplicationsDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  /** Emits `tutor-application.moved` (messages tell the applicant). */
  events?: EventBus;
  /** TERM_TAXONOMY_IDs a resume may name (the INGANG taxonomy). */
  subjectIds(): Promise<ReadonlySet<number>>;
}

/**
 * Moves an application (repo.moveApplication: conditional on `from`, with a transition row) and
 * emits `tutor-application.moved` in the same transaction when it moved.
 */
async function moveAndAnnounce(
  deps: Pick<TutorApplicationsDeps, "events">,
  tx: Database,
  input: Parameters<typeof repo.moveApplication>[1],
): Promise<boolean> {
  const moved = await repo.moveApplication(tx, input);
  const row = moved ? await repo.findApplicationById(tx, input.id) : undefined;
  if (row && deps.events) {
    await deps.events.emit(tx, "tutor-application.moved", {
      applicationId: row.id,
      userId: row.userId,
      from: input.from,
      to: input.to,
      reason: input.reason,
      at: input.now,
    });
  }
  return moved;
}

/** Where a request came from (signatures and audit entries). */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Applications per page of the staff queue. */
export const QUEUE_PAGE_SIZE = 20;

/** Korean messages of this area's errors (codes in docs/api/tutor-applications.md). */
export const TUTOR_MESSAGES = {
  notATutor: "선생님 계정으로 로그인해야 지원할 수 있어요.",
  notFound: "지원서를 찾을 수 없어요.",
  fileNotFound: "파일을 찾을 수 없어요.",
  staffOnly: "운영팀만 할 수 있는 일이에요.",
  ownApplication: "자신의 지원서는 심사할 수 없어요.",
  resumeLocked: "지금은 지원서를 고칠 수 없어요. 심사가 끝난 뒤 다시 지원할 때 고칠 수 있어요.",
  notReady: "지원서에 채워야 할 항목이 있어요.",
  cooldown: (date: string) => `${date}부터 다시 지원할 수 있어요.`,
  notAllowed: "지금 단계에서는 할 수 없는 일이에요. 화면을 새로 고친 뒤 다시 확인해 주세요.",
  decisionNotAllowed:
    "지금 단계에서는 할 수 없는 결정이에요. 단계를 건너뛸 수 없어요: 현재 단계를 확인해 주세요.",
  reasonRequired: "불합격·중지·종료에는 지원자에게 보여 줄 사유를 적어 주세요.",
  activationBlocked: (blockers: string[]) => `아직 활동을 시작할 수 없어요: ${blockers.join(" ")}`,
  noConsent: "지원자가 경력 조회에 동의하지 않았어요. 동의를 받은 뒤 기록해 주세요.",
  checkNotNow: "지원서를 제출한 뒤부터 경력 조회 결과를 기록할 수 있어요.",
  fileType: "PDF, JPG, PNG 파일만 올릴 수 있어요.",
  audioType: "음성 파일(webm, ogg, mp3, m4a, wav)만 올릴 수 있어요.",
  voiceTooLong: "음성 답변은 3분까지 녹음할 수 있어요.",
  noVoice: "음성 답변을 먼저 녹음하거나 올려 주세요.",
  notAgreed: "계약 내용에 동의해야 서명할 수 있어요.",
  signerName: "서명할 이름을 1~50자로 적어 주세요.",
  notEnrolled: "휴학·졸업 상태에서는 새 학생을 받을 수 없어요. 재학 상태를 확인해 주세요.",
  profileNotNow: "활동 중이거나 일시 중지된 선생님만 프로필을 바꿀 수 있어요.",
  deleteNotNow: "활동 중인 선생님은 지원서를 삭제할 수 없어요. 운영팀에 활동 종료를 요청해 주세요.",
  unknownSubject: "알 수 없는 과목이 있어요. 과목 목록에서 골라 주세요.",
  uploadNotFound: "올린 파일을 확인할 수 없어요. 파일을 다시 골라 올려 주세요.",
  uploadMissing: "파일이 아직 올라가지 않았어요. 다시 올려 주세요.",
  tooManyUploads: "파일을 너무 여러 번 올렸어요. 잠시 후 다시 시도해 주세요.",
} as const;

// --- input shapes ------------------------------------------------------------------------------

const blockInput = z.strictObject({
  day: z.enum(WEEKDAYS, { error: "요일은 MON~SUN 중 하나여야 해요." }),
  start: z.string(),
  end: z.string(),
});
const year = z.number().int().min(1900).max(2100);
const text = (max: number) => z.string().trim().max(max, `${max}자까지 적을 수 있어요.`);

/** saveTutorResume input: every field optional (a draft), each checked for its shape. */
export const resumeInput = z.strictObject({
  name: text(50).nullish(),
  phoneVerificationToken: z.string().max(200).nullish(),
  birthYear: year.nullish(),
  highSchoolType: z.enum(HIGH_SCHOOL_TYPES).nullish(),
  universityStatus: z.enum(UNIVERSITY_STATUSES).nullish(),
  enterYear: year.nullish(),
  university: text(60).nullish(),
  major: text(60).nullish(),
  subjects: z.array(z.number().int().positive()).max(38).nullish(),
  availableTimes: z.array(blockInput).max(50).nullish(),
  classTypes: z.array(z.enum(TUTOR_CLASS_TYPES)).max(2).nullish(),
  zonecode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "우편번호는 숫자 5자리예요.")
    .nullish(),
  address: text(200).nullish(),
  addressDetail: text(100).nullish(),
  wifiRouter: z.enum(WIFI_ROUTERS).nullish(),
  bio: text(TUTOR_BIO_MAX).nullish(),
  privacyOptIn: z.boolean().nullish(),
  marketingOptIn: z.boolean().nullish(),
  pushSwitches: z.array(z.enum(PUSH_SWITCHES)).max(PUSH_SWITCHES.length).nullish(),
  backgroundCheckConsent: z.boolean().nullish(),
});
export type ResumeInput = z.infer<typeof resumeInput>;

export const decideInput = z.strictObject({
  applicationId: z.coerce.number().int().positive(),
  decision: z.enum([...TUTOR_DECISIONS, ...TUTOR_APPLICATION_STATES]),
  reason: z.string().trim().max(500).nullish(),
  score: z.number().int().min(0, "점수는 0~100 이에요.").max(100, "점수는 0~100 이에요.").nullish(),
});

export const checkInput = z.strictObject({
  applicationId: z.coerce.number().int().positive(),
  kind: z.enum(BACKGROUND_CHECK_KINDS),
  result: z.enum(BACKGROUND_CHECK_RESULTS),
  requestedAt: z.iso.datetime({ offset: true }).nullish(),
  reference: z.string().trim().max(100).nullish(),
});

export const profileInput = z.strictObject({
  matchingAvailable: z.boolean().nullish(),
  universityStatus: z.enum(UNIVERSITY_STATUSES).nullish(),
  subjects: z.array(z.number().int().positive()).min(1).max(38).nullish(),
  availableTimes: z.array(blockInput).min(1).max(50).nullish(),
  classTypes: z.array(z.enum(TUTOR_CLASS_TYPES)).min(1).max(2).nullish(),
});

export { parseInput } from "../../platform/validation.ts";
import { parseInput } from "../../platform/validation.ts";

// --- views -----------------------------------------------------------------------------------

/** What myTutorApplication / tutorApplication return (staff see scores; applicants do not). */
export interface TutorApplicationView {
  row: repo.TutorApplicationRow;
  resume: TutorResume;
  files: repo.TutorFileRow[];
  checks: repo.BackgroundCheckRow[];
  agreement: repo.TutorAgreementRow | undefined;
  transitions: repo.TutorTransitionRow[];
  account: { name: string; email: string };
  /** The caller is staff (scores and actor ids are shown). */
  staffView: boolean;
  now: Date;
}

/** The stored resume with today's defaults for anything missing. */
export function resumeOf(row: repo.TutorApplicationRow): TutorResume {
  return { ...defaultTutorResume(), ...(row.resume as Partial<TutorResume>) };
}

function latestFile(files: repo.TutorFileRow[], kind: TutorFileKind, since?: Date | null) {
  return files.find((f) => f.kind === kind && (!since || f.createdAt >= since));
}

export function activationFacts(
  view: Pick<TutorApplicationView, "files" | "checks" | "agreement">,
) {
  return {
    hasEnrollmentProof: latestFile(view.files, "ENROLLMENT_PROOF") !== undefined,
    checks: Object.fromEntries(view.checks.map((c) => [c.kind, c.result])) as Partial<
      Record<BackgroundCheckKind, BackgroundCheckResult>
    >,
    agreementSigned: view.agreement !== undefined,
  };
}

/**
 * What the status page tells the applicant to do next in each state, and which deadline goes
 * with it: "stalled" (the state change plus TUTOR_STALLED_AFTER_DAYS), "reapply" (the day they
 * may apply again) or none.
 */
const NOT_THIS_TIME = {
  text: "아쉽지만 이번에는 함께하지 못해요. 다시 지원할 수 있는 날부터 지원서를 고쳐 제출할 수 있어요.",
  deadline: "reapply",
} as const;
const NEXT_ACTIONS: Record<
  TutorApplicationState,
  { text: string; deadline?: "stalled" | "reapply" }
> = {
  JOIN: { text: "지원서를 채우고 재학증명서를 올린 뒤 제출해 주세요." },
  SUBMITTED: { text: "운영팀이 서류를 검토하고 있어요. 결과를 기다려 주세요." },
  DOCUMENTS_OK: { text: "음성 답변을 녹음하거나 올려서 제출해 주세요.", deadline: "stalled" },
  VOICE_SUBMITTED: { text: "운영팀이 음성 답변을 듣고 있어요. 결과를 기다려 주세요." },
  GPASS: { text: "곧 선생님 계약서를 보내 드려요." },
  CONTRACT: { text: "선생님 계약서를 읽고 서명해 주세요.", deadline: "stalled" },
  ACTIVE: { text: "매칭 받기를 켜 두면 새 학생을 소개받을 수 있어요." },
  PAUSED: { text: "활동이 잠시 멈춰 있어요. 다시 시작하려면 운영팀에 알려 주세요." },
  NOGOOD: NOT_THIS_TIME,
  NPASS: NOT_THIS_TIME,
  ENDED: { text: "선생님 활동이 끝났어요." },
};

/** The applicant's next action and its deadline (status page). */
export function nextActionOf(
  state: TutorApplicationState,
  stateChangedAt: Date,
  reapplyAfter: Date | null,
): { text: string; deadline: Date | null } {
  const next = NEXT_ACTIONS[state];
  const deadline =
    next.deadline === "stalled"
      ? new Date(stateChangedAt.getTime() + TUTOR_STALLED_AFTER_DAYS * DAY_MS)
      : next.deadline === "reapply"
        ? reapplyAfter
        : null;
  return { text: next.text, deadline };
}

// --- access ----------------------------------------------------------------------------------

function requireTutor(caller: AuthUser): void {
  if (caller.userType !== "TEACHER") {
    throw new AppError("forbidden", "not_a_tutor", TUTOR_MESSAGES.notATutor);
  }
}

function requireStaffCaller(caller: AuthUser) {
  if (!isStaffUserType(caller.userType)) {
    throw new AppError("forbidden", "staff_only", TUTOR_MESSAGES.staffOnly);
  }
  return initiatorOf(caller);
}

function notFound(): AppError {
  return new AppError("not_found", "tutor_application_not_found", TUTOR_MESSAGES.notFound);
}

function notAllowed(): AppError {
  return new AppError("conflict", "transition_not_allowed", TUTOR_MESSAGES.notAllowed);
}

/** The caller's application (created as JOIN on first use). */
async function ownApplication(deps: TutorApplicationsDeps, db: Database, caller: AuthUser) {
  requireTutor(caller);
  const existing = await repo.findApplicationByUser(db, caller.userNo);
  if (existing) return existing;
  const user = await findUserById(db, caller.userNo);
  if (!user) throw notFound();
  return repo.ensureApplication(db, caller.userNo, {
    ...defaultTutorResume(),
    name: user.name,
    phone: user.phone,
    phoneVerified: user.phone !== null && user.phoneVerifiedAt !== null,
  });
}

async function loadView(
  deps: TutorApplicationsDeps,
  db: Database,
  row: repo.TutorApplicationRow,
  staffView: boolean,
): Promise<TutorApplicationView> {
  const [files, checks, agreement, transitions, user] = await Promise.all([
    repo.findFiles(db, row.id),
    repo.findChecks(db, row.id),
    repo.findAgreement(db, row.id),
    repo.findTransitions(db, row.id),
    findUserById(db, row.userId),
  ]);
  return {
    row,
    resume: resumeOf(row),
    files,
    checks,
    agreement,
    transitions,
    account: { name: user?.name ?? "", email: user?.email ?? "" },
    staffView,
    now: deps.clock.now(),
  };
}

// --- the applicant ---------------------------------------------------------------------------

/** myTutorApplication: the caller's application (JOIN on first visit). */
export async function getMyApplication(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
): Promise<TutorApplicationView> {
  const row = await ownApplication(deps, deps.db, caller);
  return loadView(deps, deps.db, row, false);
}

/** States in which the resume is a draft the applicant may change. */
const DRAFT_STATES: readonly TutorApplicationState[] = ["JOIN", "NOGOOD", "NPASS"];

async function checkSubjects(deps: TutorApplicationsDeps, subjects: readonly number[]) {
  if (subjects.length === 0) return;
  const known = await deps.subjectIds();
  if (subjects.some((id) => !known.has(id))) {
    throw new AppError("validation", "validation_failed", TUTOR_MESSAGES.unknownSubject, [
      { field: "subjects", message: TUTOR_MESSAGES.unknownSubject },
    ]);
  }
}

function checkBlocks(blocks: readonly { day: string; start: string; end: string }[]) {
  const problems = weeklyBlockProblems(blocks as never);
  if (problems.length > 0) {
    throw new AppError(
      "validation",
      "validation_failed",
      problems[0]!,
      problems.map((message) => ({ field: "availableTimes", message })),
    );
  }
}

/**
 * saveTutorResume: merges the given fields into the draft (a field left out keeps its value,
 * null clears it). A phone change needs a TUTOR_RESUME verification token; the phone it proves
 * replaces the resume's.
 * @throws AppError validation_failed | verification_invalid; conflict resume_locked
 */
export async function saveResume(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  raw: unknown,
): Promise<TutorApplicationView> {
  const input = parseInput(resumeInput, raw);
  if (input.availableTimes) checkBlocks(input.availableTimes);
  if (input.subjects) await checkSubjects(deps, input.subjects);
  return withTransaction(deps.db, async (tx) => {
    const row = await ownApplication(deps, tx, caller);
    const locked = await repo.findApplicationById(tx, row.id, { forUpdate: true });
    if (!locked || !DRAFT_STATES.includes(locked.state as TutorApplicationState)) {
      throw new AppError("conflict", "resume_locked", TUTOR_MESSAGES.resumeLocked);
    }
    const now = deps.clock.now();
    const resume: TutorResume = resumeOf(locked);
    const { phoneVerificationToken, ...fields } = input;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const field = key as keyof TutorResume;
      const fallback = defaultTutorResume()[field];
      (resume as unknown as Record<string, unknown>)[field] =
        value === null ? fallback : Array.isArray(value) ? [...new Set(value as unknown[])] : value;
    }
    if (phoneVerificationToken) {
      resume.phone = await consumeVerification(tx, now, phoneVerificationToken, "TUTOR_RESUME");
      resume.phoneVerified = true;
    }
    await repo.updateResume(tx, locked.id, resume as unknown as Record<string, unknown>, now);
    const saved = (await repo.findApplicationById(tx, locked.id))!;
    return loadView(deps, tx, saved, false);
  });
}

/**
 * submitTutorApplication: JOIN → SUBMITTED, or a re-application NOGOOD/NPASS → SUBMITTED after
 * the cool-down (attempt + 1).
 * @throws AppError validation `resume_incomplete` (fields list what is missing); conflict
 *   `reapply_cooldown` | `transition_not_allowed`
 */
export async function submitApplication(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
): Promise<TutorApplicationView> {
  return withTransaction(deps.db, async (tx) => {
    const own = await ownApplication(deps, tx, caller);
    const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
    const from = row.state as TutorApplicationState;
    if (!DRAFT_STATES.includes(from)) throw notAllowed();
    const now = deps.clock.now();
    if (TUTOR_REAPPLY_STATES.includes(from) && row.reapplyAfter && row.reapplyAfter > now) {
      throw new AppError(
        "conflict",
        "reapply_cooldown",
        TUTOR_MESSAGES.cooldown(formatSeoulDate(row.reapplyAfter)),
      );
    }
    const files = await repo.findFiles(tx, row.id);
    const problems = resumeSubmitProblems(
      resumeOf(row),
      { hasEnrollmentProof: latestFile(files, "ENROLLMENT_PROOF") !== undefined },
      now,
    );
    if (problems.length > 0) {
      throw new AppError(
        "validation",
        "resume_incomplete",
        `${TUTOR_MESSAGES.notReady} ${problems.map((p) => p.message).join(" ")}`,
        problems,
      );
    }
    const reapply = from !== "JOIN";
    const moved = await moveAndAnnounce(deps, tx, {
      id: row.id,
      from,
      to: "SUBMITTED",
      now,
      initiator: "USER",
      actorUserId: caller.userNo,
      reason: null,
      score: null,
      set: {
        submittedAt: now,
        reapplyAfter: null,
        ...(reapply ? { attempt: row.attempt + 1 } : {}),
      },
    });
    if (!moved) throw notAllowed();
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, false);
  });
}

/** States in which a file of each kind may be uploaded. */
const UPLOAD_STATES: Record<TutorFileKind, readonly TutorApplicationState[]> = {
  ENROLLMENT_PROOF: ["JOIN", "NOGOOD", "NPASS", "ACTIVE", "PAUSED"],
  VOICE_ANSWER: ["DOCUMENTS_OK"],
};

/** A known file kind. */
function checkFileKind(kind: TutorFileKind): void {
  if (!TUTOR_FILE_KINDS.includes(kind)) {
    throw new AppError("validation", "validation_failed", "파일 종류를 확인해 주세요.", [
      { field: "kind", message: "ENROLLMENT_PROOF 또는 VOICE_ANSWER 여야 해요." },
    ]);
  }
}

/** The kind and, for the voice answer, the length the browser measured (1-180 s). */
function checkFileInput(kind: TutorFileKind, durationSeconds: number | null): void {
  checkFileKind(kind);
  if (kind === "VOICE_ANSWER") {
    const d = durationSeconds;
    if (d === null || !Number.isInteger(d) || d < 1) {
      throw new AppError("validation", "validation_failed", "녹음 길이(초)를 알려 주세요.", [
        { field: "durationSeconds", message: "1~180 사이의 정수여야 해요." },
      ]);
    }
    if (d > TUTOR_VOICE_MAX_SECONDS) {
      throw new AppError("validation", "voice_too_long", TUTOR_MESSAGES.voiceTooLong);
    }
  }
}

/** Sniffs stored or uploaded bytes for a file of `kind` (platform/uploads.ts checkUpload). */
function checkFileBytes(kind: TutorFileKind, bytes: Buffer, claimedType: string | undefined) {
  return checkUpload({
    bytes,
    claimedType,
    allowed: TUTOR_FILE_TYPES[kind],
    notAllowedMessage: kind === "VOICE_ANSWER" ? TUTOR_MESSAGES.audioType : TUTOR_MESSAGES.fileType,
  });
}

/**
 * Stores an upload after checking its bytes: PDF/JPEG/PNG for the enrolment proof, audio for
 * the voice answer (≤ 180 s as the browser measured it), ≤ 10 MB, the claimed content type (if
 * any but octet-stream) must match what the bytes are. The bytes go to storage before the row
 * is written; a failed write removes them again.
 * @throws AppError validation `file_empty` | `voice_too_long`; unsupported_media_type
 *   `file_type_not_allowed` | `file_type_mismatch`; payload_too_large `file_too_large`;
 *   conflict `transition_not_allowed`
 */
export async function uploadFile(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  input: {
    kind: TutorFileKind;
    bytes: Buffer;
    claimedType: string | undefined;
    durationSeconds: number | null;
  },
): Promise<repo.TutorFileRow> {
  requireTutor(caller);
  checkFileInput(input.kind, input.durationSeconds);
  const checked = await checkFileBytes(input.kind, input.bytes, input.claimedType);
  const key = await deps.storage.put("tutor-applications", input.bytes);
  try {
    return await withTransaction(deps.db, async (tx) => {
      const own = await ownApplication(deps, tx, caller);
      const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
      if (!UPLOAD_STATES[input.kind].includes(row.state as TutorApplicationState)) {
        throw notAllowed();
      }
      return repo.insertFile(tx, {
        applicationId: row.id,
        kind: input.kind,
        storageKey: key,
        contentType: checked.contentType,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        durationSeconds: input.kind === "VOICE_ANSWER" ? input.durationSeconds : null,
        createdAt: deps.clock.now(),
      });
    });
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
}

// --- direct uploads (presigned POST to S3) ------------------------------------------------------

/** How long the browser may use an upload form, seconds (the store refuses it afterwards). */
export const DIRECT_UPLOAD_FORM_SECONDS = 300;
/** How long after it was issued a direct upload may be confirmed, ms. */
export const DIRECT_UPLOAD_CONFIRM_MS = 60 * 60 * 1000;
/** Issued, unconfirmed uploads an application may hold at once. */
export const DIRECT_UPLOAD_OPEN_MAX = 10;

/** Where the browser sends a file of a kind (GET-like, but it issues a key: a POST route). */
export type UploadTarget =
  | { mode: "DIRECT" }
  | {
      mode: "PRESIGNED_POST";
      url: string;
      fields: Record<string, string>;
      key: string;
      maxBytes: number;
      expiresAt: Date;
    };

/**
 * The upload target for a file of `kind`: DIRECT when the storage cannot take browser uploads
 * (disk: the client sends the raw body to uploadFile), else a presigned POST for one new key of
 * at most 10 MB, valid DIRECT_UPLOAD_FORM_SECONDS, remembered for this application so that only
 * this applicant can confirm it (confirmUpload). Same access rules as uploadFile.
 * @throws AppError forbidden `not_a_tutor`; validation `validation_failed`; conflict
 *   `transition_not_allowed`; rate_limited `too_many_uploads`
 */
export async function uploadTarget(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  kind: TutorFileKind,
): Promise<UploadTarget> {
  requireTutor(caller);
  checkFileKind(kind);
  return withTransaction(deps.db, async (tx) => {
    const own = await ownApplication(deps, tx, caller);
    const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
    if (!UPLOAD_STATES[kind].includes(row.state as TutorApplicationState)) throw notAllowed();
    if (!deps.storage.presignUpload) return { mode: "DIRECT" };
    const now = deps.clock.now();
    if ((await repo.countOpenUploads(tx, row.id, now)) >= DIRECT_UPLOAD_OPEN_MAX) {
      throw new AppError("rate_limited", "too_many_uploads", TUTOR_MESSAGES.tooManyUploads);
    }
    const upload = await deps.storage.presignUpload("tutor-applications", {
      maxBytes: TUTOR_FILE_MAX_BYTES,
      expiresSeconds: DIRECT_UPLOAD_FORM_SECONDS,
    });
    await repo.insertUpload(tx, {
      applicationId: row.id,
      kind,
      storageKey: upload.key,
      maxBytes: TUTOR_FILE_MAX_BYTES,
      expiresAt: new Date(now.getTime() + DIRECT_UPLOAD_CONFIRM_MS),
      createdAt: now,
    });
    return {
      mode: "PRESIGNED_POST",
      url: upload.url,
      fields: upload.fields,
      key: upload.key,
      maxBytes: TUTOR_FILE_MAX_BYTES,
      expiresAt: upload.expiresAt,
    };
  });
}

/**
 * Confirms a direct upload: `key` must be one uploadTarget issued to this applicant for `kind`
 * and not yet confirmed or expired; the server reads the object back (at most its size cap),
 * sniffs the bytes like uploadFile and records the file. A refused file is deleted from storage
 * (and its issued key with it); an unknown key changes nothing.
 * @throws AppError not_found `upload_not_found` (not issued to this applicant, other kind,
 *   expired, already confirmed) | `upload_missing` (nothing was uploaded under the key);
 *   validation `file_empty` | `voice_too_long` | `validation_failed`; payload_too_large
 *   `file_too_large`; unsupported_media_type `file_type_not_allowed`; conflict
 *   `transition_not_allowed`
 */
export async function confirmUpload(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  input: { kind: TutorFileKind; key: string; durationSeconds: number | null },
): Promise<repo.TutorFileRow> {
  requireTutor(caller);
  const unknown = () =>
    new AppError("not_found", "upload_not_found", TUTOR_MESSAGES.uploadNotFound);
  if (!isStorageKey(input.key)) throw unknown();
  const own = await ownApplication(deps, deps.db, caller);
  const issued = await repo.findUploadByKey(deps.db, own.id, input.key);
  const now = deps.clock.now();
  if (!issued || issued.kind !== input.kind || issued.expiresAt <= now) throw unknown();

  /** Refuses the upload: the object and its issued key go. */
  const refuse = async (err: unknown): Promise<never> => {
    await deps.storage.delete(issued.storageKey);
    await repo.deleteUpload(deps.db, issued.id);
    throw err;
  };
  try {
    checkFileInput(input.kind, input.durationSeconds);
  } catch (err) {
    return refuse(err);
  }
  let bytes: Buffer | null;
  try {
    bytes = await deps.storage.get(issued.storageKey, { maxBytes: issued.maxBytes });
  } catch (err) {
    if (err instanceof FileTooLargeError) {
      return refuse(new AppError("payload_too_large", "file_too_large", UPLOAD_MESSAGES.tooLarge));
    }
    throw err;
  }
  if (!bytes) {
    throw new AppError("not_found", "upload_missing", TUTOR_MESSAGES.uploadMissing);
  }
  let checked: Awaited<ReturnType<typeof checkFileBytes>>;
  try {
    checked = await checkFileBytes(input.kind, bytes, undefined);
  } catch (err) {
    return refuse(err);
  }
  try {
    return await withTransaction(deps.db, async (tx) => {
      const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
      if (!UPLOAD_STATES[input.kind].includes(row.state as TutorApplicationState)) {
        throw notAllowed();
      }
      // One confirmation wins: the issued key is consumed with the file row.
      if (!(await repo.deleteUpload(tx, issued.id))) throw unknown();
      return repo.insertFile(tx, {
        applicationId: row.id,
        kind: input.kind,
        storageKey: issued.storageKey,
        contentType: checked.contentType,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        durationSeconds: input.kind === "VOICE_ANSWER" ? input.durationSeconds : null,
        createdAt: now,
      });
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "transition_not_allowed") return refuse(err);
    throw err;
  }
}

/**
 * Deletes issued uploads that can no longer be confirmed and whatever was posted under their
 * keys (run by the `tutor-applications-stalled` job; at most 100 per run).
 */
export async function dropAbandonedUploads(
  deps: Pick<TutorApplicationsDeps, "db" | "clock" | "storage">,
): Promise<{ processed: number }> {
  const keys = await repo.deleteExpiredUploads(deps.db, deps.clock.now(), 100);
  for (const key of keys) await deps.storage.delete(key);
  return { processed: keys.length };
}

/**
 * The bytes of one file, for its applicant or staff; anyone else gets not_found (as for an
 * unknown id), and so does a stored object that is no longer the one checked (its SHA-256).
 * @throws AppError not_found `file_not_found`
 */
export async function readFile(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  fileId: number,
): Promise<{ file: repo.TutorFileRow; bytes: Buffer }> {
  const missing = () => new AppError("not_found", "file_not_found", TUTOR_MESSAGES.fileNotFound);
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw missing();
  if (!isStaffUserType(caller.userType)) {
    const row = await repo.findApplicationById(deps.db, file.applicationId);
    if (!row || row.userId !== caller.userNo) throw missing();
  }
  const bytes = await deps.storage.get(file.storageKey);
  if (!bytes) throw missing();
  // Only the bytes that were checked: a direct upload's form stays usable for a few minutes
  // after the confirmation, and a second post under the same key would replace the object.
  if (createHash("sha256").update(bytes).digest("hex") !== file.sha256) throw missing();
  return { file, bytes };
}

/**
 * submitVoiceAnswer: DOCUMENTS_OK → VOICE_SUBMITTED with the latest uploaded voice answer.
 * @throws AppError validation `voice_missing`; conflict `transition_not_allowed`
 */
export async function submitVoiceAnswer(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
): Promise<TutorApplicationView> {
  return withTransaction(deps.db, async (tx) => {
    const own = await ownApplication(deps, tx, caller);
    const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
    if (row.state !== "DOCUMENTS_OK") throw notAllowed();
    const files = await repo.findFiles(tx, row.id);
    if (!latestFile(files, "VOICE_ANSWER", row.stateChangedAt)) {
      throw new AppError("validation", "voice_missing", TUTOR_MESSAGES.noVoice);
    }
    const now = deps.clock.now();
    await moveAndAnnounce(deps, tx, {
      id: row.id,
      from: "DOCUMENTS_OK",
      to: "VOICE_SUBMITTED",
      now,
      initiator: "USER",
      actorUserId: caller.userNo,
      reason: null,
      score: null,
    });
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, false);
  });
}

/**
 * Moves CONTRACT → ACTIVE (AUTO) when everything is on file; used after a signature or the last
 * record check. Returns whether it moved.
 */
async function activateWhenComplete(
  deps: TutorApplicationsDeps,
  tx: Database,
  row: repo.TutorApplicationRow,
): Promise<boolean> {
  if (row.state !== "CONTRACT") return false;
  const [files, checks, agreement] = await Promise.all([
    repo.findFiles(tx, row.id),
    repo.findChecks(tx, row.id),
    repo.findAgreement(tx, row.id),
  ]);
  if (activationBlockers(activationFacts({ files, checks, agreement })).length > 0) return false;
  const now = deps.clock.now();
  return moveAndAnnounce(deps, tx, {
    id: row.id,
    from: "CONTRACT",
    to: "ACTIVE",
    now,
    initiator: "AUTO",
    actorUserId: null,
    reason: "계약서 서명과 경력 조회 결과가 모두 확인되었어요.",
    score: null,
    set: {
      matchingAvailable: true,
      universityStatusConfirmedAt: row.universityStatusConfirmedAt ?? now,
    },
  });
}

/**
 * signTutorAgreement: records the signature of the current agreement text (version and SHA-256)
 * in CONTRACT; signing again is a no-op. Activates the tutor when the checks are on file.
 * @throws AppError validation `not_agreed` | `validation_failed`; conflict `transition_not_allowed`
 */
export async function signAgreement(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  input: { signerName: string; agreed: boolean },
  request: RequestInfo,
): Promise<TutorApplicationView> {
  if (input.agreed !== true)
    throw new AppError("validation", "not_agreed", TUTOR_MESSAGES.notAgreed);
  const signerName = input.signerName.trim();
  if (signerName.length < 1 || signerName.length > 50) {
    throw new AppError("validation", "validation_failed", TUTOR_MESSAGES.signerName, [
      { field: "signerName", message: TUTOR_MESSAGES.signerName },
    ]);
  }
  return withTransaction(deps.db, async (tx) => {
    const own = await ownApplication(deps, tx, caller);
    const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
    const existing = await repo.findAgreement(tx, row.id);
    if (!existing) {
      if (row.state !== "CONTRACT") throw notAllowed();
      const now = deps.clock.now();
      const doc = tutorAgreementDocument({ tutorName: signerName, date: formatSeoulDate(now) });
      await repo.insertAgreement(tx, {
        applicationId: row.id,
        signerName,
        signedAt: now,
        signedIp: request.ip,
        userAgent: request.userAgent?.slice(0, 300) ?? null,
        textVersion: doc.version,
        textHash: createHash("sha256").update(doc.text).digest("hex"),
        signedDocument: { title: doc.title, sections: doc.sections, text: doc.text },
      });
      await activateWhenComplete(deps, tx, row);
    }
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, false);
  });
}

/**
 * updateTutorProfile (ACTIVE or PAUSED): matching on/off, subjects, weekly availability, class
 * types, and the university status re-confirmed for this term (a tutor on leave cannot take
 * new students: switching matching on is refused and a leave switches it off).
 * @throws AppError validation_failed; conflict `transition_not_allowed` | `not_enrolled`
 */
export async function updateProfile(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  raw: unknown,
): Promise<TutorApplicationView> {
  const input = parseInput(profileInput, raw);
  if (input.availableTimes) checkBlocks(input.availableTimes);
  if (input.subjects) await checkSubjects(deps, input.subjects);
  return withTransaction(deps.db, async (tx) => {
    const own = await ownApplication(deps, tx, caller);
    const row = (await repo.findApplicationById(tx, own.id, { forUpdate: true }))!;
    if (row.state !== "ACTIVE" && row.state !== "PAUSED") {
      throw new AppError("conflict", "transition_not_allowed", TUTOR_MESSAGES.profileNotNow);
    }
    const now = deps.clock.now();
    const resume = resumeOf(row);
    if (input.subjects) resume.subjects = [...new Set(input.subjects)];
    if (input.availableTimes) resume.availableTimes = input.availableTimes;
    if (input.classTypes) resume.classTypes = [...new Set(input.classTypes)];
    if (input.universityStatus) resume.universityStatus = input.universityStatus;
    let matchingAvailable = input.matchingAvailable ?? row.matchingAvailable;
    if (resume.universityStatus !== "ENROLLED") {
      if (input.matchingAvailable === true) {
        throw new AppError("conflict", "not_enrolled", TUTOR_MESSAGES.notEnrolled);
      }
      matchingAvailable = false;
    }
    await repo.updateProfile(tx, row.id, {
      resume: resume as unknown as Record<string, unknown>,
      matchingAvailable,
      updatedAt: now,
      ...(input.universityStatus ? { universityStatusConfirmedAt: now } : {}),
    });
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, false);
  });
}

/**
 * deleteTutorApplication: the applicant (not while ACTIVE or PAUSED) or staff delete an
 * application with its rows; its files leave storage after the commit.
 * @throws AppError not_found; conflict `application_active`
 */
export async function deleteApplication(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  applicationId: number,
  request: RequestInfo,
): Promise<void> {
  const staff = isStaffUserType(caller.userType);
  await withTransaction(deps.db, async (tx) => {
    const row = await repo.findApplicationById(tx, applicationId, { forUpdate: true });
    if (!row || (!staff && row.userId !== caller.userNo)) throw notFound();
    if (!staff && (row.state === "ACTIVE" || row.state === "PAUSED")) {
      throw new AppError("conflict", "application_active", TUTOR_MESSAGES.deleteNotNow);
    }
    const files = await repo.findFiles(tx, row.id);
    // Keys issued for direct uploads may hold objects too (posted, never confirmed).
    const uploads = await repo.findUploads(tx, row.id);
    await repo.deleteApplication(tx, row.id);
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      action: "tutor_application_delete",
      target: `tutor_application:${row.id}`,
      detail: { state: row.state, files: files.length },
      requestId: request.requestId,
    });
    await afterCommit(tx, async () => {
      for (const file of files) await deps.storage.delete(file.storageKey);
      for (const upload of uploads) await deps.storage.delete(upload.storageKey);
    });
  });
}

// --- staff -------------------------------------------------------------------------------------

/**
 * The application a staff member acts on, locked for the transaction.
 * @throws AppError not_found; forbidden `own_application` (staff never act on their own)
 */
async function lockForStaff(
  tx: Database,
  caller: AuthUser,
  applicationId: number,
): Promise<repo.TutorApplicationRow> {
  const row = await repo.findApplicationById(tx, applicationId, { forUpdate: true });
  if (!row) throw notFound();
  if (row.userId === caller.userNo) {
    throw new AppError("forbidden", "own_application", TUTOR_MESSAGES.ownApplication);
  }
  return row;
}

/** tutorApplications (staff): a page of the queue, oldest state change first. */
export async function listQueue(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  input: { state: TutorApplicationState | null; page: number; stalledOnly?: boolean },
) {
  requireStaffCaller(caller);
  const page = Math.max(1, Math.floor(input.page || 1));
  const { rows, total } = await repo.findQueue(deps.db, {
    states: input.state ? [input.state] : null,
    offset: (page - 1) * QUEUE_PAGE_SIZE,
    limit: QUEUE_PAGE_SIZE,
  });
  return { rows, total, page, pageSize: QUEUE_PAGE_SIZE, now: deps.clock.now() };
}

/** tutorApplication (staff): one application with everything on file. */
export async function getApplication(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  applicationId: number,
): Promise<TutorApplicationView | null> {
  requireStaffCaller(caller);
  const row = await repo.findApplicationById(deps.db, applicationId);
  return row ? loadView(deps, deps.db, row, true) : null;
}

/**
 * decideTutorApplication (staff): moves an application by an action or a target state
 * (packages/domain nextTutorApplicationState), with a rubric score and a reason (required for
 * a refusal, a pause and an end). ACTIVE needs enrolment proof, both record checks CLEAR and the
 * signed agreement. A refusal sets the re-application date (+30 days).
 * @throws AppError forbidden `staff_only` | `own_application`; not_found; validation
 *   `reason_required`; conflict `transition_not_allowed` | `activation_blocked`
 */
export async function decide(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  raw: unknown,
  request: RequestInfo,
): Promise<TutorApplicationView> {
  const initiator = requireStaffCaller(caller);
  const input = parseInput(decideInput, raw);
  return withTransaction(deps.db, async (tx) => {
    const row = await lockForStaff(tx, caller, input.applicationId);
    const from = row.state as TutorApplicationState;
    const to = nextTutorApplicationState(from, input.decision as TutorDecision);
    if (!to) {
      throw new AppError("conflict", "transition_not_allowed", TUTOR_MESSAGES.decisionNotAllowed);
    }
    const reason = input.reason?.trim() || null;
    if (!reason && (to === "NOGOOD" || to === "NPASS" || to === "PAUSED" || to === "ENDED")) {
      throw new AppError("validation", "reason_required", TUTOR_MESSAGES.reasonRequired, [
        { field: "reason", message: TUTOR_MESSAGES.reasonRequired },
      ]);
    }
    const now = deps.clock.now();
    const set: repo.ApplicationChanges = {};
    if (to === "ACTIVE") {
      const [files, checks, agreement] = await Promise.all([
        repo.findFiles(tx, row.id),
        repo.findChecks(tx, row.id),
        repo.findAgreement(tx, row.id),
      ]);
      const blockers = activationBlockers(activationFacts({ files, checks, agreement }));
      if (blockers.length > 0) {
        throw new AppError(
          "conflict",
          "activation_blocked",
          TUTOR_MESSAGES.activationBlocked(blockers),
        );
      }
      if (from === "CONTRACT") {
        set.matchingAvailable = true;
        set.universityStatusConfirmedAt = row.universityStatusConfirmedAt ?? now;
      }
    }
    if (to === "PAUSED" || to === "ENDED") set.matchingAvailable = false;
    if (to === "NOGOOD" || to === "NPASS") {
      set.reapplyAfter = new Date(now.getTime() + TUTOR_REAPPLY_COOLDOWN_DAYS * DAY_MS);
    }
    const moved = await moveAndAnnounce(deps, tx, {
      id: row.id,
      from,
      to,
      now,
      initiator,
      actorUserId: caller.userNo,
      reason,
      score: input.score ?? null,
      set,
    });
    if (!moved) throw notAllowed();
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "tutor_application_decide",
      target: `tutor_application:${row.id}`,
      detail: { from, to, decision: input.decision, score: input.score ?? null },
      requestId: request.requestId,
    });
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, true);
  });
}

/** States in which record checks can be recorded (after submission, before the end). */
const CHECK_STATES: readonly TutorApplicationState[] = [
  "SUBMITTED",
  "DOCUMENTS_OK",
  "VOICE_SUBMITTED",
  "GPASS",
  "CONTRACT",
  "ACTIVE",
  "PAUSED",
];

/**
 * recordBackgroundCheck (staff): records a request or a result of one record check (the
 * applicant's consent must be on the resume). A CLEAR result that completes the file of a signed
 * applicant in CONTRACT activates them.
 * @throws AppError forbidden `staff_only` | `own_application`; not_found; conflict `no_consent` |
 *   `transition_not_allowed`; validation_failed
 */
export async function recordCheck(
  deps: TutorApplicationsDeps,
  caller: AuthUser,
  raw: unknown,
  request: RequestInfo,
): Promise<TutorApplicationView> {
  const initiator = requireStaffCaller(caller);
  const input = parseInput(checkInput, raw);
  return withTransaction(deps.db, async (tx) => {
    const row = await lockForStaff(tx, caller, input.applicationId);
    if (!CHECK_STATES.includes(row.state as TutorApplicationState)) {
      throw new AppError("conflict", "transition_not_allowed", TUTOR_MESSAGES.checkNotNow);
    }
    if (!resumeOf(row).backgroundCheckConsent) {
      throw new AppError("conflict", "no_consent", TUTOR_MESSAGES.noConsent);
    }
    const now = deps.clock.now();
    const requestedAt = input.requestedAt ? new Date(input.requestedAt) : now;
    await repo.upsertCheck(tx, {
      applicationId: row.id,
      kind: input.kind,
      result: input.result,
      requestedAt,
      resultAt: input.result === "REQUESTED" ? null : now,
      reference: input.reference?.trim() || null,
      recordedBy: caller.userNo,
      updatedAt: now,
    });
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "tutor_background_check",
      target: `tutor_application:${row.id}`,
      detail: { kind: input.kind, result: input.result },
      requestId: request.requestId,
    });
    await activateWhenComplete(deps, tx, row);
    return loadView(deps, tx, (await repo.findApplicationById(tx, row.id))!, true);
  });
}

/**
 * The stalled-steps job: applications waiting on the applicant (voice answer, signature) for
 * more than TUTOR_STALLED_AFTER_DAYS are flagged for staff and marked reminded, once.
 */
export async function flagStalled(deps: Pick<TutorApplicationsDeps, "db" | "clock" | "events">) {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const flagged = await repo.markStalled(
      tx,
      TUTOR_APPLICANT_ACTION_STATES,
      new Date(now.getTime() - TUTOR_STALLED_AFTER_DAYS * DAY_MS),
      now,
    );
    // The applicant is reminded of the step waiting for them (messages, issue 17), once.
    for (const row of flagged) {
      await deps.events?.emit(tx, "tutor-application.stalled", {
        applicationId: row.id,
        userId: row.userId,
        state: row.state as TutorApplicationState,
        at: now,
      });
    }
    return { processed: flagged.length };
  });
}
