import { barsFromRows, type CompanyProfile, type DailyBars, type Fundamentals, type InstitutionalOwnership } from "../../../core/market/market-data";
import { MarketDataUnavailableError, type MarketDataProvider, type SymbolMatch } from "../../../core/market/market-data-provider";
import { isoFromDayNumber, lastCompletedSession } from "../../../core/market/trading-calendar";
import { FMP_SOURCE_NAME, FmpClient, FmpHttpError } from "./fmp-client";
import { annualEpsFrom, annualEpsFromQuarters, ownershipFrom, quarterlyEpsFrom, repairBars, rowsOf, searchScore, str, type BarRepairs } from "./fmp-parse";
import { FMP_DEFAULT_UNIVERSE, fmpSectorEtf } from "./fmp-universe";

export interface FmpMarketOptions {
  /** FMP_API_KEY; stays on the server, sent only as the `apikey` query parameter, never logged. */
  apiKey: string;
  /** Default https://financialmodelingprep.com (tests point it at a local server). */
  baseUrl?: string;
  /** Default SPY. */
  benchmarkTicker?: string;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Per-call time-out; default 10 s. */
  timeoutMs?: number;
  /** The screening universe: tickers or profiles; default ~30 liquid US large caps. */
  universe?: readonly (string | CompanyProfile)[];
  /** Upstream calls allowed per UTC day; default 250 (the free plan). */
  dailyCallBudget?: number;
  /** The clock (budget day, last completed session, 13F quarter). */
  now?: () => Date;
  /** Ask for the institutional-ownership summary (a paid-plan endpoint); default true. */
  includeOwnership?: boolean;
  /** Told whenever bars were dropped or mended (the caller logs it). */
  onBarsRepaired?: (ticker: string, repairs: BarRepairs) => void;
}

/** A profile with what FMP adds (currency and exchange; a non-USD listing is analysed with its currency shown). */
export interface FmpCompanyProfile extends CompanyProfile {
  currency: string | null;
  exchange: string | null;
}

interface FmpSymbolMatch extends SymbolMatch {
  currency: string | null;
  exchange: string | null;
}

const MAX_SEARCH_RESULTS = 10;
const QUARTERS_ASKED = 20;
/** Complete fiscal years the quarters must hold to stand in for the annual statement. */
const MIN_DERIVED_YEARS = 3;
const YEARS_ASKED = 5;
/** 13F filings are due 45 days after a quarter ends. */
const THIRTEEN_F_LAG_DAYS = 50;

function normaliseTicker(ticker: string): string {
  return ticker.trim().toUpperCase();
}

/**
 * Financial Modeling Prep market data, from the `/stable/` endpoints only (the legacy `/api/v3`
 * ones are refused for keys made after August 2025). Every upstream call counts against the daily
 * budget; failures are MarketDataUnavailableError (a 503 upstream), an unknown ticker is null.
 */
export class FmpMarketProvider implements MarketDataProvider {
  readonly id = "fmp" as const;
  readonly demo = false;
  readonly costsUpstreamCalls = true;
  readonly benchmarkTicker: string;
  readonly sourceName = FMP_SOURCE_NAME;

  private readonly client: FmpClient;
  private readonly now: () => Date;
  private readonly universe: CompanyProfile[];
  private readonly includeOwnership: boolean;
  private readonly onBarsRepaired: ((ticker: string, repairs: BarRepairs) => void) | undefined;
  private readonly repairs = new Map<string, BarRepairs>();
  /** Set once the plan refused the ownership endpoint: no call is spent on it again. */
  private ownershipRefused = false;

