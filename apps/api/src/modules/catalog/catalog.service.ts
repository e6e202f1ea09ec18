/**
 * The store catalog as callers see it (issue #4 "Catalog"; docs/api/catalog.md; SPEC.md §3, §6,
 * §7, §9). What is shown is decided by packages/domain catalog.ts; this file reads the rows,
 * applies the access rule for USER_NO and keeps a short-lived in-memory snapshot so the
 * anonymous answer (the benchmarked one) costs no query at all.
 *
 * Access rule for USER_NO: the user themself, a parent linked to them (parent_children), or
 * staff (ADMIN, SALES_TEAM).
 */
import { performance } from "node:perf_hooks";
import {
  BUILT_IN_SALES_METHOD,
  DELIVERY_FEE_WON,
  FREE_DELIVERY_FROM_WON,
  RETURN_DELIVERY_FEE_WON,
  headphoneRentals,
  homeshoppingLists,
  storeGoods,
  toGoodsItemWire,
  toHeadphoneRentalWire,
  deviceCounts,
  groupSalesMethods,
  isHomeshoppingCatalog,
  selectRentDevices,
  toLectureItemWire,
  toRentDeviceWire,
  visibleLectureItems,
  type LectureItemWire,
  type RentDeviceWire,
  type SalesMethodWire,
} from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import { success } from "../../rest/envelope.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import {
  findActiveStoreItems,
  findInterestFreePeriods,
  findSalesPolicies,
  findStoreItemsByIds,
  findUserCatalogFlags,
  releaseStockOfPayment,
  reserveStock,
  updateUserHomeshopping,
} from "./catalog.repository.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { requireStaff } from "../../platform/auth.ts";
import { withTransaction } from "../../platform/transactions.ts";
import {
  bannerInfoOutput,
  lectureStoreItemsOutput,
  type BannerInfoOutput,
  type LectureStoreItemsInput,
  type LectureStoreItemsOutput,
} from "./catalog.schemas.ts";
import { mayActFor } from "../accounts/accounts.public.ts";

/** How long a catalog snapshot is served before it is read again, in ms. */
export const CATALOG_SNAPSHOT_TTL_MS = 5_000;

/** The catalog as read at one moment, with the answers that do not depend on the caller. */
export interface CatalogSnapshot {
  /** LECTURE_ITEMS for everyone else, and for home-shopping callers. */
  lectures: { regular: LectureItemWire[]; homeshopping: LectureItemWire[] };
  rentDevices: RentDeviceWire[];
  /** The built-in 12-month method (id 0) followed by the active base methods of the database. */
  baseMethods: SalesMethodWire[];
  cardFreeQuota: LectureStoreItemsOutput["CARD_FREE_QUOTA"];
  /**
   * The whole anonymous Lecture_StoreItems envelope, serialised and UTF-8 encoded once
   * (regular / home-shopping): the benchmarked answer costs no query and no JSON work.
   */
  anonymousJson: { regular: Buffer; homeshopping: Buffer };
  banner: BannerInfoOutput;
}

/** Reads the catalog (three queries) and prepares every caller-independent answer. */
export async function loadCatalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  // One after another: `db` may be a transaction (one connection). Runs once per TTL.
  const items = await findActiveStoreItems(db);
  const basePolicies = await findSalesPolicies(db, null);
  const periods = await findInterestFreePeriods(db, { onlyShown: false });
  const lectures = {
    regular: visibleLectureItems(items, { onlyHomeshopping: false }).map(toLectureItemWire),
    homeshopping: visibleLectureItems(items, { onlyHomeshopping: true }).map(toLectureItemWire),
  };
  const rentDevices = selectRentDevices(items).map(toRentDeviceWire);
  const baseMethods = [BUILT_IN_SALES_METHOD, ...groupSalesMethods(basePolicies)];
  const cardFreeQuota = periods.map((p) => ({
    name: p.name,
    free_months: p.freeMonths,
    is_show: p.isShow,
  }));
  const anonymous = (onlyHomeshopping: boolean) =>
    Buffer.from(
      JSON.stringify(
        success(
          lectureStoreItemsOutput.parse({
            LECTURE_ITEMS: onlyHomeshopping ? lectures.homeshopping : lectures.regular,
            BASE_SALES_METHOD_WITH_POLICIES: baseMethods,
            USER_SALES_METHOD_WITH_POLICIES: [],
            RENT_DEVICES: rentDevices,
            CARD_FREE_QUOTA: cardFreeQuota,
          }),
        ),
      ),
      "utf8",
    );
  const { counts, total } = deviceCounts(items);
  return {
    lectures,
    rentDevices,
    baseMethods,
    cardFreeQuota,
    anonymousJson: { regular: anonymous(false), homeshopping: anonymous(true) },
    banner: bannerInfoOutput.parse({ device_count_result: counts, total_count: total }),
  };
}

