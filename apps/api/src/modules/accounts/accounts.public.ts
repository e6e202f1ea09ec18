/**
 * What other areas may use of the accounts area (issue #10: an area is entered only through its
 * index.ts or this file; ESLint enforces it). Identity: who is calling and whom they may act for.
 */
export type { AuthUser } from "./access-tokens.ts";
export { authenticate, bearerToken, requireGraphqlUser } from "./auth.plugin.ts";
export { mayActFor } from "./users.service.ts";
export {
  findChildren,
  findParents,
  findUserById,
  findUserWithParents,
  findUsersByIds,
  isParentOf,
  type UserRow,
} from "./accounts.repository.ts";
export { GRADES } from "./accounts.constants.ts";
export { phoneField, realNameField, userNoField } from "./accounts.schemas.ts";
export { OPAQUE_TOKEN_SHAPE, newOpaqueToken, sha256Hex } from "./opaque-tokens.ts";
export { consumeVerification } from "./verification.service.ts";
export type { UserInfoSources } from "./accounts.routes.ts";
export { DEMO_PASSWORD, hashPassword } from "./accounts.seed.ts";
