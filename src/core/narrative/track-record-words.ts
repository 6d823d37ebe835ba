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

interface ReturnFigures {
  trades: number;
  avg_return: number | null;
  avg_r: number | null;
  avg_r_ci95: readonly [number | null, number | null];
}

/**
 * BUY trades against the random-date control in percent returns, for a reader who does not think in
 * R: 'did not beat' when the average return per trade is not higher; 'beat' only when it is higher
 * AND the R test above says beat (the low end of the 95% interval clears the control); a higher
 * return without that is 'no clear edge'. Null without both average returns.
 */
function returnComparison(buy: ReturnFigures, control: Pick<ReturnFigures, "avg_return" | "avg_r">): "beat" | "did-not-beat" | "no-clear-edge" | null {
  if (!isNumber(buy.avg_return) || !isNumber(control.avg_return)) return null;
  if (buy.avg_return <= control.avg_return) return "did-not-beat";
  return controlComparison(buy, control) === "beat" ? "beat" : "no-clear-edge";
}

const RETURN_VERDICT_WORDS = {
  beat: "they beat random entries",
  "did-not-beat": "they did not beat random entries",
  "no-clear-edge": "a little more, well within the uncertainty of the figures: no clear edge over random entries",
} as const;

/**
 * The page's first sentence, from a simulation's BUY trades and its random-date control: 'BUY calls
 * returned +3.3% on average per trade against +4.1% for random entries over the same years (…):
 * they did not beat random entries.' Null without both average returns.
 */
export function returnVerdict(buy: ReturnFigures, control: Pick<ReturnFigures, "trades" | "avg_return" | "avg_r">): string | null {
  const comparison = returnComparison(buy, control);
  if (comparison === null) return null;
  return (
    `BUY calls returned ${formatSignedPercent(buy.avg_return)} on average per trade (${tradesWord(buy.trades)}) against ` +
    `${formatSignedPercent(control.avg_return)} for random entries over the same years with the same stop, target and time limit ` +
    `(${tradesWord(control.trades)}): ${RETURN_VERDICT_WORDS[comparison]}.`
  );
}

/**
 * What the live calls say so far, in percent: 'Live BUY calls so far: 53 trades closed, +3.1% on
 * average per trade (+0.40R).', with the too-few words when they rest on fewer than `minimum`.
 */
export function liveReturnSentence(buy: ReturnFigures, minimum: number): string {
  if (buy.trades === 0) return "Live BUY calls so far: no trade has closed yet, so there is no live return to compare.";
  const average = isNumber(buy.avg_return) ? `, ${formatSignedPercent(buy.avg_return)} on average per trade (${formatR(buy.avg_r)})` : "";
  const note = tooFewTradesNote(buy.trades, minimum);
  return `Live BUY calls so far: ${tradesWord(buy.trades)} closed${average}${note ? ` — ${note}` : ""}.`;
}
