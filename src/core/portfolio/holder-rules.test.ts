import { describe, expect, it } from "vitest";
import type { AlertEvent } from "../alerts/alert-rules";
import { watchSnapshotOf } from "../alerts/test-fixtures";
import type { WatchSnapshot } from "../alerts/watch-snapshot";
import { holderEvents, type HeldPosition } from "./holder-rules";

/** ACME bought on Fri 2026-06-12 with its stop at 46, set that evening (after the close). */
function position(fields: Partial<HeldPosition> = {}): HeldPosition {
  return {
    positionId: "p1",
    ticker: "ACME",
    stop: 46,
    stopSetAt: "2026-06-12T22:00:00.000Z",
    openedOn: "2026-06-12",
    timeExit: null,
    priceAbove: null,
    priceBelow: null,
    ...fields,
  };
}

/**
 * The job, session after session: each session's events, kept once by their key (as `user_alerts`
 * does) and spending the levels that fired (as the port does). Answers the alerts each session added.
 */
function replay(held: HeldPosition, snapshots: WatchSnapshot[], rerun = false): string[][] {
  const seen = new Set<string>();
  const added: string[][] = [];
  let current = { ...held };
  for (let index = 0; index < snapshots.length; index++) {
    const now = snapshots[index]!;
    const before = snapshots[index - 1] ?? null;
    const fresh: string[] = [];
    for (let run = 0; run < (rerun ? 2 : 1); run++) {
      for (const found of holderEvents(current, before, now, now.session)) {
        if (seen.has(`${found.rule}|${found.key}`)) continue;
        seen.add(`${found.rule}|${found.key}`);
        fresh.push(`${found.rule}: ${found.title}`);
        current = spend(current, found);
      }
    }
    added.push(fresh);
  }
  return added;
}

function spend(held: HeldPosition, found: AlertEvent): HeldPosition {
  if (found.rule === "holder_price_above" && held.priceAbove) return { ...held, priceAbove: { ...held.priceAbove, firedOn: found.session } };
  if (found.rule === "holder_price_below" && held.priceBelow) return { ...held, priceBelow: { ...held.priceBelow, firedOn: found.session } };
  return held;
}

const MON = "2026-06-15";
const TUE = "2026-06-16";
const WED = "2026-06-17";
const THU = "2026-06-18";

