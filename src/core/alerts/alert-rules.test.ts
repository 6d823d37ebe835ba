import { describe, expect, it } from "vitest";
import { priceEvent, stockEvents, type AlertEvent } from "./alert-rules";
import type { WatchSnapshot } from "./watch-snapshot";

const SESSIONS = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10"];

function snapshot(session: string, fields: Partial<WatchSnapshot> = {}): WatchSnapshot {
  return {
    ticker: "ACME",
    session,
    action: "WATCH",
    company: "Acme Corp",
    close: 48,
    buyPoint: 50,
    stop: 46,
    target: 60,
    extended: false,
    setup: "VCP",
    baseType: "VCP",
    baseStart: "2026-01-12",
    pivot: 50,
    breakoutDate: null,
    demo: false,
    ...fields,
  };
}

/** Every event the rules raise over a series, as the daily job would see it session by session. */
function eventsOver(series: WatchSnapshot[]): AlertEvent[] {
  return series.flatMap((now, index) => stockEvents(index === 0 ? null : series[index - 1]!, now));
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
    expect(events[1]).toMatchObject({ session: SESSIONS[3], title: "ACME closed under its stop (SELL)", detail: "Closed at $45.50, under the $46.00 stop." });

    const holding = falling.map((row, index) => (index >= 2 ? { ...row, action: "BUY" as const, close: 46.5 } : row));
    expect(rules(distinct(eventsOver(holding)))).toEqual(["buy"]);
  });

  it("SELL stays quiet when the close is under yesterday's stop but today's analysis sees a new breakout (a new BUY with its own stop)", () => {
    const before = snapshot(SESSIONS[0]!, { action: "BUY", close: 51, breakoutDate: SESSIONS[0]!, stop: 48 });
    const now = snapshot(SESSIONS[1]!, { action: "BUY", close: 47.5, breakoutDate: SESSIONS[1]!, buyPoint: 47, stop: 43.5 });
    expect(rules(stockEvents(before, now))).toEqual(["buy"]);
    expect(rules(stockEvents(before, { ...now, breakoutDate: SESSIONS[0]! }))).toEqual(["sell"]);
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
    // The twin: the same base every session, its start moving a day at a time (the demo market re-draws it daily).
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
