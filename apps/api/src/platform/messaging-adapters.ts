/**
 * Picks the message port's adapter from the settings (`config.messaging`, MESSAGE_ADAPTER;
 * issue #17, docs/api/messages-adapters.md): "sandbox" → `sandboxMessageSender()` (delivers
 * nothing), "solapi" → `solapiMessageSender` with SOLAPI_API_KEY, SOLAPI_API_SECRET,
 * SOLAPI_SENDER, SOLAPI_PF_ID and SOLAPI_BASE_URL (config.ts has already refused a missing one).
 *
 * APP_ENV=production with MESSAGE_ADAPTER=sandbox is accepted, not refused (existing production
 * configurations and their tests set no MESSAGE_ADAPTER): it logs a warning here instead, since
 * families and tutors would then receive no message at all.
 */
import type { Config } from "../config.ts";
import { sandboxMessageSender, type MessageSender } from "./messaging.ts";

/** Where the production-sandbox warning goes (the app's pino logger fits). */
export interface MessageAdapterLog {
  warn(message: string): void;
}

/** Options of `messageSenderFor`. */
export interface MessageSenderOptions {
  /** Receives the warning about sandbox in production; default none. */
  log?: MessageAdapterLog;
  /** SOLAPI only: milliseconds to wait for an answer (default 10 000). */
  timeoutMs?: number;
}

/** The warning logged when production runs the sandbox message adapter. */
export const SANDBOX_IN_PRODUCTION_WARNING =
  "MESSAGE_ADAPTER=sandbox in production: no KakaoTalk or SMS message will be delivered (set MESSAGE_ADAPTER=solapi)";

/**
 * The sender `config.messaging` selects. The SOLAPI adapter's module is imported only when it
 * is chosen: its SDK brings `effect` and `date-fns` (about a second of CPU to load on a 2-core
 * machine), which a sandbox start, every API test file and every browser spec's server would
 * otherwise pay for (docs/performance.md, session 14).
 * @throws Error (rejects) when SOLAPI_BASE_URL is set and the SDK can no longer be pointed at it.
 */
export async function messageSenderFor(
  config: Pick<Config, "appEnv" | "messaging">,
  options: MessageSenderOptions = {},
): Promise<MessageSender> {
  const messaging = config.messaging;
  if (messaging.adapter === "sandbox") {
    if (config.appEnv === "production") options.log?.warn(SANDBOX_IN_PRODUCTION_WARNING);
    return sandboxMessageSender();
  }
  const { solapiMessageSender } = await import("./messaging-solapi.ts");
  return solapiMessageSender({
    apiKey: messaging.apiKey,
    apiSecret: messaging.apiSecret,
    sender: messaging.sender,
    pfId: messaging.pfId,
    baseUrl: messaging.baseUrl,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
