import { describe, expect, it } from "vitest";
import { carryForward, priceEvent, stockEvents, type AlertEvent } from "./alert-rules";
import type { WatchSnapshot } from "./watch-snapshot";
import { watchSnapshotOf } from "./test-fixtures";

const SESSIONS = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10"];

const snapshot = watchSnapshotOf;

/** The events of each session of a series, as the daily job raises them: each snapshot stored with what it carries forward. */
function replay(series: WatchSnapshot[]): AlertEvent[][] {
  let before: WatchSnapshot | null = null;
  return series.map((now) => {
    const events = stockEvents(before, now);
    before = carryForward(before, now);
    return events;
  });
}

/** Every event the rules raise over a series, as the daily job would see it session by session. */
function eventsOver(series: WatchSnapshot[]): AlertEvent[] {
  return replay(series).flat();
}

/** The events of a series de-duplicated by key as the database's unique index does (the first one stays). */
function distinct(events: AlertEvent[]): AlertEvent[] {
  const seen = new Map<string, AlertEvent>();
  for (const event of events) if (!seen.has(`${event.rule}|${event.key}`)) seen.set(`${event.rule}|${event.key}`, event);
  return [...seen.values()];
}

const rules = (events: AlertEvent[]) => events.map((event) => event.rule);

describe("stock alert rules", () => {
  it("BUY fires once when the stock reaches its buy range on breakout volume, and stays quiet while it remains that BUY", () => {
    const series = [
      snapshot(SESSIONS[0]!),
      snapshot(SESSIONS[1]!, { close: 49.5 }),
      snapshot(SESSIONS[2]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[2]! }),
      snapshot(SESSIONS[3]!, { action: "BUY", close: 51.8, breakoutDate: SESSIONS[2]! }),
      snapshot(SESSIONS[4]!, { action: "BUY", close: 52, breakoutDate: SESSIONS[2]! }),
    ];
    const events = eventsOver(series);
    expect(rules(events)).toEqual(["buy"]);
    expect(events[0]).toMatchObject({ session: SESSIONS[2], key: `breakout:${SESSIONS[2]}`, title: "ACME reached its buy range on breakout volume (BUY)" });
    expect(events[0]!.detail).toBe("Closed at $51.00, 2.0% above the buy point. Buy point $50.00, stop $46.00, target $60.00.");
  });

  it("BUY does not fire on its twin: the price crosses the pivot but the analysis stays WATCH (no breakout volume)", () => {
    const series = [snapshot(SESSIONS[0]!), snapshot(SESSIONS[1]!, { close: 51 }), snapshot(SESSIONS[2]!, { close: 51.5 })];
    expect(eventsOver(series)).toEqual([]);
  });

  it("a second breakout of the stock is a new BUY event; the same breakout seen again is not", () => {
    const first = snapshot(SESSIONS[1]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[1]! });
    expect(stockEvents(snapshot(SESSIONS[0]!), first)).toHaveLength(1);
    expect(stockEvents(first, snapshot(SESSIONS[2]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[1]! }))).toEqual([]);
    expect(rules(stockEvents(first, snapshot(SESSIONS[2]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[2]! })))).toEqual(["buy"]);
  });

  it("SELL fires once when a BUY closes under its stop, and not on the twin that holds above it", () => {
    const bought = { action: "BUY" as const, breakoutDate: SESSIONS[1]! };
    const falling = [
      snapshot(SESSIONS[0]!),
      snapshot(SESSIONS[1]!, { ...bought, close: 51 }),
      snapshot(SESSIONS[2]!, { ...bought, close: 47 }),
      snapshot(SESSIONS[3]!, { ...bought, close: 45.5 }),
      snapshot(SESSIONS[4]!, { action: "SELL", close: 45, breakoutDate: SESSIONS[1]! }),
      snapshot(SESSIONS[5]!, { action: "SELL", close: 44, breakoutDate: SESSIONS[1]! }),
    ];
    const events = distinct(eventsOver(falling));
    expect(rules(events)).toEqual(["buy", "sell"]);
    expect(events[1]).toMatchObject({ session: SESSIONS[3], title: "ACME closed under its $46.00 stop (SELL)", detail: "Closed at $45.50, under the $46.00 stop." });

    const holding = falling.map((row, index) => (index >= 2 ? { ...row, action: "BUY" as const, close: 46.5 } : row));
    expect(rules(distinct(eventsOver(holding)))).toEqual(["buy"]);
  });

  it("MPCH: a BUY that closes under yesterday's stop is a SELL, and no BUY that session though the analysis sees a new breakout; the next session announces it with the old levels", () => {
    const mpch = (session: string, fields: Partial<WatchSnapshot>) => snapshot(session, { ticker: "MPCH", action: "BUY", baseStart: "2026-01-05", ...fields });
    const series = [
      mpch(SESSIONS[0]!, { close: 136.4, buyPoint: 134.5, stop: 130.19, target: 161.4, pivot: 134.5, breakoutDate: "2026-02-26" }),
      mpch(SESSIONS[1]!, { close: 129.9, buyPoint: 128.6, stop: 120.2, target: 154.3, pivot: 128.6, breakoutDate: SESSIONS[1]! }),
      mpch(SESSIONS[2]!, { close: 130.4, buyPoint: 128.6, stop: 120.2, target: 154.3, pivot: 128.6, breakoutDate: SESSIONS[1]! }),
      mpch(SESSIONS[3]!, { close: 131, buyPoint: 128.6, stop: 120.2, target: 154.3, pivot: 128.6, breakoutDate: SESSIONS[1]! }),
    ];
    const sessions = replay(series);
    expect(sessions.map(rules)).toEqual([[], ["sell"], ["buy"], []]);
    expect(sessions[1]![0]).toMatchObject({ key: "position:2026-02-26", title: "MPCH closed under its $130.19 stop (SELL)", detail: "Closed at $129.90, under the $130.19 stop." });
    expect(sessions[2]![0]).toMatchObject({
      key: `breakout:${SESSIONS[1]}`,
      title: "MPCH reached its buy range on a new breakout (BUY)",
      detail: `Closed at $130.40, 1.4% above the buy point. A new setup after the SELL of ${SESSIONS[1]}. New levels: buy point $128.60, stop $120.20, target $154.30 (were buy point $134.50, stop $130.19).`,
    });
  });

  it("SELL fires when a stock that is not a BUY closes under the stop it showed; once, however long it stays under", () => {
    const series = [snapshot(SESSIONS[0]!, { close: 47 }), snapshot(SESSIONS[1]!, { close: 45.5 }), snapshot(SESSIONS[2]!, { close: 44, stop: 45 }), snapshot(SESSIONS[3]!, { action: "SELL", close: 43 })];
    const sessions = replay(series);
    expect(sessions.map(rules)).toEqual([[], ["sell"], [], []]);
    expect(sessions[1]![0]!.title).toBe("ACME closed under its $46.00 stop (SELL)");
  });

  it("replays base, breakout, stop-out, new base and new breakout session by session, with no alert that contradicts the plan shown the day before", () => {
    const days = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"];
    const day = (index: number) => days[index]!;
    const failed = { breakoutDate: day(2) };
    const noLevels = { baseStart: null, pivot: null, buyPoint: null, stop: null, target: null, breakoutDate: null };
    const base2 = { baseStart: "2026-03-09", pivot: 49, buyPoint: 49, stop: 45, target: 58 };
    const series = [
      snapshot(day(0), { close: 48 }), // the base, the baseline
      snapshot(day(1), { close: 49 }),
      snapshot(day(2), { ...failed, action: "BUY", close: 51 }), // breakout: BUY
      snapshot(day(3), { ...failed, action: "BUY", close: 52 }),
      snapshot(day(4), { ...failed, action: "BUY", close: 50.5 }),
      // Under the $46 stop, while the analysis re-draws a BUY with its own levels: the SELL only.
      snapshot(day(5), { action: "BUY", close: 45.8, breakoutDate: day(5), buyPoint: 45, stop: 41.5, target: 54 }),
      snapshot(day(6), { ...failed, action: "SELL", close: 44, buyPoint: null, stop: null, target: null }), // no second SELL
      snapshot(day(7), { ...failed, action: "BUY", close: 47 }), // a BUY on the breakout that failed: none
      snapshot(day(8), { ...failed, action: "WATCH", close: 53, extended: true }), // extended on the failed run: none
      snapshot(day(9), { ...noLevels, close: 50 }),
      snapshot(day(10), { ...base2, close: 47 }), // the new base, named with the old levels
      snapshot(day(11), { ...base2, close: 47.5 }),
      snapshot(day(12), { ...base2, action: "BUY", close: 49.8, breakoutDate: day(12) }), // the new breakout
      snapshot(day(13), { ...base2, action: "BUY", close: 50.5, breakoutDate: day(12) }),
      snapshot(day(14), { ...base2, action: "WATCH", close: 52, breakoutDate: day(12), extended: true }),
    ];
    const sessions = replay(series);
    expect(sessions.map(rules)).toEqual([[], [], ["buy"], [], [], ["sell"], [], [], [], [], ["new_base"], [], ["buy"], [], ["extended"]]);
    expect(sessions[5]![0]).toMatchObject({ key: `position:${day(2)}`, title: "ACME closed under its $46.00 stop (SELL)" });
    expect(sessions[10]![0]).toMatchObject({
      key: `base:2026-03-09:after-sell:${day(5)}`,
      title: "ACME formed a new base: pivot $49.00",
      detail: `VCP since 2026-03-09; a close above $49.00 on breakout volume would be the buy signal. A new setup after the SELL of ${day(5)}. New levels: buy point $49.00, stop $45.00, target $58.00 (were buy point $50.00, stop $46.00).`,
    });
    expect(sessions[12]![0]).toMatchObject({ key: `breakout:${day(12)}`, title: "ACME reached its buy range on breakout volume (BUY)" });
    // Keys are stable: the job run twice on any session raises nothing new.
    const keys = sessions.flat().map((event) => `${event.rule}|${event.key}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("after a SELL, the same base shown again (same start) is a new setup; a BUY and its base on one session are one announcement", () => {
    const bought = snapshot(SESSIONS[0]!, { action: "BUY", close: 51, breakoutDate: "2026-02-27" });
    const stopped = snapshot(SESSIONS[1]!, { action: "SELL", close: 45, breakoutDate: "2026-02-27" });
    const carried = carryForward(bought, stopped);
    expect(carried.stoppedOut).toEqual({ session: SESSIONS[1], breakoutDate: "2026-02-27", buyPoint: 50, stop: 46, target: 60 });
    const rebased = snapshot(SESSIONS[2]!, { close: 47 });
    expect(stockEvents(carried, rebased).map((event) => event.key)).toEqual([`base:2026-01-12:after-sell:${SESSIONS[1]}`]);
    expect(carryForward(carried, rebased).stoppedOut).toBeNull();
    const rebought = snapshot(SESSIONS[2]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[2]!, baseStart: "2026-03-02" });
    expect(rules(stockEvents(carried, rebought))).toEqual(["buy"]);
    // Nothing announced: the watcher stays out, and the levels stay remembered.
    const quiet = snapshot(SESSIONS[2]!, { ...rebased, baseStart: null, pivot: null });
    expect(stockEvents(carried, quiet)).toEqual([]);
    expect(carryForward(carried, quiet).stoppedOut).toEqual(carried.stoppedOut);
  });

  it("SELL fires when the analysis turns to SELL (a failed breakout) even above the stop", () => {
    const series = [
      snapshot(SESSIONS[0]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[0]! }),
      snapshot(SESSIONS[1]!, { action: "SELL", close: 49, breakoutDate: SESSIONS[0]! }),
      snapshot(SESSIONS[2]!, { action: "SELL", close: 48.5, breakoutDate: SESSIONS[0]! }),
    ];
    const events = eventsOver(series);
    expect(rules(events)).toEqual(["sell"]);
    expect(events[0]!.title).toBe("ACME is now a SELL");
  });

  it("extended fires once when a BUY runs more than 5% past its buy point, and not on the twin that stays inside the range", () => {
    const after = { breakoutDate: SESSIONS[0]! };
    const series = [
      snapshot(SESSIONS[0]!, { ...after, action: "BUY", close: 51 }),
      snapshot(SESSIONS[1]!, { ...after, action: "BUY", close: 52.4 }),
      snapshot(SESSIONS[2]!, { ...after, action: "WATCH", close: 53, extended: true }),
      snapshot(SESSIONS[3]!, { ...after, action: "WATCH", close: 54, extended: true }),
    ];
    const events = eventsOver(series);
    expect(rules(events)).toEqual(["extended"]);
    expect(events[0]!.detail).toContain("6.0% above the $50.00 buy point");
    const twin = series.map((row) => ({ ...row, action: "BUY" as const, close: Math.min(row.close, 52.4), extended: false }));
    expect(eventsOver(twin)).toEqual([]);
  });

  it("new base fires once when a base forms after the last one broke out; a base re-measured by a day does not", () => {
    const series = [
      snapshot(SESSIONS[0]!, { action: "WATCH", close: 58, extended: true, breakoutDate: "2026-02-02", baseStart: "2026-01-12", pivot: 50 }),
      snapshot(SESSIONS[1]!, { action: "WATCH", close: 57, baseStart: null, pivot: null, buyPoint: null, stop: null, breakoutDate: null }),
      snapshot(SESSIONS[2]!, { action: "WATCH", close: 56, baseStart: "2026-02-16", pivot: 59.2, buyPoint: 59.2, breakoutDate: null }),
      snapshot(SESSIONS[3]!, { action: "WATCH", close: 56.5, baseStart: "2026-02-17", pivot: 59.3, buyPoint: 59.3, breakoutDate: null }),
    ];
    const events = eventsOver(series);
    expect(rules(events)).toEqual(["new_base"]);
    expect(events[0]).toMatchObject({ key: "base:2026-02-16", title: "ACME formed a new base: pivot $59.20" });
    // The twin: the same base every session, its start moving a day at a time (as a detector reading a moving window can).
    const twin = SESSIONS.slice(0, 5).map((session, index) => snapshot(session, { baseStart: `2026-01-${String(12 + index).padStart(2, "0")}`, pivot: 50 + index * 0.2 }));
    expect(eventsOver(twin)).toEqual([]);
  });

  it("raises nothing on a stock's first snapshot (the baseline) or on a snapshot that is not newer", () => {
    const now = snapshot(SESSIONS[2]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[2]! });
    expect(stockEvents(null, now)).toEqual([]);
    expect(stockEvents(now, now)).toEqual([]);
  });
});

describe("price alerts", () => {
  const alert = { direction: "above" as const, level: 50, setAt: "2026-03-01T15:00:00.000Z" };

  it("fire on a close beyond the level, keyed by the level and when it was set", () => {
    expect(priceEvent(alert, { ticker: "ACME", session: SESSIONS[0]!, close: 49.99 })).toBeNull();
    expect(priceEvent(alert, { ticker: "ACME", session: SESSIONS[0]!, close: 50 })).toBeNull();
    const fired = priceEvent(alert, { ticker: "ACME", session: SESSIONS[1]!, close: 50.5 });
    expect(fired).toMatchObject({ rule: "price_above", key: "50@2026-03-01T15:00:00.000Z", title: "ACME closed above $50.00" });
    expect(priceEvent({ ...alert, direction: "below" }, { ticker: "ACME", session: SESSIONS[1]!, close: 49 })).toMatchObject({ rule: "price_below", title: "ACME closed below $50.00" });
    expect(priceEvent({ ...alert, direction: "below" }, { ticker: "ACME", session: SESSIONS[1]!, close: 51 })).toBeNull();
  });
});
