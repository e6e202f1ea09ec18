/**
 * The messages area (issue #17; DESIGN.md §11; docs/api/messages.md): the outbox every
 * notification goes through. Areas emit events in their own transactions; this area's handlers
 * write outbox rows in the same transaction (one per idempotency key and recipient), so a
 * payment, a move or a cancel and its messages commit together. The `messages-send` job claims
 * due rows (FOR UPDATE SKIP LOCKED: two processes never send one row), delivers them through the
 * port (platform/messaging.ts: sandbox or SOLAPI), retries with backoff, and ends FAILED with the
 * reason for staff. Reminders are rows scheduled ahead and cancelled or replaced when the lesson
 * changes.
 *
 * A handler never breaks its emitter: it runs in a savepoint and a failure is logged.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@seoltab/db";
import { isUnderFourteen, maskTutorName, type WeeklyTimeBlock } from "@seoltab/domain";
import {
  CONSENT_KINDS,
  MissingTemplateVariableError,
  consentOf,
  familyRecipients,
  lessonReminderTimes,
  renderTemplate,
  seoulMessageTime,
  wonText,
  type ConsentKind,
  type RecipientFacts,
} from "@seoltab/domain/messages";
import { MESSAGE_TEMPLATES, type MessageTemplateId } from "@seoltab/domain/message-templates";
import { WEEKDAY_LABELS, TUTOR_APPLICATION_STATE_LABELS } from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { MessageProviderError, type MessageSender } from "../../platform/messaging.ts";
import { inSavepoint, withTransaction } from "../../platform/transactions.ts";
import {
  findParents,
  findUserById,
  findUserWithParents,
  type AuthUser,
} from "../accounts/accounts.public.ts";
import { findLectureById, type LectureRow } from "../lectures/lectures.public.ts";
import {
  findLessonsOfLecture,
  findPlannedLessonsBetween,
  type LessonRow,
} from "../lessons/lessons.public.ts";
import * as repo from "./messages.repository.ts";

export interface MessagesDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  sender: MessageSender;
  /** The site's public origin, for links in messages (PUBLIC_ORIGIN). */
  publicOrigin: string;
}

/** Sends tried before a message is FAILED. */
export const MAX_SEND_ATTEMPTS = 5;
/** Wait before each retry (ms): 1 min, 5 min, 30 min, 2 h. */
export const RETRY_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000] as const;
/** A SENDING row older than this (a sender died) goes back to PENDING. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Lesson reminders are written for lessons starting within this window (ms). */
export const REMINDER_WINDOW_MS = 48 * 3_600_000;
/** Renewal notices are written this long before the charge (3 days). */
export const RENEWAL_NOTICE_MS = 3 * 86_400_000;

const DAY_MS = 86_400_000;

// --- recipients ------------------------------------------------------------------------------

async function person(
  db: Database,
  userId: number | null,
  role: RecipientFacts["role"],
  now: Date,
): Promise<RecipientFacts | null> {
  if (userId === null) return null;
  const user = await findUserById(db, userId);
  if (!user) return null;
  return {
    userId: user.id,
    role,
    phone: user.phone,
    underFourteen:
      role === "STUDENT" && user.birthDate ? isUnderFourteen(user.birthDate, now) : false,
  };
}

/** The student (unless under 14) and every linked parent with a phone. One statement. */
export async function familyOf(db: Database, studentId: number, now: Date) {
  const found = await findUserWithParents(db, studentId);
  if (!found) return [];
  const { user } = found;
  const student: RecipientFacts = {
    userId: user.id,
    role: "STUDENT",
    phone: user.phone,
    underFourteen: user.birthDate ? isUnderFourteen(user.birthDate, now) : false,
  };
  const parents = found.parents.map((p): RecipientFacts => ({
    userId: p.id,
    role: "PARENT",
    phone: p.phone,
  }));
  return familyRecipients(student, parents);
}

async function parentsOf(db: Database, studentId: number): Promise<RecipientFacts[]> {
  return (await findParents(db, studentId))
    .filter((p) => p.phone)
    .map((p): RecipientFacts => ({ userId: p.id, role: "PARENT", phone: p.phone }));
}

async function tutorOf(db: Database, tutorId: number | null, now: Date) {
  const tutor = await person(db, tutorId, "TEACHER", now);
  return tutor?.phone ? [tutor] : [];
}

