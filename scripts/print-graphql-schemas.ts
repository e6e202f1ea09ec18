// Writes the published API contracts (issue #10): docs/api/<backend>.graphql, the schema each
// GraphQL backend serves, and docs/api/openapi.json, the REST backends' OpenAPI document.
// `npm run docs:api` (alias `docs:graphql`); apps/api/src/graphql/published-schemas.test.ts
// checks them.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GRAPHQL_BACKENDS } from "@seoltab/domain";
import {
  printBackendSchemas,
  publishedSchemaPath,
} from "../apps/api/src/graphql/published-schemas.ts";
import { OPENAPI_PATH, printOpenApi } from "../apps/api/src/rest/openapi.ts";
import { buildTestApp } from "../apps/api/src/test/test-app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const t = await buildTestApp();
try {
  await t.app.ready();
  const schemas = printBackendSchemas(t.app);
  for (const backend of GRAPHQL_BACKENDS) {
    writeFileSync(`${root}${publishedSchemaPath(backend)}`, schemas[backend]);
    console.log(`wrote ${publishedSchemaPath(backend)}`);
  }
  writeFileSync(`${root}${OPENAPI_PATH}`, printOpenApi(t.app));
  console.log(`wrote ${OPENAPI_PATH}`);
} finally {
  await t.close();
}
