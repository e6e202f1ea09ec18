/**
 * The phoenix REST call of SPEC.md §7 (it uses the serverless base; issue #14;
 * docs/api/lecture-changes.md), Bearer token:
 * - `GET /serverless/lectureChangeForm/student/{id}` → the change form of lecture `{id}` (the
 *   LECTURE_INFO `LECTURE_ID` of the student's lecture): `{ LECTURE_ID, LECTURE_TITLE,
 *   LECTURE_STATE, TUTOR_NAME, SIDE, WEEKLY_PLAN, PAUSED_DAYS, UPCOMING_LESSONS, KINDS,
 *   OPEN_REQUESTS }`. Someone else's or an unknown lecture: 403 `not_your_lecture`; an id that is
 *   not a number: 400.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors.ts";
import { z } from "zod";
import { success } from "../../rest/envelope.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { authenticate, findUserById } from "../accounts/accounts.public.ts";
import { changeForm, type ChangeView, type LectureChangesDeps } from "./lecture-changes.service.ts";

const nullableText = z.string().nullable();

/** The wire shape of `changeRest`: one change request. */
const changeOutput = z.strictObject({
  ID: z.number().int(),
  KIND: z.string(),
  STATE: z.string(),
  REQUESTED_SIDE: z.string(),
  LESSON_ID: z.number().int().nullable(),
  LESSON_STARTS_AT: nullableText,
  PROPOSED_STARTS_AT: nullableText,
  PROPOSED_MINUTES: z.number().int().nullable(),
  WEEKLY_PLAN: z.unknown().describe("the proposed weekly plan (SPEC.md §9), or null"),
  EFFECTIVE_FROM: nullableText,
  PAUSE_FROM: nullableText,
  PAUSE_UNTIL: nullableText,
  REASON: nullableText,
  LATE: z.boolean(),
  CREATED_AT: z.string(),
  CAN_RESPOND: z.boolean(),
  CAN_CANCEL: z.boolean(),
});

/** The wire contract of the call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "GET /lectureChangeForm/student/:id": restSchema({
    summary: "수업 변경 신청서 (학생 또는 보호자)",
    tag: "lecture-changes",
    bearer: true,
    params: z.strictObject({ id: z.string().describe("LECTURE_INFO LECTURE_ID (digits)") }),
    response: z.strictObject({
      LECTURE_ID: z.number().int(),
      LECTURE_TITLE: z.string(),
      LECTURE_STATE: z.string(),
      TUTOR_NAME: nullableText,
      SIDE: z.string(),
      WEEKLY_PLAN: z.array(z.unknown()),
      PAUSED_DAYS: z.number().int(),
      UPCOMING_LESSONS: z.array(
        z.strictObject({
          ID: z.number().int(),
          RECURRENCE_ID: z.string().nullable(),
          STARTS_AT: z.string(),
          ENDS_AT: z.string(),
          MINUTES: z.number().int(),
          STATE: z.string(),
        }),
      ),
      KINDS: z.array(
        z.strictObject({
          KIND: z.string(),
          LABEL: z.string(),
          ALLOWED: z.boolean(),
          REASON: nullableText,
          DECIDED_BY: z.string(),
        }),
      ),
      OPEN_REQUESTS: z.array(changeOutput),
    }),
  }),
} as const;

function changeRest(view: ChangeView) {
  const r = view.row;
  return {
    ID: r.id,
    KIND: r.kind,
    STATE: r.state,
    REQUESTED_SIDE: r.requestedSide,
    LESSON_ID: r.lessonId,
    LESSON_STARTS_AT: r.lessonStartsAt?.toISOString() ?? null,
    PROPOSED_STARTS_AT: r.proposedStartsAt?.toISOString() ?? null,
    PROPOSED_MINUTES: r.proposedMinutes,
    WEEKLY_PLAN: r.weeklyPlan,
    EFFECTIVE_FROM: r.effectiveFrom,
    PAUSE_FROM: r.pauseFrom,
    PAUSE_UNTIL: r.pauseUntil,
    REASON: r.reason,
    LATE: r.late,
    CREATED_AT: r.createdAt.toISOString(),
    CAN_RESPOND: view.canRespond,
    CAN_CANCEL: view.canCancel,
  };
}

export async function lectureChangeRoutes(
  app: FastifyInstance,
  deps: LectureChangesDeps,
): Promise<void> {
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  app.get<{ Params: { id: string } }>("/lectureChangeForm/student/:id", async (request) => {
    const caller = await authenticate(request);
    if (!/^\d{1,15}$/.test(request.params.id)) {
      throw new AppError("validation", "validation_failed", "id 는 강의 번호(숫자)여야 해요.", [
        { field: "id", message: "숫자여야 해요." },
      ]);
    }
    const form = await changeForm(deps, caller, Number(request.params.id));
    const tutor = form.lecture.tutorUserId
      ? await findUserById(deps.db, form.lecture.tutorUserId)
      : undefined;
    return success({
      LECTURE_ID: form.lecture.id,
      LECTURE_TITLE: form.lecture.title,
      LECTURE_STATE: form.lecture.state,
      TUTOR_NAME: tutor?.name ?? null,
      SIDE: form.side,
      WEEKLY_PLAN: form.lecture.weeklyPlan ?? [],
      PAUSED_DAYS: form.pausedDays,
      UPCOMING_LESSONS: form.upcoming.map((l) => ({
        ID: l.id,
        RECURRENCE_ID: l.recurrenceId,
        STARTS_AT: l.startsAt.toISOString(),
        ENDS_AT: l.endsAt.toISOString(),
        MINUTES: l.minutes,
        STATE: l.state,
      })),
      KINDS: form.kinds.map((k) => ({
        KIND: k.kind,
        LABEL: k.label,
        ALLOWED: k.allowed,
        REASON: k.reason,
        DECIDED_BY: k.decidedBy,
      })),
      OPEN_REQUESTS: form.open.map(changeRest),
    });
  });
}
