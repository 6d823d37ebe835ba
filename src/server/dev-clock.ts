import { isoFromDayNumber, lastCompletedSession, nextSessionClose } from "../core/market/trading-calendar";

/**
 * The process clock with a forward offset (DEV_TEST_CLOCK, never in production): end-to-end tests
 * move the server to the next session's close and watch the daily refresh and the alerts follow,
 * as they would overnight. Every service reads it through `now`; nothing else changes.
 */
export class AdjustableClock {
  private offsetMs = 0;

  constructor(private readonly real: () => Date = () => new Date()) {}

  readonly now = (): Date => new Date(this.real().getTime() + this.offsetMs);

  /** Moves to a few minutes after the close of the session `sessions` ahead; answers the new last session. */
  advanceSessions(sessions: number): string {
    for (let k = 0; k < sessions; k++) {
      const close = nextSessionClose(this.now());
      this.offsetMs = close.getTime() + 5 * 60_000 - this.real().getTime();
    }
    return isoFromDayNumber(lastCompletedSession(this.now()));
  }
}
