/**
 * The accounts area as a module (issue #10): identity, sessions, join, the auth backend.
 * Other areas use accounts.public.ts; getUserInfo's lecture and card parts come from the areas
 * that own them (`UserInfoSources`, given by modules/index.ts).
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import {
  authGraphql,
  createAccounts,
  registerAccounts,
  type AccountsOptions,
  type AccountsRuntime,
} from "./accounts.module.ts";
import { accountsMainRoutes, type UserInfoSources } from "./accounts.routes.ts";
import { accountsServerlessRoutes } from "./serverless.routes.ts";

export type { AccountsOptions, AccountsRuntime };

/** Builds the accounts runtime first: every other area needs its clock and token verifier. */
export function createAccountsRuntime(
  ctx: Omit<ModuleContext, "clock" | "events">,
  options?: AccountsOptions,
): Promise<AccountsRuntime> {
  return createAccounts(ctx.config, ctx.db, ctx.log, options);
}

export function accountsModule(
  ctx: ModuleContext,
  runtime: AccountsRuntime,
  userInfo: UserInfoSources,
): AppModule {
  return {
    name: "accounts",
    register: (app) => registerAccounts(app, runtime, ctx.config),
    rest: {
      main: (main) =>
        accountsMainRoutes(main, { deps: runtime.deps, cookies: runtime.cookies, userInfo }),
      serverless: (serverless) => accountsServerlessRoutes(serverless, { deps: runtime.deps }),
    },
    graphql: { auth: authGraphql(runtime) },
  };
}

// The process entry and the seed list use these (apps/api/src/server.ts, seed.ts).
export {
  localStartBanner,
  seedDemoAccountProfiles,
  seedDemoAccounts,
  seedDemoSecondChild,
} from "./accounts.seed.ts";
export { SigningKeyError } from "./signing-keys.ts";
