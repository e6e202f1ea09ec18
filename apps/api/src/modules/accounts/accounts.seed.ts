/**
 * Demo accounts of DESIGN.md §6 (local mode only, never in production), password `Demo1234!`:
 * student@example.com (STUDENT), parent@example.com (PARENT of that student),
 * tutor@example.com (TEACHER), admin@example.com (ADMIN). All ACTIVE, adults or over 14, with
 * verified phones (except staff), so they sign in at once.
 */
import { hash } from "@node-rs/argon2";
import { eq, schema, type Database } from "@seoltab/db";

export const DEMO_PASSWORD = "Demo1234!";

export const DEMO_ACCOUNTS = [
  {
    email: "student@example.com",
    userType: "STUDENT",
    name: "김하늘",
    nickname: "하늘",
    phone: "01020000001",
    birthDate: "2009-03-15",
    gender: "WOMAN",
    grade: "HIGH_2",
    parentPhone: "01020000002",
  },
  {
    email: "parent@example.com",
    userType: "PARENT",
    name: "김서연",
    nickname: null,
    phone: "01020000002",
    birthDate: "1980-05-20",
    gender: "WOMAN",
    grade: null,
    parentPhone: null,
  },
  {
    email: "tutor@example.com",
    userType: "TEACHER",
    name: "이준호",
    nickname: "준호쌤",
    phone: "01020000003",
    birthDate: "2004-08-30",
    gender: "MAN",
    grade: null,
    parentPhone: null,
  },
  {
    email: "admin@example.com",
    userType: "ADMIN",
    name: "운영팀",
    nickname: null,
    phone: null,
    birthDate: "1990-01-01",
    gender: "MAN",
    grade: null,
    parentPhone: null,
  },
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
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        userType: a.userType,
        name: a.name,
        nickname: a.nickname,
        phone: a.phone,
        passwordHash,
      })),
    )
    .returning({ id: schema.users.id, email: schema.users.email });
  const idOf = (email: string) => rows.find((r) => r.email === email)?.id;
  const parent = idOf("parent@example.com");
  const child = idOf("student@example.com");
  if (parent && child) {
    await db.insert(schema.parentChildren).values({ parentUserId: parent, childUserId: child });
  }
}

/**
 * Gives the demo accounts what sign-in and the profile need (issue #3): ACTIVE, birth date,
 * gender, grade, the student's parent phone, and a verified phone. A separate seed so that local
 * databases seeded before these columns existed get them too.
 */
export async function seedDemoAccountProfiles(db: Database): Promise<void> {
  const now = new Date();
  for (const a of DEMO_ACCOUNTS) {
    await db
      .update(schema.users)
      .set({
        status: "ACTIVE",
        birthDate: a.birthDate,
        gender: a.gender,
        grade: a.grade,
        parentPhone: a.parentPhone,
        phoneVerifiedAt: a.phone ? now : null,
        updatedAt: now,
      })
      .where(eq(schema.users.email, a.email));
  }
}

/** The second demo child of parent@example.com (local mode only), password `Demo1234!`. */
export const DEMO_SECOND_CHILD = {
  email: "student2@example.com",
  userType: "STUDENT",
  name: "김바다",
  nickname: "바다",
  phone: "01020000004",
  birthDate: "2011-05-02",
  gender: "MAN",
  grade: "MIDDLE_3",
  parentPhone: "01020000002",
} as const;

/**
 * A second child for the demo parent (issue #5: a parent switches between their children):
 * student2@example.com (STUDENT, ACTIVE, verified phone, the parent's phone as PARENT_PHONE_NUM),
 * linked to parent@example.com. A separate seed so that local databases seeded before it get
 * the child too; does nothing when the parent is missing or the email is taken.
 */
export async function seedDemoSecondChild(db: Database): Promise<void> {
  const a = DEMO_SECOND_CHILD;
  const [parent] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, "parent@example.com"));
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, a.email));
  if (!parent || taken) return;
  const [child] = await db
    .insert(schema.users)
    .values({
      email: a.email,
      userType: a.userType,
      name: a.name,
      nickname: a.nickname,
      phone: a.phone,
      phoneVerifiedAt: new Date(),
      status: "ACTIVE",
      birthDate: a.birthDate,
      gender: a.gender,
      grade: a.grade,
      parentPhone: a.parentPhone,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: schema.users.id });
  if (child) {
    await db
      .insert(schema.parentChildren)
      .values({ parentUserId: parent.id, childUserId: child.id });
  }
}

/** Every demo sign-in email, in the order the local start banner lists them. */
export function demoEmails(): string[] {
  const [student, ...others] = DEMO_ACCOUNTS.map((a) => a.email);
  return [student!, DEMO_SECOND_CHILD.email, ...others];
}

/** The lines `npm start` prints in local mode (server.ts): the address, the database, the demo accounts. */
export function localStartBanner(address: string, database: string): string {
  return [
    "",
    `  설탭 로컬 서버: ${address}`,
    `  데이터베이스: ${database}`,
    `  데모 계정 (비밀번호 ${DEMO_PASSWORD}): ${demoEmails().join(", ")}`,
    "",
  ].join("\n");
}
