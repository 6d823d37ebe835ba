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

/** What `quanta track-record verify` needs to say (the service's TrackRecordVerification). */
export interface VerificationView {
  scope: "simulated" | "market";
  calls: number;
  outcomesChecked: number;
  notChecked: { ticker: string; date: string; reason: string }[];
  outcomes: { callId: string; ticker: string; date: string; path: string; stored: string; recomputed: string }[];
  figures: { path: string; stored: string; recomputed: string }[];
  matches: boolean;
}

/** The differences listed one a line, as many as `limit`, then how many more. */
function differenceLines<T>(items: readonly T[], line: (item: T) => string, limit = 50): string[] {
  const shown = items.slice(0, limit).map((item) => `  ${safe(line(item))}`);
  return items.length > limit ? [...shown, `  … and ${formatCount(items.length - limit)} more`] : shown;
}

/** The answer of `quanta track-record verify`: whether the published record is what its stored calls give, and where not. */
export function formatVerification(result: VerificationView): string {
  const lines = [
    `Track record (${result.scope === "simulated" ? "demo market, simulated calls" : "market"}): ${formatCount(result.calls)} distinct calls; ${formatCount(result.outcomesChecked)} outcomes replayed from their call over the market's bars.`,
  ];
  if (result.notChecked.length > 0) {
    lines.push(`Not checked: ${formatCount(result.notChecked.length)} outcomes (the market's bars do not reach back to the call):`);
    lines.push(...differenceLines(result.notChecked, (n) => `${n.ticker} ${n.date}: ${n.reason}`, 10));
  }
  lines.push(
    result.outcomes.length === 0
      ? "Outcomes: match."
      : `Outcomes: ${formatCount(result.outcomes.length)} ${result.outcomes.length === 1 ? "difference" : "differences"} (stored → replayed from the call):`,
  );
  lines.push(...differenceLines(result.outcomes, (d) => `${d.ticker} ${d.date} (call ${d.callId}) ${d.path}: ${d.stored} → ${d.recomputed}`));
  lines.push(
    result.figures.length === 0
      ? "Figures: match."
      : `Figures: ${formatCount(result.figures.length)} ${result.figures.length === 1 ? "difference" : "differences"} (stored → recomputed from the stored outcomes):`,
  );
  lines.push(...differenceLines(result.figures, (d) => `${d.path}: ${d.stored} → ${d.recomputed}`));
  lines.push(result.matches ? "The published record matches its stored calls." : "The published record does NOT match its stored calls.");
  return `${lines.join("\n")}\n`;
}
