/**
 * Issue 10 "One contract per wire shape": the API is tested with the documents the web app sends.
 * Every operation of the web's `app/features/**\/api/*.<backend>.graphql` files (the ones
 * graphql-codegen types, `npm run codegen`) is sent here, as written, to the real backend it is
 * written for (both for `<a>+<b>` files), signed in as each demo person (student, parent, tutor,
 * staff), with variables made from the served schema (required ones only: the first enum value,
 * id "1", numbers 1, strings that pass no business rule).
 *
 * What must hold for every answer: no GraphQL validation or variable-coercion error (an error
 * without an application `code`: the web asks for something the server does not serve as typed)
 * and no INTERNAL_ERROR (a resolver or a field of the answer failed). Refusals with a code —
 * forbidden, not found, a business rule — are the server judging the request, which is fine with
 * made-up ids. At least one person must get each query's answer without any error when the query
 * needs no ids, so the documents' fields really resolve. Mutations run too on PGlite, where the
 * database is this file's own copy: they may be refused, never fail.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Kind,
  parse,
  print,
  separateOperations,
  typeFromAST,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { call } from "../test/accounts.ts";

const FEATURES = fileURLToPath(new URL("../../../web/app/features", import.meta.url));
const DEMO_PASSWORD = "Demo1234!";
const PEOPLE = {
  student: "student@example.com",
  parent: "parent@example.com",
  tutor: "tutor@example.com",
  staff: "admin@example.com",
} as const;
type Person = keyof typeof PEOPLE;

interface WebOperation {
  backend: string;
  name: string;
  kind: "query" | "mutation";
  /** The operation with the fragments it spreads, printed as the web sends it. */
  text: string;
  definition: OperationDefinitionNode;
  /** Every variable is optional (nothing to make up). */
  needsNoIds: boolean;
}

/** The web's operation files by backend: `name.<backend>.graphql`, `name.<a>+<b>.graphql`. */
function webOperations(): WebOperation[] {
  const byBackend = new Map<string, string[]>();
  const files = readdirSync(FEATURES, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".graphql"),
  );
  for (const file of files) {
    const backends = /\.([a-z+-]+)\.graphql$/.exec(file)?.[1]?.split("+") ?? [];
    for (const backend of backends) {
      byBackend.set(backend, [
        ...(byBackend.get(backend) ?? []),
        readFileSync(join(FEATURES, file), "utf8"),
      ]);
    }
  }
  const operations: WebOperation[] = [];
  for (const [backend, texts] of byBackend) {
    // One document per backend, as codegen reads them: fragments may live in another file.
    const separated = separateOperations(parse(texts.join("\n")));
    for (const [name, document] of Object.entries(separated)) {
      const definition = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )!;
      if (definition.operation === "subscription") continue;
      operations.push({
        backend,
        name,
        kind: definition.operation,
        text: print(document),
        definition,
        needsNoIds: (definition.variableDefinitions ?? []).every(
          (v) => v.type.kind !== Kind.NON_NULL_TYPE,
        ),
      });
    }
  }
  return operations.sort((a, b) =>
    `${a.backend}.${a.name}`.localeCompare(`${b.backend}.${b.name}`),
  );
}

/** A made-up value of `type` (required input fields only); null for an optional one. */
function madeUp(type: GraphQLInputType, required: boolean): unknown {
  if (!isNonNullType(type)) return required ? madeUp(type, false) : null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) {
        value[field.name] = madeUp(field.type, true);
      }
    }
    return value;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case "Int":
      case "Float":
        return 1;
      case "Boolean":
        return false;
      case "ID":
        return "1";
      default:
        return "1";
    }
  }
  return null;
}

function variablesOf(operation: WebOperation, schema: GraphQLSchema): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const v of operation.definition.variableDefinitions ?? []) {
    if (v.type.kind !== Kind.NON_NULL_TYPE || v.defaultValue) continue;
    const type = typeFromAST(schema, v.type) as GraphQLInputType | undefined;
    if (!type) throw new Error(`${operation.name}: unknown variable type ${print(v.type)}`);
    variables[v.variable.name.value] = madeUp(type, true);
  }
  return variables;
}

interface Answer {
  data?: unknown;
  errors?: { message: string; extensions?: { classification?: string; code?: string } }[];
}

/** The errors an answer must never carry: uncoded (validation, coercion) or internal. */
function wireFaults(answer: Answer): string[] {
  return (answer.errors ?? [])
    .filter((e) => !e.extensions?.code || e.extensions.classification === "INTERNAL_ERROR")
    .map((e) => `${e.extensions?.classification ?? "?"}: ${e.message}`);
}

const operations = webOperations();
let t: TestApp;
const tokens = new Map<Person, string>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const [person, email] of Object.entries(PEOPLE) as [Person, string][]) {
    const res = await call(t, "/main/login", { EMAIL_ID: email, PASSWORD: DEMO_PASSWORD });
    expect(res.statusCode, `${person} signs in`).toBe(200);
    const body = res.json() as { ONUEI_RES: { DATA: { RESPONSE: { token: string } } } };
    tokens.set(person, body.ONUEI_RES.DATA.RESPONSE.token);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the web's GraphQL documents against the real backends", () => {
  it("finds the web's operations on every backend the web codegen types", () => {
    expect(new Set(operations.map((o) => o.backend))).toEqual(
      new Set(["auth", "diagnosis", "matching", "payment", "workspace"]),
    );
    // 69 operations in 18 files when this test was written; sent once per backend of the file.
    expect(operations.length).toBeGreaterThanOrEqual(69);
  });

  // Queries first (the demo data as seeded), then mutations — only on a database of this file's
  // own (PGlite): on the PostgreSQL database `npm run test:pg` shares between files, a staff
  // mutation on id "1" could change another file's rows.
  const ordered = [
    ...operations.filter((o) => o.kind === "query"),
    ...(process.env.DATABASE_URL ? [] : operations.filter((o) => o.kind === "mutation")),
  ];
  it.each(ordered.map((o) => [`${o.kind} ${o.name} on /${o.backend}/graphql`, o] as const))(
    "%s: served as typed, for every person",
    async (_title, operation) => {
      const schema = t.app.graphqlSchemas.get(operation.backend as never);
      expect(schema, `the ${operation.backend} backend serves a schema`).toBeDefined();
      const variables = variablesOf(operation, schema!);
      const clean: Person[] = [];
      for (const [person, token] of tokens) {
        const res = await call(
          t,
          `/${operation.backend}/graphql`,
          { query: operation.text, variables, operationName: operation.name },
          { token },
        );
        const answer = res.json() as Answer;
        expect(wireFaults(answer), `${operation.name} as ${person}`).toEqual([]);
        expect(res.statusCode, `${operation.name} as ${person}`).toBeLessThan(500);
        if (!answer.errors?.length && answer.data) clean.push(person);
      }
      if (operation.kind === "query" && operation.needsNoIds) {
        expect(clean, `someone reads ${operation.name} without an error`).not.toEqual([]);
      }
    },
  );
});
