/**
 * The job runners: in-process (PGlite) runs a triggered job at once; pg-boss (PostgreSQL only,
 * `npm run test:pg`) schedules every job (JOB_NAMES: renewals, reconciliation, refunds
 * settlement) on singleton queues and a triggered renewal is charged by its worker. What the
 * refunds-settlement job does is tested in refunds.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "./gateway/sandbox.ts";
import { inProcessJobRunner, pgBossJobRunner } from "../../platform/jobs.ts";
import {
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
} from "./payments.test-support.ts";

let t: TestApp;
const clock = offsetClock();

beforeAll(async () => {
  t = await buildTestApp({}, {}, { payments: { gateway: createSandboxGateway({ clock }), clock } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A paid 1-month subscription, then the clock moved past its renewal date. */
async function dueSubscription(): Promise<number> {
  const student = await newUser(t);
  await registerCard(t, student);
  const math = await smartMath(t);
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 1 }],
  });
  clock.advance(32 * 86_400_000);
  return responseOf(res).SUBSCRIPTION.ID as number;
}

async function renewalsOf(subscriptionId: number) {
  return t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.subscriptionId, subscriptionId));
}

describe("in-process runner", () => {
  it("has the jobs of every area", () => {
    expect(Object.keys(t.app.jobTable)).toEqual([
      "accounts-attempts-prune",
      "payments-renewals",
      "payments-reconciliation",
      "refunds-settlement",
      "tutor-applications-stalled",
      "matching-suggestions-expire",
      "lessons-materialize",
      "diagnosis-attempts-prune",
      "messages-lesson-reminders",
      "messages-renewal-notices",
      "messages-send",
    ]);
  });

  it("runs a triggered renewal at once", async () => {
    const id = await dueSubscription();
    const runner = inProcessJobRunner(t.app.jobTable, t.app.log, 60_000);
    await runner.start();
    await runner.trigger("payments-renewals");
    await runner.stop();
    expect((await renewalsOf(id)).map((p) => p.state)).toEqual(["PAID"]);
  });
});

describe.runIf(process.env.DATABASE_URL)("pg-boss runner (PostgreSQL)", () => {
  it("schedules every job on a singleton queue; its worker charges a triggered renewal once", async () => {
    const id = await dueSubscription();
    const runner = pgBossJobRunner(t.app.jobTable, t.app.log, process.env.DATABASE_URL!);
    await runner.start();
    try {
      const schedules = await t.database.db.execute(
        sql`select name, cron from pgboss.schedule order by name`,
      );
      expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([
        { name: "accounts-attempts-prune", cron: "* * * * *" },
        { name: "diagnosis-attempts-prune", cron: "* * * * *" },
        { name: "lessons-materialize", cron: "* * * * *" },
        { name: "matching-suggestions-expire", cron: "* * * * *" },
        { name: "messages-lesson-reminders", cron: "* * * * *" },
        { name: "messages-renewal-notices", cron: "* * * * *" },
        { name: "messages-send", cron: "* * * * *" },
        { name: "payments-reconciliation", cron: "* * * * *" },
        { name: "payments-renewals", cron: "* * * * *" },
        { name: "refunds-settlement", cron: "* * * * *" },
        { name: "tutor-applications-stalled", cron: "* * * * *" },
      ]);
      const queues = await t.database.db.execute(
        sql`select name, policy from pgboss.queue where name in ${Object.keys(t.app.jobTable)} order by name`,
      );
      expect((queues as unknown as { rows: unknown[] }).rows).toEqual([
        { name: "accounts-attempts-prune", policy: "singleton" },
        { name: "diagnosis-attempts-prune", policy: "singleton" },
        { name: "lessons-materialize", policy: "singleton" },
        { name: "matching-suggestions-expire", policy: "singleton" },
        { name: "messages-lesson-reminders", policy: "singleton" },
        { name: "messages-renewal-notices", policy: "singleton" },
        { name: "messages-send", policy: "singleton" },
        { name: "payments-reconciliation", policy: "singleton" },
        { name: "payments-renewals", policy: "singleton" },
        { name: "refunds-settlement", policy: "singleton" },
        { name: "tutor-applications-stalled", policy: "singleton" },
      ]);
      await runner.trigger("payments-renewals");
      await runner.trigger("payments-renewals");
      const deadline = Date.now() + 15_000;
      while ((await renewalsOf(id)).length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, 1500));
      expect((await renewalsOf(id)).map((p) => p.state)).toEqual(["PAID"]);
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
