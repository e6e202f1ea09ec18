/**
 * Sales methods and policies as staff manage them (issue #18, migration 0029): only this file
 * touches the ORM for them in the discounts area (catalog.repository reads the policies that
 * price an order).
 */
import { and, asc, eq, isNull, or, schema, type Database } from "@seoltab/db";
import type { SalesMethodRecord } from "@seoltab/domain";

/**
 * Every sales method with all its policies (deactivated ones too), ordered by method then
 * policy id: the base methods, the conversion targets and, when `userId` is given, that
 * family's own methods; `userId` "all" = every method (the console).
 */
export async function findSalesMethodRecords(
  db: Database,
  userId: number | "all" | null,
): Promise<(SalesMethodRecord & { createdAt: Date })[]> {
  const m = schema.salesMethods;
  const p = schema.salesPolicies;
  const rows = await db
    .select({ method: m, policy: p })
    .from(m)
    .leftJoin(p, eq(p.salesMethodId, m.id))
    .where(
      userId === "all"
        ? undefined
        : userId === null
          ? isNull(m.userId)
          : or(isNull(m.userId), eq(m.userId, userId)),
    )
    .orderBy(asc(m.id), asc(p.id));
  const methods = new Map<number, SalesMethodRecord & { createdAt: Date }>();
  for (const { method, policy } of rows) {
    let record = methods.get(method.id);
    if (!record) {
      record = {
        id: method.id,
        name: method.name,
        userId: method.userId,
        isActive: method.isActive,
        toSalesMethodNo: method.toSalesMethodNo,
        conversionOnly: method.conversionOnly,
        createdAt: method.createdAt,
        policies: [],
      };
      methods.set(method.id, record);
    }
    if (policy) {
      record.policies.push({
        id: policy.id,
        name: policy.name,
        discountKind: policy.discountKind,
        discountType: policy.discountType === "AMOUNT" ? "AMOUNT" : "PERCENT",
        value: policy.value,
        months: policy.months,
        itemKind: policy.itemKind,
        deviceGen: policy.deviceGen,
        isActive: policy.isActive,
      });
    }
  }
  return [...methods.values()];
}

/** The method, locked for the rest of the transaction (FOR UPDATE), or undefined. */
export async function lockSalesMethod(db: Database, id: number) {
  const m = schema.salesMethods;
  const [row] = await db.select().from(m).where(eq(m.id, id)).limit(1).for("update");
  return row;
}

export type NewSalesPolicy = typeof schema.salesPolicies.$inferInsert;
export type SalesPolicyRowFull = typeof schema.salesPolicies.$inferSelect;

/**
 * Inserts a policy; undefined when an active policy of the method already has that name (the
 * partial unique index `sales_policies_active_name_key`: of two parallel creations one wins).
 */
export async function insertSalesPolicy(
  db: Database,
  values: NewSalesPolicy,
): Promise<SalesPolicyRowFull | undefined> {
  const [row] = await db
    .insert(schema.salesPolicies)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The policy, locked (FOR UPDATE), or undefined. */
export async function lockSalesPolicy(
  db: Database,
  id: number,
): Promise<SalesPolicyRowFull | undefined> {
  const p = schema.salesPolicies;
  const [row] = await db.select().from(p).where(eq(p.id, id)).limit(1).for("update");
  return row;
}

/** Deactivates an active policy; false when it was not active. */
export async function deactivateSalesPolicyRow(db: Database, id: number): Promise<boolean> {
  const p = schema.salesPolicies;
  const rows = await db
    .update(p)
    .set({ isActive: false })
    .where(and(eq(p.id, id), eq(p.isActive, true)))
    .returning({ id: p.id });
  return rows.length > 0;
}
