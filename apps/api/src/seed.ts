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
import { seedDemoTutorApplications } from "./modules/tutor-applications/index.ts";
import { memoryFileStorage, type FileStorage } from "./platform/storage.ts";

/** What a seed may use besides the database. */
export interface SeedEnv {
  /** Where demo files go (the app's storage; memory for the test templates). */
  storage: FileStorage;
}

export interface Seed {
  name: string;
  run(db: Database, env: SeedEnv): Promise<void>;
}

export const SEEDS: readonly Seed[] = [
  { name: "demo-accounts", run: seedDemoAccounts },
  { name: "demo-account-profiles", run: seedDemoAccountProfiles },
  { name: "demo-second-child", run: seedDemoSecondChild },
  { name: "demo-reviews", run: seedDemoReviews },
  { name: "demo-tutor-applications", run: (db, env) => seedDemoTutorApplications(db, env.storage) },
];

/** Runs every seed not yet recorded; returns the names that ran now. */
export async function runSeeds(
  db: Database,
  seeds: readonly Seed[] = SEEDS,
  env: SeedEnv = { storage: memoryFileStorage() },
): Promise<string[]> {
  const ran: string[] = [];
  for (const seed of seeds) {
    const didRun = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(schema.seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: schema.seedRuns.name });
      if (claimed.length === 0) return false;
      await seed.run(tx as unknown as Database, env);
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

/** Records that the named seed ran (for seeds that cannot run inside runSeeds' transaction). */
export async function markSeeded(db: Database, name: string): Promise<void> {
  await db.insert(schema.seedRuns).values({ name }).onConflictDoNothing();
}

/** The seed of the demo lectures (demo-lectures.seed.ts), run by app.ts after the areas exist. */
export const DEMO_LECTURES_SEED = "demo-lectures";
