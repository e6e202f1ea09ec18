/**
 * GraphQL answers served again (issue 19 performance; docs/performance.md "Session 12"): the
 * bytes of a successful answer to a one-field query whose value comes from the read cache
 * (platform/view-cache.ts), sent again to the next request for the same thing without
 * executing the query or serializing its result.
 *
 * Why: a cached `userPayments` page of 50 rows still cost graphql-jit's completion of every
 * field, fast-json-stringify of 32 KB and the UTF-16 → UTF-8 copy on the socket write, about
 * 60 % of the request's CPU; the same page read by a light student (3 rows) cost a third of it.
 *
 * How it holds:
 * - Only a query document of one operation (`query`), no fragments, whose selection is exactly
 *   one field the backend lists here, with no directives, takes part (`eligibleField`).
 * - The field's read (`AnswerRead`) runs on every request, hit or not: it authenticates the
 *   caller, checks whom they may read (AppErrors as in the resolver) and returns the read
 *   cache's value (`source`): the SAME object while nothing it was made from has changed, a new
 *   one after any write (the cache's NOTIFY) or when its time is up. The bytes are kept in a
 *   WeakMap on that object, so they are dropped with it: a write can never be answered by bytes
 *   made before it.
 * - The key of the bytes is the query text, the operation name, the variables and the read's
 *   `audience` (e.g. staff see fields a family does not). The resolver tells which source and
 *   audience its answer was made from (`noteAnswerSource`); the bytes are kept only when that is
 *   the request's only field, the answer has no errors and its status is 200.
 * - A request is looked up only when an answer to the same text and variables was kept before
 *   (so the read never runs with arguments the schema has not accepted: those keys come from a
 *   query that was parsed, validated, costed and executed without error), and any failure of
 *   the read on the fast path falls through to the normal execution, which answers as always.
 * - Bounded: at most ANSWERS_PER_SOURCE answers per source object and KNOWN_REQUESTS keys.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MercuriusContext } from "mercurius";
import { Kind, parse, valueFromASTUntyped, type FieldNode } from "graphql";
import { LRUCache } from "lru-cache";

/** The read-cache value an answer was made from, and who it was made for. */
export interface AnswerSource {
  /** An object of the read cache: the same one while the answer would read the same. */
  source: object;
  /** Which rendering of it (e.g. "staff" / "family"); part of the bytes' key. */
  audience: string;
}

/**
 * The read behind one root field, outside GraphQL: authenticates and authorizes the caller of
 * `request` exactly as the resolver does and returns its source. `args` are the field's
 * arguments with the request's variables filled in, before the schema's coercion (defaults
 * not applied). Throws as the resolver does; on the fast path any throw means "execute".
 */
export type AnswerRead = (
  request: FastifyRequest,
  args: Record<string, unknown>,
) => Promise<AnswerSource>;

/** Answers kept per source object (texts of the same query differing in whitespace, …). */
export const ANSWERS_PER_SOURCE = 8;
/** Request keys (text + variables) known to have had an answer kept. */
export const KNOWN_REQUESTS = 1_000;
/** Query texts whose eligibility is remembered. */
const SHAPES = 500;

/** What a request is, for the answers: its key and the field it selects. */
interface Eligible {
  field: FieldNode;
  variables: Record<string, unknown>;
  /** Query text, operation name and variables (JSON). */
  key: string;
}

/** Noted by the resolver of an eligible request. */
const noted = new WeakMap<FastifyRequest, { field: string } & AnswerSource>();

/**
 * Called by the resolver of a field listed in the backend's `answerReads`: the answer of this
 * request is made from `answer.source` for `answer.audience`. Without it nothing is kept.
 */
export function noteAnswerSource(ctx: MercuriusContext, field: string, answer: AnswerSource) {
  if (ctx.reply) noted.set(ctx.reply.request, { field, ...answer });
}

/**
 * The one field a query text selects when it may take part (see the file's comment), with its
 * argument nodes; null otherwise (including text that does not parse: Mercurius answers it).
 */
