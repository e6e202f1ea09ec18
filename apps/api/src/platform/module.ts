/**
 * What an area module is (issue #10; docs/architecture.md "Modules"). Each area's
 * `modules/<area>/index.ts` builds one `AppModule`; `modules/index.ts` lists them in order and
 * passes each one the public faces it needs; `app.ts` loops over the list. An area is entered by
 * other areas only through its `index.ts` or `<area>.public.ts` (ESLint enforces it).
 */
import type { ViewCache } from "./view-cache.ts";
import type { AnswerRead } from "../graphql/answers-again.ts";
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from "fastify";
import type { IResolvers } from "mercurius";
import type { Database } from "@seoltab/db";
import type { GraphqlBackend } from "@seoltab/domain";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { AttemptStore } from "./attempt-store.ts";
import type { EventBus } from "./events.ts";
import type { JobTable } from "./jobs.ts";
import type { FileStorage } from "./storage.ts";

/** The REST backends (SPEC.md §7), each mounted with the ONUEI_RES envelope. */
export type RestBackend = "main" | "serverless" | "hub";

/** An area's part of one GraphQL backend: SDL appended to the base schema, and its resolvers. */
export interface GraphqlPart {
  schema: string;
  resolvers: IResolvers;
  /**
   * Root query fields whose successful answers may be sent again as bytes while their read-cache
   * value is unchanged (graphql/answers-again.ts); each field's resolver calls noteAnswerSource.
   */
  answerReads?: Record<string, AnswerRead>;
}

/** What every area is given when it is built. */
export interface ModuleContext {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  events: EventBus;
  /** Uploaded files (platform/storage.ts). */
  storage: FileStorage;
  /**
   * Shared throttle counters (platform/attempt-store.ts): Redis with REDIS_URL, else the
   * database; every process sees the same counts (issue #19).
   */
  attempts: AttemptStore;
  /**
   * The read cache of getUserInfo and userPayments (platform/view-cache.ts), emptied by the
   * database's `view_changed` notifications.
   */
  views: ViewCache;
}

/** One area as app.ts mounts it. Every part is optional. */
export interface AppModule {
  /** The area's name (CONVENTIONS.md: one name per area across packages). */
  name: string;
  /** Registered at the root before any backend (decorators, routes outside the backends). */
  register?: (app: FastifyInstance) => Promise<void>;
  /** REST routes per backend, registered inside `/main`, `/serverless` or `/hub`. */
  rest?: Partial<Record<RestBackend, FastifyPluginAsync>>;
  /** SDL and resolvers per GraphQL backend, merged with the other areas' parts. */
  graphql?: Partial<Record<GraphqlBackend, GraphqlPart>>;
  /** Local mode only: development routes (`/dev/...`). */
  devRoutes?: FastifyPluginAsync;
  /** Background jobs (name → one run), run by the app's one runner (platform/jobs.ts). */
  jobs?: JobTable;
}

/**
 * Merges the areas' parts of one GraphQL backend: SDL concatenated in module order, resolvers
 * merged per type (a field defined twice is a programming error and throws at start-up).
 */
export function mergeGraphqlParts(parts: GraphqlPart[]): GraphqlPart {
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part.resolvers)) {
      const into = (resolvers[type] ??= {});
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in into) throw new Error(`GraphQL resolver ${type}.${field} is defined twice`);
        into[field] = resolver;
      }
    }
  }
  const answerReads: Record<string, AnswerRead> = {};
  for (const part of parts) Object.assign(answerReads, part.answerReads);
  return {
    schema: parts.map((p) => p.schema).join(""),
    resolvers: resolvers as IResolvers,
    answerReads,
  };
}
