// `npm start`: the local setup (DESIGN.md §6) — APP_ENV=development, embedded PostgreSQL
// (PGlite) in ./data unless DATABASE_URL is set, sandbox adapters, demo data.
// Settings already in the environment win; see README.md for the table.
import { register } from "tsx/esm/api";

process.env.APP_ENV ??= "development";
register();
await import("../apps/api/src/server.ts");
