import { barsFrom, type DailyBars } from "./market-data";

/**
 * A check of an adjusted daily series for jumps its own file does not explain (pure, no I/O). A
 * session is flagged when its adjusted close moves beyond 45% in log terms (up more than 45%, or down
 * more than 31%) and the move shows one of the marks of bad data rather than of news:
 *
 * - `split_day_jump`: the file records a split that day, yet the adjusted close jumps. An adjusted
 *   series is continuous across a real split, so the split factor (or the adjustment) is wrong.
 * - `adjustment_mismatch`: the adjusted close moves unlike the traded close, split and dividend of
 *   the same rows (`tradedClose[t] × split[t] / (tradedClose[t-1] − dividend[t])`) by more than 10%.
 * - `unrecorded_split`: no split and no dividend that day, and the move is within 2.5% of a halving
 *   or a doubling: a 2-for-1 (or 1-for-2) split the file did not record.
 * - `one_session_spike`: the next session's close is back within 5% of the close before the jump
 *   (a bad print for one day).
 *
 * A large move with none of these marks (a crash, a takeover bid, a trial result) is real and kept.
 * The thresholds and the choice of where to cut are in decision 054.
 */

/** What the file says happened on each session besides trading; null where its layout has no such column. */
export interface SessionEvents {
  /** Split factor effective that day (1 = none; 2 = 2-for-1). */
  split: Float64Array;
  /** Cash dividend paid that day, per share as traded. */
  dividend: Float64Array;
}

type GlitchReason = "split_day_jump" | "adjustment_mismatch" | "unrecorded_split" | "one_session_spike";

export interface PriceGlitch {
  date: string;
  /** The adjusted close's move that session (0.5 = +50%). */
  move: number;
  reason: GlitchReason;
}

/** What the check found in one series and what was kept (reported by the back-test). */
export interface DataCheck {
  ticker: string;
  glitches: PriceGlitch[];
  /** The first session kept, or null when nothing is left. */
  kept_from: string | null;
  dropped_sessions: number;
}

const JUMP = Math.log(1.45);
const MISMATCH = Math.log(1.1);
const SPLIT_LIKE = 0.025;
const SPIKE_RETURN = Math.log(1.05);

function nearSplitRatio(ratio: number): boolean {
  return Math.abs(ratio / 0.5 - 1) < SPLIT_LIKE || Math.abs(ratio / 2 - 1) < SPLIT_LIKE;
}

/** Why session i (i ≥ 1) is a glitch, or null when its move is ordinary or looks real. */
function glitchAt(bars: DailyBars, events: SessionEvents | null, i: number): GlitchReason | null {
  const { close } = bars;
  const ratio = close[i]! / close[i - 1]!;
  if (!(Math.abs(Math.log(ratio)) > JUMP)) return null;
  const split = events?.split[i] ?? 1;
  const dividend = events?.dividend[i] ?? 0;
  if (split !== 1) return "split_day_jump";
  const traded = bars.tradedClose;
  if (events && traded) {
    // A dividend as large as the close is a spin-off booked as a dividend: no implied move to compare.
    const before = traded[i - 1]! - dividend;
    if (before > 0 && Math.abs(Math.log(ratio / ((traded[i]! * split) / before))) > MISMATCH) return "adjustment_mismatch";
  }
  if (dividend === 0 && nearSplitRatio(ratio)) return "unrecorded_split";
  if (i + 1 < close.length && Math.abs(Math.log(close[i + 1]! / close[i - 1]!)) < SPIKE_RETURN) return "one_session_spike";
  return null;
}

/** Every session of the series whose adjusted close jumps in a way the file does not explain. */
export function findPriceGlitches(bars: DailyBars, events: SessionEvents | null): PriceGlitch[] {
  const glitches: PriceGlitch[] = [];
  for (let i = 1; i < bars.dates.length; i++) {
    const reason = glitchAt(bars, events, i);
    if (reason) glitches.push({ date: bars.dates[i]!, move: bars.close[i]! / bars.close[i - 1]! - 1, reason });
  }
  return glitches;
}

/**
 * The series checked: unchanged with no glitch; otherwise only the sessions after the last glitch
 * (the glitch session's own bar may be the bad one). Keeping the later part makes the stock start
 * late, as a new listing does, instead of vanishing mid-history as a delisting would.
 */
export function checkSeries(ticker: string, bars: DailyBars, events: SessionEvents | null): { bars: DailyBars; check: DataCheck | null } {
  const glitches = findPriceGlitches(bars, events);
  if (glitches.length === 0) return { bars, check: null };
  const from = bars.dates.indexOf(glitches[glitches.length - 1]!.date) + 1;
  const kept = barsFrom(bars, from);
  return { bars: kept, check: { ticker, glitches, kept_from: kept.dates[0] ?? null, dropped_sessions: from } };
}

/** One line for a person: the series, each jump with its date, move and mark, and what was kept. */
export function describeDataCheck(check: DataCheck): string {
  const jumps = check.glitches.map((g) => `${g.date} ${g.move >= 0 ? "+" : ""}${(g.move * 100).toFixed(1)}% (${g.reason.replaceAll("_", " ")})`).join(", ");
  const kept = check.kept_from ? `kept from ${check.kept_from}` : "nothing left, the series is left out";
  return `data check: ${check.ticker}: ${jumps}; ${check.dropped_sessions} sessions dropped, ${kept}`;
}
