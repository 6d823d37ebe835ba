import { carryForward } from "../../../core/alerts/alert-rules";
import type { WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import type { WatchlistRepository } from "./watchlist.repository";

/**
 * Stores session snapshots with what each stock's snapshot before carries forward (the levels a SELL
 * ended). Every writer of snapshots goes through here: the first snapshot stored for a session stays,
 * so a bare one written first (a stock watched between the daily screen and the alert job) would drop
 * what the next session's rules must remember.
 */
export async function keepSnapshots(
  watchlist: Pick<WatchlistRepository, "latestSnapshots" | "saveSnapshots">,
  snapshots: WatchSnapshot[],
  now: Date,
): Promise<void> {
  const carried: WatchSnapshot[] = [];
  for (const session of new Set(snapshots.map((snapshot) => snapshot.session))) {
    const ofSession = snapshots.filter((snapshot) => snapshot.session === session);
    const before = await watchlist.latestSnapshots(
      ofSession.map((snapshot) => snapshot.ticker),
      session,
    );
    carried.push(...ofSession.map((snapshot) => carryForward(before.get(snapshot.ticker) ?? null, snapshot)));
  }
  await watchlist.saveSnapshots(carried, now);
}
