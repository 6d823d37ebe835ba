import type { CompanyProfile, DailyBars, Fundamentals } from "./market-data";

export type MarketDataProviderId = "demo" | "yahoo" | "fmp" | "csv";

/** How reports and the interface name each source of data. */
export const MARKET_DATA_SOURCE_NAMES: Record<MarketDataProviderId, string> = {
  demo: "simulated demo data",
  yahoo: "Yahoo Finance",
  fmp: "Financial Modeling Prep",
  csv: "CSV file",
};

export interface SymbolMatch extends CompanyProfile {
  /** 1 for an exact ticker match, lower for name matches. */
  score: number;
}

/**
 * The port every market-data adapter implements (demo, Yahoo, FMP). The engine never calls it: a
 * service fetches through it and hands the data to the pure analysis.
 */
export interface MarketDataProvider {
  readonly id: MarketDataProviderId;
  /** True when the data is simulated; every report made from it says so. */
  readonly demo: boolean;
  /**
   * True when each request reaches a paid or rate-limited service (Yahoo, FMP): callers then avoid
   * bulk fetches such as the whole universe for one analysis.
   */
  readonly costsUpstreamCalls: boolean;
  /** Ticker of the benchmark index fund (SPY). */
  readonly benchmarkTicker: string;
  /** Ticker or company name → best matches, best first (empty when nothing matches). */
  searchSymbols(query: string): Promise<SymbolMatch[]>;
  getProfile(ticker: string): Promise<CompanyProfile | null>;
  /** Daily bars up to the last completed session, at least `sessions` of them when available. */
  getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null>;
  getFundamentals(ticker: string): Promise<Fundamentals | null>;
  /** Sector ETF ticker for a sector name, when the provider knows one. */
  sectorEtf(sector: string): string | null;
  /** The tickers `quanta screen` and the public lists analyse. */
  listUniverse(): Promise<CompanyProfile[]>;
  /**
   * Every symbol the provider lists (one upstream call), for a local index of ticker suggestions;
   * absent when the provider has no such list.
   */
  listSymbols?(): Promise<Pick<CompanyProfile, "ticker" | "name">[]>;
  /**
   * True when `value` (bars, fundamentals) came from an expired cache entry because the provider
   * could not be reached; the report then says its data is the last cached.
   */
  servedStale?(value: object): boolean;
}

export class SymbolNotFoundError extends Error {
  constructor(
    readonly query: string,
    /** The sentence the user reads; 'No data found for …' unless a more helpful one is known. */
    message = `No data found for ${query}`,
  ) {
    super(message);
    this.name = "SymbolNotFoundError";
  }
}

/** How many demo tickers the unknown-ticker answer suggests. */
const DEMO_SUGGESTION_COUNT = 2;

/**
 * The answer to a ticker the demo market does not list: 'AAPL is not in the demo market — try NWSC
 * (Northwind Semiconductor), QBIT (Qubit Systems)'. `suggestions` are the closest demo companies,
 * best first; without any, the sentence ends after 'demo market'.
 */
export function notInDemoMarketMessage(query: string, suggestions: readonly Pick<CompanyProfile, "ticker" | "name">[]): string {
  const shown = suggestions.slice(0, DEMO_SUGGESTION_COUNT).map((company) => `${company.ticker} (${company.name})`);
  const trimmed = query.trim();
  const name = /^[A-Za-z0-9.^-]{1,12}$/.test(trimmed) ? trimmed.toUpperCase() : trimmed ? `'${trimmed}'` : "That ticker";
  return shown.length > 0 ? `${name} is not in the demo market — try ${shown.join(", ")}` : `${name} is not in the demo market.`;
}

/** The provider could not be reached or answered with an error: a 503 for the user, not a 404. */
export class MarketDataUnavailableError extends Error {
  constructor(
    readonly provider: string,
    detail: string,
  ) {
    super(`Market data from ${provider} is unavailable: ${detail}`);
    this.name = "MarketDataUnavailableError";
  }
}
