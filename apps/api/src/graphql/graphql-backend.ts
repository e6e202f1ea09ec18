/**
 * The eight GraphQL backends of DESIGN.md §2 (`/{name}/graphql`, SPEC.md §7 clientName routing),
 * each an encapsulated Fastify plugin with its own Mercurius schema. Shared here: the depth
 * limit, the cost limit, introspection off in production, and one error formatter that gives
 * every error `extensions.classification` (and `extensions.code` where a module sets one) with
 * a Korean message a person can act on. 5xx details never leave the server.
 */
import type { FastifyInstance } from "fastify";
import mercurius, { type IResolvers } from "mercurius";
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type GraphQLSchema,
  type ExecutionResult,
  type ValidationRule,
} from "graphql";
import { getComplexity, simpleEstimator } from "graphql-query-complexity";
import { GRAPHQL_BACKENDS, type GraphqlBackend } from "@seoltab/domain";
import { findBadText } from "../platform/bad-input.ts";
import { serveAnswersAgain, type AnswerRead } from "./answers-again.ts";
import { permissionDeniedIn, recordPermissionDenied } from "../platform/audit.ts";
import type { PermissionDenied } from "../platform/auth.ts";
import {
  AppError,
  GRAPHQL_TOKEN_CODES,
  MESSAGES,
  describeKind,
  isBadTextForDatabase,
  toAppError,
  type Classification,
} from "../errors.ts";

export { GRAPHQL_BACKENDS };

/** Deepest selection nesting accepted. */
export const MAX_QUERY_DEPTH = 10;
/** Largest accepted query cost (1 per field, simple estimator). */
export const MAX_QUERY_COST = 500;

export interface GraphqlBackendOptions {
  name: GraphqlBackend;
  /** SDL of the backend; modules extend it in later issues. */
  schema: string;
  resolvers: IResolvers;
  production: boolean;
  /** Root fields whose answers are sent again while their source is unchanged (answers-again.ts). */
  answerReads?: Record<string, AnswerRead>;
  /** Told the built schema once the backend is registered (published schemas). */
  onSchema?: (schema: GraphQLSchema) => void;
}

interface FormattedError {
  /** HTTP status to answer with when this is the first error; not sent. */
  status?: number;
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { classification: Classification; code?: string; detail?: string };
}

const STATUS_OF: Record<Classification, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};

/** Flattens Mercurius' wrapped validation errors into plain GraphQLErrors. */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
    if (Array.isArray(inner)) {
      return inner.map((e) =>
        e instanceof GraphQLError ? e : new GraphQLError(String((e as Error).message ?? e)),
      );
    }
    return [error];
  });
}

/**
 * True for graphql-js' variable coercion errors ("Variable \"$input\" got invalid value …;
 * Field \"amount\" is not defined by type …"). They carry the coercion's own GraphQLError (or,
 * for a scalar that threw, its error) as `originalError`, so they are told apart by the
 * message graphql-js gives every variable error and by having no path (no resolver ran). An
 * AppError thrown while coercing is handled before this check.
 */
function isVariableCoercionError(error: GraphQLError): boolean {
  return error.path === undefined && /^Variable "\$[_A-Za-z][_0-9A-Za-z]*" /.test(error.message);
}

