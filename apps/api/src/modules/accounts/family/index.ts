/**
 * Family accounts and account links as a module inside the accounts area (issue 15;
 * docs/api/family-accounts.md; docs/decisions/034). It uses the accounts runtime (deps, signing
 * keys) and, for /ViewStudentAccount, the lecture and card parts other areas give getUserInfo
 * (`UserInfoSources`, from modules/index.ts), so it never imports another area.
 */
import type { AppModule, ModuleContext } from "../../../platform/module.ts";
import type { AccountsRuntime } from "../accounts.module.ts";
import type { UserInfoSources } from "../accounts.routes.ts";
import { familyDevRoutes } from "./family.dev-routes.ts";
import { familyMainRoutes } from "./family.routes.ts";
import { createLinkTickets } from "./link-tickets.ts";

export function familyAccountsModule(
  ctx: ModuleContext,
  runtime: AccountsRuntime,
  sources: Pick<UserInfoSources, "lectureInfo" | "cardInfo">,
): AppModule {
  const tickets = createLinkTickets({
    keys: runtime.keys,
    issuer: ctx.config.baseUrls.accounts,
    clock: runtime.deps.clock,
  });
  return {
    name: "family-accounts",
    rest: {
      main: (main) => familyMainRoutes(main, { deps: runtime.deps, tickets, sources }),
    },
    devRoutes: (app) => familyDevRoutes(app, { deps: runtime.deps }),
  };
}

export { linkOrAskAtParentJoin } from "./students.service.ts";
export { insertServiceAccount } from "./family.repository.ts";
