import type { PublicListResponse } from "../../contracts/public-list";
import type { HistoryItem } from "../../contracts/research";
import type { CallOutcome } from "../../contracts/track-record";
import type { AnalysisMeta, StockSummary } from "../../contracts/stock-summary";
import { isRecord } from "./body-checks";

/** Every property optional, all the way down (arrays keep their element type, partially). */
type DeepPartial<T> = T extends readonly (infer U)[]
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
  /** How the call has done since (the history only; absent until the daily scoring has followed it). */
  outcome?: CallOutcome | null;
  /** The path of its public read-only page while the owner shares it (the history only). */
  sharePath?: string | null;
}

/** A stored analysis as the history (contracts/research.ts) and the public lists (contracts/public-list.ts) send it. */
export type StoredAnalysis = HistoryItem | PublicListResponse["analyses"][number];

/**
 * True when `value` holds a `stock_summary` with a non-empty ticker (docs/product.md). The contracts leave
 * a stored analysis open (`z.unknown()` in the history, a JSON string in the public lists) because
 * older records and CSV imports may lack pieces; the report view shows what is missing as 'N/A'.
 */
export function hasStockSummary(value: unknown): value is ReportData {
  if (!isRecord(value)) return false;
  const summary = value.stock_summary;
  return isRecord(summary) && typeof summary.ticker === "string" && summary.ticker.trim() !== "";
}

/** Reads an `analysis` field: an object or a JSON string of `{stock_summary, meta}`. Throws on broken data. */
export function parseAnalysisPayload(value: unknown): ReportData {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!hasStockSummary(parsed)) throw new Error("The analysis has no stock_summary with a ticker.");
  const meta = isRecord(parsed.meta) ? (parsed.meta as ReportData["meta"]) : null;
  return { stock_summary: parsed.stock_summary, meta };
}

/**
 * The records of a list answer (already checked against its contract) whose analysis parses.
 * Broken analyses are skipped and logged (docs/product.md).
 */
export function parseAnalysisEntries(records: readonly StoredAnalysis[]): AnalysisEntry[] {
  const entries: AnalysisEntry[] = [];
  for (const record of records) {
    const { id, analysis, timestamp } = record;
    try {
      const outcome = "outcome" in record ? record.outcome : undefined;
      const sharePath = "sharePath" in record ? record.sharePath : undefined;
      entries.push({ id, timestamp, report: parseAnalysisPayload(analysis), ...(outcome && { outcome }), ...(sharePath && { sharePath }) });
    } catch (error) {
      console.warn(`Skipped analysis ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return entries;
}
