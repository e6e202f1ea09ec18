/**
 * The published GraphQL schemas (docs/api/<backend>.graphql) are what the backends serve:
 * change a schema, run `npm run docs:graphql`, commit the files.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_BACKENDS } from "@seoltab/domain";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { printBackendSchemas, publishedSchemaPath } from "./published-schemas.ts";

let t: TestApp;
let printed: ReturnType<typeof printBackendSchemas>;
beforeAll(async () => {
  t = await buildTestApp();
  printed = printBackendSchemas(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("published GraphQL schemas", () => {
  it.each(GRAPHQL_BACKENDS)("docs/api/%s.graphql is the served schema", (backend) => {
    const file = new URL(`../../../../${publishedSchemaPath(backend)}`, import.meta.url);
    const committed = readFileSync(file, "utf8");
    expect(committed, "run `npm run docs:graphql` and commit docs/api/*.graphql").toBe(
      printed[backend],
    );
  });
});