describe("holder alerts", () => {
  it("raises a close under the position's stop once, and a moved stop arms it again", () => {
    const sessions = [watchSnapshotOf(MON, { close: 47 }), watchSnapshotOf(TUE, { close: 45.5 }), watchSnapshotOf(WED, { close: 45 })];
    expect(replay(position(), sessions)).toEqual([[], ["holder_stop: ACME closed under your $46.00 stop"], []]);
    // The job run twice on each session adds nothing more.
    expect(replay(position(), sessions, true)).toEqual(replay(position(), sessions));

    // Moved down to 44.50 on Tuesday evening: Wednesday's 45 is above it; Thursday's 44 is under it, a new alert.
    const moved = position({ stop: 44.5, stopSetAt: "2026-06-16T23:00:00.000Z" });
    const later = [watchSnapshotOf(WED, { close: 45 }), watchSnapshotOf(THU, { close: 44 })];
    expect(replay(moved, later)).toEqual([[], ["holder_stop: ACME closed under your $44.50 stop"]]);
    const [event] = holderEvents(moved, later[0]!, later[1]!, THU);
    expect(event).toMatchObject({ rule: "holder_stop", key: "pos:p1:stop:2026-06-16T23:00:00.000Z", session: THU });
    expect(event!.detail).toBe("Closed at $44.00, under the $44.50 stop of your position: your plan says sell. Moving the stop arms this alert again.");
  });

  it("never raises on the session the stop was set after (the holder saw that close), nor on the day bought", () => {
    const setAfterTuesdaysClose = position({ stopSetAt: "2026-06-16T21:30:00.000Z" });
    expect(holderEvents(setAfterTuesdaysClose, null, watchSnapshotOf(TUE, { close: 45 }), TUE)).toEqual([]);
    expect(holderEvents(setAfterTuesdaysClose, null, watchSnapshotOf(WED, { close: 45 }), WED).map((found) => found.rule)).toEqual(["holder_stop"]);
    // Set on Tuesday before the close: that close counts.
    expect(holderEvents(position({ stopSetAt: "2026-06-16T15:00:00.000Z" }), null, watchSnapshotOf(TUE, { close: 45 }), TUE).map((found) => found.rule)).toEqual(["holder_stop"]);
    expect(holderEvents(position({ openedOn: TUE }), null, watchSnapshotOf(TUE, { close: 40 }), TUE)).toEqual([]);
    expect(holderEvents(position({ stop: null, stopSetAt: null }), null, watchSnapshotOf(TUE, { close: 1 }), TUE)).toEqual([]);
  });

  it("leaves the plan's 'Stop hit' SELL to the position's own stop: above the holder's stop the holder sees no alert", () => {
    // The plan's stop was 48 (the report's); the holder's own stop is 46. Monday closes at 47: the
    // engine says SELL 'Stop hit', the holder's stop still holds, so the bell stays quiet (no 'sell'
    // that contradicts their stop) until a close under 46.
    const sessions = [watchSnapshotOf(MON, { close: 49, stop: 48 }), watchSnapshotOf(TUE, { close: 47, action: "SELL", setup: "Stop hit" }), watchSnapshotOf(WED, { close: 45.9, action: "SELL", setup: "Stop hit" })];
    expect(replay(position(), sessions)).toEqual([[], [], ["holder_stop: ACME closed under your $46.00 stop"]]);
    // Without a stop of their own, the plan's stop is the only one: the holder is told.
    expect(replay(position({ stop: null, stopSetAt: null }), sessions)).toEqual([[], ["holder_sell: ACME, which you hold, is now a SELL (Stop hit)"], []]);
  });

  it("raises each other SELL reason once per position, and nothing but the stop on a session under it", () => {
    const sessions = [
      watchSnapshotOf(MON, { close: 50 }),
      watchSnapshotOf(TUE, { close: 47, action: "SELL", setup: "Failed breakout" }),
      watchSnapshotOf(WED, { close: 47.5, action: "SELL", setup: "Failed breakout" }),
      watchSnapshotOf(THU, { close: 46.5, action: "SELL", setup: "50-day line broken" }),
    ];
    expect(replay(position(), sessions)).toEqual([
      [],
      ["holder_sell: ACME, which you hold, is now a SELL (Failed breakout)"],
      [],
      ["holder_sell: ACME, which you hold, is now a SELL (50-day line broken)"],
    ]);
    // Under the holder's stop the same session: the stop alone.
    expect(holderEvents(position(), null, watchSnapshotOf(TUE, { close: 45, action: "SELL", setup: "Stage 4 decline" }), TUE).map((found) => found.rule)).toEqual(["holder_stop"]);
    // A stock already a SELL when bought is no news the next session.
    const boughtOnASell = position({ openedOn: MON });
    expect(holderEvents(boughtOnASell, watchSnapshotOf(MON, { action: "SELL", setup: "Failed breakout" }), watchSnapshotOf(TUE, { close: 47, action: "SELL", setup: "Failed breakout" }), TUE)).toEqual([]);
  });

  it("raises the time exit once, on the first session on or after it", () => {
    const held = position({ timeExit: TUE });
    const sessions = [watchSnapshotOf(MON, { close: 48 }), watchSnapshotOf(TUE, { close: 48 }), watchSnapshotOf(WED, { close: 48 })];
    expect(replay(held, sessions)).toEqual([[], ["holder_time_exit: ACME reached your time exit (2026-06-16)"], []]);
    expect(holderEvents(held, null, sessions[1]!, TUE)[0]).toMatchObject({ key: "pos:p1:time:2026-06-16" });
  });

  it("fires a price level once, and again only when set again", () => {
    const above = { level: 49, setAt: "2026-06-12T22:00:00.000Z", firedOn: null };
    const below = { level: 47, setAt: "2026-06-12T22:00:00.000Z", firedOn: null };
    const sessions = [watchSnapshotOf(MON, { close: 49.5 }), watchSnapshotOf(TUE, { close: 50 }), watchSnapshotOf(WED, { close: 46.5 }), watchSnapshotOf(THU, { close: 46.2 })];
    expect(replay(position({ priceAbove: above, priceBelow: below }), sessions, true)).toEqual([
      ["holder_price_above: ACME, which you hold, closed above $49.00"],
      [],
      ["holder_price_below: ACME, which you hold, closed below $47.00"],
      [],
    ]);
    const [event] = holderEvents(position({ priceAbove: above }), null, sessions[0]!, MON);
    expect(event).toMatchObject({ rule: "holder_price_above", key: "pos:p1:price_above:49@2026-06-12T22:00:00.000Z" });
    // Set again on Tuesday evening: a new key, fired by the next close above it.
    const again = position({ priceAbove: { level: 49, setAt: "2026-06-16T23:00:00.000Z", firedOn: null } });
    expect(holderEvents(again, null, watchSnapshotOf(THU, { close: 50.5 }), THU)[0]).toMatchObject({ key: "pos:p1:price_above:49@2026-06-16T23:00:00.000Z" });
  });

  it("keys carry the position: two positions in one stock each get their alert", () => {
    const now = watchSnapshotOf(TUE, { close: 45 });
    const keys = [position(), position({ positionId: "p2" })].flatMap((held) => holderEvents(held, null, now, TUE).map((found) => found.key));
    expect(keys).toEqual(["pos:p1:stop:2026-06-12T22:00:00.000Z", "pos:p2:stop:2026-06-12T22:00:00.000Z"]);
    // A snapshot of another session or stock says nothing.
    expect(holderEvents(position(), null, now, WED)).toEqual([]);
    expect(holderEvents(position({ ticker: "QBIT" }), null, now, TUE)).toEqual([]);
  });
});
