/**
 * The published contracts are what the app serves: docs/api/<backend>.graphql (GraphQL) and
 * docs/api/openapi.json (REST). Change a schema or a route, run `npm run docs:api`, commit the
 * files. Every REST route declares its schemas (rest/route-schema.ts).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_BACKENDS } from "@seoltab/domain";
import { OPENAPI_PATH, printOpenApi } from "../rest/openapi.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { printBackendSchemas, publishedSchemaPath } from "./published-schemas.ts";

let t: TestApp;
let printed: ReturnType<typeof printBackendSchemas>;
let openapi: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  printed = printBackendSchemas(t.app);
  openapi = printOpenApi(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const committed = (path: string) =>
  readFileSync(new URL(`../../../../${path}`, import.meta.url), "utf8");

describe("published GraphQL schemas", () => {
  it.each(GRAPHQL_BACKENDS)("docs/api/%s.graphql is the served schema", (backend) => {
    expect(
      committed(publishedSchemaPath(backend)),
      "run `npm run docs:api` and commit docs/api/*.graphql",
    ).toBe(printed[backend]);
  });
});

describe("published OpenAPI document", () => {
  it("docs/api/openapi.json is the served REST contract", () => {
    expect(committed(OPENAPI_PATH), "run `npm run docs:api` and commit docs/api/openapi.json").toBe(
      openapi,
    );
  });

  it("is served with Swagger UI at /main/docs (API_DOCS_ENABLED, on in tests)", async () => {
    const json = await t.app.inject({ method: "GET", url: "/main/docs/json" });
    expect(json.statusCode).toBe(200);
    expect(`${JSON.stringify(json.json(), null, 2)}\n`).toBe(openapi);
    const ui = await t.app.inject({ method: "GET", url: "/main/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("every REST route declares its request and its success response", () => {
    const restRoutes = t.app.routeList.filter(
      (r) => /^\/(main|serverless|hub)\//.test(r.url) && r.method !== "HEAD",
    );
    expect(restRoutes.length).toBeGreaterThan(30);
    const paths = (JSON.parse(openapi) as { paths: Record<string, Record<string, Operation>> })
      .paths;
    const missing: string[] = [];
    for (const route of restRoutes) {
      if (route.url.startsWith("/main/docs")) continue;
      const key = `${route.method} ${route.url}`;
      const operation =
        paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()] ?? {};
      const success = Object.keys(operation.responses ?? {}).some((s) => /^2\d\d$/.test(s));
      const input =
        route.method === "GET"
          ? !route.url.includes(":") || (operation.parameters ?? []).length > 0
          : operation.requestBody !== undefined || (operation.parameters ?? []).length > 0;
      if (!(success && input)) missing.push(key);
    }
    expect(missing, "declare each route's restSchema in its area's ROUTE_SCHEMAS").toEqual([]);
  });
});

interface Operation {
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: unknown[];
}
