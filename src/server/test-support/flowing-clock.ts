import { AdjustableClock } from "../dev-clock";

/**
 * A test clock that starts at a fixed instant and runs at the real pace from there. The demo market
 * follows one fixed path per ticker, so a test that needs a breakout or a SELL on the sessions it
 * advances through starts on a date where they happen, whatever the day it runs.
 */
export function clockStartingAt(start: string): AdjustableClock {
  const origin = Date.parse(start);
  if (Number.isNaN(origin)) throw new RangeError(`not an instant: ${start}`);
  const startedAt = Date.now();
  return new AdjustableClock(() => new Date(origin + (Date.now() - startedAt)));
}
