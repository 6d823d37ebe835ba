import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseHistoryCsv } from "../../core/market/history-csv";
import type { CompanyProfile, DailyBars, Fundamentals } from "../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../core/market/market-data-provider";

/**
 * Recorded real daily bars (vendored fixtures or the full data set) as a market: every ticker's whole history, nothing
 * else (no fundamentals, no sectors). Wrapped in a ReplayMarketProvider it plays a past period
 * session by session.
 */
export class RecordedMarketProvider implements MarketDataProvider {
  readonly id = "csv" as const;
  readonly demo = false;
  readonly costsUpstreamCalls = false;

  constructor(
    private readonly series: ReadonlyMap<string, DailyBars>,
    readonly benchmarkTicker: string,
  ) {}

  async getDailyBars(ticker: string): Promise<DailyBars | null> {
    return this.series.get(ticker.toUpperCase()) ?? null;
  }

  async searchSymbols(query: string): Promise<SymbolMatch[]> {
    const ticker = query.trim().toUpperCase();
    return this.series.has(ticker) ? [{ ticker, name: ticker, sector: null, industry: null, score: 1 }] : [];
  }

  async getProfile(ticker: string): Promise<CompanyProfile | null> {
    const upper = ticker.toUpperCase();
    return this.series.has(upper) ? { ticker: upper, name: upper, sector: null, industry: null } : null;
  }

  async getFundamentals(): Promise<Fundamentals | null> {
    return null;
  }

  sectorEtf(): string | null {
    return null;
  }

  async listUniverse(): Promise<CompanyProfile[]> {
    return [...this.series.keys()].filter((t) => t !== this.benchmarkTicker).map((ticker) => ({ ticker, name: ticker, sector: null, industry: null }));
  }
}

/** One recorded history file (CSV, optionally gzipped) as daily bars. */
export async function readRecordedBars(file: string): Promise<DailyBars> {
  const raw = await readFile(file);
  const text = (file.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  return parseHistoryCsv(text, basename(file).replace(/\.csv(\.gz)?$/i, "").toUpperCase());
}
