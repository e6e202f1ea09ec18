/**
 * The current time as a dependency (CONVENTIONS.md: the current time is a parameter, never read
 * inside domain rules). Services take a Clock so tests can move time forward (code expiry,
 * token expiry, throttling windows) without waiting.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move: `advance(ms)` shifts every later `now()` by `ms` milliseconds. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

/** A clock that follows the real time plus an offset tests can move forward. */
export function offsetClock(): ManualClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
}
