import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "../analysis/analysis-config";
import { computeFacts, decideAt, type DayDecision } from "../analysis/analyze-stock";
import { analyzeFundamentals } from "../analysis/fundamentals";
import { marketDirectionAt, marketDirectionSeries } from "../analysis/market-direction";
import { prepareSeries, type SeriesContext } from "../analysis/series-context";
import { SetupTracker } from "../analysis/setup-tracker";
import { input } from "../analysis/test-fixtures";
import { relativeStrengthScore, rsRatingVsBenchmark } from "../indicators/relative-strength";
import { firstBars, type DailyBars } from "../market/market-data";
import { BarBuilder } from "../test-support/bar-builder";
import { evaluatedRange, firstIndexOnOrAfter, walkForwardStock } from "./walk-forward";

const SESSIONS = 700;

/**
 * 700 sessions: a quiet start, a 100% advance, a VCP, a breakout on ordinary volume confirmed by
 * heavy volume the next session, a run, a break of the 50-day line on heavy volume, a long decline
 * (stage 4) and a flat end.
 */
function stockBars(): DailyBars {
  const builder = new BarBuilder(40)
    .flat(150, 0.002)
    .to(80, 200)
    .move(-0.2, 10)
    .to(79, 10)
    .move(-0.1, 8)
    .to(78.8, 8)
    .move(-0.05, 5, 0.5)
    .to(78, 4, 0.5)
    .day(0.035, 1)
    .day(0.004, 2.5)
    .flat(3, 0.001)
    .move(0.25, 40)
    .move(-0.12, 6)
    .day(-0.03, 2.5)
    .flat(20)
    .move(-0.35, 120);
  return builder.flat(SESSIONS - builder.length, 0.003).build();
}

/** The benchmark on the same dates: an uptrend, a 12% correction, a recovery to a new high. */
function benchmarkBars(): DailyBars {
  return new BarBuilder(300, 80_000_000).to(360, 450).move(-0.12, 12).to(380, SESSIONS - 463).build();
}


/** The walk-forward's view: indicators, tracker and market over the full series, read at each session. */
function fullSeriesDecisions(bars: DailyBars, benchmark: DailyBars): { ctx: SeriesContext; decisions: Map<number, DayDecision>; ratings: Float64Array } {
  const ctx = prepareSeries(bars, config);
  const tracker = new SetupTracker(ctx, config);
  const market = marketDirectionSeries(benchmark, config);
  const fundamentals = analyzeFundamentals(null, config);
  const ratings = new Float64Array(bars.close.length).fill(Number.NaN);
  const decisions = new Map<number, DayDecision>();
  for (let i = config.minBars - 1; i < bars.close.length; i++) {
    tracker.advanceTo(i);
    ratings[i] = rsRatingVsBenchmark(ctx.rsScore[i]!, relativeStrengthScore(benchmark.close, i, config.relativeStrength));
    const rsRating = Number.isFinite(ratings[i]!) ? ratings[i]! : null;
    decisions.set(i, decideAt(ctx, tracker, i, { rsRating, market: marketDirectionAt(benchmark, market, i, config), fundamentals }, config));
  }
  return { ctx, decisions, ratings };
}

