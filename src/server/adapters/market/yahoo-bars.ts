import type { DailyBars } from "../../../core/market/market-data";
import { barsFromRows } from "../../../core/market/market-data";

/** One daily row as Yahoo's `chart` returns it (any price may be null). */
export interface YahooChartRow {
  /** ISO date (YYYY-MM-DD) in the exchange's time zone. */
  date: string;
  open: number | null | undefined;
  high: number | null | undefined;
  low: number | null | undefined;
  close: number | null | undefined;
  volume: number | null | undefined;
  adjclose?: number | null | undefined;
}

/** What cleaning did to a series, so the caller can log it. */
export interface BarRepairs {
  /** Bars dropped for a missing, zero or negative price. */
  droppedBadPrice: number;
  /** Bars dropped because their date repeated an earlier one (the later row wins). */
  droppedDuplicate: number;
  /** Rows that arrived out of date order (kept, re-sorted). */
  reordered: number;
  /** Bars whose high/low did not enclose open and close (widened), or whose volume was missing (set to 0). */
  patched: number;
  /** Bars dated after the last completed session (an unfinished trading day). */
  droppedUnfinished: number;
}

export function totalRepairs(repairs: BarRepairs): number {
  return repairs.droppedBadPrice + repairs.droppedDuplicate + repairs.reordered + repairs.patched + repairs.droppedUnfinished;
}

const positive = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0;

/**
 * Daily bars from chart rows, split- and dividend-adjusted the way history-csv does it for Yahoo CSVs: every price
 * is scaled by adjclose / close (volume left as traded). Rows with a null / zero / negative price
 * are dropped, out-of-order rows sorted, duplicate dates collapsed (the later row wins), and rows
 * after `lastSession` (an ISO date; an unfinished day) dropped.
 */
export function cleanChartRows(rows: readonly YahooChartRow[], lastSession: string | null = null): { bars: DailyBars; repairs: BarRepairs } {
  const repairs: BarRepairs = { droppedBadPrice: 0, droppedDuplicate: 0, reordered: 0, patched: 0, droppedUnfinished: 0 };
  const kept: { date: string; open: number; high: number; low: number; close: number; volume: number; order: number }[] = [];
  let previousDate = "";
  rows.forEach((row, order) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.date)) {
      repairs.droppedBadPrice++;
      return;
    }
    if (lastSession !== null && row.date > lastSession) {
      repairs.droppedUnfinished++;
      return;
    }
    const { open, high, low, close } = row;
    if (!positive(open) || !positive(high) || !positive(low) || !positive(close)) {
      repairs.droppedBadPrice++;
      return;
    }
    if (row.date < previousDate) repairs.reordered++;
    previousDate = row.date > previousDate ? row.date : previousDate;
    const factor = positive(row.adjclose) ? row.adjclose / close : 1;
    let patched = false;
    let volume = row.volume;
    if (typeof volume !== "number" || !Number.isFinite(volume) || volume < 0) {
      volume = 0;
      patched = true;
    }
    const top = Math.max(high, open, close, low);
    const bottom = Math.min(low, open, close, high);
    if (top !== high || bottom !== low) patched = true;
    if (patched) repairs.patched++;
    kept.push({ date: row.date, open: open * factor, high: top * factor, low: bottom * factor, close: close * factor, volume, order });
  });
  kept.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const unique: typeof kept = [];
  for (const row of kept) {
    const last = unique[unique.length - 1];
    if (last && last.date === row.date) {
      unique[unique.length - 1] = row;
      repairs.droppedDuplicate++;
    } else {
      unique.push(row);
    }
  }
  return { bars: barsFromRows(unique), repairs };
}

/** ISO date of an instant in an exchange whose offset from UTC is `gmtOffsetSeconds`. */
export function exchangeDate(instant: Date, gmtOffsetSeconds: number): string {
  return new Date(instant.getTime() + gmtOffsetSeconds * 1000).toISOString().slice(0, 10);
}
