import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildSchema, execute, parse, type GraphQLError } from "graphql";
import { MESSAGES } from "../errors.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import {
  GRAPHQL_BACKENDS,
  MAX_QUERY_COST,
  formatGraphqlError,
  prefersGraphqlResponseJson,
} from "./graphql-backend.ts";

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([buildTestApp(), buildTestApp({}, { appEnv: "production" })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
});

const gql = (t: TestApp, url: string, payload: string) =>
  t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });

const introspection = JSON.stringify({ query: "{ __schema { queryType { name } } }" });

describe("GraphQL backends", () => {
  it.each(GRAPHQL_BACKENDS)("/%s/graphql answers { __typename }", async (name) => {
    const res = await gql(
      dev,
      `/${name}/graphql`,
      JSON.stringify({ query: "{ __typename backend }" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { __typename: "Query", backend: name } });
  });

  it("a syntax error: 400 with classification BAD_REQUEST and a Korean message", async () => {
    const res = await gql(dev, "/payment/graphql", JSON.stringify({ query: "{ __typename " }));
    expect(res.statusCode).toBe(400);
    const [error] = res.json().errors;
    expect(error.extensions.classification).toBe("BAD_REQUEST");
    expect(error.message).toContain("문법");
  });

  it("an unknown field: BAD_REQUEST", async () => {
    const res = await gql(dev, "/payment/graphql", JSON.stringify({ query: "{ nope }" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
  });

  it("malformed JSON: 400 BAD_REQUEST, not a 500", async () => {
    const res = await gql(dev, "/auth/graphql", "{bad");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions).toMatchObject({
      classification: "BAD_REQUEST",
      code: "invalid_json",
    });
  });

  it("a missing query: BAD_REQUEST", async () => {
    const res = await gql(dev, "/auth/graphql", "{}");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
  });

  it("too deep a query is refused", async () => {
    const deep =
      "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }";
    const res = await gql(dev, "/matching/graphql", JSON.stringify({ query: deep }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
    expect(res.json().errors[0].message).toContain("깊게");
  });

  it("too costly a query is refused", async () => {
    const fields = Array.from({ length: MAX_QUERY_COST + 1 }, (_, i) => `a${i}: backend`).join(" ");
    const res = await gql(dev, "/matching/graphql", JSON.stringify({ query: `{ ${fields} }` }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toContain("너무 많은");
  });

  it("introspection works outside production", async () => {
    const res = await gql(dev, "/marketing/graphql", introspection);
    expect(res.json().data.__schema.queryType.name).toBe("Query");
  });

  it("introspection is off in production", async () => {
    const res = await gql(prod, "/marketing/graphql", introspection);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
  });
});

describe("production errors say nothing about the schema (issue #19)", () => {
  it("no 'Did you mean' suggestions and no parser text in production; outside it, the detail stays", async () => {
    const payload = JSON.stringify({ query: "{ backen }" });
    const inProd = await gql(prod, "/marketing/graphql", payload);
    expect(inProd.statusCode).toBe(400);
    expect(inProd.body).not.toMatch(/Did you mean|backend/);
    expect(inProd.json().errors[0].extensions).toEqual({ classification: "BAD_REQUEST" });
    const inDev = await gql(dev, "/marketing/graphql", payload);
    expect(inDev.json().errors[0].extensions.detail).toMatch(/Did you mean/);
  });
});

describe("directives with variables", () => {
  it("@include/@skip driven by variables are accepted and honoured", async () => {
    const query = "query ($withName: Boolean!) { __typename backend @include(if: $withName) }";
    const on = await gql(
      dev,
      "/marketing/graphql",
      JSON.stringify({ query, variables: { withName: true } }),
    );
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ __typename: "Query", backend: "marketing" });
    const off = await gql(
      dev,
      "/marketing/graphql",
      JSON.stringify({ query, variables: { withName: false } }),
    );
    expect(off.json().data).toEqual({ __typename: "Query" });
  });
});

describe("variables that do not fit their types", () => {
  const REQUEST_REFUND =
    "mutation ($input: RequestRefundInput!) { requestRefund(input: $input) { state } }";

  it.each<[string, string, string, Record<string, unknown>, string]>([
    [
      "an unknown input field",
      "/payment/graphql",
      REQUEST_REFUND,
      { input: { paymentId: "1", reason: "단순 변심", amount: 99_999_999 } },
      'Field "amount" is not defined by type "RequestRefundInput"',
    ],
    [
      "a wrong type inside an input",
      "/payment/graphql",
      REQUEST_REFUND,
      { input: { paymentId: "1", reason: "단순 변심", opened: "yes" } },
      "Boolean cannot represent",
    ],
    [
      "a wrong type for a variable",
      "/marketing/graphql",
      "query ($withName: Boolean!) { __typename backend @include(if: $withName) }",
      { withName: "yes" },
      "Boolean cannot represent",
    ],
  ])(
    "%s: 400 BAD_REQUEST with a Korean message, not INTERNAL_ERROR",
    async (_name, url, query, variables, detail) => {
      // Twice: the second request runs the cached (JIT-compiled) query.
      for (let i = 0; i < 2; i += 1) {
        const res = await gql(dev, url, JSON.stringify({ query, variables }));
        expect(res.statusCode).toBe(400);
        const [error] = res.json().errors;
        expect(error.message).toBe(MESSAGES.graphqlValidation);
        expect(error.extensions.classification).toBe("BAD_REQUEST");
        expect(error.extensions.detail).toContain(detail);
      }
    },
  );

  const schema = buildSchema(/* GraphQL */ `
    input Refund {
      paymentId: ID!
    }
    type Query {
      refund(input: Refund!): String
      broken: String
    }
  `);
  const rootValue = {
    refund: () => "ok",
    broken: () => {
      throw new Error('Variable "$input" is mentioned by a resolver bug');
    },
  };
  const errorsOf = async (query: string, variableValues?: Record<string, unknown>) =>
    (await execute({ schema, document: parse(query), rootValue, variableValues }))
      .errors as readonly GraphQLError[];
  const fakeLog = () => ({ error: vi.fn() }) as unknown as Parameters<typeof formatGraphqlError>[1];

  it("a coercion error is BAD_REQUEST and not logged; a resolver's error is still INTERNAL_ERROR and logged", async () => {
    const [coercion] = await errorsOf("query ($input: Refund!) { refund(input: $input) }", {
      input: { paymentId: "1", amount: 5 },
    });
    expect(coercion!.originalError).toBeDefined();
    const log = fakeLog();
    expect(formatGraphqlError(coercion!, log)).toMatchObject({
      message: MESSAGES.graphqlValidation,
      extensions: { classification: "BAD_REQUEST" },
    });
    expect(log.error).not.toHaveBeenCalled();

    const [thrown] = await errorsOf("{ broken }");
    const log2 = fakeLog();
    expect(formatGraphqlError(thrown!, log2)).toMatchObject({
      message: MESSAGES.internal,
      extensions: { classification: "INTERNAL_ERROR" },
    });
    expect(log2.error).toHaveBeenCalledTimes(1);
  });
});

describe("GraphQL over HTTP (MUST items)", () => {
  it.each(GRAPHQL_BACKENDS)(
    "/%s/graphql accepts null extensions, variables and operationName",
    async (name) => {
      const res = await gql(
        dev,
        `/${name}/graphql`,
        JSON.stringify({
          query: "{ backend }",
          extensions: null,
          variables: null,
          operationName: null,
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { backend: name } });
    },
  );

  it("still refuses extensions that are not an object", async () => {
    const res = await gql(
      dev,
      "/payment/graphql",
      JSON.stringify({ query: "{ backend }", extensions: "x" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
  });

  it("answers application/graphql-response+json to a client that prefers it", async () => {
    const ask = (accept: string, query = "{ backend }") =>
      dev.app.inject({
        method: "POST",
        url: "/marketing/graphql",
        payload: JSON.stringify({ query }),
        headers: { "content-type": "application/json", accept },
      });
    const preferred = await ask("application/graphql-response+json, application/json;q=0.9");
    expect(preferred.statusCode).toBe(200);
    expect(preferred.headers["content-type"]).toBe(
      "application/graphql-response+json; charset=utf-8",
    );
    expect(preferred.json()).toEqual({ data: { backend: "marketing" } });
    const invalid = await ask("application/graphql-response+json", "{ nope }");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers["content-type"]).toContain("application/graphql-response+json");
    const plain = await ask("application/json");
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    const legacy = await ask("application/json, application/graphql-response+json;q=0.5");
    expect(legacy.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it.each([
    ["application/graphql-response+json", true],
    ["application/graphql-response+json;q=0.8, application/json", false],
    ["application/json;q=0.5, application/graphql-response+json;q=0.9", true],
    ["*/*", false],
    ["", false],
  ] as const)("prefersGraphqlResponseJson(%j) = %s", (accept, expected) => {
    expect(prefersGraphqlResponseJson(accept || undefined)).toBe(expected);
  });
});
