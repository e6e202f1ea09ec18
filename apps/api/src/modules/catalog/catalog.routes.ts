/**
 * Catalog REST calls on the main backend (SPEC.md §7).
 * POST /main/getTaxonomy — payload `{ TAXONOMY?: "INGANG" }` (default INGANG; unknown fields
 * refused); response `RESULT_TAXONOMIES`: `[{ NAME, DEPTH, TERM_TAXONOMY_ID, PARENT }]`
 * (SPEC.md §3 Taxonomy). Anonymous.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import { parseBody } from "../../rest/rest-backend.ts";
import { success } from "../../rest/envelope.ts";
import { findTaxonomyEntries } from "./catalog.repository.ts";

const getTaxonomyInput = z.strictObject({
  TAXONOMY: z.enum(["INGANG"], { error: "TAXONOMY 는 INGANG 이어야 해요." }).default("INGANG"),
});

const taxonomyEntry = z.object({
  NAME: z.string(),
  DEPTH: z.number().int(),
  TERM_TAXONOMY_ID: z.number().int(),
  PARENT: z.number().int(),
});
const getTaxonomyOutput = z.object({ RESULT_TAXONOMIES: z.array(taxonomyEntry) });

export async function catalogRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.post("/getTaxonomy", async (request) => {
    const input = parseBody(getTaxonomyInput, request);
    const rows = await findTaxonomyEntries(opts.db, input.TAXONOMY);
    return success(
      getTaxonomyOutput.parse({
        RESULT_TAXONOMIES: rows.map((r) => ({
          NAME: r.name,
          DEPTH: r.depth,
          TERM_TAXONOMY_ID: r.termTaxonomyId,
          PARENT: r.parent,
        })),
      }),
    );
  });
}
