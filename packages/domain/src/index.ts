export * from "./route-rules.ts";
