/**
 * `npm run audit:verify` (issue 16 "Audit"; docs/api/audit.md): checks the audit log's hash
 * chain of the configured database (DATABASE_URL, else the PGlite directory DATA_DIR, default
 * ./data) and prints "OK: <n> entries, head <hash>" (exit 0) or the first broken link
 * "BROKEN at entry id <id> (seq <seq>): <problem>" (exit 1). Read-only; safe on a live database
 * (stop the server first with PGlite: one process per directory). Never migrates: the server
 * applies migration 0024 at start.
 */
import { openDatabase } from "@seoltab/db";
import { verifyAuditChain } from "../apps/api/src/platform/audit.ts";

const url = process.env.DATABASE_URL;
const handle = await openDatabase(
  url
    ? { kind: "postgres", url, poolSize: 1 }
    : { kind: "pglite", dataDir: process.env.DATA_DIR ?? "./data" },
);
try {
  const report = await verifyAuditChain(handle.db);
  if (report.ok) {
    console.log(`OK: ${report.entries} entries, head ${report.headHash}`);
  } else {
    const { id, seq, problem } = report.brokenAt;
    console.log(
      `BROKEN at entry id ${id ?? "-"} (seq ${seq ?? "-"}): ${problem}; ${report.entries} entries before it are intact`,
    );
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
