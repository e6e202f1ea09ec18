/**
 * One contract per REST wire shape (issue #10): every `/main`, `/serverless` and `/hub` route
 * declares its request and response with zod through `restSchema`, which feeds both the
 * OpenAPI document (`@fastify/swagger` + `fastify-type-provider-zod`'s transform,
 * docs/api/openapi.json) and the response check of every answer.
 *
 * - Requests: the declared `body`/`params`/`querystring` are the same zod objects the handler
 *   parses with `parseBody`/`parseInput`; the route-level validator is a pass-through
 *   (`passThroughValidator`), so validation keeps its place after authentication and its
 *   Korean `validation_failed` answer (decision 034).
 * - Responses: the success body is the ONUEI_RES envelope around `response`; the serializer
 *   (`checkedSerializer`) checks the answer against it and sends the answer as it is (it never
 *   drops or rewrites a field). A mismatch is a programming error: outside production it fails
 *   the request (500, logged), so tests catch it; in production it is logged and the answer sent.
 * - Failures (4xx/5xx) are documented in the OpenAPI document only (`failureEnvelope`); the
 *   error handler (rest-backend.ts) writes them as before.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from "fastify";
import { z } from "zod";
import { success } from "./envelope.ts";

/** `{"ONUEI_RES":{"STATUS":{...},"DATA":{"RESULT":"SUCCESS","RESPONSE":<response>}}}`. */
export function successEnvelope<S extends z.ZodType>(response: S) {
  return z.strictObject({
    ONUEI_RES: z.strictObject({
      STATUS: z.strictObject({
        STATUSCODE: z.literal("0000"),
        STATUSMSG: z.string().describe("Korean message of the answer"),
      }),
      DATA: z.strictObject({ RESULT: z.literal("SUCCESS"), RESPONSE: response }),
    }),
  });
}

/** The failure envelope (rest/envelope.ts `failure`), for the OpenAPI document. */
export const failureEnvelope = z.object({
  ONUEI_RES: z.object({
    STATUS: z.object({
      STATUSCODE: z.string().describe("e.g. 4000 validation, 4010 unauthenticated"),
      STATUSMSG: z.string().describe("Korean message of the refusal"),
    }),
    DATA: z.object({
      RESULT: z.literal("FAIL"),
      RESPONSE: z
        .object({
          ERROR_CODE: z.string().describe("stable snake_case code (docs/api/<area>.md)"),
          FIELDS: z.array(z.object({ NAME: z.string(), MESSAGE: z.string() })),
        })
        .loose(),
    }),
  }),
});

/** A non-JSON answer (a file download), documented by its content type. */
export interface FileResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface RestSchemaInput {
  /** One line for the OpenAPI operation. */
  summary: string;
  /** The area (OpenAPI tag). */
  tag: string;
  /** The request body, the same schema the handler parses with. */
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /**
   * DATA.RESPONSE of a success (status 200), or per success status (e.g. `{ 200, 202 }`), or a
   * file answer.
   */
  response: z.ZodType | Partial<Record<200 | 201 | 202, z.ZodType>> | FileResponse;
  /** Whether the call needs `Authorization: Bearer` (documented as a security requirement). */
  bearer?: boolean;
}

function isFileResponse(value: RestSchemaInput["response"]): value is FileResponse {
  return typeof value === "object" && value !== null && "content" in value;
}

/** The Fastify route schema of a REST call (see the module comment). */
export function restSchema(input: RestSchemaInput): FastifySchema {
  let response: Record<string, unknown>;
  if (isFileResponse(input.response)) {
    response = { 200: input.response };
  } else if (input.response instanceof z.ZodType) {
    response = { 200: successEnvelope(input.response) };
  } else {
    response = Object.fromEntries(
      Object.entries(input.response).map(([status, schema]) => [
        status,
        successEnvelope(schema as z.ZodType),
      ]),
    );
  }
  return {
    summary: input.summary,
    tags: [input.tag],
    ...(input.bearer ? { security: [{ bearer: [] }] } : {}),
    ...(input.body ? { body: input.body } : {}),
    ...(input.params ? { params: input.params } : {}),
    ...(input.querystring ? { querystring: input.querystring } : {}),
    response,
  } as FastifySchema;
}

