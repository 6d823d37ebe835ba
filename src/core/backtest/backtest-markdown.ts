import type { ActionStats, BacktestSummary, GroupSummary, TradeStats } from "./backtest-summary";

/** The back-test summary as a Markdown report (the figures of docs/track-record.md). */

const pct = (value: number | null, signed = true): string =>
  value === null ? "n/a" : `${signed && value > 0 ? "+" : ""}${(Math.round(value * 1000) / 10).toFixed(1)}%`;
const num = (value: number | null, decimals = 2, signed = true): string =>
  value === null ? "n/a" : `${signed && value > 0 ? "+" : ""}${value.toFixed(decimals)}`;
const interval = (ci: [number | null, number | null]): string => (ci[0] === null || ci[1] === null ? "n/a" : `${num(ci[0])} to ${num(ci[1])}`);
const small = (trades: number): string => (trades > 0 && trades < 30 ? " (fewer than 30 trades: not meaningful)" : "");

function actionRow(name: string, s: ActionStats): string {
  return `| ${name} | ${s.count.toLocaleString("en-US")} | ${s.setups.toLocaleString("en-US")} | ${pct(s.hit_rate, false)} | ${pct(s.median_excess.d21)} | ${pct(s.median_excess.d63)} | ${pct(s.median_excess.d126)} |`;
}

function tradeRow(name: string, s: TradeStats): string {
  return `| ${name}${small(s.trades)} | ${s.trades.toLocaleString("en-US")} | ${pct(s.win_rate, false)} | ${num(s.avg_r)} | ${interval(s.avg_r_ci95)} | ${num(s.median_r)} | ${pct(s.avg_return)} | ${s.exits.stop} / ${s.exits.target} / ${s.exits.time} |`;
}

function groupSection(title: string, g: GroupSummary): string {
  const lines = [
    `### ${title}`,
    "",
    `${g.tickers} stocks, ${g.stock_years.toFixed(0)} stock-years. BUY setups: ${g.actions.BUY.setups} (${num(g.buy_setups_per_50_stock_years, 1, false)} per 50 stock-years).`,
    "",
    "| call | stock-sessions | setups | hit rate | median excess +21 | +63 | +126 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    actionRow("BUY", g.actions.BUY),
    actionRow("WATCH", g.actions.WATCH),
    actionRow("SELL", g.actions.SELL),
    actionRow("all dates", g.all_dates),
    "",
    "| trades | count | winners | average R | 95% interval | median R | average return | exits stop / target / time |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |",
    tradeRow("BUY setups", g.actions.BUY),
    tradeRow("control (random dates)", g.control),
    "",
    `BUY minus the same-session control (every other stock of the set bought at the same open with the same stop, target and time limit), ${g.paired_control.trades.toLocaleString("en-US")} trades: average R ${num(g.paired_control.diff_r)} (95% interval ${interval(g.paired_control.diff_r_ci95)}), average return ${pct(g.paired_control.diff_return)}.`,
    "",
    `BUY average R, 95% interval resampling entry months in 12-month blocks: ${interval(g.avg_r_ci95_block)}.`,
    "",
    `BUY setups, median return over 63 sessions minus trailing 252-session beta × the benchmark's: ${pct(g.beta_adjusted_excess.d63)}.`,
    "",
    `BUY minus the random-date control, average R: ${num(g.buy_minus_control_avg_r)}.`,
    "",
  ];
  const v3 = g.v3_acceptance;
  if (v3) {
    const verdict = (passed: boolean) => (passed ? "passed" : "failed");
    lines.push(
      `Method v3's acceptance (decision 052): (a) top decile's 63-session excess, mean of ${v3.months} months ${pct(v3.top_decile_d63)}, Newey-West t ${num(v3.newey_west_t, 2, false)} (needs ≥ +1.0% and t ≥ 2): ${verdict(v3.passed.a)}; (b) paired difference in R, block interval ${interval(v3.paired_diff_r_ci95)} (needs > 0): ${verdict(v3.passed.b)}; (c) beta-adjusted 63-session excess ${pct(v3.beta_adjusted_d63)} (needs > 0): ${verdict(v3.passed.c)}.`,
      "",
    );
  }
  const sells = Object.entries(g.sell_reasons);
  if (sells.length > 0) {
    lines.push("| SELL reason | setups | median excess +126 |", "| --- | ---: | ---: |");
    for (const [reason, s] of sells) lines.push(`| ${reason} | ${s.setups} | ${pct(s.median_excess_d126)} |`);
    lines.push("");
  }
  const setups = Object.entries(g.buy_trades_by_setup);
  if (setups.length > 0) {
    lines.push("| BUY trades by base | count | winners | average R | 95% interval | median R | average return | exits stop / target / time |", "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |");
    for (const [setup, s] of setups) lines.push(tradeRow(setup, s));
    lines.push("");
  }
  return lines.join("\n");
}

export function renderBacktestMarkdown(summary: BacktestSummary): string {
  const p = summary.parameters;
  const parts = [
    `## Back-test ${p.from} to ${p.to} (engine ${summary.engine_version})`,
    "",
    `Data: ${p.data.join(", ")}. Benchmark: ${p.benchmark}. Every ${p.step === 1 ? "session" : `${p.step}th session`}; control: ${p.control_draws} random entries (seed ${p.seed}). Costs: ${summary.costs_bp} bp a side in every trade.`,
    "",
    ...(summary.method === "v3" ? ["Method v3 as pre-registered (decision 052): RS rating 90+ while the benchmark is above its 200-day average; close stop at the wider of 15% or 3 × ATR(20); 126 sessions; no target.", ""] : []),
    groupSection("All stocks", summary),
    "### Market direction on the benchmark",
    "",
    "| state | share of sessions | median benchmark return over the next 63 sessions |",
    "| --- | ---: | ---: |",
    ...Object.entries(summary.market_states).map(([state, s]) => `| ${state} | ${pct(s.share, false)} | ${pct(s.median_return_d63)} |`),
    "",
  ];
  for (const [name, group] of Object.entries(summary.groups ?? {})) {
    parts.push(groupSection(name === "rest" ? "Tickers outside the tuning range (out of sample)" : `Tickers ${name} (tuning range)`, group));
  }
  return `${parts.join("\n")}\n`;
}
