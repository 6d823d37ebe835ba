import type { ActionStatsView, HistoricalSimulation, TradeStatsView, TrackRecordSummary } from "../../../contracts/track-record";
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
} from "../../../core/narrative/track-record-words";

/** Where the whole record is (the web's page). */
const TRACK_RECORD_PATH = "/track-record";

/**
 * 'How good are your calls?' and its kin: the track record, hit / win / success rate, accuracy,
 * how the calls or recommendations did or performed. Not 'how good is NVDA?' (a stock's own question).
 */
const TRACK_RECORD_QUESTION = new RegExp(
  [
    String.raw`\btrack[- ]?record\b`,
    String.raw`\b(?:hit|win|success|winning) (?:rate|ratio)s?\b`,
    String.raw`\baccuracy\b`,
    String.raw`\bhow (?:good|accurate|reliable|right|successful|profitable)\b[^?]*\b(?:calls?|recommendations?|picks?|signals?|predictions?|ratings?)\b`,
    String.raw`\bhow (?:good|accurate|reliable|successful) (?:are|is|were|have been) (?:you|quanta)\b`,
    String.raw`\bhow (?:did|do|have|has|were|are)\b[^?]*\b(?:calls?|recommendations?|picks?|signals?)\b[^?]*\b(?:do|did|done|doing|perform(?:ed|ing)?|work(?:ed|ing)? out|turn(?:ed)? out|go|gone)\b`,
    String.raw`\bperformance of\b[^?]*\b(?:calls?|recommendations?|picks?|signals?)\b`,
    String.raw`\b(?:your|quanta'?s) (?:past |previous |buy |sell |watch )*(?:calls?|recommendations?|picks?|signals?)'? (?:performance|results?|record)\b`,
  ].join("|"),
  "i",
);

export function asksForTrackRecord(question: string): boolean {
  return TRACK_RECORD_QUESTION.test(question);
}

function caveat(trades: number, minimum: number): string {
  const note = tooFewTradesNote(trades, minimum);
  return note ? ` _(${note})_` : "";
}

function tradeFigures(stats: TradeStatsView): string {
  return `${formatShare(stats.win_rate)} winners · average ${formatR(stats.avg_r)} (95% interval ${formatInterval(stats.avg_r_ci95)})`;
}

function actionLine(action: "BUY" | "WATCH" | "SELL", stats: ActionStatsView & { open: number }): string {
  const setups = action === "BUY" ? `${formatCount(stats.setups)} trades opened` : `${formatCount(stats.setups)} setups`;
  const side = action === "SELL" ? "lagged" : "beat";
  const head = `- **${action}:** ${formatCount(stats.count)} calls, ${setups} (${formatCount(stats.open)} still open)`;
  if (stats.hit_rate === null) return `${head} · hit rate not yet (it is measured 63 sessions after each call)`;
  return `${head} · hit rate ${formatShare(stats.hit_rate)} (setups that ${side} the benchmark 63 sessions later) · median excess return at +63 sessions ${formatSignedPercent(stats.median_excess.d63)}`;
}

/** 'S&P 500 stocks, 2009–2017, against SPY: BUY 488 trades, 50.0% winners, average +0.41R (…); trades on random dates …'. */
function simulationHeadline(simulation: HistoricalSimulation): string {
  const buy = simulation.actions.BUY;
  return (
    `${simulation.title} (${yearRange(simulation.from, simulation.to)}, ${formatCount(simulation.tickers)} stocks): BUY ${tradesWord(buy.trades)}, ${tradeFigures(buy)}; ` +
    `trades on random dates with the same stop, target and time limit averaged ${formatR(simulation.control.avg_r)}, so BUY ${controlVerdict(buy, simulation.control)}.`
  );
}

