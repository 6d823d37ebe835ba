import type { AnalysisMeta, StockSummary } from "../../contracts/stock-summary";

/** Every property optional, all the way down (arrays keep their element type, partially). */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

/**
 * An analysis as the web renders it: the report of src/contracts, tolerant of missing pieces (older
 * records, CSV imports). Only the ticker is guaranteed; everything missing shows as 'N/A'.
 */
export interface ReportData {
  stock_summary: DeepPartial<StockSummary> & { ticker: string };
  meta?: DeepPartial<AnalysisMeta> | null;
}

/** A stored analysis (history, public lists) after its `analysis` field has been parsed. */
export interface AnalysisEntry {
  id: string;
  timestamp: string;
  report: ReportData;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when `value` holds a `stock_summary` with a non-empty ticker (SPEC.md §5). */
export function hasStockSummary(value: unknown): value is ReportData {
  if (!isObject(value)) return false;
  const summary = value.stock_summary;
  return isObject(summary) && typeof summary.ticker === "string" && summary.ticker.trim() !== "";
}

/** Reads an `analysis` field: an object or a JSON string of `{stock_summary, meta}`. Throws on broken data. */
export function parseAnalysisPayload(value: unknown): ReportData {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!hasStockSummary(parsed)) throw new Error("The analysis has no stock_summary with a ticker.");
  const meta = isObject(parsed.meta) ? (parsed.meta as ReportData["meta"]) : null;
  return { stock_summary: parsed.stock_summary, meta };
}

/**
 * The records of a list answer ({analyses: [{id, analysis, timestamp}]}) whose analysis parses.
 * Broken records are skipped and logged (SPEC.md §8).
 */
export function parseAnalysisEntries(body: unknown): AnalysisEntry[] {
  const list = isObject(body) && Array.isArray(body.analyses) ? (body.analyses as unknown[]) : [];
  const entries: AnalysisEntry[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const id = typeof item.id === "string" || typeof item.id === "number" ? String(item.id) : null;
    try {
      if (id === null) throw new Error("The record has no id.");
      entries.push({
        id,
        timestamp: typeof item.timestamp === "string" ? item.timestamp : "",
        report: parseAnalysisPayload(item.analysis),
      });
    } catch (error) {
      console.warn(`Skipped analysis ${id ?? "(no id)"}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return entries;
}

/** True when `body` is a list answer (has an `analyses` array). */
export function isAnalysisList(body: unknown): boolean {
  return isObject(body) && Array.isArray(body.analyses);
}
