/** Catalog data access: only this file touches the ORM for the catalog area. */
import { asc, eq, schema, type Database } from "@seoltab/db";

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
