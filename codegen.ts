/**
 * GraphQL code generation for the web (issue #10 "one contract per wire shape"): the operations
 * a web feature sends live in `apps/web/app/features/<feature>/api/*.<backend>.graphql`, one file
 * per backend they go to; each backend's operations are checked against its published schema
 * (docs/api/<backend>.graphql, `npm run docs:api`) and typed into
 * `apps/web/app/graphql/<backend>.generated.ts` (result and variable types, typed document
 * nodes); an operation sent to two backends is in `*.<a>+<b>.graphql` (operationFiles).
 * `npm run codegen` writes them; apps/web/app/graphql/generated.test.ts fails when the
 * committed files differ. Add a backend to WEB_CODEGEN_BACKENDS when a feature first sends
 * operations there through a `.graphql` file.
 *
 * A backend in STRING_DOCUMENT_BACKENDS gets its documents as strings (`TypedDocumentString`,
 * typed like the nodes): its operations are sent by plain `fetch` from prerendered pages,
 * whose bundles stay free of graphql and Apollo (app/bundle-boundary.test.ts); an app page
 * that sends one through Apollo parses it there (`gql(String(document))`).
 */
import type { CodegenConfig } from "@graphql-codegen/cli";

export const WEB_CODEGEN_BACKENDS = [
  "payment",
  "matching",
  "workspace",
  "auth",
  "diagnosis",
] as const;

/** The backends whose generated documents are strings (sent by `fetch`, see above). */
export const STRING_DOCUMENT_BACKENDS: readonly string[] = ["diagnosis"];

/**
 * The operation files of `backend`: `<name>.<backend>.graphql`, and `<name>.<a>+<b>.graphql` for
 * operations sent to two backends (a family's on matching, a tutor's on workspace): those are
 * checked against both schemas and typed in both outputs (identical types; features import one).
 */
export function operationFiles(backend: string): string[] {
  const dir = "apps/web/app/features/*/api";
  return [
    `${dir}/*.${backend}.graphql`,
    `${dir}/*.${backend}+*.graphql`,
    `${dir}/*+${backend}.graphql`,
  ];
}

export const codegenConfig: CodegenConfig = {
  overwrite: true,
  generates: Object.fromEntries(
    WEB_CODEGEN_BACKENDS.map((backend) => [
      `apps/web/app/graphql/${backend}.generated.ts`,
      {
        schema: `docs/api/${backend}.graphql`,
        documents: operationFiles(backend),
        plugins: ["typescript-operations", "typed-document-node"],
        config: {
          onlyOperationTypes: true,
          enumsAsTypes: true,
          skipTypename: true,
          useTypeImports: true,
          avoidOptionals: { field: true, inputValue: false, object: false },
          maybeValue: "T | null",
          inputMaybeValue: "T | null | undefined",
          scalars: { ID: "string" },
          dedupeFragments: true,
          ...(STRING_DOCUMENT_BACKENDS.includes(backend) ? { documentMode: "string" } : {}),
        },
      },
    ]),
  ),
};

export default codegenConfig;
