// npm run bench:backtest — times `quanta backtest` on the 396-stock sp500/ set, 2009–2017, every
// session. Target: ≤ 120 s on this 2-core machine. Prints the time, the ratio to the
// target, throughput and peak memory; runs twice (cold and warm file cache) and reports both.
// `--smoke` (or BENCH_SMOKE=1): 8 stocks over 2016, once; fails only when the back-test breaks
// (or scores nothing), never on the time target.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseBacktestArgs, runBacktest } from "../src/cli/backtest/backtest-command";

const TARGET_SECONDS = 120;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = path.resolve(root, "../shared/data/sp500");
const benchmark = path.resolve(root, "../shared/data/ohlcv/SPY.csv");
if (!existsSync(data)) {
  console.error(`bench:backtest needs the shared data set at ${data}`);
  process.exit(1);
}

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const SMOKE_STOCKS = 8;
const dataArgs = SMOKE
  ? readdirSync(data)
      .filter((file) => file.endsWith(".csv.gz"))
      .sort()
      .slice(0, SMOKE_STOCKS)
      .map((file) => path.join(data, file))
      .join(",")
  : data;
const [from, to] = SMOKE ? ["2016-01-01", "2016-12-31"] : ["2009-01-01", "2017-12-31"];

for (const run of SMOKE ? ["smoke run (8 stocks, 2016; no target)"] : ["first run", "second run"]) {
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
