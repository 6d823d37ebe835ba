import { describe, expect, it } from "vitest";
import type { WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import { watchSnapshotOf } from "../../../core/alerts/test-fixtures";
import { keepSnapshots } from "./kept-snapshots";

/** ACME as a BUY on its 2026-03-02 breakout, 52 over the 50 buy point, stop 46. */
function snapshot(session: string, fields: Partial<WatchSnapshot> = {}): WatchSnapshot {
  return watchSnapshotOf(session, { action: "BUY", close: 52, breakoutDate: "2026-03-02", ...fields });
}

/** The repository's two calls, in memory, with its rule: the first snapshot stored for a session stays. */
function memoryStore() {
  const rows = new Map<string, WatchSnapshot>();
  return {
    rows,
    latestSnapshots: (tickers: string[], before?: string) => {
      const newest = new Map<string, WatchSnapshot>();
      for (const row of rows.values()) {
        if (!tickers.includes(row.ticker) || (before !== undefined && row.session >= before)) continue;
        if ((newest.get(row.ticker)?.session ?? "") < row.session) newest.set(row.ticker, row);
      }
      return Promise.resolve(newest);
    },
    saveSnapshots: (snapshots: WatchSnapshot[]) => {
      for (const row of snapshots) if (!rows.has(`${row.ticker} ${row.session}`)) rows.set(`${row.ticker} ${row.session}`, row);
      return Promise.resolve();
    },
  };
}

describe("keepSnapshots", () => {
  const now = new Date("2026-03-04T22:00:00Z");

  it("stores a session's first snapshot with the levels a SELL ended, whoever writes it first (a watch-list add before the alert job)", async () => {
    const store = memoryStore();
    await keepSnapshots(store, [snapshot("2026-03-02")], now);
    // The next close is under the 46 stop shown: the stored snapshot remembers the levels that SELL ended.
    await keepSnapshots(store, [snapshot("2026-03-03", { action: "SELL", close: 45 })], now);
    expect(store.rows.get("ACME 2026-03-03")?.stoppedOut).toMatchObject({ session: "2026-03-03", buyPoint: 50, stop: 46 });
    // Still out the session after, written first by a user watching the stock: the levels stay remembered.
    await keepSnapshots(store, [snapshot("2026-03-04", { action: "SELL", close: 44 })], now);
    await keepSnapshots(store, [snapshot("2026-03-04", { action: "SELL", close: 44, stoppedOut: null })], now);
    expect(store.rows.get("ACME 2026-03-04")?.stoppedOut).toMatchObject({ session: "2026-03-03", stop: 46 });
  });

  it("stores a first snapshot as it is, with nothing remembered", async () => {
    const store = memoryStore();
    await keepSnapshots(store, [snapshot("2026-03-02")], now);
    expect(store.rows.get("ACME 2026-03-02")?.stoppedOut).toBeNull();
  });
});
