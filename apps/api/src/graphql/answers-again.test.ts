/**
 * graphql/answers-again.ts on a bare backend: which requests are answered from kept bytes, and
 * that everything else (a new source, another audience, a refused read, errors, other shapes)
 * is executed as before. The real `userPayments` read is checked in payments.answers.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import type { MercuriusContext } from "mercurius";
import { AppError } from "../errors.ts";
import { eligibleField, noteAnswerSource, type AnswerSource } from "./answers-again.ts";
import { graphqlBackend } from "./graphql-backend.ts";

const SCHEMA = /* GraphQL */ `
  type Row {
    id: Int!
    secret: String
  }
  type Page {
    rows: [Row!]!
  }
  extend type Query {
    page(first: Int = 2): Page!
    other: Int!
  }
`;

/** The "read cache": one source object per version of the data. */
let source: { version: number; rows: { id: number; secret: string }[] };
let executions = 0;
let reads = 0;
let refuse: string | null = null;

/** Who may read, and what they see: header x-audience (staff see `secret`). */
async function read(audience: string | undefined, first: unknown): Promise<AnswerSource> {
  reads += 1;
  if (refuse) throw new AppError("forbidden", refuse, "볼 수 없어요.");
  if (first !== undefined && typeof first !== "number") throw new Error("first is not a number");
  return { source, audience: audience === "staff" ? "staff" : "family" };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(
    (instance) =>
      graphqlBackend(instance, {
        name: "payment",
        schema: `type Query { backend: String! }${SCHEMA}`,
        resolvers: {
          Query: {
            backend: () => "payment",
            other: () => 1,
            page: async (_root: unknown, args: { first: number }, ctx: MercuriusContext) => {
              executions += 1;
              const answer = await read(
                ctx.reply.request.headers["x-audience"] as string | undefined,
                args.first,
              );
              noteAnswerSource(ctx, "page", answer);
              const page = answer.source as typeof source;
              return {
                rows: page.rows.slice(0, args.first).map((r) => ({
                  id: r.id,
                  secret: answer.audience === "staff" ? r.secret : null,
                })),
              };
            },
          },
        },
        answerReads: {
          page: (request, args) =>
            read(request.headers["x-audience"] as string | undefined, args.first),
        },
        production: false,
      }),
    { prefix: "/payment" },
  );
  await app.ready();
});
afterAll(() => app.close());

beforeEach(() => {
  source = {
    version: 1,
    rows: [
      { id: 1, secret: "a" },
      { id: 2, secret: "b" },
      { id: 3, secret: "c" },
    ],
  };
  executions = 0;
  reads = 0;
  refuse = null;
});

const PAGE = "query ($n: Int) { page(first: $n) { rows { id secret } } }";

function ask(
  query: string,
  variables: Record<string, unknown> = { n: 2 },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/payment/graphql",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify({ query, variables }),
  });
}

describe("GraphQL answers served again", () => {
  it("the same request while the source is unchanged: the kept bytes, no execution", async () => {
    const first = await ask(PAGE);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: {
        page: {
          rows: [
            { id: 1, secret: null },
            { id: 2, secret: null },
          ],
        },
      },
    });
    const again = await ask(PAGE);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(executions).toBe(1);
    // The read (who may read, which source) ran for both.
    expect(reads).toBe(2);
  });

  it("a new source object (a write): executed again, and the new bytes kept", async () => {
    await ask(PAGE);
    source = { version: 2, rows: [{ id: 9, secret: "z" }] };
    const after = await ask(PAGE);
    expect(after.json().data.page.rows).toEqual([{ id: 9, secret: null }]);
    await ask(PAGE);
    expect(executions).toBe(2);
  });

  it("other variables or another audience: executed, each kept apart", async () => {
    const family = await ask(PAGE);
    const staff = await ask(PAGE, { n: 2 }, { "x-audience": "staff" });
    expect(staff.json().data.page.rows[0]).toEqual({ id: 1, secret: "a" });
    const three = await ask(PAGE, { n: 3 });
    expect(three.json().data.page.rows).toHaveLength(3);
    expect(executions).toBe(3);
    expect((await ask(PAGE)).body).toBe(family.body);
    expect((await ask(PAGE, { n: 2 }, { "x-audience": "staff" })).body).toBe(staff.body);
    expect(executions).toBe(3);
  });

  it("a read that refuses: the execution answers its error; errors are never kept", async () => {
    await ask(PAGE);
    refuse = "not_your_user";
    for (let i = 0; i < 2; i += 1) {
      const res = await ask(PAGE);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].extensions.code).toBe("not_your_user");
    }
    expect(executions).toBe(3);
    refuse = null;
    await ask(PAGE);
    expect(executions).toBe(3); // the first answer's bytes again
  });

  it("an accept for application/graphql-response+json gets that media type on a kept answer", async () => {
    await ask(PAGE);
    const res = await ask(PAGE, { n: 2 }, { accept: "application/graphql-response+json" });
    expect(executions).toBe(1);
    expect(res.headers["content-type"]).toBe("application/graphql-response+json; charset=utf-8");
  });

  it("requests at once: every one gets the same answer, before and after it is kept", async () => {
    const parallel = await Promise.all(Array.from({ length: 8 }, () => ask(PAGE)));
    const executedFirst = executions;
    const again = await Promise.all(Array.from({ length: 8 }, () => ask(PAGE)));
    const bodies = new Set([...parallel, ...again].map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect([...parallel, ...again].every((r) => r.statusCode === 200)).toBe(true);
    // Of the first eight, those that arrived before an answer was kept were executed (at least
    // one); of the next eight, none.
    expect(executedFirst).toBeGreaterThanOrEqual(1);
    expect(executions).toBe(executedFirst);
  });

  it("documents of another shape are executed every time", async () => {
    for (const query of [
      "{ page { rows { id } } other }",
      "query { ...F } fragment F on Query { page { rows { id } } }",
      "query ($s: Boolean!) { page @include(if: $s) { rows { id } } }",
      "mutation { x }",
    ]) {
      expect(eligibleField(query, new Set(["page"]))).toBeNull();
    }
    const two = "{ page { rows { id } } other }";
    await ask(two, {});
    await ask(two, {});
    expect(executions).toBe(2);
    expect(eligibleField("{ p: page(first: 1) { rows { id } } }", new Set(["page"]))).toEqual(
      expect.objectContaining({ name: expect.objectContaining({ value: "page" }) }),
    );
  });
});
