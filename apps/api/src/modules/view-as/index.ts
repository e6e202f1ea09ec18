/**
 * The view-as area as a module (issue #20; docs/api/view-as.md; decision 035): a staff member's
 * temporary, read-only "view as this family" session. REST on the main backend, and the
 * read-only rule for every request carrying a view-as token (registered at the root).
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { registerViewAsGuard } from "./view-as.guard.ts";
import { viewAsRoutes } from "./view-as.routes.ts";

export function viewAsModule(ctx: ModuleContext): AppModule {
  const deps = { db: ctx.db, clock: ctx.clock };
  return {
    name: "view-as",
    register: async (app) => registerViewAsGuard(app),
    rest: { main: (app) => viewAsRoutes(app, deps) },
  };
}
