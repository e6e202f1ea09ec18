/**
 * What a family is told when the card gateway refuses or declines (issue #11 items 3, 13), and
 * the one card-number rule of the web form and the server edge.
 *
 * The gateway (PortOne V1 over a NICE-like PG) words its refusals for developers:
 * "카드정보 인증 및 빌키 발급에 실패하였습니다. [F112]유효하지않은 카드번호를 입력하셨습니다.
 * (card_bin 없음)", "[2116]잔액이 부족합니다.". That raw text is kept for staff only (the
 * payment's stored fail reason, staff-only wire fields); every family-facing message — the REST
 * STATUSMSG and FAIL_REASON, the GraphQL error message and `failReason`, the web's toasts and
 * pages — goes through `payerFailureMessage`, one table for every path (billing-card charge,
 * one-time card, renewal, card registration).
 */
import { z } from "zod";

/**
 * SPEC.md §8 "invalid card information" (gateway code F112). The web has shown exactly this
 * text since the first release; keep it word for word.
 */
export const INVALID_CARD_MESSAGE =
  "유효하지 않은 카드 정보입니다. 카드 번호, 유효기간, 생년월일, 비밀번호 앞 2자리를 확인해 주세요.";

/** Any refusal or decline the table does not know. */
export const GENERIC_DECLINE_MESSAGE =
  "카드사에서 결제를 승인하지 않았어요. 다른 카드로 결제하거나 카드사에 문의해 주세요.";

/**
 * Gateway (PG) codes → the Korean message a family reads. Codes are the bracketed ones in
 * PortOne's messages and fail reasons ("[F112]…", "[2116]…").
 */
export const GATEWAY_CODE_MESSAGES: Readonly<Record<string, string>> = {
  /** Invalid card number / card information (SPEC.md §8). */
  F112: INVALID_CARD_MESSAGE,
  /** Birth date / business number or the PIN digits do not match the card. */
  F113: "생년월일(법인카드는 사업자등록번호) 또는 카드 비밀번호 앞 2자리가 카드 정보와 맞지 않아요. 다시 확인해 주세요.",
  /** Insufficient funds. */
  "2116":
    "카드 잔액이 부족해 결제가 승인되지 않았어요. 다른 카드로 결제하거나 잔액을 확인한 뒤 다시 시도해 주세요.",
  /** Expiry date wrong. */
  "3021": "카드 유효기간이 맞지 않아요. 카드에 적힌 유효기간을 확인해 주세요.",
  /** Installment months the card does not allow. */
  "3022":
    "이 카드로는 선택한 할부 개월로 결제할 수 없어요. 일시불이나 다른 할부 개월을 골라 주세요.",
  /** Installment below the minimum amount. */
  "3024": "할부는 5만 원 이상 결제에서만 할 수 있어요. 일시불로 결제해 주세요.",
  /** Card charge below the minimum amount. */
  "3041": "1,000원 미만은 카드로 결제할 수 없어요.",
};

/** The PG code of a gateway message ("…[F112]유효하지않은…" → "F112"), or null when none. */
export function gatewayCodeOf(message: string | null | undefined): string | null {
  const match = /\[([A-Z]?\d{3,4})\]/.exec(message ?? "");
  return match?.[1] ?? null;
}

/**
 * The family-facing message for a stored fail reason or a gateway/server message:
 * - a bracketed gateway code → the table's message (an unknown code → the generic decline);
 * - our own text (Korean 해요체, e.g. "가상계좌 입금 기한이 지났어요.") → itself;
 * - any other gateway wording (합쇼체 "…하였습니다", "…없음") → the generic decline;
 * - nothing → `fallback` (default: the generic decline).
 * Never returns text with a gateway code in it.
 */
export function payerFailureMessage(
  raw: string | null | undefined,
  fallback: string = GENERIC_DECLINE_MESSAGE,
): string {
  const text = (raw ?? "").trim();
  if (text === "") return fallback;
  const code = gatewayCodeOf(text);
  if (code) return GATEWAY_CODE_MESSAGES[code] ?? GENERIC_DECLINE_MESSAGE;
  if (Object.values(GATEWAY_CODE_MESSAGES).includes(text)) return text;
  return isOwnWording(text) ? text : GENERIC_DECLINE_MESSAGE;
}

/**
 * Our own messages are polite 해요체 sentences (CONVENTIONS.md): the last sentence ends in "요"
 * (optionally with "." and a parenthesised note). Gateway texts are 합쇼체 ("…습니다.") or terse
 * ("잔액부족", "…없음").
 */
function isOwnWording(text: string): boolean {
  if (/습니다|하였|\bcard_|[A-Za-z_]{4,}/.test(text)) return false;
  const withoutNote = text.replace(/\s*\([^)]*\)\s*$/, "");
  return /요[.!]?$/.test(withoutNote);
}

// ---------------------------------------------------------------------------------------------
// Card number

/** Luhn checksum of a digit string (every real card number passes it). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

export const CARD_NUMBER_LENGTH_MESSAGE = "카드 번호 15~16자리를 입력해 주세요.";
export const CARD_NUMBER_LUHN_MESSAGE =
  "카드 번호가 올바르지 않아요. 카드에 적힌 번호를 다시 확인해 주세요.";

/** Digits of a card number typed with spaces or dashes. */
export function cardNumberDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * The card number field of the billing-card registration and the one-time card payment, on the
 * web form and at the server edge alike: spaces and dashes dropped, 15-16 digits (what the
 * card PG accepts: 16, or 15 for AMEX), Luhn-valid. Output: the digits.
 */
export const cardNumberSchema = z
  .string({ error: "카드 번호를 입력해 주세요." })
  .transform(cardNumberDigits)
  .pipe(
    z
      .string()
      .regex(/^\d{15,16}$/, { error: CARD_NUMBER_LENGTH_MESSAGE, abort: true })
      .refine(luhnValid, { error: CARD_NUMBER_LUHN_MESSAGE }),
  );
