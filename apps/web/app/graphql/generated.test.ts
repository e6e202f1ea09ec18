/**
 * The committed typed documents (app/graphql/<backend>.generated.ts) are what graphql-codegen
 * makes from the features' `*.<backend>.graphql` operations and the published schemas
 * (docs/api/<backend>.graphql): an operation that asks for a field the backend does not serve,
 * or a schema change that alters a result type, fails here until `npm run codegen` is run and
 * the files committed (issue #10).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import { WEB_CODEGEN_BACKENDS, codegenConfig } from "../../../../codegen";

/** The repository root: the nearest folder up from the working directory with codegen.ts. */
function repositoryRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, "codegen.ts"))) {
    if (dirname(dir) === dir) throw new Error("codegen.ts not found above the working directory");
    dir = dirname(dir);
  }
  return dir;
}

describe("generated GraphQL types of the web", () => {
  it("app/graphql/*.generated.ts match the operations and the published schemas", async () => {
    const root = repositoryRoot();
    const previous = process.cwd();
    process.chdir(root);
    let outputs: { filename: string; content: string }[];
    try {
      outputs = await generate({ ...codegenConfig, silent: true }, false);
    } finally {
      process.chdir(previous);
    }
    expect(outputs.map((o) => o.filename).sort()).toEqual(
      WEB_CODEGEN_BACKENDS.map((b) => `apps/web/app/graphql/${b}.generated.ts`).sort(),
    );
    for (const output of outputs) {
      const committed = readFileSync(join(root, output.filename), "utf8");
      expect(committed, `run \`npm run codegen\` and commit ${output.filename}`).toBe(
        output.content,
      );
    }
  }, 30_000);
});
