/**
 * Issue #19 "5xx on bad input": text PostgreSQL cannot store and a GraphQL `query` that is not
 * text are bad requests, and a property-based fuzz of every REST route and every GraphQL root
 * field (fixed seed, bounded count) never gets a 5xx and leaves the server answering.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import {
  GraphQLError,
  getNamedType,
  isCompositeType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_BACKENDS } from "@seoltab/domain";
import { DEMO_PASSWORD } from "../modules/accounts/accounts.seed.ts";
import { call, errorCodeOf, signIn } from "../test/accounts.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { isBadTextForDatabase, toAppError } from "../errors.ts";
import { formatGraphqlError } from "../graphql/graphql-backend.ts";
import { findBadText } from "./bad-input.ts";

const MODULES = join(dirname(fileURLToPath(import.meta.url)), "../modules");

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t, "student@example.com", DEMO_PASSWORD, "10.9.0.1")).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("findBadText", () => {
  it.each([
    ["a NUL in a string", { A: "ab\u0000c" }, "body.A"],
    ["a lone high surrogate", { A: ["ok", "x\uD800"] }, "body.A[1]"],
    ["a lone low surrogate", { A: { B: "\uDC00" } }, "body.A.B"],
    ["a NUL in a key", { ["K\u0000"]: 1 }, "body.K?"],
  ])("finds %s", (_name, value, path) => {
    expect(findBadText(value, "body")).toBe(path);
  });

  it("passes ordinary Korean text, emoji (a surrogate pair) and numbers", () => {
    expect(findBadText({ A: "설탭 수학 😀", B: 3, C: [null, true] }, "body")).toBeNull();
  });
});

describe("at the edge", () => {
  it("REST: a NUL in a field is 400 validation_failed, not 500 from the database", async () => {
    const res = await call(t, "/main/login", { EMAIL_ID: "a\u0000@example.com", PASSWORD: "x" });
    expect(res.statusCode).toBe(400);
    expect(errorCodeOf(res)).toBe("validation_failed");
    const lone = await call(t, "/main/join/check_email", { EMAIL_ID: "x\uD800@example.com" });
    expect(lone.statusCode).toBe(400);
  });

  it.each(GRAPHQL_BACKENDS)(
    "GraphQL %s: a query that is not text is 400 BAD_REQUEST",
    async (b) => {
      for (const query of [{ kind: "Document", definitions: [] }, 42, ["{ backend }"]]) {
        const res = await call(t, `/${b}/graphql`, { query });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].extensions).toEqual({
          classification: "BAD_REQUEST",
          code: "query_not_string",
        });
      }
    },
  );

  it("text the database refuses anyway (SQLSTATE 22021 / 22P05, possibly wrapped) is a bad request, not a 500", () => {
    const pg = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
    });
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: pg });
    expect(isBadTextForDatabase(wrapped)).toBe(true);
    expect(toAppError(wrapped)).toMatchObject({ kind: "validation", code: "validation_failed" });
    const formatted = formatGraphqlError(
      new GraphQLError("x", { originalError: wrapped }),
      t.app.log,
    );
    expect(formatted.extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "validation_failed",
    });
    expect(isBadTextForDatabase(Object.assign(new Error("other"), { code: "23505" }))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The fuzz

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\uD800", "'; drop table users; --", "", " ", "0"),
  fc.string({ unit: "binary", maxLength: 10 }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER),
);
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom("USER_NO", "token", "ID", "id")), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

/**
 * The field names the REST schemas declare (read from their source), so fuzzed bodies carry
 * names the routes know and reach past "unknown field" into the services and the database.
 */
const FIELD_NAMES = [
  ...new Set(
    readdirSync(MODULES, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(schemas|routes)\.ts$/.test(f))
      .flatMap((f) => [
        ...readFileSync(join(MODULES, f), "utf8").matchAll(/\b([A-Z][A-Z0-9_]{2,}):\s*z/g),
      ])
      .map((m) => m[1]!),
  ),
];
const knownFields = fc.dictionary(
  fc.constantFrom(...FIELD_NAMES),
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "가나다\u0000",
        "a\u0000@example.com",
        "0101234\u00005678",
        "\uD800x",
      ),
    },
    { weight: 1, arbitrary: scalar },
  ),
  { minKeys: 1, maxKeys: 8 },
);
const body = fc.oneof({ weight: 3, arbitrary: knownFields }, { weight: 1, arbitrary: jsonish });

const FUZZ = { seed: 20261124, numRuns: 12 } as const;

describe("fuzz: no 5xx, the server stays up (fast-check, fixed seed)", () => {
  it("every REST route", async () => {
    const routes = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith("/main/") ||
          r.url.startsWith("/serverless/") ||
          r.url.startsWith("/hub/") ||
          r.url.startsWith("/api/") ||
          r.url.startsWith("/accounts/")) &&
        ["GET", "POST", "PATCH", "PUT", "DELETE"].includes(r.method) &&
        !r.url.includes("*"),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(body, text, fc.boolean(), async (payload, param, signedIn) => {
          const url = route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(param) || "x");
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            headers: {
              "content-type": "application/json",
              ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(route.method === "GET" ? {} : { payload: JSON.stringify(payload) }),
            remoteAddress: "10.9.1.1",
          });
          if (res.statusCode >= 500) failures.push(`${route.method} ${url}: ${res.statusCode}`);
          return res.statusCode < 500;
        }),
        FUZZ,
      );
    }
    expect(failures).toEqual([]);
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  }, 120_000);

  it("every GraphQL root field of every backend", async () => {
    const failures: string[] = [];
    let fields = 0;
    for (const backend of GRAPHQL_BACKENDS) {
      const schema = t.app.graphqlSchemas.get(backend)!;
      const roots = [
        ["query", schema.getQueryType()],
        ["mutation", schema.getMutationType()],
      ] as const;
      for (const [operation, type] of roots) {
        for (const field of Object.values(type?.getFields() ?? {})) {
          fields += 1;
          const document = documentFor(operation, field);
          await fc.assert(
            fc.asyncProperty(
              fc.dictionary(fc.constantFrom(...field.args.map((a) => a.name), "x"), jsonish),
              fc.boolean(),
              async (variables, signedIn) => {
                const res = await call(
                  t,
                  `/${backend}/graphql`,
                  { query: document, variables },
                  { ip: "10.9.2.1", ...(signedIn ? { token } : {}) },
                );
                if (res.statusCode >= 500) {
                  failures.push(`${backend} ${field.name}: ${res.statusCode} ${res.body}`);
                }
                return res.statusCode < 500;
              },
            ),
            FUZZ,
          );
        }
      }
    }
    expect(fields).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  }, 120_000);
});

/** `query($a: T!, …) { field(a: $a, …) { __typename } }` for one root field. */
function documentFor(operation: "query" | "mutation", field: GraphQLField<unknown, unknown>) {
  const args = field.args as readonly GraphQLArgument[];
  const defs = args.map((a) => `$${a.name}: ${typeName(a.type)}`).join(", ");
  const uses = args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  return `${operation}${defs ? `(${defs})` : ""} { ${field.name}${uses ? `(${uses})` : ""}${selection} }`;
}

function typeName(type: GraphQLInputType): string {
  if (isNonNullType(type)) return `${typeName(type.ofType)}!`;
  if (isListType(type)) return `[${typeName(type.ofType)}]`;
  return isInputObjectType(type) ? type.name : type.name;
}
