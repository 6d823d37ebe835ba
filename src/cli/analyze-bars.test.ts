import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_CONFIG as config } from "../core/analysis/analysis-config";
import { analyzeStock, decideAt, type DayDecision } from "../core/analysis/analyze-stock";
import { analyzeFundamentals } from "../core/analysis/fundamentals";
import { marketDirectionAt, marketDirectionSeries } from "../core/analysis/market-direction";
import { prepareSeries } from "../core/analysis/series-context";
import { SetupTracker } from "../core/analysis/setup-tracker";
import { equalWeightIndex } from "../core/backtest/equal-weight-index";
import { universeRsRatings } from "../core/backtest/universe-rs";
import { walkForwardStock, type WalkForwardOptions } from "../core/backtest/walk-forward";
import { firstBars, type DailyBars } from "../core/market/market-data";
import { TRIMMED_SP500, vendoredPath } from "../test-fixtures/market-data";
import { barsContext, rsBasisLine, universeRsRatingAt } from "./analyze-bars";
import { readHistoryFile, readHistoryFolder, type HistorySeries } from "./backtest/history-files";

const WHOLE = ["AAPL", "MSFT", "NVDA", "XOM"];
const files = [...WHOLE, ...TRIMMED_SP500.tickers].map((t) => vendoredPath(`sp500/${t}.csv.gz`));
const universe: HistorySeries[] = (await readHistoryFolder(files)).series;
const options: WalkForwardOptions = { from: "2010-01-01", to: "2011-06-30", step: 1, config, tradeSessions: 126, entry: "buy-range", costsBp: 0 };

/** The back-test's yardsticks over the whole universe: the equal-weighted index and the RS ratings. */
const index = equalWeightIndex(universe.map((s) => s.bars));
const market = marketDirectionSeries(index, config);
const indexByDate = new Map(index.dates.map((date, k) => [date, k] as const));
const ratings = universeRsRatings(universe.map((s) => s.bars), config);

/** The back-test's call on every session of one stock (walkForwardStock's loop, on the full series). */
function backtestCalls(s: number): Map<number, { decision: DayDecision; rating: number | null }> {
  const { bars } = universe[s]!;
  const ctx = prepareSeries(bars, config);
  const tracker = new SetupTracker(ctx, config);
  const fundamentals = analyzeFundamentals(null, config);
  const calls = new Map<number, { decision: DayDecision; rating: number | null }>();
  for (let i = Math.max(config.minBars - 1, bars.dates.findIndex((d) => d >= options.from)); i < bars.dates.length && bars.dates[i]! <= options.to; i++) {
    tracker.advanceTo(i);
    const rating = Number.isFinite(ratings[s]![i]!) ? ratings[s]![i]! : null;
    const at = indexByDate.get(bars.dates[i]!)!;
    calls.set(i, { decision: decideAt(ctx, tracker, i, { rsRating: rating, market: marketDirectionAt(index, market, at, config), fundamentals }, config), rating });
  }
  return calls;
}

function analyzeCut(ticker: string, bars: DailyBars, withUniverse: boolean) {
  // Without a universe, the same index is given as a file would be: only the RS basis changes.
  const context = withUniverse
    ? barsContext(ticker, bars, { benchmark: "equal-weight", benchmarkFile: null, universe }, config)
    : barsContext(ticker, bars, { benchmark: firstBars(index, index.dates.indexOf(bars.dates.at(-1)!) + 1), benchmarkFile: "EW.csv", universe: null }, config);
  const report = analyzeStock({
    ticker,
    profile: null,
    bars,
    benchmark: context.benchmark,
    benchmarkName: context.benchmarkName,
    sectorBars: null,
    sectorEtf: null,
    fundamentals: null,
    universeRsScores: null,
    universeRsRating: context.universeRsRating,
    dataSource: "csv",
    demo: false,
    generatedAt: "2026-01-01T00:00:00.000Z",
  });
  return { report, context };
}

const money = (value: number | undefined) => (value === undefined ? "N/A" : Math.round(value * 100) / 100);

