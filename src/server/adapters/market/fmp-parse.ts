import type { AnnualEps, BarRow, InstitutionalOwnership, QuarterlyEps } from "../../../core/market/market-data";

/** Readers of FMP `/stable/` bodies (shapes as in the recorded responses under ../shared/data/fmp). */

type Raw = Record<string, unknown>;


/** What the bar repair did; `total` is the number of rows dropped or mended. */
export interface BarRepairs {
  /** Rows dropped for a missing, zero, negative or non-numeric price or an unreadable date. */
  badPrice: number;
  /** Rows dropped because their date repeats or goes backwards. */
  duplicateOrOutOfOrder: number;
  /** Rows dropped because the session had not closed yet. */
  incomplete: number;
  /** Rows kept with a mended value (negative/missing volume → 0, high/low widened to hold open and close). */
  mended: number;
  /** True when adjusted prices (adjClose, adjOpen...) were used. */
  adjusted: boolean;
  total: number;
}

const isRecord = (value: unknown): value is Raw => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** A finite number from a number or numeric string; null otherwise. */
function num(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function str(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" && value !== "null" ? value.trim() : null;
}

function isoDay(value: unknown): string | null {
  const s = str(value);
  if (!s) return null;
  const day = s.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
}

/** The rows of a list answer; null when the body is not a list (FMP answers lists everywhere used here). */
export function rowsOf(body: unknown): Raw[] | null {
  if (Array.isArray(body)) return body.filter(isRecord);
  // The legacy historical shape: { symbol, historical: [...] }.
  if (isRecord(body) && Array.isArray(body.historical)) return body.historical.filter(isRecord);
  return null;
}

/**
 * Daily bars from `historical-price-eod/full` rows, oldest first. FMP lists newest first; adjusted
 * prices are used when the rows carry them (adjClose scales the whole bar; adjOpen/adjHigh/adjLow
 * are taken as given). Rows with bad prices, repeated or backward dates, or after `lastSession` are
 * dropped and counted.
 */
export function repairBars(rows: readonly Raw[], lastSession: string | null = null): { rows: BarRow[]; repairs: BarRepairs } {
  const repairs: BarRepairs = { badPrice: 0, duplicateOrOutOfOrder: 0, incomplete: 0, mended: 0, adjusted: false, total: 0 };
  const firstDate = rows.length > 0 ? isoDay(rows[0]!.date) : null;
  const lastDate = rows.length > 0 ? isoDay(rows[rows.length - 1]!.date) : null;
  const ordered = firstDate && lastDate && firstDate > lastDate ? [...rows].reverse() : rows;
  const out: BarRow[] = [];
  for (const row of ordered) {
    const date = isoDay(row.date);
    let open = num(row.open);
    let high = num(row.high);
    let low = num(row.low);
    let close = num(row.close);
    const adjClose = num(row.adjClose);
    if (adjClose !== null && close !== null && close > 0 && adjClose > 0) {
      const factor = adjClose / close;
      open = open === null ? null : open * factor;
      high = high === null ? null : high * factor;
      low = low === null ? null : low * factor;
      close = adjClose;
      repairs.adjusted = true;
    } else if (num(row.adjOpen) !== null || num(row.adjHigh) !== null || num(row.adjLow) !== null) {
      open = num(row.adjOpen) ?? open;
      high = num(row.adjHigh) ?? high;
      low = num(row.adjLow) ?? low;
      close = num(row.adjClose) ?? close;
      repairs.adjusted = true;
    }
    if (date === null || open === null || high === null || low === null || close === null || open <= 0 || high <= 0 || low <= 0 || close <= 0) {
      repairs.badPrice++;
      continue;
    }
    if (lastSession !== null && date > lastSession) {
      repairs.incomplete++;
      continue;
    }
    const previous = out[out.length - 1];
    if (previous && date <= previous.date) {
      repairs.duplicateOrOutOfOrder++;
      continue;
    }
    let mended = false;
    let volume = num(row.volume);
    if (volume === null || volume < 0) {
      volume = 0;
      mended = true;
    }
    const top = Math.max(open, close, high, low);
    const bottom = Math.min(open, close, high, low);
    if (top !== high || bottom !== low) {
      high = top;
      low = bottom;
      mended = true;
    }
    if (mended) repairs.mended++;
    out.push({ date, open, high, low, close, volume });
  }
  repairs.total = repairs.badPrice + repairs.duplicateOrOutOfOrder + repairs.incomplete + repairs.mended;
  return { rows: out, repairs };
}

/** Diluted EPS when present (`epsDiluted` in /stable/, `epsdiluted` in older answers), else basic `eps`. */
function epsOf(row: Raw): number | null {
  return num(row.epsDiluted) ?? num(row.epsdiluted) ?? num(row.eps);
}

/** Quarterly EPS from `income-statement?period=quarter` rows, oldest first; annual ('FY') rows are ignored. */
export function quarterlyEpsFrom(rows: readonly Raw[]): QuarterlyEps[] {
  const byDate = new Map<string, number>();
  for (const row of rows) {
    const period = str(row.period);
    if (period !== null && !/^Q[1-4]$/i.test(period)) continue;
    const periodEnd = isoDay(row.date);
    const eps = epsOf(row);
    if (periodEnd === null || eps === null || byDate.has(periodEnd)) continue;
    byDate.set(periodEnd, eps);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([periodEnd, eps]) => ({ periodEnd, eps }));
}

/** Annual EPS from `income-statement?period=annual` rows ('FY'), oldest first; quarter rows are ignored. */
export function annualEpsFrom(rows: readonly Raw[]): AnnualEps[] {
  const byYear = new Map<number, number>();
  for (const row of rows) {
    const period = str(row.period);
    if (period !== null && period.toUpperCase() !== "FY") continue;
    const date = isoDay(row.date);
    const fiscalYear = num(row.fiscalYear) ?? num(row.calendarYear) ?? (date ? Number(date.slice(0, 4)) : null);
    const eps = epsOf(row);
    if (fiscalYear === null || !Number.isInteger(fiscalYear) || eps === null || byYear.has(fiscalYear)) continue;
    byYear.set(fiscalYear, eps);
  }
  return [...byYear.entries()].sort(([a], [b]) => a - b).map(([fiscalYear, eps]) => ({ fiscalYear, eps }));
}

/**
 * Annual EPS summed from the four quarters of each complete fiscal year (Q1–Q4 rows with the same
 * `fiscalYear`), oldest first: with enough quarters it spares the annual income-statement call.
 * The sum of quarterly diluted EPS differs from the reported annual figure only by share-count drift.
 */
export function annualEpsFromQuarters(rows: readonly Raw[]): AnnualEps[] {
  const years = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const period = str(row.period)?.toUpperCase() ?? "";
    if (!/^Q[1-4]$/.test(period)) continue;
    const fiscalYear = num(row.fiscalYear) ?? num(row.calendarYear);
    const eps = epsOf(row);
    if (fiscalYear === null || !Number.isInteger(fiscalYear) || eps === null) continue;
    const quarters = years.get(fiscalYear) ?? new Map<string, number>();
    if (!quarters.has(period)) quarters.set(period, eps);
    years.set(fiscalYear, quarters);
  }
  return [...years.entries()]
    .filter(([, quarters]) => quarters.size === 4)
    .sort(([a], [b]) => a - b)
    .map(([fiscalYear, quarters]) => ({ fiscalYear, eps: Math.round([...quarters.values()].reduce((sum, eps) => sum + eps, 0) * 100) / 100 }));
}

