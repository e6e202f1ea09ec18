/**
 * What the console's route files share (admin.routes.ts, admin.actions.routes.ts): the field
 * schemas every action body has, and the one handler shape — POST `/main/admin/console/<name>`
 * behind the Bearer token, `cache-control: no-store`, the strict body parsed, the service
 * called with the caller and the request id, its result mapped into the ONUEI_RES envelope.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_REASON_CODES } from "@seoltab/domain/admin";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";

/** A positive int4 id, with the field named in its Korean message. */
export const idField = (field: string) =>
  z
    .number({ error: `${field} 는 숫자여야 해요.` })
    .int({ error: `${field} 는 정수여야 해요.` })
    .min(1, { error: `${field} 가 올바르지 않아요.` })
    .max(2_147_483_647, { error: `${field} 가 올바르지 않아요.` });

/** One form's idempotency key (8-64 of A-Z a-z 0-9 _ -). */
export const idempotencyKeyField = z
  .string({ error: "IDEMPOTENCY_KEY 가 필요해요." })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "IDEMPOTENCY_KEY 는 영문·숫자 8~64자여야 해요." });

/** The one list of reason codes (packages/domain ADMIN_REASON_CODES). */
export const reasonCodeField = z.enum(ADMIN_REASON_CODES, {
  error: "REASON_CODE 가 올바르지 않아요.",
});

/** Staff's own words, 2-200 characters. */
export const reasonField = z
  .string({ error: "사유를 입력해 주세요." })
  .trim()
  .min(2, { error: "사유를 두 글자 이상 입력해 주세요." })
  .max(200, { error: "사유는 200자까지 적을 수 있어요." });

/** Every action's key and reason. */
export const actionFields = {
  IDEMPOTENCY_KEY: idempotencyKeyField,
  REASON_CODE: reasonCodeField,
  REASON: reasonField,
};

/**
 * The console's handlers on `app` (prefix `/main`): `post` for a free-form handler, `action`
 * for the usual shape — parse `body` strictly, `run` the service with the caller and request
 * id, answer `respond(result)` (default: the result as it is) in the success envelope.
 */
export function consoleRoutes(app: FastifyInstance) {
  const post = (path: string, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(`/admin/console${path}`, { preHandler: app.requireAuth }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return handler(request);
    });
  const action = <S extends z.ZodType, R>(
    path: string,
    body: S,
    run: (input: z.output<S>, caller: AuthUser, requestId: string) => Promise<R>,
    respond: (result: R) => unknown = (result) => result,
  ) =>
    post(path, async (request) =>
      success(respond(await run(parseBody(body, request), request.auth!, request.id))),
    );
  return { post, action };
}
