/**
 * The background-job runner every area's jobs run on (issue #10 "platform"; DESIGN.md §8).
 * Areas declare jobs (`AppModule.jobs`: name → run); app.ts builds one runner over all of them.
 *
 * On PostgreSQL, pg-boss schedules every job every minute on a singleton queue so exactly one
 * worker runs each (any number of api processes); on embedded PGlite (one process) the same
 * functions run in-process on a timer. Every job must be safe to run twice (conditional updates).
 */
import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";

/** What a run reports; logged when it processed something. */
export interface JobRunReport {
  /** How many rows the run looked at; the rest of the report is the job's own. */
  processed: number;
}

/** Job name (kebab-case, `<area>-<what>`) → one run. */
export type JobTable = Record<string, () => Promise<JobRunReport>>;

export interface JobRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Asks for one run of `name` now (pg-boss: a queued job any worker picks up). */
  trigger(name: string): Promise<void>;
}

/**
 * In-process runner for embedded PGlite (one process owns the database): runs every job every
 * `intervalMs`, never two runs of one job at once.
 */
export function inProcessJobRunner(
  jobs: JobTable,
  log: FastifyBaseLogger,
  intervalMs = 30_000,
): JobRunner {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const [name, run] of Object.entries(jobs)) {
        try {
          const report = await run();
          if (report.processed > 0) log.info({ job: name, ...report }, "job ran");
        } catch (err) {
          log.error({ err, job: name }, "job failed");
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  return {
    async start() {
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    async trigger(name) {
      await running;
      const run = jobs[name];
      if (!run) throw new Error(`no job named ${name}`);
      await run();
    },
  };
}

/**
 * pg-boss runner for PostgreSQL: a cron schedule per job (every minute) on a queue with policy
 * "singleton", so however many api processes run, one worker runs each job at a time.
 */
export function pgBossJobRunner(
  jobs: JobTable,
  log: FastifyBaseLogger,
  connectionString: string,
): JobRunner {
  let boss: PgBoss | null = null;
  return {
    async start() {
      const { default: PgBossClass } = await import("pg-boss");
      boss = new PgBossClass({ connectionString, max: 2 });
      boss.on("error", (err: Error) => log.error({ err }, "pg-boss error"));
      await boss.start();
      for (const [name, run] of Object.entries(jobs)) {
        await boss.createQueue(name, { name, policy: "singleton" });
        await boss.schedule(name, "* * * * *", {}, { tz: "Asia/Seoul" });
        await boss.work(name, { pollingIntervalSeconds: 1 }, async () => {
          const report = await run();
          if (report.processed > 0) log.info({ job: name, ...report }, "job ran");
        });
      }
    },
    async stop() {
      await boss?.stop({ graceful: true, timeout: 10_000 });
      boss = null;
    },
    async trigger(name) {
      if (!boss) throw new Error("job runner not started");
      await boss.send(name, {});
    },
  };
}
