/**
 * Money is integer won (KRW has no minor unit): a non-negative safe integer `number`
 * (CONVENTIONS.md §7, DESIGN.md §4). No floats ever hold an amount.
 */

/** An amount in won: a non-negative safe integer. */
export type Won = number;

/**
 * Returns `value` when it is a non-negative safe integer (won, months, counts).
 * @throws RangeError naming `label` otherwise (fractions, negatives, NaN, beyond 2^53 - 1).
 */
export function assertNonNegativeInteger(value: number, label: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative safe integer, got ${value}`);
  }
  return value;
}

/**
 * `percent` % of `won`, rounded down to the won: floor(won × percent / 100), computed exactly
 * in integers (no floating-point error, no overflow for any safe `won`).
 * @param won amount in won (non-negative safe integer)
 * @param percent whole percent, 0 to 100
 * @throws RangeError for an invalid amount or percent
 */
export function percentOfWon(won: Won, percent: number): Won {
  assertNonNegativeInteger(won, "amount (won)");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`);
  }
  const hundreds = Math.floor(won / 100);
  const rest = won % 100;
  return hundreds * percent + Math.floor((rest * percent) / 100);
}

/**
 * `won` × `times` (e.g. monthly price × months), checked to stay a safe integer.
 * @throws RangeError when either factor is invalid or the product exceeds 2^53 - 1
 */
export function multiplyWon(won: Won, times: number): Won {
  assertNonNegativeInteger(won, "amount (won)");
  assertNonNegativeInteger(times, "multiplier");
  return assertNonNegativeInteger(won * times, "amount × multiplier (won)");
}
