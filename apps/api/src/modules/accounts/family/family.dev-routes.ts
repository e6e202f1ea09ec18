/**
 * `POST /dev/family-service-account` (local mode only; not registered otherwise, so 404): creates
 * an account of the other service of the family (SERVICE_TYPE QUESTION) so a person or a browser
 * test can try account linking locally. Body `{ EMAIL_ID, PASSWORD, NAME }`; answers
 * `{ id, serviceType, email }`. The password is stored only as its argon2id hash.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccountsDeps } from "../accounts.deps.ts";
import { emailField, realNameField } from "../accounts.schemas.ts";
import { insertServiceAccount } from "./family.repository.ts";

const body = z.strictObject({
  EMAIL_ID: emailField,
  PASSWORD: z.string().min(8).max(64),
  NAME: realNameField,
});

export async function familyDevRoutes(app: FastifyInstance, opts: { deps: AccountsDeps }) {
  app.post("/dev/family-service-account", async (request, reply) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ message: "EMAIL_ID, PASSWORD(8자 이상), NAME을 보내 주세요." });
    }
    const { deps } = opts;
    const row = await insertServiceAccount(deps.db, {
      serviceType: "QUESTION",
      email: parsed.data.EMAIL_ID,
      passwordHash: await deps.hasher.hash(parsed.data.PASSWORD),
      name: parsed.data.NAME,
      at: deps.clock.now(),
    });
    return { id: row.id, serviceType: row.serviceType, email: row.email };
  });
}