/** Turns one error into the wire shape with classification, code and a Korean message. */
export function formatGraphqlError(
  error: GraphQLError,
  log: FastifyInstance["log"],
  options: { production?: boolean; requestId?: string } = {},
): FormattedError {
  const base = { locations: error.locations, path: error.path };
  const original = error.originalError;
  if ((original as { code?: string } | undefined)?.code?.startsWith("FST_")) {
    // Body problems caught by Fastify before GraphQL (malformed JSON, size, content type).
    const appError = toAppError(original);
    return {
      ...base,
      status: describeKind(appError.kind).status,
      message: appError.message,
      extensions: {
        classification: describeKind(appError.kind).classification,
        code: appError.code,
      },
    };
  }
  if (original instanceof AppError) {
    const tokenCode = GRAPHQL_TOKEN_CODES[original.code];
    if (tokenCode) {
      // SPEC.md §8: token failures are raised with no user message; the client refreshes and
      // retries on classification UNAUTHORIZED / code 003 or 012 (SPEC.md §4).
      return {
        ...base,
        message: "",
        extensions: { classification: "UNAUTHORIZED", code: tokenCode },
      };
    }
    return {
      ...base,
      message: original.message,
      extensions: {
        classification: describeKind(original.kind).classification,
        code: original.code,
      },
    };
  }
  const ext = error.extensions as { classification?: Classification; code?: string } | undefined;
  if (ext?.classification) {
    return {
      ...base,
      message: error.message,
      extensions: { ...ext, classification: ext.classification },
    };
  }
  const text = error.message;
  // Outside production the parser's own words help the developer; in production they are not
  // sent: they name schema fields ("Did you mean …") though introspection is off (issue #19).
  const bad = (message: string) => ({
    ...base,
    message,
    extensions: {
      classification: "BAD_REQUEST" as const,
      ...(options.production ? {} : { detail: text }),
    },
  });
  if (isVariableCoercionError(error)) {
    // The request's variables do not fit their declared types (an unknown input field, a
    // string for a Boolean, ...): the client's mistake, refused before any resolver ran
    // (checked first: the message echoes the values sent).
    return bad(MESSAGES.graphqlValidation);
  }
  if (text.startsWith("Syntax Error")) return bad(MESSAGES.graphqlSyntax);
  if (/depth limit/i.test(text)) return bad(MESSAGES.graphqlTooDeep);
  if (/complexity/i.test(text)) return bad(MESSAGES.graphqlTooComplex);
  if (/Unknown query|must provide|query.*missing/i.test(text))
    return bad(MESSAGES.graphqlMissingQuery);
  if (!original || (original as { code?: string }).code?.startsWith("MER_ERR_GQL")) {
    // Errors raised by GraphQL validation itself (unknown field, wrong argument, ...).
    return bad(MESSAGES.graphqlValidation);
  }
  if (isBadTextForDatabase(original)) {
    return {
      ...base,
      message: MESSAGES.badText,
      extensions: { classification: "BAD_REQUEST", code: "validation_failed" },
    };
  }
  log.error({ err: original }, "unhandled error in GraphQL resolver");
  // No internal text; the request id is what a person can quote to the help desk.
  return {
    ...base,
    message: MESSAGES.internal,
    extensions: {
      classification: "INTERNAL_ERROR",
      ...(options.requestId ? { requestId: options.requestId } : {}),
    },
  };
}

/** The media type of GraphQL over HTTP's responses. */
export const GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";

/**
 * True when an Accept header prefers `application/graphql-response+json` to
 * `application/json` (by q-value; the first listed wins a tie), e.g.
 * "application/graphql-response+json, application/json;q=0.9" → true, "application/json" →
 * false, none → false.
 */
export function prefersGraphqlResponseJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let best: { type: string; q: number } | null = null;
  for (const part of accept.split(",")) {
    const [rawType, ...params] = part.trim().split(";");
    const type = rawType!.trim().toLowerCase();
    if (type !== GRAPHQL_RESPONSE_JSON && type !== "application/json") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { type, q };
  }
  return best?.type === GRAPHQL_RESPONSE_JSON;
}

