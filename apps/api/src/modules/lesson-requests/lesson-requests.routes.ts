/**
 * The hub REST calls of SPEC.md §7 (issue #13; docs/api/lesson-requests.md), Bearer token:
 * - `POST /hub/request-form/validation {lectureVtNo}` → `{ VALID, REASON_CODE, REASON,
 *   LECTURE_ID, REQUEST_ID, REQUEST_STATE }`: whether a form can be written for that lecture
 *   line now (paid, yours, not submitted, not finished) and why not. Someone else's or an unknown
 *   line: 403 `not_your_lecture`.
 * - `PATCH /hub/request-form/cancel {id}` → `{ ID, STATE: "CANCELLED" }`: withdraws a submitted
 *   form before a tutor is chosen.
 * - `POST /hub/request-form/files?lectureId=&kind=SCHOOL_RECORD|GRADE_CARD`: an attachment as the
 *   raw body (PDF, JPEG, PNG, 10 MB); `GET /hub/request-form/files/{id}`: its bytes (the family,
 *   the lecture's tutor, staff).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import { fileHeaders, rawBodyScope } from "../../platform/uploads.ts";
import { success } from "../../rest/envelope.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { authenticate } from "../accounts/accounts.public.ts";
import {
  REQUEST_FILE_KINDS,
  REQUEST_MESSAGES,
  VALIDATION_REASONS,
  cancelRequest,
  readAttachment,
  uploadAttachment,
  validateForm,
  type LessonRequestsDeps,
} from "./lesson-requests.service.ts";

const fileQuery = z.strictObject({
  lectureId: z.coerce.number({ error: "lectureId 는 숫자여야 해요." }).int().positive(),
  kind: z.enum(REQUEST_FILE_KINDS, { error: "kind 는 SCHOOL_RECORD 또는 GRADE_CARD 여야 해요." }),
});

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

const tag = "lesson-requests";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /request-form/validation": restSchema({
    summary: "수업 신청서를 쓸 수 있는지",
    tag,
    bearer: true,
    body: validationInput,
    response: z.strictObject({
      VALID: z.boolean(),
      REASON_CODE: z.string().nullable(),
      REASON: z.string().nullable(),
      LECTURE_ID: z.number().int().nullable(),
      REQUEST_ID: z.number().int().nullable(),
      REQUEST_STATE: z.string().nullable(),
    }),
  }),
  "PATCH /request-form/cancel": restSchema({
    summary: "수업 신청 취소",
    tag,
    bearer: true,
    body: cancelInput,
    response: z.strictObject({ ID: z.number().int(), STATE: z.string() }),
  }),
  "POST /request-form/files": restSchema({
    summary: "신청서 첨부 올리기 (본문: 파일 바이트, Content-Type: 파일 형식)",
    tag,
    bearer: true,
    querystring: fileQuery,
    response: z.strictObject({
      FILE: z.strictObject({
        ID: z.string(),
        KIND: z.enum(REQUEST_FILE_KINDS),
        CONTENT_TYPE: z.string(),
        SIZE_BYTES: z.number().int(),
        URL: z.string(),
      }),
    }),
  }),
  "GET /request-form/files/:fileId": restSchema({
    summary: "신청서 첨부 내려받기",
    tag,
    bearer: true,
    params: z.strictObject({ fileId: z.string() }),
    response: {
      description: "the stored file, with its content type",
      content: { "application/octet-stream": { schema: z.string() } },
    },
  }),
} as const;

export async function lessonRequestRoutes(
  app: FastifyInstance,
  deps: LessonRequestsDeps,
): Promise<void> {
  declareRouteSchemas(app, ROUTE_SCHEMAS);
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

  await rawBodyScope(app, (scope) => {
    scope.post("/request-form/files", async (request) => {
      const caller = await authenticate(request);
      const parsed = fileQuery.safeParse(request.query);
      if (!parsed.success) {
        throw new AppError(
          "validation",
          "validation_failed",
          parsed.error.issues[0]?.message ?? "입력값을 확인해 주세요.",
          parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
        );
      }
      const claimed = request.headers["content-type"];
      const file = await uploadAttachment(deps, caller, {
        lectureId: parsed.data.lectureId,
        kind: parsed.data.kind,
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        claimedType: typeof claimed === "string" ? claimed : undefined,
      });
      return success({
        FILE: {
          ID: String(file.id),
          KIND: file.kind,
          CONTENT_TYPE: file.contentType,
          SIZE_BYTES: file.sizeBytes,
          URL: `/hub/request-form/files/${file.id}`,
        },
      });
    });
  });

  app.get<{ Params: { fileId: string } }>("/request-form/files/:fileId", async (request, reply) => {
    const caller = await authenticate(request);
    if (!/^\d{1,15}$/.test(request.params.fileId)) {
      throw new AppError("not_found", "file_not_found", REQUEST_MESSAGES.fileNotFound);
    }
    const { file, bytes } = await readAttachment(deps, caller, Number(request.params.fileId));
    return reply.headers(fileHeaders(file.contentType)).send(bytes);
  });
}
