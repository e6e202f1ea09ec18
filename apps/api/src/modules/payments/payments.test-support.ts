/**
 * Helpers for payments API tests: fresh students (and parents) signed in quickly, catalog items,
 * card registration and checkout calls through the real endpoints.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { and, eq, schema } from "@seoltab/db";
import type { TestApp } from "../../test/test-app.ts";
import { call, responseOf, signIn, uniqueEmail, uniquePhone } from "../../test/accounts.ts";

export const DEMO_PASSWORD = "Demo1234!";

export interface TestUser {
  userNo: number;
  email: string;
  token: string;
}

/**
 * A new account of `userType` with the demo password (its hash copied from the demo student,
 * so no hashing is spent), signed in through /main/login.
 */
export async function newUser(
  t: TestApp,
  userType: "STUDENT" | "PARENT" | "ADMIN" | "SALES_TEAM" | "TEACHER" = "STUDENT",
): Promise<TestUser> {
  const db = t.database.db;
  const [demo] = await db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, "student@example.com"));
  const email = uniqueEmail(userType.toLowerCase());
  const [row] = await db
    .insert(schema.users)
    .values({
      email,
      passwordHash: demo!.hash,
      userType,
      name: userType === "STUDENT" ? "김설탭" : "박보호",
      phone: uniquePhone(),
      phoneVerifiedAt: new Date(),
      birthDate: userType === "STUDENT" ? "2010-03-01" : "1980-01-01",
    })
    .returning({ id: schema.users.id });
  const { token } = await signIn(
    t,
    email,
    DEMO_PASSWORD,
    `10.9.${row!.id % 250}.${(row!.id % 200) + 1}`,
  );
  return { userNo: row!.id, email, token };
}

/** Links a parent to a child. */
export async function linkParent(t: TestApp, parent: TestUser, child: TestUser): Promise<void> {
  await t.database.db
    .insert(schema.parentChildren)
    .values({ parentUserId: parent.userNo, childUserId: child.userNo });
}

export type StoreItem = typeof schema.storeItems.$inferSelect;

/** The smart-math monthly lecture (subject 8906) of the seeded catalog. */
export async function smartMath(t: TestApp): Promise<StoreItem> {
  const s = schema.storeItems;
  const rows = await t.database.db
    .select()
    .from(s)
    .where(
      and(
        eq(s.itemKind, "LECTURE"),
        eq(s.subjectId, 8906),
        eq(s.itemType, "LECTURE_SMART"),
        eq(s.isHomeshopping, false),
        eq(s.isActive, true),
        eq(s.months, 1),
      ),
    );
  if (!rows[0]) throw new Error("seeded catalog has no smart math item");
  return rows.sort((a, b) => a.id - b.id)[0]!;
}

/** A device of the seeded catalog with a price above 0 (not home-shopping). */
export async function pricedDevice(t: TestApp): Promise<StoreItem> {
  const s = schema.storeItems;
  const rows = await t.database.db
    .select()
    .from(s)
    .where(and(eq(s.itemKind, "DEVICE"), eq(s.isHomeshopping, false), eq(s.isActive, true)));
  const device = rows.filter((r) => r.salePrice > 0).sort((a, b) => a.id - b.id)[0];
  if (!device) throw new Error("seeded catalog has no priced device");
  return device;
}

export const CARDS = {
  ok: "4242424242424242",
  f112: "4000000000000002",
  declined: "4000000000009995",
  timeout: "4000000000000119",
} as const;

/** A card expiry two years ahead, YYYY-MM. */
export function futureExpiry(): string {
  return `${new Date().getUTCFullYear() + 2}-12`;
}

/** Calls /payment/graphql as `user`. */
export function graphql(
  t: TestApp,
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: "/payment/graphql",
    headers: {
      "content-type": "application/json",
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: JSON.stringify({ query, variables }),
  });
}

export const REGISTER = /* GraphQL */ `
  mutation ($input: RegisterMainBillingCardInput!) {
    registerMainBillingCard(input: $input)
  }
`;

/** Registers `cardNumber` as the main billing card of `user` (or of `forUserId`). */
export async function registerCard(
  t: TestApp,
  user: TestUser,
  cardNumber: string = CARDS.ok,
  forUserId?: number,
): Promise<LightMyRequestResponse> {
  return graphql(t, user, REGISTER, {
    input: {
      cardNumber,
      expiry: futureExpiry(),
      birth: "100301",
      pwd2digit: "12",
      cardType: "CREDIT_CARD",
      ...(forUserId ? { userId: forUserId } : {}),
    },
  });
}

/**
 * A new student (`newUser`) whose main billing card is `cardNumber` (the sandbox's approving card
 * by default); throws when the card is not registered.
 */
export async function studentWithCard(
  t: TestApp,
  cardNumber: string = CARDS.ok,
): Promise<TestUser> {
  const student = await newUser(t, "STUDENT");
  const { errors } = (await registerCard(t, student, cardNumber)).json() as { errors?: unknown };
  if (errors) throw new Error(`card not registered: ${JSON.stringify(errors)}`);
  return student;
}

/** A fresh merchant_uid. */
export function merchantUid(): string {
  return `test-${randomUUID()}`;
}

/** POST /main/payment_seoltab_subscribe as `user`. */
export function subscribe(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return call(t, "/main/payment_seoltab_subscribe", body, { token: user.token });
}

export { call, responseOf };
