/**
 * Issue #19: a failed database query's parameters (emails, phones, names) never reach a log
 * line; the SQL text and the error stay for the person debugging.
 */
import { describe, expect, it } from "vitest";
import { serializeError } from "./app.ts";

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
