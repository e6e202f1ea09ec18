/**
 * Issue #19: a failed database query's parameters (emails, phones, names) never reach a log
 * line; the SQL text and the error stay for the person debugging.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { schema } from "@seoltab/db";
import { serializeError } from "./app.ts";
import { buildTestApp } from "./test/test-app.ts";

describe("serializeError", () => {
  it("keeps the message and the SQL, replaces Drizzle's params and the driver's parameters by their count", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      parameters: ["parent@example.com", "01012345678"],
    });
    // Drizzle's DrizzleQueryError writes the values into its message too.
    const err = Object.assign(
      new Error(
        "Failed query: insert into users values ($1, $2)\nparams: parent@example.com,01012345678",
      ),
      {
        query: "insert into users values ($1, $2)",
        params: ["parent@example.com", "01012345678"],
        cause: driver,
      },
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain("parent@example.com");
    expect(text).not.toContain("01012345678");
    expect(out).toMatchObject({
      type: "Error",
      query: "insert into users values ($1, $2)",
      params: "[2 values]",
    });
    expect(String(out.message)).toContain("params: [2 values]");
    expect(String(out.message)).toContain("Failed query");
  });
});

describe("a real failing query in the app's log", () => {
  it("carries the SQL and the driver's error, never the parameter values (PGlite and PostgreSQL)", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await buildTestApp({ LOG_LEVEL: "info" }, {}, { logger: { stream } });
    try {
      const phone = "01098765432";
      let caught: unknown;
      try {
        // The demo student's email again: a unique violation with the values as parameters.
        await t.database.db.insert(schema.users).values({
          email: "student@example.com",
          passwordHash: "x",
          userType: "STUDENT",
          name: "로그확인",
          phone,
          birthDate: "2010-03-01",
        });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(Error);
      t.app.log.error({ err: caught }, "query failed");
      const text = lines.join("");
      expect(text).toContain("query failed");
      expect(text).toContain("insert into");
      expect(text).not.toContain("student@example.com");
      expect(text).not.toContain(phone);
      expect(text).not.toContain("로그확인");
    } finally {
      await t.close();
    }
  });
});
