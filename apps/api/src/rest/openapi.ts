/**
 * The OpenAPI document of the REST backends `/main`, `/serverless` and `/hub` (issue #10 "one
 * contract per wire shape"; decision 034): built by `@fastify/swagger` from the zod schemas every
 * route declares (rest/route-schema.ts) through `fastify-type-provider-zod`'s transform.
 * Published as docs/api/openapi.json (`npm run docs:api`; a test fails when the file differs)
 * and, when `API_DOCS_ENABLED` (default: development and stage), served with Swagger UI at
 * `/main/docs` (document at `/main/docs/json`).
 */
import swagger, { type SwaggerTransform } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { failureEnvelope } from "./route-schema.ts";

/** Where the published document lives, relative to the repository root. */
export const OPENAPI_PATH = "docs/api/openapi.json";

/** Only the REST backends are documented here (GraphQL: docs/api/<backend>.graphql). */
const REST_URL = /^\/(main|serverless|hub)\//;

const DOCS_PREFIX = "/main/docs";

const FAILURE_REF = "#/components/schemas/Failure";

const { $schema: _dialect, ...failureJson } = z.toJSONSchema(failureEnvelope, {
  target: "draft-2020-12",
  io: "input",
});

/**
 * Registers @fastify/swagger at the root (before the backends, so it sees their routes) and,
 * with `ui`, Swagger UI at `/main/docs`.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { ui: boolean }): Promise<void> {
  const zodTransform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "seoltab REST API",
        description:
          "The /main, /serverless and /hub backends (SPEC.md §7). Every answer is the ONUEI_RES " +
          "envelope; a refusal has RESULT FAIL, a Korean STATUSMSG, ERROR_CODE and FIELDS " +
          "(docs/decisions/002-rest-envelope-and-error-codes.md). Generated from the routes' zod " +
          "schemas by `npm run docs:api`; do not edit.",
        version: "1",
      },
      components: {
        schemas: { Failure: failureJson as Record<string, unknown> },
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT (accounts access token)" },
        },
      },
    },
    transform: ((document) => {
      if (!REST_URL.test(document.url) || document.url.startsWith(DOCS_PREFIX)) {
        return { schema: { hide: true }, url: document.url };
      }
      const out = zodTransform(document) as {
        schema?: { response?: Record<string, unknown> };
        url: string;
      };
      out.schema ??= {};
      out.schema.response = {
        ...out.schema.response,
        "4XX": { description: "Refused (ONUEI_RES failure envelope)", $ref: FAILURE_REF },
        "5XX": { description: "Internal error (ONUEI_RES failure envelope)", $ref: FAILURE_REF },
      };
      return out;
    }) as SwaggerTransform,
  });
  if (opts.ui) {
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  }
}

/** The document as published: stable key order, two-space indent, final newline. */
export function printOpenApi(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
