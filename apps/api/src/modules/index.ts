/**
 * The module list (issue #10; docs/architecture.md "Modules"): every area, in the order app.ts
 * mounts them, each given the public faces of the areas it uses. A new area adds its module here.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseHandle } from "@seoltab/db";
import type { Config } from "../config.ts";
import { createEventBus, type EventBus } from "../platform/events.ts";
import type { AppModule } from "../platform/module.ts";
import { accountsModule, createAccountsRuntime, type AccountsOptions } from "./accounts/index.ts";
import { familyAccountsModule } from "./accounts/family/index.ts";
import { catalogModule } from "./catalog/index.ts";
import { discountsModule } from "./discounts/index.ts";
import { consultationsModule } from "./consultations/index.ts";
import { contractsModule } from "./contracts/index.ts";
import { marketingModule } from "./marketing/index.ts";
import { paymentsModule, type Payments, type PaymentsOptions } from "./payments/index.ts";
import { refundsModule } from "./refunds/index.ts";
import { tutorApplicationsModule } from "./tutor-applications/index.ts";
import { lecturesModule } from "./lectures/index.ts";
import { lessonRequestsModule } from "./lesson-requests/index.ts";
import { matchingModule } from "./matching/index.ts";
import { lessonsModule } from "./lessons/index.ts";
import { cycleReviewsModule } from "./cycle-reviews/index.ts";
import { lectureChangesModule } from "./lecture-changes/index.ts";
import { messagesModule, messagesSender, type MessagesOptions } from "./messages/index.ts";
import { adminModule } from "./admin/index.ts";
import { auditModule } from "./audit/index.ts";
import { diagnosisModule } from "./diagnosis/index.ts";
import { viewAsModule } from "./view-as/index.ts";
import { lessonLedgersOfLines } from "./lessons/lessons.public.ts";
import type { FileStorage } from "../platform/storage.ts";
import type { AttemptStore } from "../platform/attempt-store.ts";
import { createViewCache, type ViewCache } from "../platform/view-cache.ts";

/** Replaceable parts of areas (tests). */
export interface ModuleOptions {
  accounts?: AccountsOptions;
  payments?: PaymentsOptions;
  messages?: MessagesOptions;
}

/** The built areas, and the runtimes app.ts decorates the app with (tests reach them). */
export interface Modules {
  list: AppModule[];
  events: EventBus;
  payments: Payments;
  /** The read cache (closed by app.ts when the app closes). */
  views: ViewCache;
}

/** Builds every area. */
export async function createModules(
  base: {
    config: Config;
    db: Database;
    log: FastifyBaseLogger;
    storage: FileStorage;
    attempts: AttemptStore;
    /** LISTEN for the read cache's invalidations. */
    notifications: Pick<DatabaseHandle, "listen">;
  },
  options: ModuleOptions = {},
): Promise<Modules> {
  const { notifications, ...shared } = base;
  // One message sender for the app: the outbox's, and the accounts' SMS codes with SOLAPI.
  const sender = await messagesSender(shared, options.messages);
  const accounts = await createAccountsRuntime(shared, {
    messageSender: sender,
    ...options.accounts,
  });
  const events = createEventBus(base.db);
  const views = await createViewCache({
    database: notifications,
    clock: accounts.deps.clock,
    log: base.log,
    ttlMs: base.config.viewCacheTtlMs,
  });
  const ctx = { ...shared, clock: accounts.deps.clock, events, views };
  const payments = paymentsModule(ctx, options.payments);
  const lectures = lecturesModule(ctx);
  const lessonRequests = lessonRequestsModule(ctx);
  const lessons = lessonsModule(ctx);
  // getUserInfo's LECTURE_INFO: the payments' lines with the lecture records' states, and each
  // lecture's next lesson.
  const withRecords = lectures.lectureInfo(
    payments.userInfo.lectureInfo,
    lessonRequests.requestStates,
  );
  const userInfo = {
    ...payments.userInfo,
    lectureInfo: async (userId: number, now: Date) => {
      const entries = await withRecords(userId, now);
      const next = await lessons.nextLessons(
        entries.flatMap((e) => (e.LECTURE_ID ? [e.LECTURE_ID] : [])),
        now,
      );
      return entries.map((e) => ({
        ...e,
        NEXT_LESSON_AT: e.LECTURE_ID ? (next.get(e.LECTURE_ID)?.toISOString() ?? null) : null,
      }));
    },
  };
  const list: AppModule[] = [
    accountsModule(ctx, accounts, userInfo),
    // Family accounts and account links (issue 15): the children's lectures and cards as above.
    familyAccountsModule(ctx, accounts, userInfo),
    catalogModule(ctx),
    // Referral codes and the discount table (issue #18); the checkout prices discounts.
    discountsModule(ctx),
    consultationsModule(ctx),
    marketingModule(ctx),
    payments,
    contractsModule(ctx, payments.runtime.deps),
    // The refund quote of a lecture line uses its lesson ledger (issue 14, decision 029).
    refundsModule(ctx, payments.runtime.deps, { lessonLedgers: lessonLedgersOfLines }),
    tutorApplicationsModule(ctx),
    // On /matching/graphql in this order: lectures defines Lecture, lesson-requests Mutation.
    lectures,
    lessonRequests,
    matchingModule(ctx),
    lessons,
    lectureChangesModule(ctx),
    cycleReviewsModule(ctx),
    // The audit view, the chain check and the CSV exports (issue 16 "Audit", "Export").
    auditModule(ctx),
    // The AI learning diagnosis on /diagnosis/graphql (issue #20).
    diagnosisModule(ctx),
    // Staff's temporary read-only "view as this family" (issue #20).
    viewAsModule(ctx),
    // The operations console (issue 16): acts through refunds' and payments' public faces.
    adminModule(ctx, {
      payments: payments.runtime.deps,
      refunds: { ...payments.runtime.deps, lessonLedgers: lessonLedgersOfLines },
    }),
    // Last: its handlers run after every other area's in the emitting transaction.
    messagesModule(ctx, sender),
  ];
  return { list, events, payments: payments.runtime, views };
}
