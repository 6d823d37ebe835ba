// npm run bench:backtest — times `quanta backtest` on the 396-stock sp500/ set, 2009–2017, every
// session. Target: ≤ 120 s on this 2-core machine. Prints the time, the ratio to the
// target, throughput and peak memory; runs twice (cold and warm file cache) and reports both.
// `--smoke` (or BENCH_SMOKE=1): 8 stocks over 2010, once, on the data vendored in the repository;
// fails only when the back-test breaks (or scores nothing), never on the time target.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseBacktestArgs, runBacktest } from "../src/cli/backtest/backtest-command";
import { SHARED_DATA_DIR, TRIMMED_SP500, vendoredPath } from "../src/test-fixtures/market-data";

const TARGET_SECONDS = 120;
const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const SMOKE_STOCKS = 8;

if (!SMOKE && !existsSync(SHARED_DATA_DIR)) {
  console.error(`bench:backtest needs the full market data set at ${SHARED_DATA_DIR} (--smoke runs on the data in the repository)`);
  process.exit(1);
}
const dataArgs = SMOKE
  ? TRIMMED_SP500.tickers
      .slice(0, SMOKE_STOCKS)
      .map((ticker) => vendoredPath(`sp500/${ticker}.csv.gz`))
      .join(",")
  : path.join(SHARED_DATA_DIR, "sp500");
const benchmark = SMOKE ? vendoredPath("ohlcv/SPY.csv") : path.join(SHARED_DATA_DIR, "ohlcv/SPY.csv");
const [from, to] = SMOKE ? ["2010-01-01", "2010-12-31"] : ["2009-01-01", "2017-12-31"];

for (const run of SMOKE ? ["smoke run (8 stocks, 2010; no target)"] : ["first run", "second run"]) {
  const started = performance.now();
  const { summary } = await runBacktest(parseBacktestArgs(["--data", dataArgs, "--benchmark", benchmark, "--from", from, "--to", to]));
  const seconds = (performance.now() - started) / 1000;
  const sessions = summary.all_dates.count;
  console.log(
    `${run}: ${summary.tickers} stocks, ${sessions.toLocaleString("en-US")} stock-sessions in ${seconds.toFixed(1)} s ` +
      `(${Math.round(sessions / seconds).toLocaleString("en-US")} sessions/s); target ≤ ${TARGET_SECONDS} s: ratio ${(seconds / TARGET_SECONDS).toFixed(2)} ` +
      `${seconds <= TARGET_SECONDS ? "(met)" : "(NOT met)"}; main-thread peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  if (SMOKE && (summary.tickers !== SMOKE_STOCKS || sessions === 0)) {
    console.log(`FAILED: the back-test scored ${summary.tickers} stocks and ${sessions} stock-sessions (expected ${SMOKE_STOCKS} stocks and some sessions)`);
    process.exitCode = 1;
  }
}
