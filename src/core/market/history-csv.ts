import type { DailyBars } from "./market-data";

/**
 * Daily price history files for back-tests (text in, bars out; no I/O). Three layouts are known,
 * told apart by their header (case-insensitive, cells trimmed, any column order):
 *
 * - `sp500`: `date,open,high,low,close,adj_close,volume,dividend,split` (shared/data/sp500). Prices
 *   and volume are as traded. OHLC are scaled by the row's adj_close/close (split- and
 *   dividend-adjusted series), `tradedClose` keeps the close as traded, and each volume is multiplied
 *   by the split factors of all later rows so it is in today's shares.
 * - `yahoo`: `Date,Open,High,Low,Close,Adj Close,Volume`. Close and Volume are already
 *   split-adjusted; OHLC are scaled by Adj Close/Close. `tradedClose` is Close, the nearest to a
 *   traded price this format has: it is split-adjusted (only dividends are taken out of it).
 *   Rows with a 'null' cell (days Yahoo has no quote for) are skipped.
 * - `zipline`: `date,open,high,low,close,volume,dividend,split` (zipline csvdir). Prices and volume
 *   are already split-adjusted and taken as given; `tradedClose` is close.
 * - `plain`: `date,open,high,low,close,volume` and nothing that names another layout (a user's own
 *   export, `quanta analyze --bars`): taken as given; rows with a 'null' cell are skipped.
 *   'Adjusted Close' and 'AdjClose' read as Yahoo's 'Adj Close'.
 *
 * Rows come out sorted by date. A duplicate date, a missing column or cell, a price that is not a
 * positive number, or a negative volume throws a HistoryCsvError naming the ticker and line.
 */
type HistoryCsvFormat = "sp500" | "yahoo" | "zipline" | "plain";

export class HistoryCsvError extends Error {
  readonly code = "invalid_history_csv";
  constructor(message: string) {
    super(message);
    this.name = "HistoryCsvError";
  }
}

const FORMATS: Record<HistoryCsvFormat, readonly string[]> = {
  sp500: ["date", "open", "high", "low", "close", "adj_close", "volume", "dividend", "split"],
  yahoo: ["date", "open", "high", "low", "close", "adj close", "volume"],
  zipline: ["date", "open", "high", "low", "close", "volume", "dividend", "split"],
  plain: ["date", "open", "high", "low", "close", "volume"],
};

/** Other spellings of a column, as other exports write them. */
const ALIASES: Record<string, string> = { adjclose: "adj close", "adjusted close": "adj close" };

/** The layout a header names: by its one distinguishing column, so a missing other column is reported by name. */
function detectFormat(header: readonly string[]): HistoryCsvFormat {
  if (header.includes("adj_close")) return "sp500";
  if (header.includes("adj close")) return "yahoo";
  if (header.includes("split") || header.includes("dividend")) return "zipline";
  return "plain";
}

