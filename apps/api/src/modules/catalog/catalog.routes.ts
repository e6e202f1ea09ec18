/**
 * Catalog REST calls on the main backend (SPEC.md §7; docs/api/catalog.md).
 * - POST /main/getTaxonomy — payload `{ TAXONOMY?: "INGANG" }` (default INGANG; unknown fields
 *   refused); response `RESULT_TAXONOMIES`: `[{ NAME, DEPTH, TERM_TAXONOMY_ID, PARENT }]`
 *   (SPEC.md §3 Taxonomy) and `SUBJECT_TERM_MAP` (the 38 subjects of SPEC.md §9). Anonymous.
 * - POST /main/Lecture_StoreItems — the catalog; anonymous, or Bearer with optional USER_NO.
 * - POST /main/seoltab_banner_info — device stock for the marketing banner. Anonymous.
 * Handlers only validate, call the service and shape the answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import { CATALOG_SUBJECTS } from "@seoltab/domain";
import { parseBody } from "../../rest/rest-backend.ts";
import { success } from "../../rest/envelope.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { authenticate, bearerToken } from "../accounts/accounts.public.ts";
import { findTaxonomyEntries } from "./catalog.repository.ts";
import { bannerInfoInput, lectureStoreItemsInput } from "./catalog.schemas.ts";
import {
  anonymousStoreItemsJson,
  bannerInfo,
  catalogCache,
  catalogUser,
  userStoreItems,
  type CatalogDeps,
} from "./catalog.service.ts";

const getTaxonomyInput = z.strictObject({
  TAXONOMY: z.enum(["INGANG"], { error: "TAXONOMY 는 INGANG 이어야 해요." }).default("INGANG"),
});

const taxonomyEntry = z.object({
  NAME: z.string(),
  DEPTH: z.number().int(),
  TERM_TAXONOMY_ID: z.number().int(),
  PARENT: z.number().int(),
});
const subjectTerm = z.object({
  SUBJECT_ID: z.number().int(),
  NAME: z.string(),
  TERM_TAXONOMY_ID: z.number().int(),
});
const getTaxonomyOutput = z.object({
  RESULT_TAXONOMIES: z.array(taxonomyEntry),
  SUBJECT_TERM_MAP: z.array(subjectTerm),
});
const subjectTermMap = CATALOG_SUBJECTS.map((s) => ({
  SUBJECT_ID: s.subjectId,
  NAME: s.name,
  TERM_TAXONOMY_ID: s.termTaxonomyId,
}));

/**
 * The caller when a Bearer token is sent (it must then be valid), null when none is sent.
 * @throws AppError unauthorized `token_expired` | `token_invalid`; unavailable `jwks_unavailable`
 */
async function optionalCaller(request: FastifyRequest): Promise<AuthUser | null> {
  return bearerToken(request) === undefined ? null : authenticate(request);
}

export async function catalogRoutes(
  app: FastifyInstance,
  opts: { db: Database; cacheTtlMs?: number },
): Promise<void> {
  const deps: CatalogDeps = { db: opts.db, cache: catalogCache(opts.db, opts.cacheTtlMs) };

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
        SUBJECT_TERM_MAP: subjectTermMap,
      }),
    );
  });

  app.post("/Lecture_StoreItems", async (request, reply) => {
    const input = parseBody(lectureStoreItemsInput, request);
    const caller = await optionalCaller(request);
    const userId = await catalogUser(opts.db, caller, input.USER_NO);
    if (userId === null) {
      const json = await anonymousStoreItemsJson(deps, input);
      return reply.type("application/json; charset=utf-8").send(json);
    }
    const response = await userStoreItems(deps, userId);
    reply.header("cache-control", "no-store");
    return success(response);
  });

  app.post("/seoltab_banner_info", async (request) => {
    parseBody(bannerInfoInput, request);
    return success(await bannerInfo(deps));
  });
}
