export * from "./client.ts";
export * as schema from "./schema.ts";
export { sql, eq, and, or, desc, asc, inArray } from "drizzle-orm";
