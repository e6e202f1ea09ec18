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

/** Throttle counters are deleted a day after their window started. */
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Builds the accounts runtime first: every other area needs its clock and token verifier. */
export function createAccountsRuntime(
  ctx: Omit<ModuleContext, "clock" | "events" | "views">,
  options?: AccountsOptions,
): Promise<AccountsRuntime> {
  return createAccounts(ctx.config, ctx.db, ctx.log, ctx.attempts, options);
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
        accountsMainRoutes(main, {
          deps: runtime.deps,
          cookies: runtime.cookies,
          userInfo,
          views: ctx.views,
        }),
      serverless: (serverless) => accountsServerlessRoutes(serverless, { deps: runtime.deps }),
    },
    graphql: { auth: authGraphql(runtime) },
    jobs: {
      // Throttle counters whose window has long passed (every window is at most an hour).
      "accounts-attempts-prune": async () => ({
        processed: await runtime.deps.attempts.prune(
          new Date(runtime.deps.clock.now().getTime() - ATTEMPT_RETENTION_MS),
        ),
      }),
    },
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
