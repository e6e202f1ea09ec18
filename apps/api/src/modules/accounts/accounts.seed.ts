/**
 * Demo accounts of DESIGN.md §6 (local mode only, never in production), password `Demo1234!`:
 * student@example.com (STUDENT), parent@example.com (PARENT of that student),
 * tutor@example.com (TEACHER), admin@example.com (ADMIN).
 */
import { hash } from "@node-rs/argon2";
import { schema, type Database } from "@seoltab/db";

export const DEMO_PASSWORD = "Demo1234!";

export const DEMO_ACCOUNTS = [
  {
    email: "student@example.com",
    userType: "STUDENT",
    name: "김하늘",
    nickname: "하늘",
    phone: "01020000001",
  },
  {
    email: "parent@example.com",
    userType: "PARENT",
    name: "김서연",
    nickname: null,
    phone: "01020000002",
  },
  {
    email: "tutor@example.com",
    userType: "TEACHER",
    name: "이준호",
    nickname: "준호쌤",
    phone: "01020000003",
  },
  { email: "admin@example.com", userType: "ADMIN", name: "운영팀", nickname: null, phone: null },
] as const;

/** Argon2id at the library's OWASP-level defaults (m=19456 KiB, t=2, p=1; ~14 ms here). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Inserts the demo accounts and links the parent to the student. Runs once per database. */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(schema.users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash })))
    .returning({ id: schema.users.id, email: schema.users.email });
  const idOf = (email: string) => rows.find((r) => r.email === email)?.id;
  const parent = idOf("parent@example.com");
  const child = idOf("student@example.com");
  if (parent && child) {
    await db.insert(schema.parentChildren).values({ parentUserId: parent, childUserId: child });
  }
}
