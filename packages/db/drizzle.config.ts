import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into ./migrations from src/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.ts",
  out: "./migrations",
});
