/**
 * REST routes of "view as this family" on the main backend (issue #20; docs/api/view-as.md):
 * POST /main/view_as/start {USER_NO}, POST /main/view_as/family (header x-view-as-token),
 * POST /main/view_as/end (header x-view-as-token). Staff only; handlers only validate, call the
 * service and shape the answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { userNoField } from "../accounts/accounts.public.ts";
import {
  endViewAs,
  startViewAs,
  VIEW_AS_HEADER,
  VIEW_AS_MESSAGES,
  viewFamily,
  type ViewAsDeps,
  type ViewAsSession,
} from "./view-as.service.ts";

export const startViewAsInput = z.strictObject({ USER_NO: userNoField });
export const emptyInput = z.strictObject({});

const sessionOutput = z.object({
  SESSION_ID: z.number().int(),
  USER_NO: z.number().int(),
  USER_TYPE: z.string(),
  USER_NAME: z.string(),
  STARTED_AT: z.string(),
  EXPIRES_AT: z.string(),
});
const memberOutput = z.object({ USER_NO: z.number().int(), USER_NAME: z.string() });

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /view_as/start": restSchema({
    summary: "가족 화면 보기 시작 (직원, 읽기 전용 30분)",
    tag: "view-as",
    body: startViewAsInput,
    response: sessionOutput.extend({ VIEW_AS_TOKEN: z.string() }),
    bearer: true,
  }),
  "POST /view_as/family": restSchema({
    summary: "가족 화면 보기: 보고 있는 가족 (x-view-as-token)",
    tag: "view-as",
    body: emptyInput,
    response: sessionOutput.extend({
      CHILDREN: z.array(memberOutput),
      PARENTS: z.array(memberOutput),
    }),
    bearer: true,
  }),
  "POST /view_as/end": restSchema({
    summary: "가족 화면 보기 끝내기 (x-view-as-token)",
    tag: "view-as",
    body: emptyInput,
    response: z.object({ ENDED: z.boolean() }),
    bearer: true,
  }),
} as const;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

function tokenOf(request: FastifyRequest): string {
  const value = request.headers[VIEW_AS_HEADER];
  if (typeof value !== "string" || !TOKEN_SHAPE.test(value)) {
    throw new AppError("unauthorized", "view_as_expired", VIEW_AS_MESSAGES.expired);
  }
  return value;
}

function sessionJson(session: ViewAsSession) {
  return {
    SESSION_ID: session.sessionId,
    USER_NO: session.familyUserNo,
    USER_TYPE: session.familyUserType,
    USER_NAME: session.familyName,
    STARTED_AT: session.startedAt.toISOString(),
    EXPIRES_AT: session.expiresAt.toISOString(),
  };
}

export async function viewAsRoutes(app: FastifyInstance, deps: ViewAsDeps): Promise<void> {
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  app.post("/view_as/start", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(startViewAsInput, request);
    const { session, token } = await startViewAs(deps, request.auth!, input.USER_NO, request.id);
    reply.header("cache-control", "no-store");
    return success({ ...sessionJson(session), VIEW_AS_TOKEN: token });
  });

  app.post("/view_as/family", { preHandler: app.requireAuth }, async (request, reply) => {
    parseBody(emptyInput, request);
    const view = await viewFamily(deps, request.auth!, tokenOf(request), request.id);
    reply.header("cache-control", "no-store");
    return success({
      ...sessionJson(view.session),
      CHILDREN: view.children.map((c) => ({ USER_NO: c.userNo, USER_NAME: c.name })),
      PARENTS: view.parents.map((p) => ({ USER_NO: p.userNo, USER_NAME: p.name })),
    });
  });

  app.post("/view_as/end", { preHandler: app.requireAuth }, async (request) => {
    parseBody(emptyInput, request);
    const result = await endViewAs(deps, request.auth!, tokenOf(request), request.id);
    return success({ ENDED: result.ended });
  });
}
