/**
 * Catalog REST calls on the main backend (SPEC.md §7; docs/api/catalog.md).
 * - POST /main/getTaxonomy — payload `{ TAXONOMY?: "INGANG" }` (default INGANG; unknown fields
 *   refused); response `RESULT_TAXONOMIES`: `[{ NAME, DEPTH, TERM_TAXONOMY_ID, PARENT }]`
 *   (SPEC.md §3 Taxonomy) and `SUBJECT_TERM_MAP` (the 38 subjects of SPEC.md §9). Anonymous.
 * - POST /main/Lecture_StoreItems — the catalog; anonymous, or Bearer with optional USER_NO.
 * - POST /main/seoltab_banner_info — device stock for the marketing banner. Anonymous.
 * - POST /main/Store_Goods — books, contents, headphone rentals, the home-shopping lists of 1, 3
 *   and 10 months and the delivery rule (issue #18); anonymous or Bearer with optional USER_NO.
 * - POST /main/admin/user_homeshopping — staff set or clear IS_ONLY_HOMESHOPPING of a family.
 * Handlers only validate, call the service and shape the answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import { CATALOG_SUBJECTS } from "@seoltab/domain";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { success } from "../../rest/envelope.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { authenticate, bearerToken } from "../accounts/accounts.public.ts";
import { findTaxonomyEntries } from "./catalog.repository.ts";
import {
  bannerInfoInput,
  bannerInfoOutput,
  homeshoppingFlagInput,
  homeshoppingFlagOutput,
  lectureStoreItemsInput,
  lectureStoreItemsOutput,
  storeGoodsOutput,
} from "./catalog.schemas.ts";
import {
  anonymousStoreItemsJson,
  bannerInfo,
  catalogCache,
  catalogUser,
  setHomeshoppingFlag,
  storeGoodsAnswer,
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
const tag = "catalog";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /getTaxonomy": restSchema({
    summary: "과목 분류 (RESULT_TAXONOMIES, SUBJECT_TERM_MAP)",
    tag,
    body: getTaxonomyInput,
    response: getTaxonomyOutput,
  }),
  "POST /Lecture_StoreItems": restSchema({
    summary: "수강권 상품 목록 (익명, 또는 Bearer 와 USER_NO)",
    tag,
    body: lectureStoreItemsInput,
    response: lectureStoreItemsOutput,
  }),
  "POST /seoltab_banner_info": restSchema({
    summary: "기기 재고 배너",
    tag,
    body: bannerInfoInput,
    response: bannerInfoOutput,
  }),
  "POST /Store_Goods": restSchema({
    summary: "교재·콘텐츠·헤드폰 대여·홈쇼핑 목록과 배송비 (익명, 또는 Bearer 와 USER_NO)",
    tag,
    body: lectureStoreItemsInput,
    response: storeGoodsOutput,
  }),
  "POST /admin/user_homeshopping": restSchema({
    summary: "가족의 홈쇼핑 전용 여부 설정 (직원)",
    tag,
    body: homeshoppingFlagInput,
    response: homeshoppingFlagOutput,
    bearer: true,
  }),
} as const;

async function optionalCaller(request: FastifyRequest): Promise<AuthUser | null> {
  return bearerToken(request) === undefined ? null : authenticate(request);
}

export async function catalogRoutes(
  app: FastifyInstance,
  opts: { db: Database; cacheTtlMs?: number },
): Promise<void> {
  const deps: CatalogDeps = { db: opts.db, cache: catalogCache(opts.db, opts.cacheTtlMs) };
  declareRouteSchemas(app, ROUTE_SCHEMAS);

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

  app.post("/Store_Goods", async (request, reply) => {
    const input = parseBody(lectureStoreItemsInput, request);
    const caller = await optionalCaller(request);
    const userId = await catalogUser(opts.db, caller, input.USER_NO);
    const answer = await storeGoodsAnswer(opts.db, userId, input.IS_ONLY_HOMESHOPPING);
    reply.header("cache-control", "no-store");
    return success(answer);
  });

  app.post("/admin/user_homeshopping", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(homeshoppingFlagInput, request);
    const flag = input.IS_ONLY_HOMESHOPPING === "YES";
    await setHomeshoppingFlag(opts.db, request.auth!, input.USER_NO, flag, request.id);
    reply.header("cache-control", "no-store");
    return success({ USER_NO: input.USER_NO, IS_ONLY_HOMESHOPPING: input.IS_ONLY_HOMESHOPPING });
  });
}