// --- enqueue ---------------------------------------------------------------------------------

export interface Enqueue {
  templateId: MessageTemplateId;
  /** What it is about, e.g. `lesson:12` (to cancel or replace it later). */
  subject: string;
  /** The event's key; the recipient's id is appended (one message per person). */
  key: string;
  recipients: readonly RecipientFacts[];
  variables: Record<string, string>;
  scheduledAt: Date;
}

/**
 * Writes one outbox row per recipient (idempotent by key). A template variable missing is
 * refused at render: the row is written FAILED with the reason (visible to staff), never sent
 * half-empty. Returns the keys written or already there.
 */
export async function enqueue(tx: Database, input: Enqueue, now: Date): Promise<string[]> {
  return enqueueAll(tx, [input], now);
}

/**
 * `enqueue` for several inputs, their rows written in one statement in the inputs' order
 * (issue 19 performance). Returns the keys written or already there.
 */
export async function enqueueAll(
  tx: Database,
  inputs: readonly Enqueue[],
  now: Date,
): Promise<string[]> {
  const keys: string[] = [];
  const rows: Parameters<typeof repo.insertMessages>[1][number][] = [];
  for (const input of inputs) {
    const template = MESSAGE_TEMPLATES[input.templateId];
    for (const r of input.recipients) {
      const key = `${input.key}:${r.userId}`.slice(0, 200);
      keys.push(key);
      let text = "";
      let buttons: { name: string; url: string }[] = [];
      let failure: string | null = null;
      try {
        ({ text, buttons } = renderTemplate(template, input.variables));
      } catch (err) {
        if (!(err instanceof MissingTemplateVariableError)) throw err;
        failure = `템플릿 변수 없음: ${err.variable}`;
      }
      rows.push({
        idempotencyKey: key,
        subject: input.subject.slice(0, 64),
        recipientUserId: r.userId,
        recipientRole: r.role,
        channel: template.channel,
        templateId: template.id,
        templateVersion: template.version,
        variables: input.variables,
        text,
        buttons,
        scheduledAt: input.scheduledAt,
        state: failure ? "FAILED" : "PENDING",
        providerResult: failure,
        createdAt: now,
      });
    }
  }
  await repo.insertMessages(tx, rows);
  return keys;
}

/** Runs a handler's writes in a savepoint: a failure is logged and never undoes the emitter. */
export async function safely(
  tx: Database,
  log: FastifyBaseLogger,
  what: string,
  fn: (sp: Database) => Promise<void>,
): Promise<void> {
  try {
    await inSavepoint(tx, fn);
  } catch (err) {
    log.error({ err, event: what }, "messages: event not turned into messages");
  }
}

// --- lesson reminders ------------------------------------------------------------------------

function reminderKey(lesson: LessonRow, slot: string): string {
  return `lesson-reminder:${lesson.id}:${lesson.startsAt.toISOString()}:${slot}`;
}

/**
 * Makes a lesson's pending reminders match the lesson as it is now: a planned lesson starting
 * within REMINDER_WINDOW_MS has its day-before (20:00) and hour-before reminders for its current
 * start; anything else (moved, cancelled, held) has none pending. Called in the transaction of
 * the change, and by the reminders job.
 */
