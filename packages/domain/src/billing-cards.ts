/**
 * Card number handling (DESIGN.md §4): only the first 8 and last 4 digits are ever kept or
 * shown. Error messages never contain the number itself.
 */

const CARD_NUMBER_PATTERN = /^\d{13,19}$/;

function assertCardNumber(digits: string): void {
  if (!CARD_NUMBER_PATTERN.test(digits)) {
    throw new RangeError(
      `card number must be 13 to 19 digits with no spaces or dashes (got ${digits.length} characters)`,
    );
  }
}

/** The parts of a card number that may be stored: first 8 and last 4 digits (DESIGN.md §4). */
export interface CardNumberParts {
  first8: string;
  last4: string;
}

/**
 * First 8 and last 4 digits of a card number, for storage and the FIRST_EIGHT_CARD_NUMBER
 * search key (SPEC.md §3). Example: "1234567890123456" → { first8: "12345678", last4: "3456" }.
 * @param digits 13-19 digits only (strip spaces and dashes first)
 * @throws RangeError otherwise; the message does not echo the input
 */
export function cardNumberParts(digits: string): CardNumberParts {
  assertCardNumber(digits);
  return { first8: digits.slice(0, 8), last4: digits.slice(-4) };
}

/**
 * The card number with all but the first 8 and last 4 digits replaced by `*`, same length.
 * Example: "1234567890123456" → "12345678****3456".
 * @param digits 13-19 digits only (strip spaces and dashes first)
 * @throws RangeError otherwise; the message does not echo the input
 */
export function maskCardNumber(digits: string): string {
  const { first8, last4 } = cardNumberParts(digits);
  return first8 + "*".repeat(digits.length - 12) + last4;
}
