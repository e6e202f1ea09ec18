/**
 * The audit area as a module (issue 16 "Audit" and "Export"; docs/api/audit.md): the audit
 * view and chain check on `/matching/graphql`, the CSV exports on `/main/admin/exports/*`, and
 * the SECURITY entry of every REST permission denial (a root `onError` hook; the GraphQL
 * backends write theirs in graphql-backend.ts). The entries themselves are platform/audit.ts.
 */
import type { FastifyInstance } from "fastify";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { permissionDeniedIn, recordPermissionDenied } from "../../platform/audit.ts";
import { auditMatchingResolvers, auditMatchingSchema } from "./audit.graphql.ts";
import { auditMainRoutes } from "./audit.routes.ts";

export function auditModule(ctx: ModuleContext): AppModule {
  return {
    name: "audit",
    register: async (app: FastifyInstance) => {
      app.addHook("onError", async (request, _reply, error) => {
        const denial = permissionDeniedIn(error);
        if (!denial) return;
        try {
          await recordPermissionDenied(ctx.db, denial, {
            requestId: String(request.id),
            ip: request.ip,
            route: `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`,
          });
        } catch (err) {
          request.log.error({ err }, "could not write the permission_denied audit entry");
        }
      });
    },
    rest: {
      main: (main) => auditMainRoutes(main, { db: ctx.db, now: () => ctx.clock.now() }),
    },
    graphql: {
      matching: { schema: auditMatchingSchema, resolvers: auditMatchingResolvers({ db: ctx.db }) },
    },
  };
}