export async function reconcileReminders(
  tx: Database,
  lessons: readonly LessonRow[],
  now: Date,
): Promise<void> {
  const lectures = new Map<number, LectureRow | undefined>();
  for (const lesson of lessons) {
    const subject = `lesson:${lesson.id}`;
    const due =
      lesson.state === "RESERVATION" &&
      lesson.startsAt.getTime() > now.getTime() &&
      lesson.startsAt.getTime() <= now.getTime() + REMINDER_WINDOW_MS
        ? lessonReminderTimes(lesson.startsAt, now)
        : [];
    if (!lectures.has(lesson.lectureId)) {
      lectures.set(lesson.lectureId, await findLectureById(tx, lesson.lectureId));
    }
    const lecture = lectures.get(lesson.lectureId);
    const recipients = due.length
      ? [
          ...(await familyOf(tx, lesson.userId, now)),
          ...(await tutorOf(tx, lesson.tutorUserId, now)),
        ]
      : [];
    const keep = due.flatMap((d) =>
      recipients.map((r) => `${reminderKey(lesson, d.slot)}:${r.userId}`),
    );
    await repo.cancelPending(tx, subject, {
      templateIds: ["lesson-reminder"],
      keep,
      reason:
        lesson.state === "RESERVATION"
          ? "수업 시간이 바뀌었어요."
          : "수업이 취소되었거나 끝났어요.",
      at: now,
    });
    if (!lecture) continue;
    const tutor = lesson.tutorUserId ? await findUserById(tx, lesson.tutorUserId) : undefined;
    const student = await findUserById(tx, lesson.userId);
    for (const d of due) {
      await enqueue(
        tx,
        {
          templateId: "lesson-reminder",
          subject,
          key: reminderKey(lesson, d.slot),
          recipients,
          variables: {
            when: d.slot === "D1" ? "내일" : "1시간 뒤에",
            lectureTitle: lecture.title,
            startsAt: seoulMessageTime(lesson.startsAt),
            minutes: String(lesson.minutes),
            tutorName: tutor?.name ?? "선생님",
            studentName: student?.name ?? "학생",
          },
          scheduledAt: d.at,
        },
        now,
      );
    }
  }
}

/**
 * The job: reminders for every planned lesson starting within the next 48 hours. A lesson that
 * already has reminders for its current start is skipped (one query for all of them), so a run
 * over a steady schedule costs two reads; moves and cancels are reconciled in their own
 * transactions by the event handlers.
 */
export async function scheduleLessonReminders(deps: MessagesDeps) {
  const now = deps.clock.now();
  const lessons = await findPlannedLessonsBetween(
    deps.db,
    now,
    new Date(now.getTime() + REMINDER_WINDOW_MS),
  );
  const existing = await repo.findKeysOf(
    deps.db,
    "lesson-reminder",
    lessons.map((l) => `lesson:${l.id}`),
  );
  const covered = new Set(existing.map((key) => key.split(":").slice(0, -2).join(":")));
  const missing = lessons.filter(
    (l) => !covered.has(`lesson-reminder:${l.id}:${l.startsAt.toISOString()}`),
  );
  for (const lesson of missing) {
    await withTransaction(deps.db, (tx) => reconcileReminders(tx, [lesson], now));
  }
  return { processed: missing.length };
}

/** All lessons of a lecture (after a plan change, a pause, a tutor change or its end). */
export async function reconcileLecture(tx: Database, lectureId: number, now: Date) {
  const lessons = (await findLessonsOfLecture(tx, lectureId)).filter(
    (l) => l.startsAt.getTime() > now.getTime() - DAY_MS,
  );
  await reconcileReminders(tx, lessons, now);
}

// --- sending ---------------------------------------------------------------------------------

/** Digits only, or null when it is not a mobile number. */
function mobileDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return /^01\d{8,9}$/.test(digits) ? digits : null;
}

/**
 * The job `messages-send`: claims due PENDING rows (at most `limit`) and delivers each once;
 * retries a retryable provider error with backoff up to MAX_SEND_ATTEMPTS, then FAILED with the
 * reason. A recipient without a mobile number: FAILED at once.
 */