/** A snapshot read at most once per `ttlMs`; concurrent callers share one read. */
export interface CatalogCache {
  get(): Promise<CatalogSnapshot>;
}

export function catalogCache(
  db: Database,
  ttlMs = CATALOG_SNAPSHOT_TTL_MS,
  now: () => number = () => performance.now(),
): CatalogCache {
  let current: { readAt: number; snapshot: Promise<CatalogSnapshot> } | null = null;
  return {
    get() {
      const at = now();
      if (current && at - current.readAt < ttlMs) return current.snapshot;
      const snapshot = loadCatalogSnapshot(db);
      const entry = { readAt: at, snapshot };
      current = entry;
      // A failed read is not served again: the next call reads anew.
      snapshot.catch(() => {
        if (current === entry) current = null;
      });
      return snapshot;
    },
  };
}

export interface CatalogDeps {
  db: Database;
  cache: CatalogCache;
}

const forbidden = () => new AppError("forbidden", "forbidden", ACCOUNT_MESSAGES.forbidden);

/**
 * Whose catalog is answered: USER_NO when given (caller required and allowed), otherwise the
 * caller when a student, otherwise nobody (the anonymous catalog).
 * @throws AppError unauthorized `token_invalid` (USER_NO without a token); forbidden `forbidden`
 *   (USER_NO of someone the caller may not act for; checked before existence)
 */
export async function catalogUser(
  db: Database,
  caller: AuthUser | null,
  userNo: number | undefined,
): Promise<number | null> {
  if (userNo === undefined) return caller?.userType === "STUDENT" ? caller.userNo : null;
  if (!caller) {
    throw new AppError("unauthorized", "token_invalid", ACCOUNT_MESSAGES.tokenRequired);
  }
  if (await mayActFor(db, caller, userNo)) return userNo;
  throw forbidden();
}

/**
 * The Lecture_StoreItems answer for one user: LECTURE_ITEMS by the user's home-shopping flag,
 * their own sales methods, and the caller-independent rest of the snapshot.
 * @throws AppError not_found `user_not_found` when the user does not exist
 */
export async function userStoreItems(
  deps: CatalogDeps,
  userId: number,
): Promise<LectureStoreItemsOutput> {
  const [snapshot, flags, policies] = await Promise.all([
    deps.cache.get(),
    findUserCatalogFlags(deps.db, userId),
    findSalesPolicies(deps.db, userId),
  ]);
  if (!flags) throw new AppError("not_found", "user_not_found", ACCOUNT_MESSAGES.userNotFound);
  const onlyHomeshopping = isHomeshoppingCatalog(flags.isOnlyHomeshopping, undefined);
  return lectureStoreItemsOutput.parse({
    LECTURE_ITEMS: onlyHomeshopping ? snapshot.lectures.homeshopping : snapshot.lectures.regular,
    BASE_SALES_METHOD_WITH_POLICIES: snapshot.baseMethods,
    USER_SALES_METHOD_WITH_POLICIES: groupSalesMethods(policies),
    RENT_DEVICES: snapshot.rentDevices,
    CARD_FREE_QUOTA: snapshot.cardFreeQuota,
  });
}

/** The serialised anonymous answer (IS_ONLY_HOMESHOPPING "YES" = the home-shopping products). */
export async function anonymousStoreItemsJson(
  deps: CatalogDeps,
  input: LectureStoreItemsInput,
): Promise<Buffer> {
  const snapshot = await deps.cache.get();
  return isHomeshoppingCatalog(null, input.IS_ONLY_HOMESHOPPING)
    ? snapshot.anonymousJson.homeshopping
    : snapshot.anonymousJson.regular;
}

/** The banner's device stock (POST /main/seoltab_banner_info). */
export async function bannerInfo(deps: CatalogDeps): Promise<BannerInfoOutput> {
  return (await deps.cache.get()).banner;
}

/** The shown interest-free installment periods, in display order (GraphQL, payment backend). */
export async function shownInterestFreePeriods(
  db: Database,
): Promise<{ id: number; name: string; freeMonth: number }[]> {
  const rows = await findInterestFreePeriods(db, { onlyShown: true });
  return rows.map((r) => ({ id: r.id, name: r.name, freeMonth: r.freeMonths }));
}

