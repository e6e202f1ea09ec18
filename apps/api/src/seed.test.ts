import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { verify } from "@node-rs/argon2";
import { buildApp } from "./app.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SECOND_CHILD,
  localStartBanner,
} from "./modules/accounts/accounts.seed.ts";
import { hasSeeded, runSeeds } from "./seed.ts";
import { openTestDatabase, testConfig } from "./test/test-app.ts";
import type { DatabaseHandle } from "@seoltab/db";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
}, 60_000);
afterAll(() => database.close());

describe("seeding", () => {
  it("outside local mode, nothing is seeded", async () => {
    const before = await database.db.select().from(schema.users);
    const app = await buildApp({
      config: testConfig({}, { localMode: false, appEnv: "stage" }),
      database,
      logger: false,
    });
    await app.close();
    expect(await database.db.select().from(schema.users)).toHaveLength(before.length);
    expect(await hasSeeded(database.db, "demo-accounts")).toBe(before.length > 0);
  });

  it("local mode seeds the demo accounts once, with hashed passwords and the parent link", async () => {
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.close();
    expect(await runSeeds(database.db)).toEqual([]); // a second run does nothing
    for (const account of DEMO_ACCOUNTS) {
      const rows = await database.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.email, account.email));
      expect(rows).toHaveLength(1);
      const [user] = rows;
      expect(user?.userType).toBe(account.userType);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user?.passwordHash).not.toContain(DEMO_PASSWORD);
      expect(await verify(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const links = await database.db.select().from(schema.parentChildren);
    expect(links.length).toBeGreaterThanOrEqual(1);
    // What sign-in needs: ACTIVE, a birth date (14 or older), a verified phone (not staff).
    const [student] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "student@example.com"));
    expect(student).toMatchObject({
      status: "ACTIVE",
      birthDate: "2009-03-15",
      grade: "HIGH_2",
      parentPhone: "01020000002",
    });
    expect(student?.phoneVerifiedAt).toBeInstanceOf(Date);
  });

  it("a failing seed leaves nothing half-written and is retried next time", async () => {
    let calls = 0;
    const failing = {
      name: `failing-${Date.now()}`,
      run: async () => {
        calls += 1;
        throw new Error("boom");
      },
    };
    await expect(runSeeds(database.db, [failing])).rejects.toThrow("boom");
    const recorded = await database.db
      .select()
      .from(schema.seedRuns)
      .where(eq(schema.seedRuns.name, failing.name));
    expect(recorded).toHaveLength(0);
    await expect(runSeeds(database.db, [failing])).rejects.toThrow("boom");
    expect(calls).toBe(2);
  });
});

describe("building the app with configured signing keys", () => {
  it("unusable ACCOUNTS_SIGNING_KEYS stop the start with a message naming the setting", async () => {
    const config = testConfig({ ACCOUNTS_SIGNING_KEYS: '[{"kty":"EC","kid":"k1"}]' });
    await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
      /ACCOUNTS_SIGNING_KEYS/,
    );
  });
});

describe("the local start banner", () => {
  it("lists every demo account that is seeded, the second child included", () => {
    const banner = localStartBanner("http://localhost:3000", "내장 PostgreSQL (PGlite) ./data");
    expect(banner).toContain("설탭 로컬 서버: http://localhost:3000");
    for (const email of [...DEMO_ACCOUNTS.map((a) => a.email), DEMO_SECOND_CHILD.email]) {
      expect(banner).toContain(email);
    }
    expect(banner).toContain(
      "데모 계정 (비밀번호 Demo1234!): student@example.com, student2@example.com, parent@example.com, tutor@example.com, admin@example.com",
    );
  });
});

describe("demo lectures", () => {
  it("local mode gives the demo student a REGISTER, a MATCHED and an ACTIVE lecture, once", async () => {
    for (let run = 0; run < 2; run += 1) {
      const app = await buildApp({
        config: testConfig({ SEED_DEMO_LECTURES: "true" }),
        database,
        logger: false,
      });
      await app.close();
    }
    const [student] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "student@example.com"));
    const lectures = await database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.userId, student!.id));
    expect(lectures.map((l) => l.state).sort()).toEqual(["ACTIVE", "MATCHED", "REGISTER"]);
    const [tutor] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "tutor@example.com"));
    expect(lectures.filter((l) => l.tutorUserId === tutor!.id)).toHaveLength(2);
    const [app] = await database.db
      .select()
      .from(schema.tutorApplications)
      .where(eq(schema.tutorApplications.userId, tutor!.id));
    expect(app!.state).toBe("ACTIVE");
    const active = lectures.find((l) => l.state === "ACTIVE")!;
    const lessons = await database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.lectureId, active.id));
    expect(lessons.filter((l) => l.state === "DONE").length).toBeGreaterThanOrEqual(1);
    expect(lessons.filter((l) => l.state === "RESERVATION").length).toBeGreaterThanOrEqual(4);
  });
});