export async function sendDue(deps: MessagesDeps, limit = 50) {
  const now = deps.clock.now();
  await repo.releaseStale(deps.db, new Date(now.getTime() - STALE_CLAIM_MS));
  const claimed = await repo.claimDue(deps.db, now, limit);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const user = await findUserById(deps.db, row.recipientUserId);
    const to = mobileDigits(user?.phone);
    if (!to) {
      failed += 1;
      await repo.settle(deps.db, row.id, {
        state: "FAILED",
        claimedAt: null,
        providerResult: "받는 사람의 휴대폰 번호가 없어요.",
      });
      continue;
    }
    const attempts = row.attempts + 1;
    try {
      const result = await deps.sender.send({
        to,
        channel: row.channel as "ALIMTALK" | "SMS" | "LMS",
        text: row.text,
        templateCode: `${row.templateId}-v${row.templateVersion}`,
        buttons: row.buttons,
        idempotencyKey: row.idempotencyKey,
      });
      sent += 1;
      await repo.settle(deps.db, row.id, {
        state: "SENT",
        attempts,
        claimedAt: null,
        provider: deps.sender.name,
        providerMessageId: result.providerMessageId.slice(0, 120),
        providerResult: result.detail.slice(0, 300),
        sentAt: deps.clock.now(),
      });
    } catch (err) {
      const retryable = err instanceof MessageProviderError ? err.retryable : true;
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      const giveUp = !retryable || attempts >= MAX_SEND_ATTEMPTS;
      if (giveUp) failed += 1;
      deps.log.warn(
        { messageId: row.id, attempts, retryable, err: reason },
        giveUp ? "message failed" : "message send failed; will retry",
      );
      await repo.settle(deps.db, row.id, {
        state: giveUp ? "FAILED" : "PENDING",
        attempts,
        claimedAt: null,
        provider: deps.sender.name,
        providerResult: reason,
        nextAttemptAt: giveUp
          ? null
          : new Date(
              now.getTime() +
                RETRY_BACKOFF_MS[Math.min(attempts - 1, RETRY_BACKOFF_MS.length - 1)]!,
            ),
      });
    }
  }
  return { processed: claimed.length, sent, failed };
}

// --- event handlers (index.ts registers them) ------------------------------------------------

const link = (deps: Pick<MessagesDeps, "publicOrigin">, path: string) =>
  `${deps.publicOrigin.replace(/\/$/, "")}${path}`;

function scheduleText(plan: readonly WeeklyTimeBlock[] | null | undefined): string {
  if (!plan || plan.length === 0) return "선생님과 정해요";
  return plan.map((b) => `${WEEKDAY_LABELS[b.day]} ${b.start}~${b.end}`).join(", ");
}

