/**
 * The message port (issue #17; DESIGN.md §11): how a KakaoTalk 알림톡 or an SMS/LMS reaches a
 * phone. The messages area owns the outbox (what to send, to whom, when, in which state); an
 * adapter only delivers one message and says what the provider answered.
 *
 * Adapters: `sandbox` (local mode and tests: delivers nothing; the outbox row, readable at
 * `GET /dev/messages` in local mode, is the record) and `solapi` (the official `solapi` SDK:
 * 알림톡 with automatic SMS/LMS fallback). The text of a message may hold a verification code:
 * adapters never log it.
 */

/** ALIMTALK (KakaoTalk notice; SMS/LMS fallback by the provider), SMS (≤ 90 bytes), LMS. */
export const MESSAGE_CHANNELS = ["ALIMTALK", "SMS", "LMS"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A link button of a 알림톡 (web link, opened on mobile and desktop). */
export interface MessageButton {
  name: string;
  url: string;
}

/** One message to deliver. */
export interface OutgoingMessage {
  /** Mobile number, digits only (e.g. 01012345678). */
  to: string;
  channel: MessageChannel;
  /** The rendered Korean text. */
  text: string;
  /** 알림톡: the template code registered with Kakao (our template id + version). */
  templateCode?: string | null;
  buttons?: readonly MessageButton[];
  /** Our idempotency key (the outbox row's), passed to the provider where it takes one. */
  idempotencyKey: string;
}

/** What the provider answered for a delivered message. */
export interface SendResult {
  /** The provider's message id. */
  providerMessageId: string;
  /** The provider's status code or text, kept for staff (no message text). */
  detail: string;
}

/** The provider refused or could not be reached; `retryable` says whether to try again later. */
export class MessageProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MessageProviderError";
  }
}

/** The port. */
export interface MessageSender {
  readonly name: "sandbox" | "solapi";
  /**
   * Delivers one message.
   * @throws MessageProviderError (retryable: time-out, 5xx, rate limit; not: bad number, bad
   *   template)
   */
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** A sandbox sender; `fail` lets a test make the provider refuse or time out. */
export interface SandboxMessageSender extends MessageSender {
  /** How many messages it delivered (tests). */
  delivered(): number;
  /** The idempotency keys it delivered, in order (tests: nothing twice). */
  deliveredKeys(): string[];
  /** The next `n` sends fail with `error`. */
  failNext(n: number, error: MessageProviderError): void;
}

export function sandboxMessageSender(): SandboxMessageSender {
  const keys: string[] = [];
  const failures: MessageProviderError[] = [];
  return {
    name: "sandbox",
    async send(message) {
      const failure = failures.shift();
      if (failure) throw failure;
      keys.push(message.idempotencyKey);
      return {
        providerMessageId: `sandbox-${message.idempotencyKey}`.slice(0, 120),
        detail: "SANDBOX_DELIVERED",
      };
    },
    delivered: () => keys.length,
    deliveredKeys: () => [...keys],
    failNext(n, error) {
      for (let i = 0; i < n; i += 1) failures.push(error);
    },
  };
}
