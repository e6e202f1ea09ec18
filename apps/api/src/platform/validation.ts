/**
 * Input validation at the edge (CONVENTIONS.md: every endpoint validates its input): a zod
 * schema's problems become one AppError with a Korean message per field.
 */
import type { z } from "zod";
import { AppError } from "../errors.ts";

/**
 * Parses `input` with `schema`.
 * @throws AppError validation `validation_failed` with one Korean problem per field
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: issue.path.join(".") || "input",
    message: issue.message,
  }));
  throw new AppError(
    "validation",
    "validation_failed",
    `입력값을 확인해 주세요: ${fields.map((f) => f.field).join(", ")}`,
    fields,
  );
}