export const handlers = {
  /** 결제 완료 (receipt), the virtual account's due reminder cancelled, form reminders queued. */
  async paymentPaid(
    tx: Database,
    deps: MessagesDeps,
    event: {
      payment: {
        id: number;
        userId: number;
        name: string;
        paidPrice: number;
        /** Only a VBANK payment has a deposit reminder to drop. */
        paymentMethod: string;
        receiptUrl: string | null;
        completedAt: Date | null;
        subscriptionId: number | null;
      };
      at: Date;
      lectures: readonly LectureRow[];
    },
  ) {
    const p = event.payment;
    const family = await familyOf(tx, p.userId, event.at);
    if (p.paymentMethod === "VBANK") {
      await repo.cancelPending(tx, `payment:${p.id}`, {
        templateIds: ["vbank-due-soon"],
        reason: "입금되었어요.",
        at: event.at,
      });
    }
    // One statement for the receipt and every form reminder (issue 19 performance).
    const reminders = event.lectures
      .filter((l) => l.state === "REGISTER")
      .flatMap((lecture) =>
        [1, 3].map((days): Enqueue => ({
          templateId: "request-form-reminder",
          subject: `lecture:${lecture.id}:form`,
          key: `request-form-reminder:${lecture.id}:${days}`,
          recipients: family,
          variables: {
            lectureTitle: lecture.title,
            formUrl: link(deps, `/_app/lectures/${lecture.id}`),
          },
          scheduledAt: new Date(event.at.getTime() + days * DAY_MS),
        })),
      );
    await enqueueAll(
      tx,
      [
        {
          templateId: "payment-paid",
          subject: `payment:${p.id}`,
          key: `payment-paid:${p.id}`,
          recipients: family,
          variables: {
            orderName: p.name,
            amount: wonText(p.paidPrice),
            paidAt: seoulMessageTime(p.completedAt ?? event.at),
            receiptUrl: p.receiptUrl ?? link(deps, "/_app/payments"),
          },
          scheduledAt: event.at,
        },
        ...reminders,
      ],
      event.at,
    );
  },

  /** 가상계좌 발급 and the reminder 24 h before the deadline. */
  async vbankIssued(
    tx: Database,
    event: {
      payment: { id: number; userId: number; name: string; paidPrice: number };
      vbank: { bankName: string; accountNumber: string; holder: string; dueAt: Date };
      at: Date;
      /** The new account's imp_uid when staff re-issued it (a new notice, a new reminder). */
      reissue?: string;
    },
  ) {
    const p = event.payment;
    const family = await familyOf(tx, p.userId, event.at);
    const again = event.reissue ? `:${event.reissue}` : "";
    if (again) {
      await repo.cancelPending(tx, `payment:${p.id}`, {
        templateIds: ["vbank-due-soon"],
        reason: "가상계좌를 다시 발급했어요.",
        at: event.at,
      });
    }
    const common = {
      orderName: p.name,
      amount: wonText(p.paidPrice),
      bankName: event.vbank.bankName,
      accountNumber: event.vbank.accountNumber,
      dueAt: seoulMessageTime(event.vbank.dueAt),
    };
    await enqueue(
      tx,
      {
        templateId: "vbank-issued",
        subject: `payment:${p.id}`,
        key: `vbank-issued:${p.id}${again}`,
        recipients: family,
        variables: { ...common, holder: event.vbank.holder },
        scheduledAt: event.at,
      },
      event.at,
    );
    const remindAt = new Date(event.vbank.dueAt.getTime() - DAY_MS);
    if (remindAt.getTime() > event.at.getTime()) {
      await enqueue(
        tx,
        {
          templateId: "vbank-due-soon",
          subject: `payment:${p.id}`,
          key: `vbank-due-soon:${p.id}${again}`,
          recipients: family,
          variables: common,
          scheduledAt: remindAt,
        },
        event.at,
      );
    }
  },

  /** A virtual account cancelled by staff: its deadline reminder is not sent. */
  async vbankCancelled(tx: Database, event: { payment: { id: number }; at: Date }) {
    await repo.cancelPending(tx, `payment:${event.payment.id}`, {
      templateIds: ["vbank-due-soon"],
      reason: "가상계좌 발급이 취소됐어요.",
      at: event.at,
    });
  },

  async renewalFailed(
    tx: Database,
    deps: MessagesDeps,
    event: {
      subscription: {
        id: number;
        userId: number;
        name: string;
        renewalAmount: number;
        paidMonths: number;
        failedAttempts: number;
      };
      paymentId: number;
      reason: string;
      at: Date;
    },
  ) {
    const s = event.subscription;
    await enqueue(
      tx,
      {
        templateId: "renewal-failed",
        subject: `subscription:${s.id}`,
        key: `renewal-failed:${event.paymentId}`,
        recipients: await familyOf(tx, s.userId, event.at),
        variables: {
          name: s.name,
          amount: wonText(s.renewalAmount),
          reason: event.reason,
          cardUrl: link(deps, "/_app/billing-card"),
        },
        scheduledAt: event.at,
      },
      event.at,
    );
  },

  async refundDone(
    tx: Database,
    event: {
      payment: { id: number; userId: number; name: string };
      amount: number;
      refundRequestId: number;
      at: Date;
    },
  ) {
    await enqueue(
      tx,
      {
        templateId: "refund-done",
        subject: `payment:${event.payment.id}`,
        key: `refund-done:${event.refundRequestId}`,
        recipients: await familyOf(tx, event.payment.userId, event.at),
        variables: { orderName: event.payment.name, amount: wonText(event.amount) },
        scheduledAt: event.at,
      },
      event.at,
    );
  },

  /** A contract waits for the family's signature. */
  async contractToSign(
    tx: Database,
    deps: MessagesDeps,
    event: { contractId: number; userId: number; name: string; at: Date },
  ) {
    await enqueue(
      tx,
      {
        templateId: "contract-to-sign",
        subject: `contract:${event.contractId}`,
        key: `contract-to-sign:${event.contractId}`,
        recipients: await familyOf(tx, event.userId, event.at),
        variables: {
          contractName: event.name,
          contractUrl: link(deps, "/_app/contracts/sign"),
        },
        scheduledAt: event.at,
      },
      event.at,
    );
  },

  /** A pause cancelled lessons: the tutor is told of each one (the family asked for it). */
  async pausedLessons(tx: Database, lectureId: number, at: Date) {
    const lecture = await findLectureById(tx, lectureId);
    if (!lecture?.tutorUserId) return;
    const tutor = await tutorOf(tx, lecture.tutorUserId, at);
    const cancelled = (await findLessonsOfLecture(tx, lectureId)).filter(
      (l) =>
        l.state === "CANCEL" && l.cancelCause === "PAUSE" && l.startsAt.getTime() > at.getTime(),
    );
    for (const lesson of cancelled) {
      await enqueue(
        tx,
        {
          templateId: "lesson-cancelled",
          subject: `lesson:${lesson.id}`,
          key: `lesson-cancelled:${lesson.id}:${lesson.startsAt.toISOString()}`,
          recipients: tutor,
          variables: {
            lectureTitle: lecture.title,
            startsAt: seoulMessageTime(lesson.startsAt),
            reason: lesson.cancelReason ?? "수업을 잠시 쉬어요.",
          },
          scheduledAt: at,
        },
        at,
      );
    }
  },

  /** A submitted form stops its reminders. */
  async formSubmitted(tx: Database, lectureId: number, at: Date) {
    await repo.cancelPending(tx, `lecture:${lectureId}:form`, {
      reason: "수업 신청서를 보냈어요.",
      at,
    });
  },

  /** MATCHED: the family and the tutor are told; every move reconciles the reminders. */
  async lectureMoved(tx: Database, event: { lecture: LectureRow; from: string; at: Date }) {
    const lecture = event.lecture;
    if (lecture.state === "MATCHED" && lecture.tutorUserId) {
      const tutor = await findUserById(tx, lecture.tutorUserId);
      const student = await findUserById(tx, lecture.userId);
      await enqueue(
        tx,
        {
          templateId: "tutor-matched",
          subject: `lecture:${lecture.id}`,
          key: `tutor-matched:${lecture.id}:${lecture.tutorUserId}`,
          recipients: [
            ...(await familyOf(tx, lecture.userId, event.at)),
            ...(await tutorOf(tx, lecture.tutorUserId, event.at)),
          ],
          variables: {
            lectureTitle: lecture.title,
            tutorName: maskTutorName(tutor?.name ?? null) || "선생님",
            studentName: student?.name ?? "학생",
            schedule: scheduleText(lecture.weeklyPlan as WeeklyTimeBlock[] | null),
          },
          scheduledAt: event.at,
        },
        event.at,
      );
    }
    if (lecture.state !== "REGISTER") {
      await repo.cancelPending(tx, `lecture:${lecture.id}:form`, {
        reason: "수업 신청서가 필요 없어졌어요.",
        at: event.at,
      });
    }
    await reconcileLecture(tx, lecture.id, event.at);
  },

  /** An accepted move: both sides are told and the reminders follow the new time. */
  async lessonMoved(tx: Database, event: { lesson: LessonRow; from: Date; at: Date }) {
    const lesson = event.lesson;
    const lecture = await findLectureById(tx, lesson.lectureId);
    if (lecture) {
      await enqueue(
        tx,
        {
          templateId: "lesson-moved",
          subject: `lesson:${lesson.id}`,
          key: `lesson-moved:${lesson.id}:${lesson.startsAt.toISOString()}`,
          recipients: [
            ...(await familyOf(tx, lesson.userId, event.at)),
            ...(await tutorOf(tx, lesson.tutorUserId, event.at)),
          ],
          variables: {
            lectureTitle: lecture.title,
            from: seoulMessageTime(event.from),
            to: seoulMessageTime(lesson.startsAt),
          },
          scheduledAt: event.at,
        },
        event.at,
      );
    }
    await reconcileReminders(tx, [lesson], event.at);
  },

  /** The tutor's note reaches the parents. */
  async lessonRecorded(tx: Database, event: { lesson: LessonRow; at: Date }) {
    const lesson = event.lesson;
    await reconcileReminders(tx, [lesson], event.at);
    if (!lesson.note) return;
    const lecture = await findLectureById(tx, lesson.lectureId);
    const student = await findUserById(tx, lesson.userId);
    if (!lecture) return;
    await enqueue(
      tx,
      {
        templateId: "lesson-note",
        subject: `lesson:${lesson.id}`,
        key: `lesson-note:${lesson.id}`,
        recipients: await parentsOf(tx, lesson.userId),
        variables: {
          studentName: student?.name ?? "학생",
          lectureTitle: lecture.title,
          startsAt: seoulMessageTime(lesson.startsAt),
          minutes: String(lesson.heldMinutes ?? 0),
          note: lesson.note,
        },
        scheduledAt: event.at,
      },
      event.at,
    );
  },

  /** A tutor application changed state, or a step waits on the applicant (reminder). */
  async tutorApplication(
    tx: Database,
    deps: MessagesDeps,
    event: {
      applicationId: number;
      userId: number;
      state: string;
      at: Date;
      key: string;
      nextStep: string;
    },
  ) {
    const user = await findUserById(tx, event.userId);
    if (!user) return;
    await enqueue(
      tx,
      {
        templateId: "tutor-application-status",
        subject: `tutor-application:${event.applicationId}`,
        key: event.key,
        recipients: user.phone ? [{ userId: user.id, role: "TEACHER", phone: user.phone }] : [],
        variables: {
          name: user.name,
          stateLabel:
            TUTOR_APPLICATION_STATE_LABELS[
              event.state as keyof typeof TUTOR_APPLICATION_STATE_LABELS
            ] ?? event.state,
          nextStep: event.nextStep,
          statusUrl: link(deps, "/_app/tutor"),
        },
        scheduledAt: event.at,
      },
      event.at,
    );
  },
};