/**
 * `institutional-ownership/symbol-positions-summary` → ownership (no recorded answer exists; the
 * field names follow FMP's documentation). `ownershipPercent` is in percent.
 */
export function ownershipFrom(rows: readonly Raw[]): InstitutionalOwnership | null {
  const row = rows[0];
  if (!row) return null;
  const percent = num(row.ownershipPercent);
  const ownership: InstitutionalOwnership = {
    percentHeld: percent === null ? null : percent / 100,
    holders: num(row.investorsHolding),
    holdersPreviousQuarter: num(row.lastInvestorsHolding),
    shares: num(row.numberOf13Fshares) ?? num(row.numberOf13FShares),
    sharesPreviousQuarter: num(row.lastNumberOf13Fshares) ?? num(row.lastNumberOf13FShares),
  };
  return Object.values(ownership).every((value) => value === null) ? null : ownership;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** 1 for an exact ticker, then from the strongest name match down; 0.5 for what FMP found otherwise. */
export function searchScore(symbol: string, name: string, query: string): number {
  const q = query.trim().toLowerCase();
  const ticker = symbol.toLowerCase();
  const lowerName = name.toLowerCase();
  if (ticker === q) return 1;
  if (ticker.split(".")[0] === q) return 0.92;
  if (lowerName === q) return 0.95;
  if (lowerName.startsWith(q)) return 0.9;
  const queryWords = words(q);
  const nameWords = words(lowerName);
  if (queryWords.length > 0 && queryWords.every((qw) => nameWords.some((nw) => nw.startsWith(qw)))) return 0.8;
  if (!q.includes(" ") && ticker.startsWith(q)) return 0.7;
  if (lowerName.includes(q)) return 0.6;
  return 0.5;
}