/** Registers one backend's Mercurius instance at `/graphql` inside the current prefix. */
export async function graphqlBackend(app: FastifyInstance, opts: GraphqlBackendOptions) {
  const validationRules: ValidationRule[] = opts.production
    ? [NoSchemaIntrospectionCustomRule]
    : [];

  // GraphQL over HTTP (the GraphQL Foundation's spec), MUST items Mercurius does not meet:
  // - a request body's optional `extensions`, `variables` or `operationName` may be null
  //   (Mercurius' body schema only accepts `extensions` as an object): null is dropped before
  //   validation;
  // - a client asking for `application/graphql-response+json` gets that media type (the same
  //   body; statuses already follow it: 200 whenever `data` is present).
  app.addHook("preValidation", async (request, reply) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (body && typeof body === "object" && !Array.isArray(body)) {
      for (const key of ["extensions", "variables", "operationName"]) {
        if (key in body && body[key] === null) delete body[key];
      }
    }
    // Issue #19: a `query` that is not text was taken as a document tree (500 everywhere), and
    // text PostgreSQL cannot store reached the database: both are bad requests.
    const query =
      request.method === "GET"
        ? (request.query as Record<string, unknown> | undefined)?.query
        : body && typeof body === "object"
          ? (body as Record<string, unknown>).query
          : undefined;
    // (Variables are left to the resolvers, whose own codes say more, e.g. contracts'
    // signer_name_invalid; text the database refuses anyway is mapped to BAD_REQUEST below.)
    const refusal =
      query !== undefined && typeof query !== "string"
        ? { code: "query_not_string", message: MESSAGES.graphqlQueryNotString }
        : typeof query === "string" && findBadText(query, "query")
          ? { code: "validation_failed", message: MESSAGES.badText }
          : null;
    if (refusal) {
      return reply.status(400).send({
        data: null,
        errors: [
          {
            message: refusal.message,
            extensions: { classification: "BAD_REQUEST", code: refusal.code },
          },
        ],
      });
    }
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (prefersGraphqlResponseJson(request.headers.accept)) {
      const type = String(reply.getHeader("content-type") ?? "");
      if (type.startsWith("application/json")) {
        reply.header("content-type", `${GRAPHQL_RESPONSE_JSON}; charset=utf-8`);
      }
    }
    return payload;
  });

  serveAnswersAgain(app, opts.answerReads ?? {});

  // The staff-gate refusal of each request, seen by the error formatter (which runs before
  // onResolution and turns errors into plain objects), written by the onResolution hook below.
  const denials = new WeakMap<object, { denial: PermissionDenied; field: unknown }>();

  await app.register(mercurius, {
    schema: opts.schema,
    resolvers: opts.resolvers,
    path: "/graphql",
    graphiql: false,
    jit: 1,
    queryDepth: MAX_QUERY_DEPTH,
    validationRules,
    errorFormatter: (execution: ExecutionResult & { errors: readonly GraphQLError[] }, ctx) => {
      const log = ctx.reply ? ctx.reply.log : app.log;
      const denied = execution.errors.find((e) => permissionDeniedIn(e) !== null);
      if (denied)
        denials.set(ctx, { denial: permissionDeniedIn(denied)!, field: denied.path?.[0] });
      const formatted = flatten(execution.errors).map((e) =>
        formatGraphqlError(e, log, {
          production: opts.production,
          ...(ctx.reply ? { requestId: String(ctx.reply.request.id) } : {}),
        }),
      );
      const first = formatted[0];
      const errors = formatted.map(({ status: _status, ...rest }) => rest);
      return {
        statusCode: execution.data
          ? 200
          : (first?.status ?? STATUS_OF[first?.extensions.classification ?? "INTERNAL_ERROR"]),
        response: { data: execution.data ?? null, errors } as unknown as ExecutionResult,
      };
    },
  });

  opts.onSchema?.(app.graphql.schema);

  // Issue 16 "Audit": a staff gate's refusal is a SECURITY entry (permission_denied), written
  // before the answer leaves; a failure to write it is logged, never the caller's problem.
  if (app.hasDecorator("database")) {
    app.graphql.addHook("onResolution", async (_execution, context) => {
      const found = denials.get(context);
      if (!found || !context.reply) return;
      denials.delete(context);
      const { denial, field } = found;
      const request = context.reply.request;
      try {
        await recordPermissionDenied(app.database.db, denial, {
          requestId: String(request.id),
          ip: request.ip,
          route: `graphql /${opts.name}: ${String(field ?? "?")}`,
        });
      } catch (err) {
        request.log.error({ err }, "could not write the permission_denied audit entry");
      }
    });
  }

  // Cost limit: computed before execution with the request's variables, so @include/@skip(if:
  // $var) count correctly while Mercurius keeps caching parsed and validated documents.
  // The cost depends on the document and the variables only; Mercurius hands the same parsed
  // document for the same query text, so each (document, variables) is costed once (issue 19
  // performance: a tree walk of the whole document per request before).
  const estimators = [simpleEstimator({ defaultComplexity: 1 })];
  const costs = new WeakMap<object, Map<string, number>>();
  app.graphql.addHook("preExecution", (schema, document, _context, variables) => {
    const key = JSON.stringify(variables ?? null);
    let known = costs.get(document);
    let cost = known?.get(key);
    if (cost === undefined) {
      cost = getComplexity({ schema, query: document, variables, estimators });
      if (!known) costs.set(document, (known = new Map()));
      if (known.size >= 64) known.delete(known.keys().next().value!);
      known.set(key, cost);
    }
    if (cost > MAX_QUERY_COST) {
      throw new GraphQLError(`Query complexity ${cost} exceeds the maximum of ${MAX_QUERY_COST}`);
    }
  });
}

/** The schema each backend starts with: `{ __typename }` and `backend` (its own name). */
export function baseSchema(): string {
  return /* GraphQL */ `
    type Query {
      "Name of the backend that answered (SPEC.md §7 clientName routing)."
      backend: String!
    }
  `;
}