// --- renewal notices (job) -------------------------------------------------------------------

/** The job: a notice 3 days before each automatic charge (amount, date, how to stop). */
export async function scheduleRenewalNotices(
  deps: MessagesDeps,
  due: (
    from: Date,
    to: Date,
  ) => Promise<
    {
      id: number;
      userId: number;
      name: string;
      renewalAmount: number;
      paidMonths: number;
      nextChargeAt: Date;
    }[]
  >,
) {
  const now = deps.clock.now();
  const subscriptions = await due(now, new Date(now.getTime() + RENEWAL_NOTICE_MS));
  for (const s of subscriptions) {
    await withTransaction(deps.db, async (tx) => {
      await enqueue(
        tx,
        {
          templateId: "renewal-notice",
          subject: `subscription:${s.id}`,
          key: `renewal-notice:${s.id}:${s.paidMonths + 1}`,
          recipients: await familyOf(tx, s.userId, now),
          variables: {
            name: s.name,
            chargeDate: seoulMessageTime(s.nextChargeAt).replace(/ \d{2}:\d{2}$/, ""),
            amount: wonText(s.renewalAmount),
            manageUrl: link(deps, "/_app"),
          },
          scheduledAt: now,
        },
        now,
      );
    });
  }
  return { processed: subscriptions.length };
}

