/**
 * The lectures area (issue #13; DESIGN.md §9; docs/api/lectures.md): one lecture per paid
 * LECTURE line of a first order, written in the paying transaction (`payment.paid`); its state
 * moves by packages/domain LECTURE_TRANSITIONS only, each move a row; a refund of the line ends
 * it (FINISH). LECTURE_INFO reads the records (the state shown merges what the payments say).
 *
 * Who may act: the student and their linked parents on their lectures; the assigned tutor reads
 * theirs; staff on all. Anyone else: FORBIDDEN `not_your_lecture`, as for an unknown id.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@seoltab/db";
import { endAfterPause } from "@seoltab/domain/lecture-changes";
import {
  canMoveLecture,
  displayedLectureState,
  isStaffUserType,
  type Initiator,
  type LectureState,
} from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import type { EventBus } from "../../platform/events.ts";
import { inSavepoint } from "../../platform/transactions.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findUsersByIds, mayActFor } from "../accounts/accounts.public.ts";
import type { UserInfoSources } from "../accounts/accounts.public.ts";
import type { PaymentItemRow, PaymentRow } from "../payments/payments.public.ts";
import * as repo from "./lectures.repository.ts";

export interface LecturesDeps {
  db: Database;
  events: EventBus;
  log: FastifyBaseLogger;
}

export const LECTURE_MESSAGES = {
  notYours:
    "이 수업을 볼 수 있는 권한이 없어요. 학생 본인이나 연결된 보호자 계정으로 확인해 주세요.",
  notAllowed: "지금 수업 상태에서는 할 수 없는 일이에요. 화면을 새로 고친 뒤 다시 확인해 주세요.",
} as const;

/** The refusal for a lecture that is not the caller's or does not exist (the same answer). */
export function notYourLecture(): AppError {
  return new AppError("forbidden", "not_your_lecture", LECTURE_MESSAGES.notYours);
}

/**
 * The lecture `lectureId` when `caller` may act on it as its family (the student, a linked
 * parent) or staff; with `tutorToo`, the assigned tutor as well.
 * @throws AppError forbidden `not_your_lecture` (also for an unknown id)
 */
export async function lectureForCaller(
  db: Database,
  caller: AuthUser,
  lectureId: number,
  options: { tutorToo?: boolean; forUpdate?: boolean } = {},
): Promise<repo.LectureRow> {
  const lecture = await repo.findLectureById(db, lectureId, { forUpdate: options.forUpdate });
  if (!lecture) throw notYourLecture();
  if (options.tutorToo && lecture.tutorUserId === caller.userNo) return lecture;
  if (!(await mayActFor(db, caller, lecture.userId))) throw notYourLecture();
  return lecture;
}

/** Whether `caller` is staff. */
export const isStaff = (caller: AuthUser) => isStaffUserType(caller.userType);

/**
 * Moves a lecture (in `tx`) when LECTURE_TRANSITIONS allows it and it is still in `from`;
 * emits `lecture.moved`. Returns the moved row.
 * @throws AppError conflict `transition_not_allowed` when the table refuses or another writer won
 */
export async function moveLecture(
  deps: Pick<LecturesDeps, "events">,
  tx: Database,
  input: {
    lecture: repo.LectureRow;
    to: LectureState;
    at: Date;
    initiator: Initiator;
    actorUserId: number | null;
    reason: string | null;
    set?: repo.LectureChanges;
  },
): Promise<repo.LectureRow> {
  const from = input.lecture.state as LectureState;
  if (!canMoveLecture(from, input.to)) {
    throw new AppError("conflict", "transition_not_allowed", LECTURE_MESSAGES.notAllowed);
  }
  const moved = await repo.moveLectureRow(tx, {
    id: input.lecture.id,
    from,
    to: input.to,
    at: input.at,
    initiator: input.initiator,
    actorUserId: input.actorUserId,
    reason: input.reason,
    set: input.set,
  });
  if (!moved) throw new AppError("conflict", "transition_not_allowed", LECTURE_MESSAGES.notAllowed);
  await deps.events.emit(tx, "lecture.moved", { lecture: moved, from, at: input.at });
  return moved;
}

