/**
 * Demo-data seeding for local mode (APP_ENV=development) only. Each seed has a name and runs
 * once per database, inside a transaction with its `seed_runs` record, so a restart or a
 * second process never seeds twice and a failed seed leaves nothing half-written.
 * Later areas add their seed to SEEDS.
 */
import { eq, schema, type Database } from "@seoltab/db";
import {
  seedDemoAccountProfiles,
  seedDemoAccounts,
  seedDemoSecondChild,
} from "./modules/accounts/index.ts";
import { seedDemoReviews } from "./modules/marketing/index.ts";

export interface Seed {
  name: string;
  run(db: Database): Promise<void>;
}

export const SEEDS: readonly Seed[] = [
  { name: "demo-accounts", run: seedDemoAccounts },
  { name: "demo-account-profiles", run: seedDemoAccountProfiles },
  { name: "demo-second-child", run: seedDemoSecondChild },
  { name: "demo-reviews", run: seedDemoReviews },
];

/** Runs every seed not yet recorded; returns the names that ran now. */
export async function runSeeds(db: Database, seeds: readonly Seed[] = SEEDS): Promise<string[]> {
  const ran: string[] = [];
  for (const seed of seeds) {
    const didRun = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(schema.seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: schema.seedRuns.name });
      if (claimed.length === 0) return false;
      await seed.run(tx as unknown as Database);
      return true;
    });
    if (didRun) ran.push(seed.name);
  }
  return ran;
}

/** True when the named seed has run in this database. */
export async function hasSeeded(db: Database, name: string): Promise<boolean> {
  const rows = await db.select().from(schema.seedRuns).where(eq(schema.seedRuns.name, name));
  return rows.length > 0;
}