  constructor(options: FmpMarketOptions) {
    this.now = options.now ?? (() => new Date());
    this.client = new FmpClient({
      apiKey: options.apiKey,
      now: this.now,
      ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
      ...(options.fetch !== undefined && { fetch: options.fetch }),
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.dailyCallBudget !== undefined && { dailyCallBudget: options.dailyCallBudget }),
    });
    this.benchmarkTicker = normaliseTicker(options.benchmarkTicker ?? "SPY");
    this.universe = (options.universe ?? FMP_DEFAULT_UNIVERSE).map((entry) =>
      typeof entry === "string" ? { ticker: normaliseTicker(entry), name: normaliseTicker(entry), sector: null, industry: null } : { ...entry },
    );
    this.includeOwnership = options.includeOwnership ?? true;
    this.onBarsRepaired = options.onBarsRepaired;
  }

  /** Upstream calls made since 00:00 UTC. */
  callsToday(): number {
    return this.client.callsToday();
  }

  get dailyCallBudget(): number {
    return this.client.dailyCallBudget;
  }

  /** What the last getDailyBars of `ticker` dropped or mended; null before any. */
  barRepairs(ticker: string): BarRepairs | null {
    return this.repairs.get(normaliseTicker(ticker)) ?? null;
  }

  async searchSymbols(query: string): Promise<SymbolMatch[]> {
    const q = query.trim();
    if (q.length === 0) return [];
    const bySymbol = await this.list("search-symbol", { query: q });
    const found = new Map<string, FmpSymbolMatch>();
    const add = (rows: readonly Record<string, unknown>[]) => {
      for (const row of rows) {
        const ticker = str(row.symbol);
        if (!ticker || found.has(ticker.toUpperCase())) continue;
        const name = str(row.name) ?? str(row.companyName) ?? ticker;
        found.set(ticker.toUpperCase(), {
          ticker,
          name,
          sector: null,
          industry: null,
          currency: str(row.currency),
          exchange: str(row.exchange),
          score: searchScore(ticker, name, q),
        });
      }
    };
    add(bySymbol);
    // An exact ticker answers the question; otherwise the name search costs one more call.
    if (!found.has(q.toUpperCase())) add(await this.list("search-name", { query: q }));
    return [...found.values()].sort((a, b) => b.score - a.score).slice(0, MAX_SEARCH_RESULTS);
  }

  /** Every symbol FMP lists, with its company name: one call (stock-list), for the local symbol index. */
  async listSymbols(): Promise<Pick<CompanyProfile, "ticker" | "name">[]> {
    const rows = await this.list("stock-list", {});
    const listed: Pick<CompanyProfile, "ticker" | "name">[] = [];
    for (const row of rows) {
      const ticker = str(row.symbol);
      if (ticker) listed.push({ ticker, name: str(row.companyName) ?? str(row.name) ?? ticker });
    }
    return listed;
  }

  async getProfile(ticker: string): Promise<FmpCompanyProfile | null> {
    const symbol = normaliseTicker(ticker);
    if (!symbol) return null;
    const row = (await this.list("profile", { symbol }))[0];
    if (!row) return null;
    return {
      ticker: str(row.symbol) ?? symbol,
      name: str(row.companyName) ?? str(row.name) ?? symbol,
      sector: str(row.sector),
      industry: str(row.industry),
      currency: str(row.currency),
      exchange: str(row.exchange),
    };
  }

  async getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const symbol = normaliseTicker(ticker);
    if (!symbol) return null;
    const wanted = Number.isFinite(sessions) && sessions > 0 ? Math.ceil(sessions) : 0;
    const lastSession = lastCompletedSession(this.now());
    const query: Record<string, string> = { symbol };
    // ~252 sessions a year in ~365 days, with room for holidays and repaired rows.
    if (wanted > 0) query.from = isoFromDayNumber(lastSession - Math.ceil(wanted * 1.5) - 15);
    const rows = await this.list("historical-price-eod/full", query);
    if (rows.length === 0) return null;
    const repaired = repairBars(rows, isoFromDayNumber(lastSession));
    this.repairs.set(symbol, repaired.repairs);
    if (repaired.repairs.total > 0) this.onBarsRepaired?.(symbol, repaired.repairs);
    if (repaired.rows.length === 0) return null;
    const kept = wanted > 0 ? repaired.rows.slice(-wanted) : repaired.rows;
    return barsFromRows(kept);
  }

  async getFundamentals(ticker: string): Promise<Fundamentals | null> {
    const symbol = normaliseTicker(ticker);
    if (!symbol) return null;
    // Five years of quarters usually hold three complete fiscal years: then the annual EPS comes
    // from them and a cold analysis costs profile + bars + quarters + ownership = 4 calls.
    const quarterRows = await this.list("income-statement", { symbol, period: "quarter", limit: String(QUARTERS_ASKED) });
    const quarterlyEps = quarterlyEpsFrom(quarterRows);
    const fromQuarters = annualEpsFromQuarters(quarterRows);
    const annualEps =
      fromQuarters.length >= MIN_DERIVED_YEARS
        ? fromQuarters
        : annualEpsFrom(await this.list("income-statement", { symbol, period: "annual", limit: String(YEARS_ASKED) }));
    if (quarterlyEps.length === 0 && annualEps.length === 0) return null;
    return { quarterlyEps, annualEps, ownership: await this.ownership(symbol) };
  }

  sectorEtf(sector: string): string | null {
    return fmpSectorEtf(sector);
  }

  async listUniverse(): Promise<CompanyProfile[]> {
    return this.universe.map((company) => ({ ...company }));
  }

  /** The 13F summary of the last quarter whose filings are in; null when the plan refuses it or it fails. */
  private async ownership(symbol: string): Promise<InstitutionalOwnership | null> {
    if (!this.includeOwnership || this.ownershipRefused) return null;
    const { year, quarter } = settledQuarter(this.now());
    try {
      const rows = await this.list("institutional-ownership/symbol-positions-summary", { symbol, year: String(year), quarter: String(quarter) });
      return ownershipFrom(rows);
    } catch (error) {
      if (error instanceof FmpHttpError && (error.status === 402 || error.status === 403 || error.status === 200)) {
        this.ownershipRefused = true;
        return null;
      }
      if (error instanceof MarketDataUnavailableError) return null;
      throw error;
    }
  }

  /** A list endpoint's rows; anything but a list is an unavailable answer. */
  private async list(path: string, query: Record<string, string>): Promise<Record<string, unknown>[]> {
    const body = await this.client.getJson(path, query);
    const rows = rowsOf(body);
    if (rows === null) throw new MarketDataUnavailableError(FMP_SOURCE_NAME, `${path} answered with an unexpected JSON shape`);
    return rows;
  }
}

/** The latest calendar quarter that ended at least 50 days before `now` (13F filings are in). */
export function settledQuarter(now: Date): { year: number; quarter: number } {
  const cutoff = new Date(now.getTime() - THIRTEEN_F_LAG_DAYS * 86_400_000);
  let year = cutoff.getUTCFullYear();
  // The quarter containing the cutoff has not ended; take the one before it.
  let quarter = Math.floor(cutoff.getUTCMonth() / 3);
  if (quarter === 0) {
    quarter = 4;
    year--;
  }
  return { year, quarter };
}
