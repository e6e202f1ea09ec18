import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { GRAPHQL_BACKENDS, MAX_QUERY_COST } from "./graphql-backend.ts";

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
