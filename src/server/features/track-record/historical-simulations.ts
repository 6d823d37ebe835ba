import { readFile } from "node:fs/promises";
import { historicalSimulationSchema, type HistoricalSimulation } from "../../../contracts/track-record";
import type { BacktestSummary } from "../../../core/backtest/backtest-summary";
import { projectPath } from "../../project-root";

/** The back-tests `npm run track-record` writes (docs/track-record.md), most relevant first. */
const HISTORICAL_SIMULATION_FILES = [
  { file: "sp500-2009-2017-spy.json", title: "S&P 500 stocks, 2009–2017, against SPY" },
  { file: "sp500-2005-2021-equal-weight.json", title: "S&P 500 stocks, 2005–2021, against their equal-weighted index" },
] as const;

type Interval = readonly [number | null, number | null];

/** The BUY figures with the block interval in place of the trade-by-trade one, when the back-test has it. */
function withBlockInterval<T extends { avg_r_ci95: Interval }>(buy: T, block: Interval | undefined): T {
  return block ? { ...buy, avg_r_ci95: block } : buy;
}

/**
 * A back-test's JSON as the track record shows it. The BUY trades' interval is the block-bootstrap
 * one (entry months in 12-month blocks) when the JSON has it: overlapping trades are not independent,
 * so resampling them one by one makes the interval too narrow.
 */
function historicalSimulation(title: string, summary: BacktestSummary): HistoricalSimulation {
  const outOfSample = summary.groups?.rest;
  // Partial: back-tests written before block intervals lack the field.
  const block = (summary as Partial<BacktestSummary>).avg_r_ci95_block;
  const outBlock = (outOfSample as Partial<BacktestSummary> | undefined)?.avg_r_ci95_block;
  return historicalSimulationSchema.parse({
    title,
    from: summary.parameters.from,
    to: summary.parameters.to,
    benchmark: summary.parameters.benchmark,
    tickers: summary.tickers,
    stock_years: summary.stock_years,
    engine_version: summary.engine_version,
    actions: { ...summary.actions, BUY: withBlockInterval(summary.actions.BUY, block) },
    all_dates: summary.all_dates,
    control: summary.control,
    buy_interval: block ? "block" : "trades",
    buy_trades_by_setup: summary.buy_trades_by_setup,
    out_of_sample: outOfSample ? { tickers: outOfSample.tickers, buy: withBlockInterval(outOfSample.actions.BUY, outBlock), control: outOfSample.control } : null,
  });
}

/** Reads the back-tests shipped in docs/backtest (once, at start); a missing file is left out. */
export async function readHistoricalSimulations(folder = projectPath("docs", "backtest")): Promise<HistoricalSimulation[]> {
  const simulations: HistoricalSimulation[] = [];
  for (const { file, title } of HISTORICAL_SIMULATION_FILES) {
    const text = await readFile(`${folder}/${file}`, "utf8").catch(() => null);
    if (text !== null) simulations.push(historicalSimulation(title, JSON.parse(text) as BacktestSummary));
  }
  return simulations;
}
