/**
 * How the track record's figures read in words (the `quanta track-record` text and the chat's
 * answer), with the page's formats (decision 030): R signed with 2 decimals ('+0.41R'), shares and
 * returns with 1 decimal, a figure that does not exist yet as '—', and the same verdict against the
 * random-date control. Plain numbers in, text out: the callers hold the contract's types.
 */

export const NO_FIGURE = "—";

export const PAST_RESULTS_NOTICE = "Past results do not guarantee future results.";

const isNumber = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);

/** 0.413 → '+0.41R', -1 → '-1.00R', 0 → '0.00R'. */
export function formatR(value: number | null | undefined): string {
  if (!isNumber(value)) return NO_FIGURE;
  const hundredths = Math.round(value * 100);
  if (hundredths === 0) return "0.00R";
  return `${hundredths > 0 ? "+" : "-"}${(Math.abs(hundredths) / 100).toFixed(2)}R`;
}

/** A share: 0.5 → '50.0%'. */
export function formatShare(value: number | null | undefined): string {
  return isNumber(value) ? `${(Math.round(value * 1000) / 10).toFixed(1)}%` : NO_FIGURE;
}

/** A return with its sign: 0.006 → '+0.6%', -0.0289 → '-2.9%', 0 → '0.0%'. */
export function formatSignedPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return NO_FIGURE;
  const tenths = Math.round(value * 1000);
  if (tenths === 0) return "0.0%";
  return `${tenths > 0 ? "+" : "-"}${(Math.abs(tenths) / 10).toFixed(1)}%`;
}

/** The 95% interval of an average R: '+0.26R to +0.58R', or '—' when an end is missing. */
export function formatInterval(interval: readonly [number | null, number | null]): string {
  const [low, high] = interval;
  return isNumber(low) && isNumber(high) ? `${formatR(low)} to ${formatR(high)}` : NO_FIGURE;
}

/** A whole count with thousands separators: 100000 → '100,000'. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

export function tradesWord(trades: number): string {
  return `${formatCount(trades)} ${trades === 1 ? "trade" : "trades"}`;
}

/** The words beside a figure that rests on fewer than `minimum` trades, or null when it rests on enough. */
export function tooFewTradesNote(trades: number, minimum: number): string | null {
  return trades < minimum ? `fewer than ${formatCount(minimum)} trades — too few to judge` : null;
}

/**
 * BUY trades against trades entered on random dates with the same rules (decision 030): they beat
 * them only when the low end of BUY's 95% interval is above the control's average; a higher
 * average inside the interval is no clear edge. Null without both averages.
 */
export function controlComparison(
  buy: { avg_r: number | null; avg_r_ci95: readonly [number | null, number | null] },
  control: { avg_r: number | null },
): "beat" | "did-not-beat" | "no-clear-edge" | null {
  if (!isNumber(buy.avg_r) || !isNumber(control.avg_r)) return null;
  if (buy.avg_r <= control.avg_r) return "did-not-beat";
  const low = buy.avg_r_ci95[0];
  return isNumber(low) && low > control.avg_r ? "beat" : "no-clear-edge";
}

const VERDICT_WORDS = { beat: "beat trades on random dates", "did-not-beat": "did not beat trades on random dates", "no-clear-edge": "no clear edge over trades on random dates" } as const;

/** The comparison in a few words, for the CLI and the chat. */
export function controlVerdict(buy: { avg_r: number | null; avg_r_ci95: readonly [number | null, number | null] }, control: { avg_r: number | null }): string {
  const comparison = controlComparison(buy, control);
  return comparison === null ? "no comparison with random dates yet" : VERDICT_WORDS[comparison];
}

/** '2009–2017' from 'YYYY-MM-DD' dates. */
export function yearRange(from: string, to: string): string {
  const first = /^(\d{4})-/.exec(from)?.[1] ?? from;
  const last = /^(\d{4})-/.exec(to)?.[1] ?? to;
  return first === last ? first : `${first}–${last}`;
}
