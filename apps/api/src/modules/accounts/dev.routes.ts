/**
 * `GET /dev/sms-outbox?phone=` (local mode only; not registered otherwise, so 404): the
 * messages the sandbox SMS adapter "sent" to a phone, newest first, so a person (or a browser
 * test) can read a verification code locally. `{ messages: [{ to, text, sentAt }] }`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { phoneField } from "./accounts.schemas.ts";
import type { SandboxSms } from "./sms.ts";

const query = z.object({ phone: phoneField });

/** Registers `GET /dev/sms-outbox` (call only in local mode with the sandbox adapter). */
export async function devSmsOutboxRoutes(app: FastifyInstance, opts: { sms: SandboxSms }) {
  app.get("/dev/sms-outbox", async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) {
      return reply.status(400).send({ message: "phone 쿼리에 휴대폰 번호를 넣어 주세요." });
    }
    reply.header("cache-control", "no-store");
    return {
      messages: opts.sms.outbox(parsed.data.phone).map((m) => ({
        to: m.to,
        text: m.text,
        sentAt: m.sentAt.toISOString(),
      })),
    };
  });
}
