/** Catalog data access: only this file touches the ORM for the catalog area. */
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNull,
  or,
  schema,
  sql,
  type Database,
  type SQL,
} from "@seoltab/db";

export interface TaxonomyRow {
  termTaxonomyId: number;
  name: string;
  depth: number;
  parent: number;
}

/** Every entry of one taxonomy, ordered by depth, then display order. */
export async function findTaxonomyEntries(db: Database, taxonomy: string): Promise<TaxonomyRow[]> {
  const t = schema.taxonomies;
  return db
    .select({
      termTaxonomyId: t.termTaxonomyId,
      name: t.name,
      depth: t.depth,
      parent: t.parent,
    })
    .from(t)
    .where(eq(t.taxonomy, taxonomy))
    .orderBy(asc(t.depth), asc(t.parent), asc(t.sortOrder));
}

export type StoreItemRow = typeof schema.storeItems.$inferSelect;

/** The store items with these ids (any order; ids that do not exist are simply absent). */
export async function findStoreItemsByIds(
  db: Database,
  ids: readonly number[],
): Promise<StoreItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(schema.storeItems)
    .where(inArray(schema.storeItems.id, [...ids]));
}

export interface SalesPolicyRow {
  salesMethodId: number;
  salesMethodName: string;
  id: number;
  name: string;
  discountKind: string;
  discountType: string;
  value: number;
  months: number | null;
  itemKind: string | null;
  /** NEW DEVICE lines of this generation only (policy9 / policy11; migration 0029). */
  deviceGen: string | null;
}

/**
 * The active policies of the active sales methods whose owner matches `owner` (a condition on
 * `sales_methods.user_id`), base methods first, then by method and policy id. Conversion-only
 * methods (applied through convertSalesMethodNo, discounts area) and deactivated policies are
 * left out.
 */
function activeSalesPolicies(db: Database, owner: SQL | undefined): Promise<SalesPolicyRow[]> {
  const m = schema.salesMethods;
  const p = schema.salesPolicies;
  return db
    .select({
      salesMethodId: m.id,
      salesMethodName: m.name,
      id: p.id,
      name: p.name,
      discountKind: p.discountKind,
      discountType: p.discountType,
      value: p.value,
      months: p.months,
      itemKind: p.itemKind,
      deviceGen: p.deviceGen,
    })
    .from(p)
    .innerJoin(m, eq(m.id, p.salesMethodId))
    .where(and(eq(m.isActive, true), eq(m.conversionOnly, false), eq(p.isActive, true), owner))
    .orderBy(sql`${m.userId} is not null`, asc(m.id), asc(p.id));
}

/**
 * The active policies of the active sales methods of one user (`userId`), or of the base
 * methods when `userId` is null, ordered by method then policy id (`activeSalesPolicies`).
 */
export async function findSalesPolicies(
  db: Database,
  userId: number | null,
): Promise<SalesPolicyRow[]> {
  const m = schema.salesMethods;
  return activeSalesPolicies(db, userId === null ? isNull(m.userId) : eq(m.userId, userId));
}

/**
 * `findSalesPolicies(db, null)` followed by `findSalesPolicies(db, userId)`, in one statement:
 * the base methods' active policies first, then the user's own (each ordered by method then
 * policy id) — what an order is priced with (issue 19 performance: one round trip, not two).
 */
export async function findBaseAndUserSalesPolicies(
  db: Database,
  userId: number,
): Promise<SalesPolicyRow[]> {
  const m = schema.salesMethods;
  return activeSalesPolicies(db, or(isNull(m.userId), eq(m.userId, userId)));
}

/**
 * Every active store item (lectures and devices), in display order (sort order, then id), or
 * only those of `options.ids` (none for an empty list). The catalog rules of packages/domain
 * decide what each caller is shown; they judge each item by its own fields, so a checkout reads
 * only the ordered ids (issue 19 performance: the whole catalog was read, and its rows mapped,
 * for every order).
 */
export async function findActiveStoreItems(
  db: Database,
  options: { ids?: readonly number[] } = {},
): Promise<StoreItemRow[]> {
  const s = schema.storeItems;
  if (options.ids?.length === 0) return [];
  return db
    .select()
    .from(s)
    .where(
      options.ids
        ? and(eq(s.isActive, true), inArray(s.id, [...options.ids]))
        : eq(s.isActive, true),
    )
    .orderBy(asc(s.sortOrder), asc(s.id));
}

export interface InterestFreePeriodRow {
  id: number;
  name: string;
  freeMonths: number;
  isShow: boolean;
}

/** The card companies' interest-free installment periods (all, or only the shown ones), in order. */
export async function findInterestFreePeriods(
  db: Database,
  options: { onlyShown: boolean },
): Promise<InterestFreePeriodRow[]> {
  const p = schema.interestFreeInstallmentPeriods;
  return db
    .select({ id: p.id, name: p.name, freeMonths: p.freeMonths, isShow: p.isShow })
    .from(p)
    .where(options.onlyShown ? eq(p.isShow, true) : undefined)
    .orderBy(asc(p.sortOrder), asc(p.id));
}

/** The home-shopping flag of a user (SPEC.md §6), or undefined when there is no such user. */
export async function findUserCatalogFlags(
  db: Database,
  userId: number,
): Promise<{ isOnlyHomeshopping: boolean } | undefined> {
  const u = schema.users;
  const rows = await db
    .select({ isOnlyHomeshopping: u.isOnlyHomeshopping })
    .from(u)
    .where(eq(u.id, userId))
    .limit(1);
  return rows[0];
}

/**
 * Takes `quantity` units of a stock-kept item (books, rentals; issue #18) if that many are left:
 * one conditional update, so parallel orders never take more than there is. Items that keep no
 * stock are not touched and count as reserved. Returns false when too few are left.
 */
export async function reserveStock(
  db: Database,
  storeItemId: number,
  quantity: number,
): Promise<boolean> {
  const s = schema.storeItems;
  const [item] = await db
    .select({ trackStock: s.trackStock })
    .from(s)
    .where(eq(s.id, storeItemId))
    .limit(1);
  if (!item?.trackStock) return true;
  const rows = await db
    .update(s)
    .set({ count: sql`${s.count} - ${quantity}` })
    .where(and(eq(s.id, storeItemId), gte(s.count, quantity)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** Gives back the stock a failed order reserved (its stock-kept lines' quantities). */
export async function releaseStockOfPayment(db: Database, paymentId: number): Promise<void> {
  await db.execute(sql`
    update store_items s set count = s.count + pi.quantity
    from payment_items pi
    where pi.payment_id = ${paymentId} and pi.store_item_id = s.id and s.track_stock`);
}

/** Sets a user's home-shopping flag (SPEC.md §6); false when there is no such user. */
export async function updateUserHomeshopping(
  db: Database,
  userId: number,
  flag: boolean,
): Promise<boolean> {
  const u = schema.users;
  const rows = await db
    .update(u)
    .set({ isOnlyHomeshopping: flag })
    .where(eq(u.id, userId))
    .returning({ id: u.id });
  return rows.length > 0;
}
