/**
 * The SOLAPI adapter of the message port (issue #17; DESIGN.md §11; docs/api/messages-adapters.md),
 * built on SOLAPI's official SDK (`solapi`, pinned in apps/api/package.json).
 *
 * - ALIMTALK: a KakaoTalk 알림톡 (`type: "ATA"`) from the channel `pfId` with the Kakao template
 *   `templateCode`, buttons as web-link buttons (`WL`), and `disableSms: false`, so SOLAPI itself
 *   sends the same text as SMS/LMS from `sender` when KakaoTalk cannot deliver it.
 * - SMS / LMS: plain text from `sender`.
 *
 * One call = one `POST {baseUrl}/messages/v4/send-many/detail` through `SolapiMessageService.send`
 * (the SDK signs it: `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`).
 * Failures become `MessageProviderError`: retryable for a time-out, a network error, a 5xx or a
 * rate limit (HTTP 429); not retryable for any other refusal (invalid number, template, key).
 * Neither the message text nor the API secret is ever logged or put into an error message.
 */
import {
  SolapiMessageService,
  type DetailGroupMessageResponse,
  type RequestSendOneMessageSchema,
} from "solapi";
import {
  MessageProviderError,
  type MessageSender,
  type OutgoingMessage,
  type SendResult,
} from "./messaging.ts";

/** SOLAPI's API address, the SDK's built-in default. */
export const SOLAPI_DEFAULT_BASE_URL = "https://api.solapi.com";

