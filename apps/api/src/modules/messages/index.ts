/**
 * The messages area as a module (issue #17; docs/api/messages.md): it listens to the other
 * areas' events and writes the outbox in their transactions, sends it with the jobs
 * `messages-send`, `messages-lesson-reminders` and `messages-renewal-notices`, shows it at
 * `GET /dev/messages` (local mode) and to staff, and keeps each person's consent choices.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type { MessageSender } from "../../platform/messaging.ts";
import { messageSenderFor } from "../../platform/messaging-adapters.ts";
import type {} from "../payments/payments.public.ts"; // DomainEvents: payment.*, subscription.*
import type {} from "../refunds/refunds.public.ts"; // payment-items.refunded
import type {} from "../lectures/lectures.public.ts"; // lecture.moved
import type {} from "../lesson-requests/lesson-requests.public.ts"; // lesson-request.submitted
import type {} from "../lessons/lessons.public.ts"; // lesson.recorded
import type {} from "../lecture-changes/lecture-changes.public.ts"; // lesson.moved, lecture-lessons.changed
import type {} from "../tutor-applications/tutor-applications.public.ts"; // tutor-application.*
import type {} from "../contracts/contracts.public.ts"; // contract.to-sign
import {
  findActiveSubscriptionsChargingBetween,
  findPaymentById,
} from "../payments/payments.public.ts";
import { findLecturesOfPayment } from "../lectures/lectures.public.ts";
import {
  messagesMatchingResolvers,
  messagesMatchingSchema,
  messagesWorkspaceResolvers,
  messagesWorkspaceSchema,
} from "./messages.graphql.ts";
import { devMessagesRoutes } from "./messages.routes.ts";
import {
  handlers,
  reconcileLecture,
  safely,
  scheduleLessonReminders,
  scheduleRenewalNotices,
  sendDue,
  type MessagesDeps,
} from "./messages.service.ts";

export interface MessagesOptions {
  /** The delivery port (default: from settings; tests pass a sandbox they can inspect). */
  sender?: MessageSender;
}

/** The delivery port of `options`, else the one the settings choose (`messageSenderFor`). */
export async function messagesSender(
  ctx: Pick<ModuleContext, "config" | "log">,
  options: MessagesOptions = {},
): Promise<MessageSender> {
  return (
    options.sender ??
    (await messageSenderFor(ctx.config, { log: { warn: (message) => ctx.log.warn(message) } }))
  );
}

/** What the applicant does next, per state (the status message's second line). */
const NEXT_STEP: Record<string, string> = {
  SUBMITTED: "운영팀이 지원서를 검토하고 있어요.",
  DOCUMENTS_OK: "앱에서 음성 답변을 녹음해 올려 주세요.",
  VOICE_SUBMITTED: "운영팀이 음성 답변을 확인하고 있어요.",
  CONTRACT: "앱에서 선생님 계약서에 서명해 주세요.",
  ACTIVE: "이제 수업 제안을 받을 수 있어요.",
};

/** The messages area on `sender` (see `messagesSender`). */
export function messagesModule(ctx: ModuleContext, sender: MessageSender): AppModule {
  const deps: MessagesDeps = {
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    sender,
    publicOrigin: ctx.config.publicOrigin,
  };
  const on = ctx.events.on.bind(ctx.events);
  on("payment.paid", "messages", (tx, e) =>
    safely(tx, ctx.log, "payment.paid", async (sp) =>
      handlers.paymentPaid(sp, deps, {
        payment: e.payment,
        at: e.at,
        lectures: await findLecturesOfPayment(sp, e.payment.id),
      }),
    ),
  );
  on("payment.vbank-issued", "messages", (tx, e) =>
    safely(tx, ctx.log, "payment.vbank-issued", (sp) => handlers.vbankIssued(sp, e)),
  );
  on("payment.vbank-cancelled", "messages", (tx, e) =>
    safely(tx, ctx.log, "payment.vbank-cancelled", (sp) => handlers.vbankCancelled(sp, e)),
  );
  on("subscription.renewal-failed", "messages", (tx, e) =>
    safely(tx, ctx.log, "subscription.renewal-failed", (sp) => handlers.renewalFailed(sp, deps, e)),
  );
  on("payment-items.refunded", "messages", (tx, e) =>
    safely(tx, ctx.log, "payment-items.refunded", async (sp) => {
      const payment = await findPaymentById(sp, e.paymentId);
      if (payment)
        await handlers.refundDone(sp, {
          payment,
          amount: e.amount,
          refundRequestId: e.refundRequestId,
          at: e.at,
        });
    }),
  );
  on("lesson-request.submitted", "messages", (tx, e) =>
    safely(tx, ctx.log, "lesson-request.submitted", (sp) =>
      handlers.formSubmitted(sp, e.lecture.id, e.at),
    ),
  );
  on("lecture.moved", "messages", (tx, e) =>
    safely(tx, ctx.log, "lecture.moved", (sp) => handlers.lectureMoved(sp, e)),
  );
  on("lesson.moved", "messages", (tx, e) =>
    safely(tx, ctx.log, "lesson.moved", (sp) => handlers.lessonMoved(sp, e)),
  );
  on("lecture-lessons.changed", "messages", (tx, e) =>
    safely(tx, ctx.log, "lecture-lessons.changed", async (sp) => {
      await reconcileLecture(sp, e.lectureId, e.at);
      if (e.kind === "PAUSE") await handlers.pausedLessons(sp, e.lectureId, e.at);
    }),
  );
  on("contract.to-sign", "messages", (tx, e) =>
    safely(tx, ctx.log, "contract.to-sign", (sp) => handlers.contractToSign(sp, deps, e)),
  );
  on("lesson.recorded", "messages", (tx, e) =>
    safely(tx, ctx.log, "lesson.recorded", (sp) => handlers.lessonRecorded(sp, e)),
  );
  on("tutor-application.moved", "messages", (tx, e) =>
    safely(tx, ctx.log, "tutor-application.moved", (sp) =>
      handlers.tutorApplication(sp, deps, {
        applicationId: e.applicationId,
        userId: e.userId,
        state: e.to,
        at: e.at,
        key: `tutor-application:${e.applicationId}:${e.to}:${e.at.toISOString()}`,
        nextStep: NEXT_STEP[e.to] ?? e.reason ?? "지원 현황에서 자세한 내용을 확인해 주세요.",
      }),
    ),
  );
  on("tutor-application.stalled", "messages", (tx, e) =>
    safely(tx, ctx.log, "tutor-application.stalled", (sp) =>
      handlers.tutorApplication(sp, deps, {
        applicationId: e.applicationId,
        userId: e.userId,
        state: e.state,
        at: e.at,
        key: `tutor-application-stalled:${e.applicationId}:${e.state}`,
        nextStep: `아직 남은 단계가 있어요. ${NEXT_STEP[e.state] ?? ""}`.trim(),
      }),
    ),
  );
  return {
    name: "messages",
    devRoutes: (app) => devMessagesRoutes(app, deps),
    graphql: {
      workspace: { schema: messagesWorkspaceSchema, resolvers: messagesWorkspaceResolvers(deps) },
      matching: { schema: messagesMatchingSchema, resolvers: messagesMatchingResolvers(deps) },
    },
    jobs: {
      "messages-lesson-reminders": () => scheduleLessonReminders(deps),
      "messages-renewal-notices": () =>
        scheduleRenewalNotices(deps, (from, to) =>
          findActiveSubscriptionsChargingBetween(ctx.db, from, to),
        ),
      "messages-send": () => sendDue(deps),
    },
  };
}
