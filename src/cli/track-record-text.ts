import type { ActionStatsView, HistoricalSimulation, TradeStatsView, TrackRecordSummary } from "../contracts/track-record";
import {
  controlVerdict,
  formatCount,
  formatInterval,
  formatR,
  formatShare,
  formatSignedPercent,
  PAST_RESULTS_NOTICE,
  tooFewTradesNote,
  tradesWord,
  yearRange,
} from "../core/narrative/track-record-words";
import { terminalSafe as safe } from "../core/text/terminal-safe";

type Action = "BUY" | "WATCH" | "SELL";
const ACTIONS: Action[] = ["BUY", "WATCH", "SELL"];

function clock(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

function excessLine(stats: ActionStatsView, action: Action): string {
  const sign = action === "SELL" ? "below" : "above";
  const { d21, d63, d126 } = stats.median_excess;
  const hitRate = stats.hit_rate === null ? "hit rate not yet (measured 63 sessions after each call)" : `hit rate ${formatShare(stats.hit_rate)} (63 sessions later ${sign} the benchmark)`;
  return `${hitRate} · median excess return +21 ${formatSignedPercent(d21)}, +63 ${formatSignedPercent(d63)}, +126 ${formatSignedPercent(d126)}`;
}

/** '41 trades: win rate 54.0%, average R +0.40R (95% interval +0.10R to +0.70R)', with the caveat when too few. */
function tradeLine(stats: TradeStatsView, minimum: number): string {
  const caveat = tooFewTradesNote(stats.trades, minimum);
  const figures = `win rate ${formatShare(stats.win_rate)}, average R ${formatR(stats.avg_r)} (95% interval ${formatInterval(stats.avg_r_ci95)})`;
  return `${tradesWord(stats.trades)}: ${figures}${caveat ? ` — ${caveat}` : ""}`;
}

function simulationLine(simulation: HistoricalSimulation, minimum: number): string[] {
  const buy = simulation.actions.BUY;
  const lines = [
    `  ${safe(simulation.title)} (${yearRange(simulation.from, simulation.to)}, ${formatCount(simulation.tickers)} tickers, engine ${safe(simulation.engine_version)})`,
    `    BUY ${tradeLine(buy, minimum)}`,
    `    random-date control: average R ${formatR(simulation.control.avg_r)} over ${tradesWord(simulation.control.trades)} — BUY ${controlVerdict(buy, simulation.control)}`,
  ];
  return lines;
}

/**
 * `quanta track-record`: the record's summary as the page states it — simulated or not, engine
 * versions, per action the calls, setups and outcomes, BUY trades with their win rate and average R
 * (every figure on fewer than `min_meaningful_trades` trades says so), by base, and the historical
 * simulations, then the notice and the page's address.
 */
export function formatTrackRecord(summary: TrackRecordSummary, pageUrl: string): string {
  const minimum = summary.min_meaningful_trades;
  const lines: string[] = [`Quanta's track record: every call the daily screen published, scored against ${safe(summary.benchmark_name)}`];
  if (summary.simulated) {
    lines.push("SIMULATED: these calls were made on the demo market's simulated prices. They show how the record works, not how the method does on a real market.");
  }
  if (summary.calls === 0) {
    lines.push("", "No call recorded yet. The daily refresh records every call it publishes (`quanta refresh` runs one now); the calls are scored as the following sessions arrive.");
  } else {
    lines.push(
      `Engine version${summary.engine_versions.length === 1 ? "" : "s"}: ${summary.engine_versions.map((v) => safe(v)).join(", ") || "—"}`,
      `First call ${summary.first_call ?? "—"} · last session scored ${summary.last_session ?? "—"}${summary.computed_at ? ` · figures computed ${clock(summary.computed_at)}` : ""}`,
      `${formatCount(summary.calls)} calls (stock-sessions), ${formatCount(summary.setups)} distinct setups`,
    );
    for (const action of ACTIONS) {
      const stats = summary.actions[action];
      lines.push(
        "",
        `${action.padEnd(5)}  ${formatCount(stats.count)} calls, ${formatCount(stats.setups)} ${action === "BUY" ? "trades opened" : "setups"}, ${formatCount(stats.open)} still open`,
        `       ${excessLine(stats, action)}`,
      );
      if (action === "BUY" && stats.trades === 0) {
        lines.push("       closed trades: none yet (a trade closes at its stop, at its target or 126 sessions after the fill)");
      } else if (action === "BUY") {
        lines.push(
          `       closed ${tradeLine(stats, minimum)}`,
          `       exits: ${stats.exits.target} at the target, ${stats.exits.stop} at the stop, ${stats.exits.time} timed out`,
        );
      }
    }
    const bases = Object.entries(summary.buy_trades_by_setup);
    lines.push("", "BUY trades by base:");
    if (bases.length === 0) lines.push("  none closed yet");
    for (const [base, stats] of bases) lines.push(`  ${safe(base)}: ${tradeLine(stats, minimum)}`);
  }
  if (summary.historical.length > 0) {
    lines.push("", "Historical simulation (back-tests of the same rules on past prices, not live calls; see docs/track-record.md):");
    for (const simulation of summary.historical) lines.push(...simulationLine(simulation, minimum));
  }
  lines.push("", PAST_RESULTS_NOTICE, `The page: ${safe(pageUrl)}`);
  return `${lines.join("\n")}\n`;
}
