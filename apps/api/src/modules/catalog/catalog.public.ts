/**
 * What other areas may use of the catalog area (issue #10): store items and sales policies.
 */
export {
  findActiveStoreItems,
  findBaseAndUserSalesPolicies,
  findSalesPolicies,
  findStoreItemsByIds,
  type StoreItemRow,
} from "./catalog.repository.ts";
export { findTaxonomyEntries, type TaxonomyRow } from "./catalog.repository.ts";
export {
  GOODS_MESSAGES,
  outOfStockError,
  releaseOrderStock,
  reserveOrderStock,
} from "./catalog.service.ts";
