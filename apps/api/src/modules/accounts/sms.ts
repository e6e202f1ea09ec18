/**
 * The SMS port (DESIGN.md §5 "SMS / identity verification"): how verification codes reach a
 * phone. Locally and in tests the sandbox adapter keeps messages in an in-memory outbox, readable
 * at `GET /dev/sms-outbox?phone=` in local mode only. The message text (which holds the code)
 * exists only there and in the real provider; it is never logged or stored.
 */
import { randomUUID } from "node:crypto";
import { AppError, ACCOUNT_MESSAGES } from "../../errors.ts";
import type { MessageSender } from "../../platform/messaging.ts";

/** One message the sandbox "sent". */
export interface SmsMessage {
  /** Mobile number, digits only. */
  to: string;
  text: string;
  sentAt: Date;
}

/** The port: how a text reaches a mobile phone. */
export interface SmsSender {
  /**
   * Sends `text` to `to` (digits only).
   * @throws AppError unavailable `sms_unavailable` when the provider cannot take the message.
   */
  send(to: string, text: string): Promise<void>;
}

/** The sandbox adapter: an outbox of the most recent `capacity` messages. */
export interface SandboxSms extends SmsSender {
  /** Messages sent to `to`, newest first. */
  outbox(to: string): SmsMessage[];
}

/** A sandbox SMS sender whose outbox holds at most `capacity` messages (oldest dropped). */
export function sandboxSms(capacity = 500, now: () => Date = () => new Date()): SandboxSms {
  const messages: SmsMessage[] = [];
  return {
    async send(to, text) {
      messages.push({ to, text, sentAt: now() });
      if (messages.length > capacity) messages.splice(0, messages.length - capacity);
    },
    outbox: (to) => messages.filter((m) => m.to === to).reverse(),
  };
}

/**
 * The production adapter slot (SMS_ADAPTER=portone). Not connected to a provider yet: every
 * send fails with `sms_unavailable` (503) rather than pretending a code went out.
 */
export function unconfiguredSms(): SmsSender {
  return {
    async send() {
      throw new AppError("unavailable", "sms_unavailable", ACCOUNT_MESSAGES.smsUnavailable);
    },
  };
}

/**
 * Verification codes through the message port (issue #17: one port for every message): an SMS
 * by the configured provider (SOLAPI). The text holds the code: it goes to the provider only,
 * never to the outbox or a log. A provider fault answers `sms_unavailable` (503).
 */
export function smsViaMessagePort(sender: MessageSender): SmsSender {
  return {
    async send(to, text) {
      try {
        await sender.send({
          to,
          channel: "SMS",
          text,
          idempotencyKey: `verification:${randomUUID()}`,
        });
      } catch {
        throw new AppError("unavailable", "sms_unavailable", ACCOUNT_MESSAGES.smsUnavailable);
      }
    },
  };
}
