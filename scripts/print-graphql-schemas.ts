// Writes docs/api/<backend>.graphql: the schema each GraphQL backend serves (issue #10).
// `npm run docs:graphql`; apps/api/src/graphql/published-schemas.test.ts checks them.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GRAPHQL_BACKENDS } from "@seoltab/domain";
import {
  printBackendSchemas,
  publishedSchemaPath,
} from "../apps/api/src/graphql/published-schemas.ts";
import { buildTestApp } from "../apps/api/src/test/test-app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const t = await buildTestApp();
try {
  const schemas = printBackendSchemas(t.app);
  for (const backend of GRAPHQL_BACKENDS) {
    writeFileSync(`${root}${publishedSchemaPath(backend)}`, schemas[backend]);
    console.log(`wrote ${publishedSchemaPath(backend)}`);
  }
} finally {
  await t.close();
}
