/**
 * The module list (issue #10; docs/architecture.md "Modules"): every area, in the order app.ts
 * mounts them, each given the public faces of the areas it uses. A new area adds its module here.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@seoltab/db";
import type { Config } from "../config.ts";
import { createEventBus, type EventBus } from "../platform/events.ts";
import type { AppModule } from "../platform/module.ts";
import { accountsModule, createAccountsRuntime, type AccountsOptions } from "./accounts/index.ts";
import { catalogModule } from "./catalog/index.ts";
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
import { messagesModule, type MessagesOptions } from "./messages/index.ts";
import { lessonLedgersOfLines } from "./lessons/lessons.public.ts";
import type { FileStorage } from "../platform/storage.ts";

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
}

/** Builds every area. */
export async function createModules(
  base: { config: Config; db: Database; log: FastifyBaseLogger; storage: FileStorage },
  options: ModuleOptions = {},
): Promise<Modules> {
  const accounts = await createAccountsRuntime(base, options.accounts);
  const events = createEventBus(base.db);
  const ctx = { ...base, clock: accounts.deps.clock, events };
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
    catalogModule(ctx),
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
    // Last: its handlers run after every other area's in the emitting transaction.
    messagesModule(ctx, options.messages),
  ];
  return { list, events, payments: payments.runtime };
}
