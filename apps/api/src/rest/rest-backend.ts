/**
 * What every REST backend (`/main`, `/serverless`, `/hub`) shares: every answer, including
 * 400/404/413/415/500, in the ONUEI_RES envelope (rest/envelope.ts), and `parseBody` to
 * validate a request body at the edge with zod.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, MESSAGES, toAppError } from "../errors.ts";
import { findBadTextInRequest } from "../platform/bad-input.ts";
import { failure } from "./envelope.ts";
import { checkedSerializer, passThroughValidator } from "./route-schema.ts";

/**
 * Installs the envelope error and not-found handlers on an encapsulated REST plugin, and the
 * schema compilers of rest/route-schema.ts: declared request schemas document (the handler
 * validates), declared response schemas check every answer. `strictResponses` (default true;
 * false in production) makes a response that does not match its schema a 500 instead of a
 * logged error.
 */
export function useEnvelope(
  app: FastifyInstance,
  options: { strictResponses?: boolean } = {},
): void {
  app.setValidatorCompiler(passThroughValidator);
  app.setSerializerCompiler(
    checkedSerializer({
      strict: options.strictResponses ?? true,
      onMismatch: (err) => app.log.error({ err }, "REST response does not match its schema"),
    }),
  );
  // Text PostgreSQL cannot store is a validation error here, never a 500 from the database.
  app.addHook("preValidation", async (request) => {
    const path = findBadTextInRequest(request);
    if (path) {
      throw new AppError("validation", "validation_failed", MESSAGES.badText, [
        { field: path.replace(/^body\./, ""), message: MESSAGES.badText },
      ]);
    }
  });
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    if (appError.kind === "internal") {
      request.log.error({ err }, "unhandled error in REST handler");
    } else {
      request.log.info({ code: appError.code }, "request refused");
    }
    const { status, body } = failure(appError);
    for (const [name, value] of Object.entries(appError.extra.headers ?? {})) {
      reply.header(name, value);
    }
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => {
    const { status, body } = failure(
      new AppError("not_found", "route_not_found", MESSAGES.routeNotFound),
    );
    return reply.status(status).send(body);
  });
}

/**
 * Validates a request body with `schema`. A missing body counts as `{}`.
 * @throws AppError(validation, "validation_failed") with one FieldProblem per invalid field.
 */
export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError(
    "validation",
    "validation_failed",
    MESSAGES.validation,
    parsed.error.issues.map((issue) => ({
      field:
        issue.path.join(".") ||
        (issue.code === "unrecognized_keys" ? issue.keys.join(",") : "(body)"),
      message: issue.message,
    })),
  );
}
