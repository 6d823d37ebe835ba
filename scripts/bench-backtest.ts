// npm run bench:backtest — times `quanta backtest` on the 396-stock sp500/ set, 2009–2017, every
// session (issue 13). Target: ≤ 120 s on this 2-core machine. Prints the time, the ratio to the
// target, throughput and peak memory; runs twice (cold and warm file cache) and reports both.
import { existsSync } from "node:fs";
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

for (const run of ["first run", "second run"]) {
  const started = performance.now();
  const { summary } = await runBacktest(parseBacktestArgs(["--data", data, "--benchmark", benchmark, "--from", "2009-01-01", "--to", "2017-12-31"]));
  const seconds = (performance.now() - started) / 1000;
  const sessions = summary.all_dates.count;
  console.log(
    `${run}: ${summary.tickers} stocks, ${sessions.toLocaleString("en-US")} stock-sessions in ${seconds.toFixed(1)} s ` +
      `(${Math.round(sessions / seconds).toLocaleString("en-US")} sessions/s); target ≤ ${TARGET_SECONDS} s: ratio ${(seconds / TARGET_SECONDS).toFixed(2)} ` +
      `${seconds <= TARGET_SECONDS ? "(met)" : "(NOT met)"}; main-thread peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}
