/**
 * Validates GraphQL arguments with a zod schema at the edge, the GraphQL twin of
 * rest-backend.ts `parseBody`: a failure is an AppError `validation_failed` (classification
 * BAD_REQUEST) whose message is the first problem, with every problem in `fields`.
 */
import type { z } from "zod";
import { AppError, MESSAGES } from "../errors.ts";

export function parseArgs<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: issue.path.join("."),
    message: issue.message,
  }));
  throw new AppError(
    "validation",
    "validation_failed",
    fields[0]?.message ?? MESSAGES.validation,
    fields,
  );
}
