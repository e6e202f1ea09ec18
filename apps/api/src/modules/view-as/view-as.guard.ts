/**
 * The server-side read-only rule of a "view as this family" session (issue #20; decision 035):
 * any request carrying `x-view-as-token` that could change something is refused with 403
 * `view_as_read_only`, before authentication or the handler run. Reads are: GET and HEAD, the
 * token refresh, GraphQL operations without a mutation, and the REST calls listed below (the
 * main backend's reads are POSTs: SPEC.md §7).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Kind, parse, type DocumentNode } from "graphql";
import { AppError } from "../../errors.ts";
import { VIEW_AS_HEADER, VIEW_AS_MESSAGES } from "./view-as.service.ts";

/** POST calls that only read (path without the query). */
export const VIEW_AS_READ_CALLS: ReadonlySet<string> = new Set([
  "/api/oauth/token",
  "/main/getUserInfo",
  "/main/user_status",
  "/main/user_contact",
  "/main/Lecture_StoreItems",
  "/main/Store_Goods",
  "/main/getTaxonomy",
  "/main/seoltab_banner_info",
  "/main/Cart_Price",
  "/main/Discount_Table",
  "/main/family/students",
  "/main/family/link_requests",
  "/main/account_link/status",
  "/main/view_as/family",
  "/main/view_as/end",
]);

/** True when the GraphQL body has a mutation (or cannot be read: refused, to be safe). */
export function hasMutation(body: unknown): boolean {
  const query = (body as { query?: unknown } | null)?.query;
  if (typeof query !== "string") return true;
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return true;
  }
  return document.definitions.some(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== "query",
  );
}

/** True when a request carrying a view-as token may go on (see the module note). */
export function isReadRequest(request: Pick<FastifyRequest, "method" | "url" | "body">): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  const path = request.url.split("?")[0] ?? "";
  if (/^\/[a-z-]+\/graphql$/.test(path))
    return request.method === "POST" && !hasMutation(request.body);
  return request.method === "POST" && VIEW_AS_READ_CALLS.has(path);
}

/** Registers the rule on the root instance (every backend, every route). */
export function registerViewAsGuard(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    if (request.headers[VIEW_AS_HEADER] === undefined) return;
    if (!isReadRequest(request)) {
      throw new AppError("forbidden", "view_as_read_only", VIEW_AS_MESSAGES.readOnly);
    }
  });
}