export function eligibleField(query: string, fields: ReadonlySet<string>): FieldNode | null {
  let document;
  try {
    document = parse(query, { noLocation: true, maxTokens: 2_000 });
  } catch {
    return null;
  }
  if (document.definitions.length !== 1) return null;
  const operation = document.definitions[0]!;
  if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== "query") {
    return null;
  }
  if (operation.directives?.length) return null;
  const selections = operation.selectionSet.selections;
  if (selections.length !== 1) return null;
  const field = selections[0]!;
  if (field.kind !== Kind.FIELD || field.directives?.length || !fields.has(field.name.value)) {
    return null;
  }
  return field;
}

/**
 * Installs the answers on one GraphQL backend (its encapsulated instance, before Mercurius is
 * registered or after: the hooks apply to the instance's routes). POST requests only.
 */
export function serveAnswersAgain(app: FastifyInstance, reads: Record<string, AnswerRead>) {
  const fields = new Set(Object.keys(reads));
  if (fields.size === 0) return;
  const shapes = new LRUCache<string, { field: FieldNode | null }>({ max: SHAPES });
  const known = new LRUCache<string, true>({ max: KNOWN_REQUESTS });
  const answers = new WeakMap<object, Map<string, Buffer>>();
  const pending = new WeakMap<FastifyRequest, Eligible>();

  const eligible = (request: FastifyRequest): Eligible | null => {
    if (request.method !== "POST") return null;
    const body = request.body as
      { query?: unknown; operationName?: unknown; variables?: unknown } | null | undefined;
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const { query, operationName, variables } = body;
    if (typeof query !== "string") return null;
    let field: FieldNode | null;
    const shape = shapes.get(query);
    if (shape) field = shape.field;
    else {
      // Text that names none of the fields is not parsed here at all.
      const mentioned = [...fields].some((name) => query.includes(name));
      field = mentioned ? eligibleField(query, fields) : null;
      shapes.set(query, { field });
    }
    if (!field) return null;
    return {
      field,
      variables:
        variables && typeof variables === "object" ? (variables as Record<string, unknown>) : {},
      key: JSON.stringify([query, operationName ?? null, variables ?? null]),
    };
  };

  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    const wanted = eligible(request);
    if (!wanted) return;
    pending.set(request, wanted);
    if (!known.has(wanted.key)) return;
    // The field's arguments with the variables filled in (only for a request that may hit).
    const args: Record<string, unknown> = {};
    for (const arg of wanted.field.arguments ?? []) {
      args[arg.name.value] = valueFromASTUntyped(arg.value, wanted.variables);
    }
    let answer: AnswerSource;
    try {
      answer = await reads[wanted.field.name.value]!(request, args);
    } catch {
      return; // the execution answers (and refuses) as it always does
    }
    const bytes = answers.get(answer.source)?.get(`${answer.audience}\n${wanted.key}`);
    if (!bytes) return;
    return reply.code(200).type("application/json; charset=utf-8").send(bytes);
  });

  app.addHook("preSerialization", async (request, reply, payload) => {
    const wanted = pending.get(request);
    const source = noted.get(request);
    if (
      !wanted ||
      !source ||
      source.field !== wanted.field.name.value ||
      reply.statusCode !== 200
    ) {
      return payload;
    }
    const result = payload as { data?: unknown; errors?: unknown[] } | null;
    if (!result || result.data == null || (result.errors && result.errors.length > 0)) {
      return payload;
    }
    // The route's own serializer (Mercurius' response schema), once: the kept bytes are what
    // this request sends, and the reply sends that text rather than serializing again.
    const text = reply.serialize(payload) as string;
    reply.serializer(() => text);
    let kept = answers.get(source.source);
    if (!kept) answers.set(source.source, (kept = new Map()));
    if (kept.size >= ANSWERS_PER_SOURCE) kept.delete(kept.keys().next().value!);
    kept.set(`${source.audience}\n${wanted.key}`, Buffer.from(text));
    known.set(wanted.key, true);
    return payload;
  });
}
