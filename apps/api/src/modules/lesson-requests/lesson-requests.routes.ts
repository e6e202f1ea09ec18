/**
 * The hub REST calls of SPEC.md §7 (issue #13; docs/api/lesson-requests.md), Bearer token:
 * - `POST /hub/request-form/validation {lectureVtNo}` → `{ VALID, REASON_CODE, REASON,
 *   LECTURE_ID, REQUEST_ID, REQUEST_STATE }`: whether a form can be written for that lecture
 *   line now (paid, yours, not submitted, not finished) and why not. Someone else's or an unknown
 *   line: 403 `not_your_lecture`.
 * - `PATCH /hub/request-form/cancel {id}` → `{ ID, STATE: "CANCELLED" }`: withdraws a submitted
 *   form before a tutor is chosen.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { authenticate } from "../accounts/accounts.public.ts";
import {
  VALIDATION_REASONS,
  cancelRequest,
  validateForm,
  type LessonRequestsDeps,
} from "./lesson-requests.service.ts";

const validationInput = z.strictObject({
  lectureVtNo: z.coerce
    .number({ error: "lectureVtNo 는 숫자여야 해요." })
    .int("lectureVtNo 는 정수여야 해요.")
    .positive("lectureVtNo 는 양수여야 해요."),
});
const cancelInput = z.strictObject({
  id: z.coerce
    .number({ error: "id 는 숫자여야 해요." })
    .int("id 는 정수여야 해요.")
    .positive("id 는 양수여야 해요."),
});

export async function lessonRequestRoutes(
  app: FastifyInstance,
  deps: LessonRequestsDeps,
): Promise<void> {
  app.post("/request-form/validation", async (request) => {
    const caller = await authenticate(request);
    const input = parseBody(validationInput, request);
    const result = await validateForm(deps, caller, input.lectureVtNo);
    return success({
      VALID: result.valid,
      REASON_CODE: result.reason,
      REASON: result.reason ? VALIDATION_REASONS[result.reason] : null,
      LECTURE_ID: result.lecture?.id ?? null,
      REQUEST_ID: result.request?.id ?? null,
      REQUEST_STATE: result.request?.state ?? null,
    });
  });

  app.patch("/request-form/cancel", async (request) => {
    const caller = await authenticate(request);
    const input = parseBody(cancelInput, request);
    const cancelled = await cancelRequest(deps, caller, input.id);
    return success({ ID: cancelled.id, STATE: cancelled.state }, "수업 신청을 취소했어요.");
  });
}