describe("analyze --bars --universe makes the back-test's call", () => {
  // Stocks with BUY trades in the window, and the sessions checked: every trade's signal, the
  // session before it, and the first session of each other call of the walk-forward.
  const checked: { ticker: string; s: number; i: number }[] = [];
  const results = universe.map((series, s) =>
    walkForwardStock(series.ticker, series.bars, ratings[s]!, { bars: index, market, indexByDate }, [], options),
  );

  it("the window has BUY trades to compare", () => {
    const trades = results.flatMap((r) => r.trades);
    expect(trades.length).toBeGreaterThanOrEqual(3);
  });

  it("at each trade's signal: same action, buy point, stop, target and RS rating as the back-test", () => {
    for (const [s, result] of results.entries()) {
      if (result.trades.length === 0) continue;
      const calls = backtestCalls(s);
      const { bars } = universe[s]!;
      // The replay is the walk-forward: same count of calls of each kind.
      const days = { BUY: 0, WATCH: 0, SELL: 0 };
      for (const { decision } of calls.values()) days[decision.action]++;
      expect(days, universe[s]!.ticker).toEqual(result.days);
      const sessions = new Set<number>();
      for (const trade of result.trades) {
        const i = bars.dates.indexOf(trade.signalDate);
        sessions.add(i).add(i - 1);
        expect(calls.get(i)!.decision.trade, trade.signalDate).toMatchObject({ stopLoss: trade.stop, target: trade.target });
      }
      for (const episode of result.episodes.slice(0, 6)) sessions.add(episode.index);
      for (const i of sessions) {
        if (!calls.has(i)) continue;
        checked.push({ ticker: universe[s]!.ticker, s, i });
        const { decision, rating } = calls.get(i)!;
        const { report } = analyzeCut(universe[s]!.ticker, firstBars(bars, i + 1), true);
        const at = `${universe[s]!.ticker} ${bars.dates[i]}`;
        expect(report.meta.as_of, at).toBe(bars.dates[i]);
        expect(report.meta.rs_rating, at).toBe(rating);
        expect(report.meta.rs_basis, at).toBe(rating === null ? null : "universe");
        expect(report.stock_summary.recommendation.action, at).toBe(decision.action);
        const setup = report.stock_summary.trade_setup;
        expect({ buy: setup.buy_point, stop: setup.stop_loss, target: setup.target_price }, at).toEqual({
          buy: money(decision.trade?.buyPoint),
          stop: money(decision.trade?.stopLoss),
          target: money(decision.trade?.target),
        });
      }
    }
    expect(checked.filter(({ s, i }) => results[s]!.trades.some((t) => t.signalDate === universe[s]!.bars.dates[i])).length).toBeGreaterThanOrEqual(3);
    expect(checked.length).toBeGreaterThanOrEqual(12);
  }, 60_000);

  it("without the universe, the rating is the benchmark's difference and the basis says so", () => {
    const { s, i } = checked[0]!;
    const { report, context } = analyzeCut(universe[s]!.ticker, firstBars(universe[s]!.bars, i + 1), false);
    expect(report.meta.rs_basis).toBe("benchmark");
    expect(rsBasisLine(report, context)).toMatch(/^RS basis: vs EW \(.*not the back-test's universe percentile/);
    const withUniverse = analyzeCut(universe[s]!.ticker, firstBars(universe[s]!.bars, i + 1), true);
    expect(rsBasisLine(withUniverse.report, withUniverse.context)).toMatch(/^RS basis: percentile among the \d+ stocks of the universe on \d{4}-\d{2}-\d{2}/);
  });
});

describe("universeRsRatingAt", () => {
  it("ranks a stock absent from the universe among it, and the file of the same ticker is replaced, not counted twice", async () => {
    const aapl = await readHistoryFile(vendoredPath("sp500/AAPL.csv.gz"));
    const cut = firstBars(aapl, aapl.dates.indexOf("2010-06-30") + 1);
    const inside = universeRsRatingAt("AAPL", cut, universe, config);
    const s = universe.findIndex((u) => u.ticker === "AAPL");
    expect(inside.rating).toBe(ratings[s]![cut.dates.length - 1]);
    expect(inside.ranked).toBe(universe.filter((u) => u.bars.dates.includes("2010-06-30")).length);
    const outside = universeRsRatingAt("AAPL", cut, universe.filter((u) => u.ticker !== "AAPL"), config);
    expect(outside).toEqual(inside);
    // Too short a history for a score: no rating rather than a made-up one.
    expect(universeRsRatingAt("AAPL", firstBars(aapl, 100), universe, config).rating).toBeNull();
  });
});
