/**
 * The time as services see it. One interface instead of each service's own `now` or `clock`
 * option, so a test fixes the time the same way everywhere and the composition passes one clock.
 */
export interface Clock {
  now(): Date;
}

/** The process's wall clock. */
export const systemClock: Clock = { now: () => new Date() };
