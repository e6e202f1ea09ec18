export * from "./client.ts";
export * as schema from "./schema.ts";
export {
  sql,
  eq,
  ne,
  and,
  or,
  desc,
  asc,
  inArray,
  notInArray,
  isNull,
  isNotNull,
  gt,
  gte,
  lt,
  lte,
  count,
  min,
} from "drizzle-orm";
export { alias } from "drizzle-orm/pg-core";
export type { SQL } from "drizzle-orm";
