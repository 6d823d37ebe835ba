import type { DailyBars } from "./market-data";
import type { SessionEvents } from "./price-check";

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
 * positive number, a negative volume or dividend throws a HistoryCsvError naming the ticker and line.
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

function failAt(ticker: string, line: number, message: string): never {
  throw new HistoryCsvError(`${ticker}: line ${line}: ${message}`);
}

/** The header's layout and where each column read sits (-1: the layout has none). */
interface HistoryHeader {
  layout: HistoryCsvFormat;
  /** The header's cells, lower-case, aliases resolved. */
  names: string[];
  dateCol: number;
  openCol: number;
  highCol: number;
  lowCol: number;
  closeCol: number;
  volumeCol: number;
  adjustedCol: number;
  splitCol: number;
  dividendCol: number;
  /** Cells located on each row: the columns read, and none beyond them. */
  width: number;
  /** Where the rows start in the text, and the header's line number. */
  pos: number;
  lineNo: number;
}

/** The first non-blank line, read as a header of one of the known layouts; a missing column throws. */
function readHeader(text: string, ticker: string): HistoryHeader {
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
  const names = headerLine.split(",").map((cell) => {
    const name = cell.trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    return ALIASES[name] ?? name;
  });
  const layout = detectFormat(names);
  const column = (name: string): number => {
    const at = names.indexOf(name);
    if (at === -1) failAt(ticker, lineNo, `no '${name}' column for the ${layout} layout (${FORMATS[layout].join(",")}).`);
    return at;
  };
  const at = Object.fromEntries(FORMATS[layout].map((name) => [name, column(name)])) as Record<string, number>;
  const columns = {
    dateCol: at.date!,
    openCol: at.open!,
    highCol: at.high!,
    lowCol: at.low!,
    closeCol: at.close!,
    volumeCol: at.volume!,
    adjustedCol: layout === "sp500" ? at.adj_close! : layout === "yahoo" ? at["adj close"]! : -1,
    splitCol: layout === "sp500" ? at.split! : -1,
    dividendCol: layout === "sp500" ? at.dividend! : -1,
  };
  const width = Math.max(...Object.values(columns)) + 1;
  return { layout, names, ...columns, width, pos, lineNo };
}

/** The rows in file order, prices already adjusted; `lineOf` keeps each row's line for messages. */
interface HistoryRows {
  n: number;
  sorted: boolean;
  dates: string[];
  lineOf: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  tradedClose: Float64Array;
  volume: Float64Array;
  split: Float64Array;
  dividend: Float64Array;
}

/** Reads every row after the header into columns, checking each cell read. */
function readRows(text: string, ticker: string, header: HistoryHeader): HistoryRows {
  const { layout, dateCol, openCol, highCol, lowCol, closeCol, volumeCol, adjustedCol, splitCol, dividendCol, width } = header;
  let { pos, lineNo } = header;
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
  const dividend = new Float64Array(capacity);
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
      if (from > lineEnd) failAt(ticker, lineNo, `${j} cells, the header has ${header.names.length}.`);
      let comma = text.indexOf(",", from);
      if (comma === -1 || comma > lineEnd) comma = lineEnd;
      starts[j] = from;
      ends[j] = comma;
      from = comma + 1;
    }
    if ((layout === "yahoo" || layout === "plain") && NULL_CELL.test(text.slice(lineStart, lineEnd))) continue;

    const date = dateAt(text, starts[dateCol]!, ends[dateCol]!);
    if (date === null) failAt(ticker, lineNo, `'${cell(dateCol)}' is not a date (YYYY-MM-DD).`);

    const o = number(openCol);
    const h = number(highCol);
    const l = number(lowCol);
    const c = number(closeCol);
    const v = number(volumeCol);
    // `!(x > 0)` also catches NaN; Infinity is caught separately.
    if (!(o > 0 && h > 0 && l > 0 && c > 0) || !Number.isFinite(o + h + l + c)) {
      failAt(ticker, lineNo, `a price is not a positive number (open '${cell(openCol)}', high '${cell(highCol)}', low '${cell(lowCol)}', close '${cell(closeCol)}').`);
    }
    if (!(v >= 0) || !Number.isFinite(v)) failAt(ticker, lineNo, `volume '${cell(volumeCol)}' is not a number of shares.`);
    let factor = 1;
    if (adjustedCol >= 0) {
      const adjusted = number(adjustedCol);
      if (!(adjusted > 0) || !Number.isFinite(adjusted)) failAt(ticker, lineNo, `adjusted close '${cell(adjustedCol)}' is not a positive number.`);
      factor = adjusted / c;
    }
    if (splitCol >= 0) {
      const s = number(splitCol);
      if (!(s > 0) || !Number.isFinite(s)) failAt(ticker, lineNo, `split '${cell(splitCol)}' is not a positive factor.`);
      split[n] = s;
    }
    if (dividendCol >= 0) {
      const d = number(dividendCol);
      if (!(d >= 0) || !Number.isFinite(d)) failAt(ticker, lineNo, `dividend '${cell(dividendCol)}' is not a cash amount.`);
      dividend[n] = d;
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
  return { n, sorted, dates, lineOf, open, high, low, close, tradedClose, volume, split, dividend };
}

/** The rows as bars sorted by date (with their split factors and dividends in the same order); a repeated date throws. */
function barsInDateOrder(rows: HistoryRows, ticker: string): { bars: DailyBars; splits: Float64Array; dividends: Float64Array } {
  const { n, dates, lineOf } = rows;
  const bars: DailyBars = {
    dates: dates.slice(0, n),
    open: rows.open.slice(0, n),
    high: rows.high.slice(0, n),
    low: rows.low.slice(0, n),
    close: rows.close.slice(0, n),
    volume: rows.volume.slice(0, n),
    tradedClose: rows.tradedClose.slice(0, n),
  };
  let splits: Float64Array = rows.split.subarray(0, n);
  let dividends: Float64Array = rows.dividend.subarray(0, n);
  if (rows.sorted) return { bars, splits, dividends };
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
  dividends = permute(dividends);
  for (let i = 1; i < n; i++) {
    if (bars.dates[i] === bars.dates[i - 1]) failAt(ticker, lineOf[order[i]!]!, `the date ${bars.dates[i]} already appears on line ${lineOf[order[i - 1]!]}.`);
  }
  return { bars, splits, dividends };
}

/**
 * A split on day t (factor 2 = 2-for-1) doubles every earlier volume, not day t's own, which
 * already counts new shares: walk back from the newest row, carrying the product of later splits.
 */
function volumesInTodaysShares(volume: Float64Array, splits: Float64Array): void {
  let later = 1;
  for (let i = volume.length - 1; i >= 0; i--) {
    volume[i]! *= later;
    later *= splits[i]!;
  }
}

/** The bars, and for the sp500 layout the split and dividend of each session (null for layouts without them). */
export function parseHistoryCsvWithEvents(text: string, ticker: string): { bars: DailyBars; events: SessionEvents | null } {
  const header = readHeader(text, ticker);
  const { bars, splits, dividends } = barsInDateOrder(readRows(text, ticker, header), ticker);
  if (header.layout !== "sp500") return { bars, events: null };
  // Copies: the sorted case hands out views of the row buffers, which are larger than n.
  const split = Float64Array.from(splits);
  volumesInTodaysShares(bars.volume, splits);
  return { bars, events: { split, dividend: Float64Array.from(dividends) } };
}

export function parseHistoryCsv(text: string, ticker: string): DailyBars {
  return parseHistoryCsvWithEvents(text, ticker).bars;
}