/**
 * Route-level validation is left to the handler (`parseBody`), so a refused caller is refused
 * before the body is judged, exactly as before the schemas were declared.
 */
export const passThroughValidator: FastifySchemaCompiler<unknown> = () => (data) => ({
  value: data,
});

/** Raised when an answer does not match its declared response schema. */
export class ResponseSchemaMismatch extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `response of ${method} ${url} does not match its declared schema: ${issues
        .map((i) => `${i.path.join(".") || "(root)"} ${i.message}`)
        .join("; ")} — declare the field in the route's restSchema`,
    );
    this.name = "ResponseSchemaMismatch";
  }
}

/**
 * Serializer of the REST backends: checks the answer against the route's response schema and
 * sends it unchanged (JSON). `strict` (every environment but production) throws on a mismatch;
 * otherwise `onMismatch` is told and the answer is sent.
 */
export function checkedSerializer(options: {
  strict: boolean;
  onMismatch: (err: ResponseSchemaMismatch) => void;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema instanceof z.ZodType ? schema : undefined;
    return (data) => {
      if (zod) {
        const checked = zod.safeParse(data);
        if (!checked.success) {
          const err = new ResponseSchemaMismatch(method, url, checked.error.issues);
          if (options.strict) throw err;
          options.onMismatch(err);
        }
      }
      return JSON.stringify(data);
    };
  };
}

/** Per route (its URL): an unchanging answer's RESPONSE object → the bytes sent for it. */
const unchangingAnswers = new Map<string, WeakMap<object, Buffer>>();

/**
 * Sends the success envelope around `response` (rest/envelope.ts `success`, its default
 * message) for a `response` object that never changes once made — a value of the read cache
 * (platform/view-cache.ts), handed to every request until it is dropped. The first send checks
 * and serializes it through the route's response schema (`reply.serialize`: the same check
 * and the same JSON as `return success(response)`, a mismatch throws alike); later sends of the
 * same object on the same route reuse those bytes, kept as long as the object lives (a
 * WeakMap). Issue 19 performance: the check and JSON.stringify of a large getUserInfo were a
 * third of its CPU (docs/performance.md "Session 11").
 */
export function sendUnchangingAnswer(reply: FastifyReply, response: object): FastifyReply {
  const route = `${reply.request.method} ${reply.request.routeOptions.url ?? ""}`;
  let sent = unchangingAnswers.get(route);
  if (!sent) {
    sent = new WeakMap();
    unchangingAnswers.set(route, sent);
  }
  let bytes = sent.get(response);
  if (!bytes) {
    const serialized = reply.serialize(success(response));
    bytes =
      typeof serialized === "string"
        ? Buffer.from(serialized, "utf8")
        : Buffer.isBuffer(serialized)
          ? serialized
          : Buffer.from(new Uint8Array(serialized));
    sent.set(response, bytes);
  }
  return reply.type("application/json; charset=utf-8").send(bytes);
}

/**
 * Declares the schemas of an area's REST routes in one table keyed `"<METHOD> <path>"` (path as
 * the area registers it, without the backend prefix), e.g. `"POST /login"`. Call it at the top
 * of the area's route plugin, before its routes: each route gets its entry as `schema`; a route
 * with an inline `schema` keeps it. A table entry that names no route fails the start (a typo
 * would otherwise leave a route undocumented); rest/openapi.test.ts fails on a route with none.
 */
export function declareRouteSchemas(
  app: FastifyInstance,
  table: Record<`${"GET" | "POST" | "PATCH" | "PUT" | "DELETE"} /${string}`, FastifySchema>,
): void {
  const unused = new Set(Object.keys(table));
  app.addHook("onRoute", (route) => {
    const path = route.url.slice(route.prefix.length) || "/";
    for (const method of [route.method].flat()) {
      const key = `${method} ${path}` as keyof typeof table;
      const schema = table[key];
      if (!schema) continue;
      unused.delete(key);
      route.schema ??= schema;
    }
  });
  app.addHook("onReady", async () => {
    if (unused.size > 0) {
      throw new Error(`route schemas declared for no route: ${[...unused].join(", ")}`);
    }
  });
}
