// npm run track-record — re-runs the two back-tests of docs/track-record.md on ../shared/data and
// rewrites the figures (docs/backtest/*.json and the Markdown), so the document always belongs to
// the code. Run it whenever the method changes (ENGINE_VERSION bumps; a test checks they match).
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseBacktestArgs, runBacktest, summaryJson } from "../src/cli/backtest/backtest-command";
import { renderBacktestMarkdown } from "../src/core/backtest/backtest-markdown";
import type { BacktestSummary, GroupSummary } from "../src/core/backtest/backtest-summary";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = "../shared/data";
const runs = [
  {
    file: "docs/backtest/sp500-2009-2017-spy.json",
    args: ["--data", `${data}/sp500`, "--benchmark", `${data}/ohlcv/SPY.csv`, "--from", "2009-01-01", "--to", "2017-12-31", "--split", "A-M"],
  },
  {
    file: "docs/backtest/sp500-2005-2021-equal-weight.json",
    args: ["--data", `${data}/sp500`, "--benchmark", "equal-weight", "--from", "2005-01-01", "--to", "2021-04-21", "--split", "A-M"],
  },
] as const;

const pct = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(1)}%`);
const r2 = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${v.toFixed(2)}`);
const verdict = (ok: boolean) => (ok ? "met" : "**not met**");
const points = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(1)} points`);

/** The method's goals (docs/track-record.md), judged on one group of stocks. */
function goals(name: string, g: GroupSummary): string[] {
  const buy = g.actions.BUY;
  const all = g.all_dates;
  const lo = buy.avg_r_ci95[0];
  const d63 = buy.median_excess.d63 !== null && all.median_excess.d63 !== null ? buy.median_excess.d63 - all.median_excess.d63 : null;
  const d126 = g.actions.SELL.median_excess.d126 !== null && all.median_excess.d126 !== null ? g.actions.SELL.median_excess.d126 - all.median_excess.d126 : null;
  return [
    `| ${name} | BUY avg R minus control ≥ +0.30 | ${r2(g.buy_minus_control_avg_r)} (${r2(buy.avg_r)} vs ${r2(g.control.avg_r)}) | ${verdict((g.buy_minus_control_avg_r ?? -1) >= 0.3)} |`,
    `| ${name} | BUY avg R ≥ +0.50, 95% interval from ≥ +0.30 | ${r2(buy.avg_r)} (${r2(lo)} to ${r2(buy.avg_r_ci95[1])}) | ${verdict((buy.avg_r ?? -1) >= 0.5 && (lo ?? -1) >= 0.3)} |`,
    `| ${name} | BUY setups ≥ 6 per 50 stock-years | ${(g.buy_setups_per_50_stock_years ?? 0).toFixed(1)} | ${verdict((g.buy_setups_per_50_stock_years ?? 0) >= 6)} |`,
    `| ${name} | BUY median +63 excess ≥ all dates + 1 point | ${pct(buy.median_excess.d63)} vs ${pct(all.median_excess.d63)} (${points(d63)}) | ${verdict((d63 ?? -1) >= 0.01)} |`,
    `| ${name} | SELL median +126 excess ≤ all dates − 1 point | ${pct(g.actions.SELL.median_excess.d126)} vs ${pct(all.median_excess.d126)} (${points(d126)}) | ${verdict((d126 ?? 1) <= -0.01)} |`,
  ];
}

if (!existsSync(path.join(root, data))) {
  console.error(`track-record needs ${path.join(root, data)}`);
  process.exit(1);
}
process.chdir(root);
const summaries: BacktestSummary[] = [];
for (const run of runs) {
  const { summary } = await runBacktest(parseBacktestArgs([...run.args]));
  await writeFile(run.file, summaryJson(summary));
  summaries.push(summary);
  console.log(`${run.file}: ${summary.tickers} stocks`);
}

const [main, whole] = summaries as [BacktestSummary, BacktestSummary];

/**
 * Pre-registered experiments, read from the JSON of their one run (decision 052: run once, never
 * re-tuned); the commands that made them are printed with them.
 */
const experiments = [
  {
    file: "docs/backtest/v3-sp500-2005-2017-equal-weight.json",
    args: ["--data", `${data}/sp500`, "--benchmark", "equal-weight", "--from", "2005-01-01", "--to", "2017-12-31", "--split", "A-M", "--method", "v3"],
  },
  {
    file: "docs/backtest/v3-sp500-2018-2021-equal-weight.json",
    args: ["--data", `${data}/sp500`, "--benchmark", "equal-weight", "--from", "2018-01-01", "--to", "2021-04-21", "--method", "v3"],
  },
] as const;
const [v3In, v3Out] = (await Promise.all(experiments.map(async (e) => JSON.parse(await readFile(e.file, "utf8")) as BacktestSummary))) as [BacktestSummary, BacktestSummary];

/** One row of the v3 acceptance table: the three pre-registered tests and the trades behind them. */
function v3Row(name: string, g: GroupSummary): string {
  const a = g.v3_acceptance;
  const buy = g.actions.BUY;
  if (!a) return `| ${name} | n/a | n/a | n/a | |`;
  const interval = a.paired_diff_r_ci95 ? `${r2(a.paired_diff_r_ci95[0])} to ${r2(a.paired_diff_r_ci95[1])}` : "n/a";
  const mark = (ok: boolean) => (ok ? "passed" : "**failed**");
  return (
    `| ${name} | ${buy.trades} trades, ${r2(buy.avg_r)} R | ${pct(a.top_decile_d63)}, t ${a.newey_west_t === null ? "n/a" : a.newey_west_t.toFixed(2)} (${a.months} months): ${mark(a.passed.a)} ` +
    `| ${interval}: ${mark(a.passed.b)} | ${pct(a.beta_adjusted_d63)}: ${mark(a.passed.c)} |`
  );
}
const v3Table = [
  "| stocks, period | BUY trades | (a) top-decile +63 excess ≥ +1.0%, Newey-West t ≥ 2 | (b) paired difference in R, 95% block interval above 0 | (c) beta-adjusted +63 excess > 0 |",
  "| --- | --- | --- | --- | --- |",
  v3Row("all 396, 2005–2017 (decides)", v3In),
  v3Row("A–M, 2005–2017", v3In.groups!["A-M"]!),
  v3Row("N–Z, 2005–2017", v3In.groups!.rest!),
  v3Row("all 396, 2018–2021-04-21 (out of time, does not decide)", v3Out),
].join("\n");
const v3Passed = Boolean(v3In.v3_acceptance && v3In.v3_acceptance.passed.a && v3In.v3_acceptance.passed.b && v3In.v3_acceptance.passed.c);
const experimentsSection = [
  `### Method v3 (decision 052): ${v3Passed ? "passed, now the default" : "failed, method v2 stays"}`,
  "",
  "Written down before its code or any of its figures existed: BUY the top 10% of the universe by RS rating while the equal-weighted universe closes above its 200-day average; enter at the next open; exit on a close under the wider of 15% or 3 × ATR(20) below the entry, or after 126 sessions; no target; 10 bp costs a side. It was run once:",
  "",
  v3Table,
  "",
  "```",
  ...experiments.map((e) => `npx quanta backtest ${e.args.join(" ")} --json ${e.file}`),
  "```",
].join("\n");
const template = await readFile("docs/track-record.template.md", "utf8");
const goalRows = [
  "| stocks | goal | figure | |",
  "| --- | --- | --- | --- |",
  ...goals("A–M (tuning)", main.groups!["A-M"]!),
  ...goals("N–Z (out of sample)", main.groups!.rest!),
  ...goals("all 396", main),
].join("\n");
const document = template
  .replaceAll("{{engine_version}}", main.engine_version)
  .replace("{{commands}}", runs.map((r) => `npx quanta backtest ${r.args.join(" ")} --json ${r.file}`).join("\n"))
  .replace("{{goals}}", goalRows)
  .replace("{{experiments}}", experimentsSection)
  .replace(
    "{{headline}}",
    `2009–2017 against SPY: BUY trades averaged ${r2(main.actions.BUY.avg_r)} R (95% interval ${r2(main.actions.BUY.avg_r_ci95[0])} to ${r2(main.actions.BUY.avg_r_ci95[1])}, ${main.actions.BUY.trades} trades) against ${r2(main.control.avg_r)} R for the random-date control; ` +
      `on the tickers the method was not tuned on, ${r2(main.groups!.rest!.actions.BUY.avg_r)} R against ${r2(main.groups!.rest!.control.avg_r)} R. ` +
      `2005–2021 against the equal-weighted index: ${r2(whole.actions.BUY.avg_r)} R against ${r2(whole.control.avg_r)} R.`,
  )
  .replace("{{main}}", renderBacktestMarkdown(main))
  .replace("{{whole}}", renderBacktestMarkdown(whole));
await writeFile("docs/track-record.md", document);
console.log("docs/track-record.md written");