const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`)); // exact doubles up to 1e22

/**
 * The number in text[from, to), trimmed; NaN for a blank cell (Number("") would be 0). Plain
 * decimals of up to 15 digits are read in place as integer / 10^k, which is exact in the same way
 * Number() is (both operands are exact doubles, and one division rounds correctly) but needs no
 * substring: parsing 1.6 million rows is mostly this. Anything else goes to Number().
 */
function decimalAt(text: string, from: number, to: number): number {
  while (from < to && text.charCodeAt(from) <= 32) from++;
  while (to > from && text.charCodeAt(to - 1) <= 32) to--;
  if (from === to) return Number.NaN;
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let dot = false;
  for (let k = from; k < to; k++) {
    const code = text.charCodeAt(k);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      if (dot) decimals++;
    } else if (code === 46 && !dot) {
      dot = true;
    } else {
      return Number(text.slice(from, to));
    }
  }
  if (digits === 0 || digits > 15) return Number(text.slice(from, to));
  return decimals === 0 ? mantissa : mantissa / POW10[decimals]!;
}

/** YYYY-MM-DD at text[from, to) (trimmed), optionally followed by a time part; null otherwise. */
function dateAt(text: string, from: number, to: number): string | null {
  while (from < to && text.charCodeAt(from) <= 32) from++;
  if (to - from < 10) return null;
  for (let k = 0; k < 10; k++) {
    const code = text.charCodeAt(from + k);
    const ok = k === 4 || k === 7 ? code === 45 : code >= 48 && code <= 57;
    if (!ok) return null;
  }
  const next = from + 10 < to ? text.charCodeAt(from + 10) : 32;
  // A time part ('2020-01-02 00:00:00', '2020-01-02T00:00:00Z') is dropped.
  if (next > 32 && next !== 84) return null;
  return text.slice(from, from + 10);
}

const NULL_CELL = /(^|,)\s*null\s*(,|$)/i;

export function parseHistoryCsv(text: string, ticker: string): DailyBars {
  function fail(line: number, message: string): never {
    throw new HistoryCsvError(`${ticker}: line ${line}: ${message}`);
  }

  // Lines are walked in place (no split of the whole text, no array per row).
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNo = 0;
  let headerLine = "";
  while (pos <= text.length && headerLine === "") {
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    lineNo++;
    headerLine = text.slice(pos, end).trim();
    pos = end + 1;
  }
  if (headerLine === "") throw new HistoryCsvError(`${ticker}: the file is empty.`);
  const headerNo = lineNo;
  const header = headerLine.split(",").map((cell) => {
    const name = cell.trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    return ALIASES[name] ?? name;
  });
  const layout = detectFormat(header);
  const column = (name: string): number => {
    const at = header.indexOf(name);
    if (at === -1) fail(headerNo, `no '${name}' column for the ${layout} layout (${FORMATS[layout].join(",")}).`);
    return at;
  };
  const at = Object.fromEntries(FORMATS[layout].map((name) => [name, column(name)])) as Record<string, number>;
  const dateCol = at.date!;
  const openCol = at.open!;
  const highCol = at.high!;
  const lowCol = at.low!;
  const closeCol = at.close!;
  const volumeCol = at.volume!;
  const adjustedCol = layout === "sp500" ? at.adj_close! : layout === "yahoo" ? at["adj close"]! : -1;
  const splitCol = layout === "sp500" ? at.split! : -1;
  // Only the columns read are located on each row; cells beyond them are not looked at.
  const width = Math.max(dateCol, openCol, highCol, lowCol, closeCol, volumeCol, adjustedCol, splitCol) + 1;

  // Columns filled in file order, then reordered only if the file is not already sorted.
  let capacity = 1;
  for (let k = text.indexOf("\n", pos); k !== -1; k = text.indexOf("\n", k + 1)) capacity++;
  const dates = new Array<string>(capacity);
  const lineOf = new Int32Array(capacity);
  const open = new Float64Array(capacity);
  const high = new Float64Array(capacity);
  const low = new Float64Array(capacity);
  const close = new Float64Array(capacity);
  const tradedClose = new Float64Array(capacity);
  const volume = new Float64Array(capacity);
  const split = new Float64Array(capacity);
  const starts = new Int32Array(width);
  const ends = new Int32Array(width);
  const number = (j: number) => decimalAt(text, starts[j]!, ends[j]!);
  const cell = (j: number) => text.slice(starts[j]!, ends[j]!).trim();
  let n = 0;
  let sorted = true;

  while (pos <= text.length) {
    const lineStart = pos;
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    pos = lineEnd + 1;
    lineNo++;
    let blank = true;
    for (let k = lineStart; k < lineEnd && blank; k++) blank = text.charCodeAt(k) <= 32;
    if (blank) continue;
    let from = lineStart;
    for (let j = 0; j < width; j++) {
      if (from > lineEnd) fail(lineNo, `${j} cells, the header has ${header.length}.`);
      let comma = text.indexOf(",", from);
      if (comma === -1 || comma > lineEnd) comma = lineEnd;
      starts[j] = from;
      ends[j] = comma;
      from = comma + 1;
    }
    if ((layout === "yahoo" || layout === "plain") && NULL_CELL.test(text.slice(lineStart, lineEnd))) continue;

    const date = dateAt(text, starts[dateCol]!, ends[dateCol]!);
    if (date === null) fail(lineNo, `'${cell(dateCol)}' is not a date (YYYY-MM-DD).`);

    const o = number(openCol);
    const h = number(highCol);
    const l = number(lowCol);
    const c = number(closeCol);
    const v = number(volumeCol);
    // `!(x > 0)` also catches NaN; Infinity is caught separately.
    if (!(o > 0 && h > 0 && l > 0 && c > 0) || !Number.isFinite(o + h + l + c)) {
      fail(lineNo, `a price is not a positive number (open '${cell(openCol)}', high '${cell(highCol)}', low '${cell(lowCol)}', close '${cell(closeCol)}').`);
    }
    if (!(v >= 0) || !Number.isFinite(v)) fail(lineNo, `volume '${cell(volumeCol)}' is not a number of shares.`);
    let factor = 1;
    if (adjustedCol >= 0) {
      const adjusted = number(adjustedCol);
      if (!(adjusted > 0) || !Number.isFinite(adjusted)) fail(lineNo, `adjusted close '${cell(adjustedCol)}' is not a positive number.`);
      factor = adjusted / c;
    }
    if (splitCol >= 0) {
      const s = number(splitCol);
      if (!(s > 0) || !Number.isFinite(s)) fail(lineNo, `split '${cell(splitCol)}' is not a positive factor.`);
      split[n] = s;
    }

    if (n > 0 && date <= dates[n - 1]!) sorted = false;
    dates[n] = date;
    lineOf[n] = lineNo;
    open[n] = o * factor;
    high[n] = h * factor;
    low[n] = l * factor;
    close[n] = c * factor;
    tradedClose[n] = c;
    volume[n] = v;
    n++;
  }

  const bars: DailyBars = {
    dates: dates.slice(0, n),
    open: open.slice(0, n),
    high: high.slice(0, n),
    low: low.slice(0, n),
    close: close.slice(0, n),
    volume: volume.slice(0, n),
    tradedClose: tradedClose.slice(0, n),
  };
  let splits: Float64Array = split.subarray(0, n);
  if (!sorted) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (dates[a]! < dates[b]! ? -1 : dates[a]! > dates[b]! ? 1 : lineOf[a]! - lineOf[b]!));
    const permute = (values: Float64Array): Float64Array => Float64Array.from(order, (i) => values[i]!);
    bars.dates = order.map((i) => dates[i]!);
    bars.open = permute(bars.open);
    bars.high = permute(bars.high);
    bars.low = permute(bars.low);
    bars.close = permute(bars.close);
    bars.volume = permute(bars.volume);
    bars.tradedClose = permute(bars.tradedClose!);
    splits = permute(splits);
    for (let i = 1; i < n; i++) {
      if (bars.dates[i] === bars.dates[i - 1]) fail(lineOf[order[i]!]!, `the date ${bars.dates[i]} already appears on line ${lineOf[order[i - 1]!]}.`);
    }
  }

  if (layout === "sp500") {
    // A split on day t (factor 2 = 2-for-1) doubles every earlier volume, not day t's own, which
    // already counts new shares: walk back from the newest row, carrying the product of later splits.
    let later = 1;
    for (let i = n - 1; i >= 0; i--) {
      bars.volume[i]! *= later;
      later *= splits[i]!;
    }
  }
  return bars;
}
