/**
 * The store catalog (issue #4 "Catalog"; SPEC.md §3 "Store item fields", §9 devices and groups).
 * Re-exported by schema.ts. Prices are integer won.
 *
 * One table holds every sellable item so that the ids of LECTURE_ITEMS and RENT_DEVICES
 * (POST /main/Lecture_StoreItems) never collide in a checkout's `ITEMS: [{ id }]`.
 * - LECTURE rows: `base_price`/`sale_price` are won per month; `months` is the unit length
 *   (1 for the group items 63/64/65); a checkout buys `lecture_multiple` units.
 * - DEVICE rows: `sale_price` is the one-off price of the tablet or headphones (0 = lent free
 *   with the lessons); `count` is the stock shown; `months` is 1.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

export const storeItems = pgTable(
  "store_items",
  {
    /** `id` of LECTURE_ITEMS / RENT_DEVICES on the wire. */
    id: serial("id").primaryKey(),
    /**
     * Item kind of SPEC.md §3 (packages/domain ITEM_KINDS): LECTURE, DEVICE, SEOLTAB_BOOK or
     * CONTENTS here.
     */
    itemKind: varchar("item_kind", { length: 32 }).notNull(),
    /** TTEOK_HAM_Title for lectures; the device's display name for devices. */
    title: varchar("title", { length: 100 }).notNull(),
    /** Sub title shown under the title (e.g. 주 2회, 60분, 총 8회 수업). */
    subtitle: varchar("subtitle", { length: 100 }),
    /** Subject names taught (lectures), e.g. ["수학"]; empty for devices. */
    subjects: jsonb("subjects").$type<string[]>().notNull().default([]),
    /** Subject id (INGANG term), e.g. 8906 for smart math; null for devices. */
    subjectId: integer("subject_id"),
    /** LECTURE_SMART, LECTURE_BASIC or LECTURE_WINTER (fixed-term course; lectures only). */
    itemType: varchar("item_type", { length: 16 }),
    /** PRIMARY, MIDDLE, HIGH or SPECIAL when the lecture is for one school level; null = any. */
    schoolLevel: varchar("school_level", { length: 8 }),
    /** Unit length in months (SPEC.md §9: 1 for the group items). */
    months: smallint("months").notNull().default(1),
    /** Lecture group number: 63 all subjects, 64 middle school, 65 high school. */
    groupNo: integer("group_no"),
    /** Lecture (vt) number of the lesson plan. */
    lectureVtNo: integer("lecture_vt_no"),
    /** List price, won (per month for lectures, one-off for devices). */
    basePrice: integer("base_price").notNull(),
    /** Selling price, won (per month for lectures, one-off for devices). */
    salePrice: integer("sale_price").notNull(),
    /** Devices: NEW or USED. */
    usedType: varchar("used_type", { length: 8 }),
    /** Devices: IPAD, ANDROID_TABLET or AIR_PODS_MAX (packages/domain DEVICE_TYPES). */
    deviceType: varchar("device_type", { length: 16 }),
    /** Devices: generation label, e.g. "9", "10", "11"; headphones are named by it. */
    deviceGen: varchar("device_gen", { length: 32 }),
    /** Devices: colour, e.g. 실버, 스페이스 그레이. */
    color: varchar("color", { length: 32 }),
    /** Devices: the variant note, e.g. "2023" for the 2023 production of the 9th generation. */
    etc: varchar("etc", { length: 64 }),
    /** Devices: units in stock (SPEC.md §9: the 11th generation only while not 0). */
    count: integer("count").notNull().default(0),
    /** CONTENTS: delivered digitally (no delivery, not refundable once opened; issue #18). */
    isDigital: boolean("is_digital").notNull().default(false),
    /**
     * Books and rentals: `count` is the stock an order reserves (decremented when the order is
     * placed, given back when it fails; issue #18). Other rows show `count` only.
     */
    trackStock: boolean("track_stock").notNull().default(false),
    /** DEVICE rows lent for `months` and returned at the end (headphone rental; issue #18). */
    isRental: boolean("is_rental").notNull().default(false),
    /**
     * DEVICE rows given to keep with the lessons (GIFT: no rent, no return, no early-end
     * penalty; issue #18, migration 0030, decision 021).
     */
    isGift: boolean("is_gift").notNull().default(false),
    /** Sold only to home-shopping users (SPEC.md §6 IS_ONLY_HOMESHOPPING). */
    isHomeshopping: boolean("is_homeshopping").notNull().default(false),
    /** False = no longer sold (kept for past orders). */
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_items_kind_idx").on(t.itemKind, t.isActive, t.sortOrder),
    check("store_items_prices_check", sql`${t.basePrice} >= 0 and ${t.salePrice} >= 0`),
    check("store_items_months_check", sql`${t.months} >= 1`),
    check("store_items_count_check", sql`${t.count} >= 0`),
  ],
);

/**
 * Sales methods with their policies (BASE_SALES_METHOD_WITH_POLICIES and
 * USER_SALES_METHOD_WITH_POLICIES). `user_id` null = the base method, described to everyone;
 * a user id = a method that applies to that user's checkouts only.
 */
export const salesMethods = pgTable(
  "sales_methods",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    userId: integer("user_id"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * SPEC.md §3 `to_sales_method_no`: the method a cart converts to when a NEW tablet is taken
     * with the lessons (convertSalesMethodNo; migration 0029).
     */
    toSalesMethodNo: integer("to_sales_method_no"),
    /** Applied only as another method's conversion target, never by itself (migration 0029). */
    conversionOnly: boolean("conversion_only").notNull().default(false),
  },
  (t) => [index("sales_methods_user_idx").on(t.userId)],
);

/**
 * One policy of a sales method (SPEC.md §3 `contract_sales_policy`): AMOUNT = `value` won off a
 * line once, PERCENT = `value` % of the line's sale total. `months` limits it to lines bought for
 * exactly that many months (null = any); `item_kind` to LECTURE or DEVICE lines (null = any).
 */
export const salesPolicies = pgTable(
  "sales_policies",
  {
    id: serial("id").primaryKey(),
    salesMethodId: integer("sales_method_id")
      .notNull()
      .references(() => salesMethods.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    discountKind: varchar("discount_kind", { length: 40 }).notNull(),
    discountType: varchar("discount_type", { length: 8 }).notNull(),
    value: integer("value").notNull(),
    months: smallint("months"),
    itemKind: varchar("item_kind", { length: 32 }),
    /** NEW DEVICE lines of this generation only: "9" = policy9, "11" = policy11 (0029). */
    deviceGen: varchar("device_gen", { length: 32 }),
    /** False = deactivated by staff (kept: past payments name it; migration 0029). */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sales_policies_method_idx").on(t.salesMethodId),
    check("sales_policies_value_check", sql`${t.value} >= 0`),
    check(
      "sales_policies_type_check",
      sql`${t.discountType} in ('AMOUNT', 'PERCENT') and (${t.discountType} <> 'PERCENT' or ${t.value} <= 100)`,
    ),
    uniqueIndex("sales_policies_active_name_key")
      .on(t.salesMethodId, t.name)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * Interest-free installment promotions of the card companies (SPEC.md §3 "Interest-free
 * installment period", "Card free quota"): `name` e.g. 신한카드, `free_months` the longest
 * interest-free installment in months, `is_show` whether the checkout lists it.
 */
export const interestFreeInstallmentPeriods = pgTable("interest_free_installment_periods", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 50 }).notNull(),
  freeMonths: smallint("free_months").notNull(),
  isShow: boolean("is_show").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});
