/**
 * What other areas may call in the messages area (issue #10 boundaries: an area is entered only
 * through its index.ts or this file). Most messages are written by the area's own event
 * handlers; this face is for a message someone asks for explicitly (the operations console).
 */
import type { Database } from "@seoltab/db";
import { seoulMessageTime, wonText } from "@seoltab/domain/messages";
import { enqueue, familyOf } from "./messages.service.ts";

/**
 * Writes a reminder of a virtual account awaiting its deposit to the family (the student unless
 * under 14, and every linked parent with a phone), template `vbank-due-soon`, due now; the
 * `messages-send` job delivers it. Idempotent by `key` (the console's action key): the same
 * key again writes nothing new. Runs in the caller's transaction when given one.
 * @returns the outbox keys (one per recipient); empty when nobody in the family can receive it
 */
export async function remindVbankDeposit(
  db: Database,
  input: {
    payment: { id: number; userId: number; name: string; paidPrice: number };
    vbank: { bankName: string; accountNumber: string; dueAt: Date };
    /** Unique per staff request, e.g. the action's idempotency key. */
    key: string;
    at: Date;
  },
): Promise<string[]> {
  const p = input.payment;
  const family = await familyOf(db, p.userId, input.at);
  return enqueue(
    db,
    {
      templateId: "vbank-due-soon",
      subject: `payment:${p.id}`,
      key: `vbank-remind:${p.id}:${input.key}`,
      recipients: family,
      variables: {
        orderName: p.name,
        amount: wonText(p.paidPrice),
        bankName: input.vbank.bankName,
        accountNumber: input.vbank.accountNumber,
        dueAt: seoulMessageTime(input.vbank.dueAt),
      },
      scheduledAt: input.at,
    },
    input.at,
  );
}