describe("look-ahead guard", () => {
  const bars = stockBars();
  const benchmark = benchmarkBars();
  const { ctx, decisions, ratings } = fullSeriesDecisions(bars, benchmark);

  // Every session where the call or its setup changes, the session after it, and a regular grid.
  const cutPoints = new Set<number>();
  let previous = "";
  for (const [i, d] of decisions) {
    const key = `${d.action}|${d.setup}`;
    if (key !== previous) {
      cutPoints.add(i);
      if (i + 1 < SESSIONS) cutPoints.add(i + 1);
    }
    previous = key;
  }
  for (let i = config.minBars - 1; i < SESSIONS; i += 50) cutPoints.add(i);
  cutPoints.add(SESSIONS - 1);

  it("the series exercises the states the guard must cover", () => {
    const seen = new Set([...cutPoints].map((i) => `${decisions.get(i)!.action} ${decisions.get(i)!.setup}`));
    for (const state of ["WATCH VCP", "BUY Breakout", "SELL Stage 4 decline"]) expect(seen, state).toContain(state);
    // The breakout session itself is a WATCH (volume not yet confirmed), the next one a BUY.
    const firstBuy = [...decisions].find(([, d]) => d.action === "BUY")![0];
    expect(decisions.get(firstBuy)!.baseState!.sessionsSinceBreakout).toBe(1);
    expect(decisions.get(firstBuy - 1)!.buyBlockers.map((b) => b.rule)).toEqual(["weak-breakout-volume"]);
    // After the window: past it, or extended (which comes first depends on the window's length).
    expect(["WATCH Past the buy window", "WATCH Extended"].some((state) => seen.has(state))).toBe(true);
    // A holder's sell rule fired by the tracker (here the 50-day break after the run).
    expect(["SELL 50-day line broken", "SELL Stop hit", "SELL Failed breakout"].some((state) => seen.has(state))).toBe(true);
    expect(cutPoints.size).toBeGreaterThanOrEqual(10);
  });

  it("computeFacts on the bars cut at session i decides as the walk-forward does at i on the full series", () => {
    for (const i of [...cutPoints].sort((a, b) => a - b)) {
      const expected = decisions.get(i)!;
      const facts = computeFacts(input(firstBars(bars, i + 1), { benchmark: firstBars(benchmark, i + 1), universeRsScores: null, fundamentals: null }));
      const at = `session ${i} (${bars.dates[i]})`;
      expect(facts.asOf, at).toBe(bars.dates[i]);
      expect(facts.rsRating, at).toBe(Number.isFinite(ratings[i]!) ? ratings[i] : null);
      expect(facts.action, at).toBe(expected.action);
      expect(facts.setup, at).toBe(expected.setup);
      expect(facts.trend.score, at).toBe(expected.trend.score);
      expect(facts.trade, at).toEqual(expected.trade);
      expect(facts.baseState?.base.pivot ?? null, at).toBe(expected.baseState?.base.pivot ?? null);
      expect(facts.baseState?.breakoutDate ?? null, at).toBe(expected.baseState?.breakoutDate ?? null);
      expect(facts.baseState?.announcedDate ?? null, at).toBe(expected.baseState?.announcedDate ?? null);
      expect(facts.sellReasons, at).toEqual(expected.sellReasons);
      expect(facts.buyBlockers, at).toEqual(expected.buyBlockers);
      // The indicators behind the call, too.
      expect(
        { high52: facts.high52, low52: facts.low52, averages: facts.averages, volumeRatio: facts.volumeRatio, rsScore: facts.rsScore, atr: facts.atrPercent * facts.price },
        at,
      ).toEqual({
        high52: ctx.high52[i],
        low52: ctx.low52[i],
        averages: { kind: facts.averages.kind, ma50: ctx.ma50[i], ma150: ctx.ma150[i], ma200: ctx.ma200[i] },
        volumeRatio: ctx.volumeRatio[i],
        rsScore: ctx.rsScore[i],
        atr: expect.closeTo(ctx.atr[i]!, 9) as number,
      });
    }
  });

  it("walkForwardStock makes those same calls", () => {
    const indexByDate = new Map(benchmark.dates.map((date, k) => [date, k] as const));
    const options = { from: bars.dates[0]!, to: bars.dates[SESSIONS - 1]!, step: 1, config, tradeSessions: 63, entry: "buy-range" as const, costsBp: 0 };
    const result = walkForwardStock("TEST", bars, ratings, { bars: benchmark, market: marketDirectionSeries(benchmark, config), indexByDate }, [], options);
    const { first, last } = evaluatedRange(bars, options);
    expect(first).toBe(config.minBars - 1);
    expect(last).toBe(SESSIONS - 1);
    const counts = { BUY: 0, WATCH: 0, SELL: 0 };
    for (const d of decisions.values()) counts[d.action]++;
    expect(result.days).toEqual(counts);
    expect(result.episodes.length).toBeGreaterThan(5);
    for (const episode of result.episodes) {
      const d = decisions.get(episode.index)!;
      expect({ action: episode.action, setup: episode.setup, date: episode.date }).toEqual({ action: d.action, setup: d.setup, date: bars.dates[episode.index] });
    }
    // One trade for the one base that got a BUY, signalled on its first BUY session.
    const firstBuy = [...decisions].find(([, d]) => d.action === "BUY")![0];
    expect(result.buySetups).toBe(1);
    expect(result.trades.map((t) => t.signalDate)).toEqual([bars.dates[firstBuy]]);
  });
});

describe("evaluated range", () => {
  it("starts at the first session with enough history and keeps inside the dates", () => {
    const bars = new BarBuilder(50).flat(399).build();
    expect(firstIndexOnOrAfter(bars.dates, bars.dates[300]!)).toBe(300);
    expect(firstIndexOnOrAfter(bars.dates, "1900-01-01")).toBe(0);
    expect(firstIndexOnOrAfter(bars.dates, "2999-01-01")).toBe(400);
    expect(evaluatedRange(bars, { from: "1900-01-01", to: "2999-01-01", config })).toEqual({ first: config.minBars - 1, last: 399 });
    expect(evaluatedRange(bars, { from: bars.dates[300]!, to: bars.dates[350]!, config })).toEqual({ first: 300, last: 350 });
  });
});