// --- reading (dev route, staff) and consent --------------------------------------------------

/** The outbox as `GET /dev/messages` and the console show it (newest first). */
export async function outboxView(
  db: Database,
  filter: { recipientUserId?: number; subject?: string; state?: string },
  limit = 100,
  offset = 0,
) {
  const rows = await repo.findRecent(db, filter, limit, offset);
  const names = new Map<number, string>();
  for (const r of rows) {
    if (!names.has(r.recipientUserId)) {
      names.set(r.recipientUserId, (await findUserById(db, r.recipientUserId))?.name ?? "");
    }
  }
  return rows.map((r) => ({ row: r, recipientName: names.get(r.recipientUserId) ?? "" }));
}

/** The caller's standing choices (newest entry per kind; consent older than 2 years expired). */
export async function myConsents(deps: Pick<MessagesDeps, "db" | "clock">, caller: AuthUser) {
  const now = deps.clock.now();
  const entries = (await repo.findConsents(deps.db, caller.userNo)).map((e) => ({
    kind: e.kind as ConsentKind,
    granted: e.granted,
    at: e.createdAt,
  }));
  return CONSENT_KINDS.map((kind) => ({ kind, ...consentOf(entries, kind, now) }));
}

/** Records the caller's choice (append-only, source PROFILE). */
export async function setConsent(
  deps: Pick<MessagesDeps, "db" | "clock">,
  caller: AuthUser,
  input: { kind: string; granted: boolean },
) {
  if (!(CONSENT_KINDS as readonly string[]).includes(input.kind)) {
    throw new AppError("validation", "validation_failed", "알 수 없는 수신 동의 항목이에요.", [
      { field: "kind", message: `${CONSENT_KINDS.join(", ")} 중 하나여야 해요.` },
    ]);
  }
  await repo.insertConsent(deps.db, {
    userId: caller.userNo,
    kind: input.kind,
    granted: input.granted,
    source: "PROFILE",
    createdAt: deps.clock.now(),
  });
  return myConsents(deps, caller);
}
