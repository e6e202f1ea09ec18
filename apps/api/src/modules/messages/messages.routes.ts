/**
 * `GET /dev/messages` (local mode only; not registered otherwise, so 404 on deployed hosts): the
 * outbox newest first — recipient, channel, template, rendered Korean text, state — so a person
 * or a browser test can read what was (or will be) sent. Filters: `recipient` (user id),
 * `subject` (e.g. `lesson:12`), `state`; at most 100 rows.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { outboxView, type MessagesDeps } from "./messages.service.ts";

const query = z.strictObject({
  recipient: z.coerce.number().int().positive().optional(),
  subject: z.string().max(64).optional(),
  state: z.enum(["PENDING", "SENDING", "SENT", "FAILED", "CANCELLED"]).optional(),
});

export async function devMessagesRoutes(app: FastifyInstance, deps: MessagesDeps) {
  app.get("/dev/messages", async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) {
      return reply.status(400).send({
        message: "recipient 는 사용자 번호, state 는 PENDING·SENT·FAILED·CANCELLED 중 하나예요.",
      });
    }
    reply.header("cache-control", "no-store");
    const rows = await outboxView(deps.db, {
      recipientUserId: parsed.data.recipient,
      subject: parsed.data.subject,
      state: parsed.data.state,
    });
    return {
      messages: rows.map(({ row, recipientName }) => ({
        id: row.id,
        recipient: { userId: row.recipientUserId, name: recipientName, role: row.recipientRole },
        channel: row.channel,
        template: `${row.templateId}@${row.templateVersion}`,
        subject: row.subject,
        text: row.text,
        state: row.state,
        scheduledAt: row.scheduledAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        result: row.providerResult,
      })),
    };
  });
}
