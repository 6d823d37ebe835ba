import { readFile } from "node:fs/promises";
import { historicalSimulationSchema, type HistoricalSimulation } from "../../../contracts/track-record";
import type { BacktestSummary } from "../../../core/backtest/backtest-summary";
import { projectPath } from "../../project-root";

/** The back-tests `npm run track-record` writes (docs/track-record.md), most relevant first. */
const HISTORICAL_SIMULATION_FILES = [
  { file: "sp500-2009-2017-spy.json", title: "S&P 500 stocks, 2009–2017, against SPY" },
  { file: "sp500-2005-2021-equal-weight.json", title: "S&P 500 stocks, 2005–2021, against their equal-weighted index" },
] as const;

/**
 * A back-test's JSON as the track record shows it. Every 95% interval in it resamples entry months
 * in 12-month blocks (overlapping trades are not independent).
 */
function historicalSimulation(title: string, summary: BacktestSummary): HistoricalSimulation {
  const outOfSample = summary.groups?.rest;
  return historicalSimulationSchema.parse({
    title,
    from: summary.parameters.from,
    to: summary.parameters.to,
    benchmark: summary.parameters.benchmark,
    tickers: summary.tickers,
    stock_years: summary.stock_years,
    engine_version: summary.engine_version,
    actions: summary.actions,
    all_dates: summary.all_dates,
    control: summary.control,
    costs_bp: summary.costs_bp,
    buy_trades_by_setup: summary.buy_trades_by_setup,
    out_of_sample: outOfSample ? { tickers: outOfSample.tickers, buy: outOfSample.actions.BUY, control: outOfSample.control } : null,
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
