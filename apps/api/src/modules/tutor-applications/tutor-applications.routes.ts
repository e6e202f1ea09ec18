/**
 * Uploads and downloads of tutor application files on the hub backend (issue #12;
 * docs/api/tutor-applications.md "Files"). Bearer token required.
 *
 * - `POST /hub/tutor-application/files?kind=ENROLLMENT_PROOF|VOICE_ANSWER[&durationSeconds=N]`:
 *   the raw file as the body (Content-Type: the file's type, or application/octet-stream),
 *   at most 10 MB. The server checks the bytes (PDF/JPEG/PNG; webm/ogg/mp3/m4a/wav audio up to
 *   180 s). Response `FILE: { ID, KIND, CONTENT_TYPE, SIZE_BYTES, DURATION_SECONDS, URL }`.
 * - `POST /hub/tutor-application/files/target` `{kind}`: where to send a file of that kind.
 *   With S3 storage `{MODE: "PRESIGNED_POST", URL, FIELDS, KEY, MAX_BYTES, EXPIRES_AT}`: the
 *   browser posts FIELDS then `file` as multipart/form-data to URL, then confirms KEY. On disk
 *   `{MODE: "DIRECT"}`: the browser uses the raw upload above.
 * - `POST /hub/tutor-application/files/confirm` `{kind, key, durationSeconds?}`: records a file
 *   posted under an issued key after the server read it back and checked its bytes (refused:
 *   the object is deleted). Response `FILE` as for the raw upload.
 * - `GET /hub/tutor-application/files/:fileId`: the bytes, for the applicant and staff only
 *   (anyone else: 404 like an unknown id), never cached.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { TUTOR_FILE_KINDS } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { fileHeaders, rawBodyScope } from "../../platform/uploads.ts";
import { success } from "../../rest/envelope.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { authenticate } from "../accounts/accounts.public.ts";
import { fileUrl } from "./tutor-applications.graphql.ts";
import {
  TUTOR_MESSAGES,
  confirmUpload,
  parseInput,
  readFile,
  uploadFile,
  uploadTarget,
  type TutorApplicationsDeps,
} from "./tutor-applications.service.ts";
import type { TutorFileRow } from "./tutor-applications.repository.ts";

const uploadQuery = z.strictObject({
  kind: z.enum(TUTOR_FILE_KINDS, {
    error: "kind 는 ENROLLMENT_PROOF 또는 VOICE_ANSWER 여야 해요.",
  }),
  durationSeconds: z.coerce.number().int().min(0).max(100_000).optional(),
});

const kindField = z.enum(TUTOR_FILE_KINDS, {
  error: "kind 는 ENROLLMENT_PROOF 또는 VOICE_ANSWER 여야 해요.",
});
const targetBody = z.strictObject({ kind: kindField });
const confirmBody = z.strictObject({
  kind: kindField,
  key: z.string().max(200, "key 가 올바르지 않아요."),
  durationSeconds: z.number().int().min(0).max(100_000).optional(),
});

const fileOutput = z.strictObject({
  ID: z.string(),
  KIND: z.enum(TUTOR_FILE_KINDS),
  CONTENT_TYPE: z.string(),
  SIZE_BYTES: z.number().int(),
  DURATION_SECONDS: z.number().int().nullable(),
  URL: z.string().describe("where the owner and staff download it"),
});

const tag = "tutor-applications";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /tutor-application/files": restSchema({
    summary: "지원 서류 올리기 (본문: 파일 바이트, Content-Type: 파일 형식)",
    tag,
    bearer: true,
    querystring: uploadQuery,
    response: z.strictObject({ FILE: fileOutput }),
  }),
  "POST /tutor-application/files/target": restSchema({
    summary: "올릴 곳 (DIRECT: 이 서버, PRESIGNED_POST: 버킷에 미리 서명된 POST)",
    tag,
    bearer: true,
    body: targetBody,
    response: z.union([
      z.strictObject({ MODE: z.literal("DIRECT") }),
      z.strictObject({
        MODE: z.literal("PRESIGNED_POST"),
        URL: z.string(),
        FIELDS: z.record(z.string(), z.string()),
        KEY: z.string(),
        MAX_BYTES: z.number().int(),
        EXPIRES_AT: z.string(),
      }),
    ]),
  }),
  "POST /tutor-application/files/confirm": restSchema({
    summary: "버킷에 올린 서류 확인",
    tag,
    bearer: true,
    body: confirmBody,
    response: z.strictObject({ FILE: fileOutput }),
  }),
  "GET /tutor-application/files/:fileId": restSchema({
    summary: "지원 서류 내려받기 (본인 또는 직원)",
    tag,
    bearer: true,
    params: z.strictObject({ fileId: z.string() }),
    response: {
      description: "the stored file, with its content type",
      content: { "application/octet-stream": { schema: z.string() } },
    },
  }),
} as const;

/** The FILE of an upload's answer. */
function fileResponse(file: TutorFileRow) {
  return {
    ID: String(file.id),
    KIND: file.kind,
    CONTENT_TYPE: file.contentType,
    SIZE_BYTES: file.sizeBytes,
    DURATION_SECONDS: file.durationSeconds,
    URL: fileUrl(file.id),
  };
}

export async function tutorApplicationFileRoutes(
  app: FastifyInstance,
  deps: TutorApplicationsDeps,
): Promise<void> {
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  await rawBodyScope(app, (scope) => {
    scope.post("/tutor-application/files", async (request) => {
      const caller = await authenticate(request);
      const query = parseInput(uploadQuery, request.query);
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const claimed = request.headers["content-type"];
      const file = await uploadFile(deps, caller, {
        kind: query.kind,
        bytes,
        claimedType: typeof claimed === "string" ? claimed : undefined,
        durationSeconds: query.durationSeconds ?? null,
      });
      return success({ FILE: fileResponse(file) });
    });
  });

  app.post("/tutor-application/files/target", async (request) => {
    const caller = await authenticate(request);
    const body = parseInput(targetBody, request.body ?? {});
    const target = await uploadTarget(deps, caller, body.kind);
    if (target.mode === "DIRECT") return success({ MODE: "DIRECT" as const });
    return success({
      MODE: target.mode,
      URL: target.url,
      FIELDS: target.fields,
      KEY: target.key,
      MAX_BYTES: target.maxBytes,
      EXPIRES_AT: target.expiresAt.toISOString(),
    });
  });

  app.post("/tutor-application/files/confirm", async (request) => {
    const caller = await authenticate(request);
    const body = parseInput(confirmBody, request.body ?? {});
    const file = await confirmUpload(deps, caller, {
      kind: body.kind,
      key: body.key,
      durationSeconds: body.durationSeconds ?? null,
    });
    return success({ FILE: fileResponse(file) });
  });

  app.get<{ Params: { fileId: string } }>(
    "/tutor-application/files/:fileId",
    async (request, reply) => {
      const caller = await authenticate(request);
      const id = /^\d{1,15}$/.test(request.params.fileId) ? Number(request.params.fileId) : NaN;
      if (!Number.isSafeInteger(id)) {
        throw new AppError("not_found", "file_not_found", TUTOR_MESSAGES.fileNotFound);
      }
      const { file, bytes } = await readFile(deps, caller, id);
      return reply.headers(fileHeaders(file.contentType)).send(bytes);
    },
  );
}
