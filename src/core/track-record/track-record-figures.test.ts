import { describe, expect, it } from "vitest";
import type { CallProgress } from "./call-outcome";
import { trackRecordFigures, type RecordedSetup } from "./track-record-figures";

const forward = (excess: number | null): CallProgress["forward"][number] => (excess === null ? null : { stock: excess, benchmark: 0, excess });

function progress(overrides: Partial<CallProgress> = {}): CallProgress {
  return { sessions: 126, lastDate: "2026-06-01", lastClose: 100, forward: [forward(0), forward(0), forward(0)], trade: null, entryDate: null, exitDate: null, ...overrides };
}

/** A BUY that opened a trade: filled at 100 with a stop at 90, closed at `exit` on `exitDate`. */
function trade(setup: string, exit: number, exitDate: string, d63: number | null, engineVersion = "2.0.0"): RecordedSetup {
  return {
    action: "BUY",
    setup,
    trade: true,
    engineVersion,
    progress: progress({
      forward: [forward(0), forward(d63), forward(0)],
      trade: { state: "closed", session: 30, entrySession: 1, entryPrice: 100, stop: 90, target: 125, exitSession: 30, exitPrice: exit, exitReason: exit >= 125 ? "target" : exit <= 90 ? "stop" : "time" },
      entryDate: "2026-01-02",
      exitDate,
    }),
  };
}

describe("the track record's figures", () => {
  const setups: RecordedSetup[] = [
    trade("Flat base", 125, "2026-03-02", 0.05),
    trade("Flat base", 90, "2026-02-02", -0.02),
    trade("VCP", 110, "2026-03-02", 0.01, "2.1.0"),
    // A BUY still held: counted as open, not in the trade figures.
    { action: "BUY", setup: "VCP", trade: true, engineVersion: "2.1.0", progress: progress({ sessions: 40, forward: [forward(0.01), null, null], trade: { state: "held", session: 40, entrySession: 1, entryPrice: 100, stop: 90, target: 125, lastClose: 104 }, entryDate: "2026-05-01" }) },
    { action: "WATCH", setup: "Flat base", trade: false, engineVersion: "2.0.0", progress: progress({ forward: [forward(0.02), forward(0.03), forward(-0.01)] }) },
    { action: "WATCH", setup: "No base", trade: false, engineVersion: "2.0.0", progress: progress({ forward: [forward(-0.02), forward(-0.04), forward(-0.06)] }) },
    { action: "SELL", setup: "Stage 4 decline", trade: false, engineVersion: "2.0.0", progress: progress({ forward: [forward(-0.05), forward(-0.1), forward(0.02)] }) },
  ];
  const figures = trackRecordFigures(
    setups,
    { BUY: 12, WATCH: 30, SELL: 5 },
    [
      { date: "2026-01-02", close: 400 },
      { date: "2026-03-02", close: 420 },
    ],
    [
      { version: "2.0.0", since: "2025-12-01" },
      { version: "2.1.0", since: "2026-02-10" },
    ],
  );

  it("scores each engine version's BUY trades apart, since its first call", () => {
    expect(figures.by_engine_version).toHaveLength(2);
    const [older, newer] = figures.by_engine_version;
    expect(older).toMatchObject({ engine_version: "2.0.0", since: "2025-12-01", trades: 2, open: 0, win_rate: 0.5 });
    expect(older!.avg_r).toBeCloseTo((2.5 - 1) / 2, 12);
    expect(older!.avg_return).toBeCloseTo((0.25 - 0.1) / 2, 12);
    expect(newer).toMatchObject({ engine_version: "2.1.0", since: "2026-02-10", trades: 1, open: 1, win_rate: 1 });
    expect(newer!.avg_r).toBeCloseTo(1, 12);
  });

  it("counts calls, setups and open ones per action, by the back-test's definitions", () => {
    expect(figures.calls).toBe(47);
    expect(figures.setups).toBe(7);
    expect(figures.actions.BUY).toMatchObject({ count: 12, setups: 4, open: 1, trades: 3 });
    expect(figures.actions.WATCH).toMatchObject({ count: 30, setups: 2, open: 0, trades: 0, win_rate: null, avg_r: null });
    expect(figures.actions.SELL).toMatchObject({ count: 5, setups: 1, hit_rate: 1 });
  });

  it("scores hit rates on the 63-session excess (BUY and WATCH above the benchmark, SELL below) and takes medians of what has matured", () => {
    expect(figures.actions.BUY.hit_rate).toBeCloseTo(2 / 3, 12);
    expect(figures.actions.BUY.median_excess.d63).toBeCloseTo(0.01, 12);
    expect(figures.actions.WATCH.hit_rate).toBe(0.5);
    expect(figures.actions.WATCH.median_excess.d126).toBeCloseTo(-0.035, 12);
  });

  it("scores closed trades in R, by base, and draws the equity curve by exit date against the benchmark", () => {
    expect(figures.actions.BUY.win_rate).toBeCloseTo(2 / 3, 12);
    expect(figures.actions.BUY.avg_r).toBeCloseTo((2.5 - 1 + 1) / 3, 12);
    expect(figures.actions.BUY.exits).toEqual({ stop: 1, target: 1, time: 1 });
    expect(Object.keys(figures.buy_trades_by_setup)).toEqual(["Flat base", "VCP"]);
    expect(figures.buy_trades_by_setup["Flat base"]).toMatchObject({ trades: 2, avg_r: 0.75 });
    expect(figures.equity).toEqual([
      { date: "2026-02-02", r: -1, trades: 1 },
      { date: "2026-03-02", r: 2.5, trades: 3 },
    ]);
    expect(figures.benchmark.map((b) => b.date)).toEqual(["2026-01-02", "2026-03-02"]);
    expect(figures.benchmark[1]!.change).toBeCloseTo(0.05, 12);
  });

  it("is all zeros and nulls before any call", () => {
    const empty = trackRecordFigures([], { BUY: 0, WATCH: 0, SELL: 0 }, []);
    expect(empty).toMatchObject({ calls: 0, setups: 0, equity: [], benchmark: [], buy_trades_by_setup: {} });
    expect(empty.actions.BUY).toMatchObject({ trades: 0, hit_rate: null, win_rate: null, avg_r: null, avg_r_ci95: [null, null] });
  });
});
