/**
 * The lectures area as a module (issue #13; docs/api/lectures.md): lectures written when a
 * payment is paid, ended when their line is refunded, LECTURE_INFO read from them, and the
 * lecture queries of `/matching/graphql`.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type { UserInfoSources } from "../accounts/accounts.public.ts";
import type {} from "../payments/payments.public.ts"; // DomainEvents: payment.paid
import type {} from "../refunds/refunds.public.ts"; // DomainEvents: payment-items.refunded
import { lecturesResolvers, lecturesSchema } from "./lectures.graphql.ts";
import {
  createLecturesForPayment,
  finishLecturesOfItems,
  lectureInfoWithRecords,
} from "./lectures.service.ts";

export { lectureGraphql, parseId } from "./lectures.graphql.ts";

export interface LecturesModule extends AppModule {
  /** LECTURE_INFO with the lecture records, given the payments' entries and request states. */
  lectureInfo(
    fromPayments: UserInfoSources["lectureInfo"],
    requestStates: (lectureIds: number[]) => Promise<Map<number, string>>,
  ): UserInfoSources["lectureInfo"];
}

export function lecturesModule(ctx: ModuleContext): LecturesModule {
  const deps = { db: ctx.db, events: ctx.events, log: ctx.log };
  ctx.events.on("payment.paid", "lectures", async (tx, { payment, items, initiator, at }) => {
    await createLecturesForPayment(deps, tx, payment, initiator, at, items);
  });
  ctx.events.on("payment-items.refunded", "lectures", async (tx, { paymentItemIds, at }) => {
    await finishLecturesOfItems(deps, tx, paymentItemIds, at);
  });
  return {
    name: "lectures",
    graphql: { matching: { schema: lecturesSchema, resolvers: lecturesResolvers(ctx.db) } },
    lectureInfo: (fromPayments, requestStates) =>
      lectureInfoWithRecords(ctx.db, fromPayments, requestStates),
  };
}