/**
 * Writes the lectures of a paid first order (renewals keep the lecture they renew), in a
 * savepoint of the paying transaction: a failure is logged and never undoes the payment.
 */
export async function createLecturesForPayment(
  deps: Pick<LecturesDeps, "log">,
  tx: Database,
  payment: PaymentRow,
  initiator: Initiator,
  at: Date,
  items: readonly PaymentItemRow[] | null = null,
): Promise<repo.LectureRow[]> {
  if (payment.subscriptionId != null) return [];
  try {
    return await inSavepoint(tx, (sp) =>
      repo.insertLecturesForPayment(sp, {
        paymentId: payment.id,
        userId: payment.userId,
        at,
        initiator,
        lines: items?.filter((i) => i.itemKind === "LECTURE") ?? null,
      }),
    );
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, "lectures not written for a paid payment");
    return [];
  }
}

/** Ends the lectures of refunded lines (FINISH, AUTO). */
export async function finishLecturesOfItems(
  deps: Pick<LecturesDeps, "events">,
  tx: Database,
  itemIds: readonly number[],
  at: Date,
): Promise<number> {
  let finished = 0;
  for (const lecture of await repo.findLecturesByItems(tx, itemIds)) {
    const locked = await repo.findLectureById(tx, lecture.id, { forUpdate: true });
    if (!locked || !canMoveLecture(locked.state as LectureState, "FINISH")) {
      continue;
    }
    await moveLecture(deps, tx, {
      lecture: locked,
      to: "FINISH",
      at,
      initiator: "AUTO",
      actorUserId: null,
      reason: "환불되어 수강이 끝났어요.",
    });
    finished += 1;
  }
  return finished;
}

/**
 * getUserInfo's LECTURE_INFO with the lecture records: the payments' entries (periods, next
 * charge), the state merged with the record's (`displayedLectureState`), and the record's id,
 * tutor name and request form state.
 */
export function lectureInfoWithRecords(
  db: Database,
  fromPayments: UserInfoSources["lectureInfo"],
  requestStates: (lectureIds: number[]) => Promise<Map<number, string>>,
): UserInfoSources["lectureInfo"] {
  return async (userId, now) => {
    const entries = await fromPayments(userId, now);
    const records = await repo.findLecturesByItems(
      db,
      entries.map((e) => e.LECTURE_NO),
    );
    const byItem = new Map(records.map((r) => [r.paymentItemId, r]));
    // The request states and the tutors' names at once, the names in one query (issue 19
    // performance: one query per tutor before).
    const tutorIds = [...new Set(records.flatMap((r) => (r.tutorUserId ? [r.tutorUserId] : [])))];
    const [states, tutors] = await Promise.all([
      requestStates(records.map((r) => r.id)),
      findUsersByIds(db, tutorIds),
    ]);
    const tutorNames = new Map(tutors.map((t) => [t.id, t.name]));
    return entries.map((entry) => {
      const record = byItem.get(entry.LECTURE_NO);
      if (!record) return { ...entry, LECTURE_ID: null, TUTOR_NAME: null, REQUEST_STATE: null };
      // A pause moves the end of the paid period by the days paused (lecture-changes PAUSE):
      // the lecture is not over while the moved end is ahead.
      const pausedEnd =
        record.pausedDays > 0 && entry.END_AT
          ? endAfterPause(new Date(entry.END_AT), record.pausedDays)
          : null;
      const derived =
        pausedEnd && entry.STATE === "DONE" && pausedEnd.getTime() > now.getTime()
          ? (record.state as LectureState)
          : (entry.STATE as LectureState);
      return {
        ...entry,
        END_AT: pausedEnd ? pausedEnd.toISOString() : entry.END_AT,
        STATE: displayedLectureState(record.state as LectureState, derived),
        LECTURE_ID: record.id,
        TUTOR_NAME: record.tutorUserId ? (tutorNames.get(record.tutorUserId) ?? null) : null,
        REQUEST_STATE: states.get(record.id) ?? null,
      };
    });
  };
}
