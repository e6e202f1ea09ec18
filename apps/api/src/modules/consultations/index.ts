/** The consultations area as a module (issue #10): consultation requests and the staff list. */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { consultationsMainRoutes } from "./consultations.routes.ts";

export function consultationsModule(ctx: ModuleContext): AppModule {
  return {
    name: "consultations",
    rest: {
      main: (main) =>
        consultationsMainRoutes(main, { db: ctx.db, clock: ctx.clock, attempts: ctx.attempts }),
    },
  };
}
