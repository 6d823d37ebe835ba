import path from "node:path";
import type { AnalysisConfig } from "../core/analysis/analysis-config";
import type { AnalysisReport } from "../core/analysis/analysis-report";
import { equalWeightIndex } from "../core/backtest/equal-weight-index";
import { universeRsRatings } from "../core/backtest/universe-rs";
import { barsFrom, type DailyBars } from "../core/market/market-data";
import { barsUpTo } from "../server/features/stock-analysis/stock-analysis.service";
import type { HistorySeries } from "./backtest/history-files";

/** What `quanta analyze --bars` rates RS and reads the market with, from its options. */
export interface BarsContext {
  benchmark: DailyBars | null;
  benchmarkName: string | null;
  universeRsRating: number | null;
  /** Stocks the rating ranks among on the last session (the analysed one included); null without a universe. */
  universeSize: number | null;
}

/**
 * The stock's RS rating on its last session, ranked in the universe exactly as the back-test ranks
 * it (universeRsRatings, the same function): the analysed bars stand in for the universe's series
 * of the same ticker, or join the universe when it has none. Each series is cut to the sessions the
 * score reads up to that date, so a long universe costs no more than one date's ranking.
 */
export function universeRsRatingAt(ticker: string, bars: DailyBars, universe: readonly HistorySeries[], config: AnalysisConfig): { rating: number | null; ranked: number } {
  const asOf = bars.dates.at(-1);
  if (asOf === undefined) return { rating: null, ranked: 0 };
  const window = Math.max(...config.relativeStrength.periods) + 1;
  const recent = (series: DailyBars): DailyBars => {
    const cut = barsUpTo(series, asOf);
    const start = Math.max(0, cut.close.length - window);
    return start === 0 ? cut : barsFrom(cut, start);
  };
  const others = universe.filter((s) => s.ticker !== ticker).map((s) => recent(s.bars));
  const series = [recent(bars), ...others];
  const ratings = universeRsRatings(series, config);
  const own = ratings[0]!;
  const rating = own.length > 0 && Number.isFinite(own[own.length - 1]!) ? own[own.length - 1]! : null;
  const ranked = series.filter((s, k) => s.dates.at(-1) === asOf && Number.isFinite(ratings[k]![ratings[k]!.length - 1]!)).length;
  return { rating, ranked };
}

/**
 * The benchmark of `analyze --bars`: a CSV, or 'equal-weight' (the back-test's equal-weighted index
 * of the universe, built from the sessions up to the stock's last one).
 */
export function barsContext(
  ticker: string,
  bars: DailyBars,
  options: { benchmark: DailyBars | "equal-weight" | null; benchmarkFile: string | null; universe: readonly HistorySeries[] | null },
  config: AnalysisConfig,
): BarsContext {
  const asOf = bars.dates.at(-1) ?? "";
  let benchmark: DailyBars | null = null;
  let benchmarkName: string | null = null;
  if (options.benchmark === "equal-weight") {
    const members = [bars, ...(options.universe ?? []).filter((s) => s.ticker !== ticker).map((s) => barsUpTo(s.bars, asOf))];
    benchmark = equalWeightIndex(members.filter((m) => m.close.length > 0));
    benchmarkName = "the equal-weighted universe";
  } else if (options.benchmark) {
    benchmark = options.benchmark;
    benchmarkName = options.benchmarkFile ? path.basename(options.benchmarkFile).replace(/\.csv(\.gz)?$/i, "").toUpperCase() : null;
  }
  if (!options.universe) return { benchmark, benchmarkName, universeRsRating: null, universeSize: null };
  const { rating, ranked } = universeRsRatingAt(ticker, bars, options.universe, config);
  return { benchmark, benchmarkName, universeRsRating: rating, universeSize: ranked };
}

/** One line naming what the RS rating was ranked against, so a reader can tell it from the back-test's. */
export function rsBasisLine(report: AnalysisReport, context: BarsContext): string {
  const rating = report.meta.rs_rating;
  if (rating === null) return "RS basis: none (no --benchmark or --universe to rate against).";
  if (report.meta.rs_basis === "universe") {
    return `RS basis: percentile among the ${context.universeSize ?? "?"} stocks of the universe on ${report.meta.as_of} (the back-test's rating).`;
  }
  return `RS basis: vs ${context.benchmarkName ?? "the benchmark"} (a difference of weighted returns, not the back-test's universe percentile: add --universe DIR for that).`;
}
