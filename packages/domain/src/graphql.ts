/**
 * GraphQL routing and error rules shared by the web client and the api (SPEC.md §4, §7, §8;
 * DESIGN.md §2): which backend a `clientName` goes to, which fetch credentials mode it uses,
 * and which errors mean "refresh the token and retry".
 */
import { isOneOf } from "./enums.ts";

/** GraphQL backends, each served at `/{name}/graphql` (SPEC.md §7, DESIGN.md §2). */
export const GRAPHQL_BACKENDS = [
  "auth",
  "payment",
  "payment-aclayer",
  "matching",
  "workspace",
  "diagnosis",
  "gateway",
  "marketing",
] as const;
export type GraphqlBackend = (typeof GRAPHQL_BACKENDS)[number];
export const isGraphqlBackend = isOneOf(GRAPHQL_BACKENDS);

/** The backend that receives requests with a missing or unknown `clientName` (SPEC.md §7). */
export const DEFAULT_GRAPHQL_BACKEND: GraphqlBackend = "marketing";

/**
 * The backend a GraphQL request goes to, from its `clientName` (SPEC.md §7): workspace,
 * matching, auth, diagnosis, payment, payment-aclayer or gateway route to that backend; any
 * other name, or none, goes to "marketing". Matching is exact and case-sensitive.
 */
export function graphqlBackendFor(clientName?: string): GraphqlBackend {
  return isGraphqlBackend(clientName) ? clientName : DEFAULT_GRAPHQL_BACKEND;
}

/**
 * Fetch credentials mode per backend, as SPEC.md §7 words it. "default" means: do not set the
 * `credentials` option at all (fetch then uses its own default, "same-origin").
 */
export type GraphqlCredentials = "omit" | "same-origin" | "default";

const CREDENTIALS: Record<GraphqlBackend, GraphqlCredentials> = {
  matching: "omit",
  marketing: "omit",
  diagnosis: "same-origin",
  auth: "same-origin",
  payment: "same-origin",
  gateway: "same-origin",
  workspace: "default",
  "payment-aclayer": "default",
};

/**
 * The credentials mode for a backend (SPEC.md §7): "omit" for matching and marketing,
 * "same-origin" for diagnosis, auth, payment and gateway, "default" (leave unset) for workspace
 * and payment-aclayer.
 */
export function graphqlCredentialsFor(backend: GraphqlBackend): GraphqlCredentials {
  return CREDENTIALS[backend];
}

/** `extensions.classification` of a GraphQL error (DESIGN.md §2; SPEC.md §3 "Error objects"). */
export const GRAPHQL_ERROR_CLASSIFICATIONS = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INTERNAL_ERROR",
] as const;
export type GraphqlErrorClassification = (typeof GRAPHQL_ERROR_CLASSIFICATIONS)[number];
export const isGraphqlErrorClassification = isOneOf(GRAPHQL_ERROR_CLASSIFICATIONS);

/** `extensions.code` of token errors: 003 expired, 012 missing or invalid (SPEC.md §4, §8). */
export const TOKEN_ERROR_CODES = { expired: "003", missingOrInvalid: "012" } as const;
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[keyof typeof TOKEN_ERROR_CODES];

/** The `extensions` object of a GraphQL error, as far as these rules read it (SPEC.md §3). */
export interface GraphqlErrorExtensions {
  classification?: unknown;
  code?: unknown;
}

/**
 * True when a GraphQL error means "get a new token, replace the header and retry the same
 * operation" (SPEC.md §4, §8): classification UNAUTHORIZED, or code "003" or "012".
 * Accepts missing extensions (returns false).
 */
export function isTokenRefreshError(
  extensions: GraphqlErrorExtensions | null | undefined,
): boolean {
  if (!extensions) return false;
  const { classification, code } = extensions;
  return (
    classification === "UNAUTHORIZED" ||
    code === TOKEN_ERROR_CODES.expired ||
    code === TOKEN_ERROR_CODES.missingOrInvalid
  );
}
