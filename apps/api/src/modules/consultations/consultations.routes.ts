/**
 * Consultation calls on the main REST backend (docs/api/consultations.md), all POST, all in the
 * ONUEI_RES envelope:
 * - /consultation_request — anonymous: a consultation request with a verified phone;
 * - /admin/consultation_requests — staff (ADMIN, SALES_TEAM): the list, newest first;
 * - /admin/consultation_requests/status — staff: RECEIVED → CONTACTED → CLOSED.
 * Handlers only validate, call the service and shape the answer.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { requestContext } from "../../platform/request-context.ts";
import { storeAttemptLimiter } from "../../platform/attempt-limiter.ts";
import type { AttemptStore } from "../../platform/attempt-store.ts";
import { CONSULTATION_MESSAGES, REQUESTS_WINDOW_MS } from "./consultations.constants.ts";
import {
  consultationListInput,
  consultationListOutput,
  consultationOutput,
  consultationRequestInput,
  consultationRequestOutput,
  consultationStatusInput,
} from "./consultations.schemas.ts";
import {
  admitSubmission,
  changeConsultationStatus,
  listConsultations,
  submitConsultationRequest,
  type ConsultationsDeps,
} from "./consultations.service.ts";

const tag = "consultations";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /consultation_request": restSchema({
    summary: "상담 신청",
    tag,
    body: consultationRequestInput,
    response: consultationRequestOutput,
  }),
  "POST /admin/consultation_requests": restSchema({
    summary: "상담 신청 목록 (직원)",
    tag,
    bearer: true,
    body: consultationListInput,
    response: consultationListOutput,
  }),
  "POST /admin/consultation_requests/status": restSchema({
    summary: "상담 신청 상태 변경 (직원)",
    tag,
    bearer: true,
    body: consultationStatusInput,
    response: consultationOutput,
  }),
} as const;

/**
 * Registers the consultation calls inside the `/main` REST backend (envelope handlers installed
 * by the caller). `clock`: the accounts area's clock, so tests move both together.
 */
export async function consultationsMainRoutes(
  app: FastifyInstance,
  opts: { db: Database; clock: Clock; attempts: AttemptStore },
): Promise<void> {
  const deps: ConsultationsDeps = {
    db: opts.db,
    clock: opts.clock,
    submitLimiter: storeAttemptLimiter(
      opts.attempts,
      "consultation-requests-address",
      REQUESTS_WINDOW_MS,
    ),
  };

  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.post("/consultation_request", async (request, reply) => {
    const ctx = requestContext(request);
    await admitSubmission(deps, ctx);
    const input = parseBody(consultationRequestInput, request);
    const { requestId } = await submitConsultationRequest(deps, input, ctx);
    reply.header("cache-control", "no-store");
    return success(
      consultationRequestOutput.parse({ REQUEST_ID: requestId, STATUS: "RECEIVED" }),
      CONSULTATION_MESSAGES.received,
    );
  });

  app.post(
    "/admin/consultation_requests",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const input = parseBody(consultationListInput, request);
      const page = await listConsultations(
        deps,
        request.auth!,
        {
          status: input.STATUS,
          from: input.FROM,
          to: input.TO,
          cursor: input.CURSOR,
          limit: input.LIMIT,
        },
        requestContext(request),
      );
      reply.header("cache-control", "no-store");
      return success(
        consultationListOutput.parse({
          REQUESTS: page.requests,
          TOTAL_COUNT: page.totalCount,
          NEXT_CURSOR: page.nextCursor,
        }),
      );
    },
  );

  app.post(
    "/admin/consultation_requests/status",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const input = parseBody(consultationStatusInput, request);
      const updated = await changeConsultationStatus(
        deps,
        request.auth!,
        { requestId: input.REQUEST_ID, status: input.STATUS },
        requestContext(request),
      );
      reply.header("cache-control", "no-store");
      return success(consultationOutput.parse(updated), CONSULTATION_MESSAGES.statusChanged);
    },
  );
}
