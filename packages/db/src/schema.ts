/**
 * The database schema (DESIGN.md §4): one file per area, gathered here for Drizzle and
 * drizzle-kit. Cross-area references point at the file that defines the table, never at this
 * one, so there is no import cycle.
 */
export * from "./core.schema.ts";
export * from "./marketing.schema.ts";
export * from "./consultations.schema.ts";
export * from "./catalog.schema.ts";
export * from "./payments.schema.ts";
export * from "./contracts.schema.ts";
export * from "./refunds.schema.ts";
export * from "./tutor-applications.schema.ts";
export * from "./lectures.schema.ts";
export * from "./lessons.schema.ts";
export * from "./lecture-changes.schema.ts";
export * from "./cycle-reviews.schema.ts";
export * from "./messages.schema.ts";
export * from "./admin.schema.ts";
export * from "./diagnosis.schema.ts";
export * from "./family-accounts.schema.ts";
export * from "./view-as.schema.ts";
export * from "./discounts.schema.ts";