// ---- goods, rentals and home-shopping lists (issue #18) -------------------------------------

/** Korean messages of the catalog's goods (issue #18). */
export const GOODS_MESSAGES = {
  outOfStock: (title: string, left: number) =>
    left > 0
      ? `「${title}」 재고가 ${left}개밖에 없어요. 수량을 줄여 다시 담아 주세요.`
      : `「${title}」 재고가 없어요. 장바구니에서 빼고 다시 결제해 주세요.`,
  notStaff: "직원만 홈쇼핑 전용 설정을 바꿀 수 있어요.",
  userNotFound: "회원을 찾을 수 없어요.",
} as const;

/** The out-of-stock refusal of an order line (409 `out_of_stock`; nothing charged). */
export function outOfStockError(title: string, left: number, index: number): AppError {
  const message = GOODS_MESSAGES.outOfStock(title, left);
  return new AppError("conflict", "out_of_stock", message, [{ field: `ITEMS.${index}`, message }]);
}

/**
 * POST /main/Store_Goods: the books and contents on sale, the headphone rentals, the
 * home-shopping lists of 1, 3 and 10 months (empty unless the catalog is the home-shopping one:
 * the user's flag, or IS_ONLY_HOMESHOPPING "YES" when anonymous) and the delivery rule.
 */
export async function storeGoodsAnswer(
  db: Database,
  userId: number | null,
  requested: "YES" | "NO" | undefined,
) {
  const items = await findActiveStoreItems(db);
  const flags = userId === null ? undefined : await findUserCatalogFlags(db, userId);
  if (userId !== null && !flags) {
    throw new AppError("not_found", "user_not_found", ACCOUNT_MESSAGES.userNotFound);
  }
  const onlyHomeshopping = isHomeshoppingCatalog(flags?.isOnlyHomeshopping ?? null, requested);
  const lists = homeshoppingLists(
    onlyHomeshopping ? visibleLectureItems(items, { onlyHomeshopping: true }) : [],
  );
  return {
    GOODS_ITEMS: storeGoods(items).map(toGoodsItemWire),
    HEADPHONE_RENTALS: headphoneRentals(items).map(toHeadphoneRentalWire),
    HOMESHOPPING_LISTS: {
      "1": lists[1].map(toLectureItemWire),
      "3": lists[3].map(toLectureItemWire),
      "10": lists[10].map(toLectureItemWire),
    },
    IS_ONLY_HOMESHOPPING: onlyHomeshopping ? ("YES" as const) : ("NO" as const),
    DELIVERY: {
      DELIVERY_FEE: DELIVERY_FEE_WON,
      FREE_DELIVERY_FROM: FREE_DELIVERY_FROM_WON,
      DELIVERY_FEE_FOR_REFUND: RETURN_DELIVERY_FEE_WON,
    },
  };
}

/**
 * Reserves the stock of an order's lines in the transaction that creates the order (payments
 * calls it from `insertReadyPayment`); a line with too few left throws and the whole order is
 * rolled back.
 * @throws AppError conflict `out_of_stock`
 */
export async function reserveOrderStock(
  tx: Database,
  lines: readonly { storeItemId: number; quantity: number; title: string }[],
): Promise<void> {
  for (const [index, line] of lines.entries()) {
    if (!(await reserveStock(tx, line.storeItemId, line.quantity))) {
      const [row] = await findStoreItemsByIds(tx, [line.storeItemId]);
      throw outOfStockError(line.title, row?.count ?? 0, index);
    }
  }
}

/** Gives back the stock of an order that failed (READY → FAILED). */
export async function releaseOrderStock(tx: Database, paymentId: number): Promise<void> {
  await releaseStockOfPayment(tx, paymentId);
}

/**
 * Staff set or clear a family's IS_ONLY_HOMESHOPPING (SPEC.md §6), audited.
 * @throws AppError forbidden `staff_only`; not_found `user_not_found`
 */
export async function setHomeshoppingFlag(
  db: Database,
  caller: AuthUser,
  userId: number,
  flag: boolean,
  requestId: string | null,
): Promise<void> {
  const initiator = requireStaff(caller, { code: "staff_only", message: GOODS_MESSAGES.notStaff });
  await withTransaction(db, async (tx) => {
    if (!(await updateUserHomeshopping(tx, userId, flag))) {
      throw new AppError("not_found", "user_not_found", GOODS_MESSAGES.userNotFound);
    }
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "homeshopping_flag_set",
      target: `user:${userId}`,
      detail: { isOnlyHomeshopping: flag },
      requestId,
    });
  });
}
