/**
 * Market data as the engine consumes it. Bars are columns of typed arrays (one allocation per
 * column, none per bar), oldest first. Prices are split-adjusted ('Adj Close' when a source has it).
 */
export interface DailyBars {
  /** ISO dates (YYYY-MM-DD), oldest first, one per session. */
  dates: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Close as traded that day (before later splits and dividends), when the other prices are adjusted; price rules such as the $20 minimum use it. */
  tradedClose?: Float64Array;
}

export interface CompanyProfile {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  /** ISO currency of the listing's prices ('USD', 'EUR'); absent when the source does not say. */
  currency?: string | null;
}

/** One fiscal quarter's earnings per share; quarters come oldest first. */
export interface QuarterlyEps {
  /** Fiscal period end, ISO date. */
  periodEnd: string;
  eps: number;
}

export interface AnnualEps {
  fiscalYear: number;
  eps: number;
}

export interface InstitutionalOwnership {
  /** Fraction of shares held by institutions (0.72 = 72%). */
  percentHeld: number | null;
  holders: number | null;
  holdersPreviousQuarter: number | null;
  shares: number | null;
  sharesPreviousQuarter: number | null;
}

export interface Fundamentals {
  quarterlyEps: QuarterlyEps[];
  annualEps: AnnualEps[];
  ownership: InstitutionalOwnership | null;
}

/** One session's (or week's) bar as a row (date YYYY-MM-DD): provider answers, CSV rows, the chart's bars. */
export interface BarRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Builds DailyBars from row objects (CSV import, provider responses); not for hot paths. */
export function barsFromRows(rows: readonly BarRow[]): DailyBars {
  const n = rows.length;
  const bars: DailyBars = {
    dates: new Array<string>(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    bars.dates[i] = row.date;
    bars.open[i] = row.open;
    bars.high[i] = row.high;
    bars.low[i] = row.low;
    bars.close[i] = row.close;
    bars.volume[i] = row.volume;
  }
  return bars;
}

/** The first `count` sessions (a view: no copy of the price columns), e.g. the history up to a date. */
export function firstBars(bars: DailyBars, count: number): DailyBars {
  const end = Math.max(0, Math.min(bars.close.length, count));
  return {
    dates: bars.dates.slice(0, end),
    open: bars.open.subarray(0, end),
    high: bars.high.subarray(0, end),
    low: bars.low.subarray(0, end),
    close: bars.close.subarray(0, end),
    volume: bars.volume.subarray(0, end),
    ...(bars.tradedClose ? { tradedClose: bars.tradedClose.subarray(0, end) } : {}),
  };
}

/** The sessions from index `start` on (a view: no copy of the price columns). */
export function barsFrom(bars: DailyBars, start: number): DailyBars {
  const view: DailyBars = {
    dates: bars.dates.slice(start),
    open: bars.open.subarray(start),
    high: bars.high.subarray(start),
    low: bars.low.subarray(start),
    close: bars.close.subarray(start),
    volume: bars.volume.subarray(start),
  };
  if (bars.tradedClose) view.tradedClose = bars.tradedClose.subarray(start);
  return view;
}

/** The last `count` sessions (a view: no copy of the price columns). */
export function lastBars(bars: DailyBars, count: number): DailyBars {
  return barsFrom(bars, Math.max(0, bars.close.length - count));
}