/** Settings of the SOLAPI adapter (SOLAPI_* in config.ts). */
export interface SolapiSettings {
  apiKey: string;
  apiSecret: string;
  /** 발신번호 registered with SOLAPI, digits only (e.g. 0212345678). */
  sender: string;
  /** Kakao channel id (SOLAPI `pfId`) that sends the 알림톡. */
  pfId: string;
  /** API address without trailing slash; default https://api.solapi.com (tests: a local fake). */
  baseUrl?: string | undefined;
  /** Milliseconds to wait for SOLAPI's answer before giving up (retryable); default 10 000. */
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A `MessageSender` (name "solapi") that delivers through SOLAPI.
 * @throws Error at creation when `baseUrl` is set and the SDK can no longer be pointed at it.
 */
export function solapiMessageSender(settings: SolapiSettings): MessageSender {
  const baseUrl = (settings.baseUrl ?? SOLAPI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sdk = createSdk(settings.apiKey, settings.apiSecret, baseUrl);
  return {
    name: "solapi",
    async send(message) {
      const request = toSolapiMessage(message, settings);
      const secrets = { apiSecret: settings.apiSecret, text: message.text };
      let response: DetailGroupMessageResponse;
      try {
        response = await withDeadline(sdk.send(request, { showMessageList: true }), timeoutMs);
      } catch (err) {
        throw toProviderError(err, secrets);
      }
      return toSendResult(response, secrets);
    },
  };
}

/** The SDK request for one message (exported for tests). */
export function toSolapiMessage(
  message: OutgoingMessage,
  settings: Pick<SolapiSettings, "sender" | "pfId">,
): RequestSendOneMessageSchema {
  const common = {
    to: message.to,
    from: settings.sender,
    text: message.text,
    // Our outbox key travels with the message, so staff can find it in SOLAPI's console.
    customFields: { outboxKey: message.idempotencyKey.slice(0, 100) },
  };
  if (message.channel === "ALIMTALK") {
    if (!message.templateCode) {
      throw new MessageProviderError("SOLAPI: 알림톡 needs a template code (templateCode)", false);
    }
    const buttons = (message.buttons ?? []).map((b) => ({
      buttonName: b.name,
      buttonType: "WL" as const,
      linkMo: b.url,
      linkPc: b.url,
    }));
    return {
      ...common,
      type: "ATA",
      kakaoOptions: {
        pfId: settings.pfId,
        templateId: message.templateCode,
        // SOLAPI sends the text as SMS/LMS (by length) when the 알림톡 cannot be delivered.
        disableSms: false,
        ...(buttons.length > 0 ? { buttons } : {}),
      },
    };
  }
  return { ...common, type: message.channel };
}

/**
 * Builds the SDK client. SDK 6.0.1 has no option for its API address: each of its internal service
 * objects (MessageService, GroupService, …, not exported) carries `baseUrl =
 * "https://api.solapi.com"` as an own field, and `SolapiMessageService` keeps only methods bound to
 * those objects (`messageService.send.bind(messageService)`). To reach another address (the local
 * fake in messaging-solapi.test.ts, or a proxy), this is the ONE place that overrides it: while the
 * synchronous constructor runs, `Function.prototype.bind` is wrapped to note the objects methods
 * get bound to, then restored (try/finally, before any other code can run); every noted object
 * whose `baseUrl` is the SDK's default gets the new address. `fetch` is never touched. Without a `baseUrl`
 * setting (production) none of this runs. If an SDK upgrade changes that shape this throws at
 * start instead of silently sending to SOLAPI, and the adapter test fails (no request reaches
 * the fake).
 */
function createSdk(apiKey: string, apiSecret: string, baseUrl: string): SolapiMessageService {
  if (baseUrl === SOLAPI_DEFAULT_BASE_URL) return new SolapiMessageService(apiKey, apiSecret);
  const boundTo = new Set<object>();
  const originalBind = Function.prototype.bind;
  let sdk: SolapiMessageService;
  try {
    Function.prototype.bind = function bindAndNote(
      this: (...args: unknown[]) => unknown,
      thisArg: unknown,
      ...args: unknown[]
    ) {
      if (typeof thisArg === "object" && thisArg !== null) boundTo.add(thisArg);
      return originalBind.call(this, thisArg, ...args) as (...a: unknown[]) => unknown;
    } as typeof Function.prototype.bind;
    sdk = new SolapiMessageService(apiKey, apiSecret);
  } finally {
    Function.prototype.bind = originalBind;
  }
  let pointed = 0;
  for (const service of boundTo) {
    const s = service as { baseUrl?: unknown };
    if (s.baseUrl === SOLAPI_DEFAULT_BASE_URL) {
      s.baseUrl = baseUrl;
      pointed += 1;
    }
  }
  if (pointed === 0) {
    throw new Error(
      "solapi SDK: cannot set its API address (SOLAPI_BASE_URL); the SDK's shape changed",
    );
  }
  return sdk;
}

/** Resolves or rejects as `promise` does, or rejects with a retryable time-out after `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new MessageProviderError(`SOLAPI: no answer within ${ms} ms (time-out)`, true)),
      ms,
    );
  });
  // A late answer or failure after the time-out is dropped (the outbox retries the message).
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

interface Secrets {
  apiSecret: string;
  text: string;
}

const PROVIDER_TEXT_LIMIT = 120;

/**
 * Provider wording (an error or status message) made safe for an error message or staff view:
 * withheld whole when it contains the API secret or any 10-character run of the message text
 * (a provider that echoes the request), else cut to 120 characters.
 */
function safeProviderText(value: unknown, secrets: Secrets): string {
  if (typeof value !== "string" || value.trim() === "") return "";
  const s = value.replace(/\s+/g, " ").trim();
  if (secrets.apiSecret && s.includes(secrets.apiSecret)) return "[withheld]";
  const text = secrets.text.replace(/\s+/g, " ").trim();
  const run = Math.min(10, text.length);
  if (run > 0) {
    for (let i = 0; i + run <= text.length; i += 1) {
      if (s.includes(text.slice(i, i + run))) return "[withheld]";
    }
  }
  return s.length > PROVIDER_TEXT_LIMIT ? `${s.slice(0, PROVIDER_TEXT_LIMIT)}…` : s;
}

const RATE_LIMIT_CODE = /too ?many|rate ?limit|throttl/i;

/** Maps whatever the SDK threw to a `MessageProviderError` (exported for tests). */
export function toProviderError(err: unknown, secrets: Secrets): MessageProviderError {
  if (err instanceof MessageProviderError) return err;
  const e = (typeof err === "object" && err !== null ? err : {}) as Record<string, unknown>;
  const code = typeof e.errorCode === "string" ? e.errorCode.slice(0, 60) : "";
  const status = typeof e.httpStatus === "number" ? e.httpStatus : undefined;
  const said = (v: unknown) => {
    const t = safeProviderText(v, secrets);
    return t ? `: ${t}` : "";
  };
  switch (e._tag) {
    case "ServerError":
      return new MessageProviderError(
        `SOLAPI server error (HTTP ${status ?? "5xx"} ${code})${said(e.errorMessage)}`,
        true,
      );
    case "ClientError": {
      const retryable = status === 408 || status === 429 || RATE_LIMIT_CODE.test(code);
      // A non-JSON error body is only previewed by the SDK (errorCode HTTP_<status>): not shown.
      const detail = code.startsWith("HTTP_") ? "" : said(e.errorMessage);
      return new MessageProviderError(
        `SOLAPI ${retryable ? "rate-limited or timed out" : "refused"} (HTTP ${status ?? "4xx"} ${code})${detail}`,
        retryable,
      );
    }
    case "NetworkError":
      return new MessageProviderError("SOLAPI unreachable (network error)", true);
    case "DefaultError":
      if (code === "RequestFailedAfterRetryError") {
        // The SDK retried a 503 or a refused/reset connection 3 times itself.
        return new MessageProviderError(
          "SOLAPI unavailable (HTTP 503 or connection failure, after the SDK's 3 retries)",
          true,
        );
      }
      if (code === "ResponseReadError") {
        return new MessageProviderError("SOLAPI server error (unreadable 5xx answer)", true);
      }
      if (code === "ParseError") {
        // A 2xx answer we cannot read: the message may have gone out, so it is not retried.
        return new MessageProviderError(
          "SOLAPI answered but the answer was unreadable; the message may have been sent",
          false,
        );
      }
      return new MessageProviderError(`SOLAPI SDK error (${code || "unknown"})`, false);
    case "MessageNotReceivedError": {
      const failed = Array.isArray(e.failedMessageList)
        ? (e.failedMessageList[0] as Record<string, unknown> | undefined)
        : undefined;
      const statusCode = typeof failed?.statusCode === "string" ? failed.statusCode : "";
      return new MessageProviderError(
        `SOLAPI did not accept the message (${statusCode || "no status"})${said(failed?.statusMessage)}`,
        false,
      );
    }
    case "BadRequestError":
    case "VariableValidationError":
    case "InvalidDateError": {
      const fields = Array.isArray(e.validationErrors)
        ? e.validationErrors.map((v) => String(v).split(":")[0]).join(", ")
        : "";
      return new MessageProviderError(
        `SOLAPI SDK refused the request (${e._tag}${fields ? `: ${safeProviderText(fields, secrets)}` : ""})`,
        false,
      );
    }
    case "ApiKeyError":
      return new MessageProviderError("SOLAPI: API key or secret missing", false);
    default: {
      const tag = typeof e._tag === "string" ? e._tag : err instanceof Error ? err.name : "unknown";
      return new MessageProviderError(`SOLAPI SDK failed unexpectedly (${tag})`, false);
    }
  }
}

function toSendResult(response: DetailGroupMessageResponse, secrets: Secrets): SendResult {
  const item = response.messageList?.[0];
  const groupId = response.groupInfo?.groupId ?? "";
  const providerMessageId = item?.messageId ?? groupId;
  if (!providerMessageId) {
    throw new MessageProviderError(
      "SOLAPI answered without a message id; the message may have been sent",
      false,
    );
  }
  const status = item
    ? `${item.statusCode} ${safeProviderText(item.statusMessage, secrets)}`.trim()
    : "ACCEPTED";
  return {
    providerMessageId: providerMessageId.slice(0, 120),
    detail: `${status}${groupId ? ` (group ${groupId})` : ""}`.slice(0, 200),
  };
}