/** The rules assistant's answer: the record's key figures in markdown, with its caveats and a link to the page. */
export function trackRecordMarkdown(summary: TrackRecordSummary): string {
  const minimum = summary.min_meaningful_trades;
  const lines: string[] = [];
  if (summary.calls === 0) {
    lines.push("**Quanta's track record**", "", "No call has been recorded yet: the daily refresh stores every call it publishes, and the following sessions score them.");
    if (summary.simulated) lines.push("", "_The calls here come from the demo market: simulated prices._");
  } else {
    const versions = summary.engine_versions.join(", ");
    lines.push(
      `**Quanta's track record** (calls from ${summary.first_call ?? "—"}, scored to ${summary.last_session ?? "—"}, against ${summary.benchmark_name}; engine ${versions || "—"})`,
      "",
    );
    if (summary.simulated) {
      lines.push("_Simulated: these calls were made on the demo market's simulated prices. They show how the record works, not how the method does on a real market._", "");
    }
    const buy = summary.actions.BUY;
    lines.push(
      actionLine("BUY", buy),
      buy.trades === 0
        ? "- **BUY trades closed:** none yet (a trade closes at its stop, at its target or 126 sessions after the fill)"
        : `- **BUY trades closed:** ${tradesWord(buy.trades)} · ${tradeFigures(buy)}${caveat(buy.trades, minimum)}`,
      actionLine("WATCH", summary.actions.WATCH),
      actionLine("SELL", summary.actions.SELL),
    );
    const bases = Object.entries(summary.buy_trades_by_setup);
    if (bases.length > 0) {
      lines.push("", "**BUY trades by base**", ...bases.map(([base, stats]) => `- ${base}: ${tradesWord(stats.trades)} · ${tradeFigures(stats)}${caveat(stats.trades, minimum)}`));
    }
  }
  const [headline] = summary.historical;
  if (headline) lines.push("", `**Historical simulation** (back-tests of the same rules on past prices, not live calls): ${simulationHeadline(headline)}`);
  lines.push(
    "",
    "_R is a trade's gain or loss as a multiple of the risk taken (entry to stop); a trade is the first BUY of a base, played with its stop, target and a 126-session limit._",
    "",
    `${PAST_RESULTS_NOTICE} Every call and its outcome: [the track record](${TRACK_RECORD_PATH}).`,
  );
  return lines.join("\n");
}

function tradeDigest(stats: TradeStatsView, minimum: number) {
  return {
    trades: stats.trades,
    win_rate: formatShare(stats.win_rate),
    average_r: formatR(stats.avg_r),
    average_r_95_interval: formatInterval(stats.avg_r_ci95),
    too_few_trades_to_judge: stats.trades < minimum,
  };
}

/** What the model sees of the record: its key figures, already formatted as the app shows them. */
export function trackRecordDigest(summary: TrackRecordSummary) {
  const minimum = summary.min_meaningful_trades;
  const action = (name: "BUY" | "WATCH" | "SELL") => {
    const stats = summary.actions[name];
    return {
      calls: stats.count,
      setups: stats.setups,
      still_open: stats.open,
      hit_rate_63_sessions: formatShare(stats.hit_rate),
      median_excess_return: { d21: formatSignedPercent(stats.median_excess.d21), d63: formatSignedPercent(stats.median_excess.d63), d126: formatSignedPercent(stats.median_excess.d126) },
    };
  };
  return {
    simulated: summary.simulated,
    simulated_note: summary.simulated ? "The calls come from the demo market's simulated prices: they show how the record works, not the method's skill." : null,
    engine_versions: summary.engine_versions,
    first_call: summary.first_call,
    last_session_scored: summary.last_session,
    benchmark: summary.benchmark_name,
    calls: summary.calls,
    minimum_trades_to_judge: minimum,
    actions: { BUY: action("BUY"), WATCH: action("WATCH"), SELL: action("SELL") },
    buy_trades: tradeDigest(summary.actions.BUY, minimum),
    buy_trades_by_base: Object.fromEntries(Object.entries(summary.buy_trades_by_setup).map(([base, stats]) => [base, tradeDigest(stats, minimum)])),
    historical_simulations: summary.historical.map(simulationHeadline),
    notice: PAST_RESULTS_NOTICE,
    page: TRACK_RECORD_PATH,
  };
}
