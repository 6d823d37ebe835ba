import YahooFinance from "yahoo-finance2";
import { ExtendedCookieJar } from "yahoo-finance2/lib/cookieJar";
import { getCrumbClear } from "yahoo-finance2/lib/getCrumb";
import type { AnnualEps, CompanyProfile, DailyBars, Fundamentals, InstitutionalOwnership, QuarterlyEps } from "../../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../../core/market/market-data-provider";
import { isoFromDayNumber, lastCompletedSession } from "../../../core/market/trading-calendar";
import { cleanChartRows, exchangeDate, totalRepairs } from "./yahoo-bars";
import type { BarRepairs, YahooChartRow } from "./yahoo-bars";
import { isSymbolNotFound, toUnavailable, yahooFetch } from "./yahoo-errors";
import type { YahooUnavailableError } from "./yahoo-errors";
import { DEFAULT_YAHOO_UNIVERSE, spdrSectorEtf } from "./yahoo-universe";

export { YahooUnavailableError } from "./yahoo-errors";
export type { BarRepairs } from "./yahoo-bars";

export interface YahooMarketOptions {
  /** Benchmark index fund (BENCHMARK_SYMBOL); default SPY. */
  benchmarkTicker?: string;
  /** Tickers (or full profiles) that `listUniverse` returns; default 30 US large caps. */
  universe?: readonly (string | CompanyProfile)[];
  /** The fetch every Yahoo request goes through (tests, a resilience layer); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Time-out of one HTTP request, ms; default 10 000. */
  timeoutMs?: number;
  /** Called when a bar series needed repairs (dropped / re-ordered / patched bars), for the log. */
  onRepair?: (ticker: string, repairs: BarRepairs) => void;
  /** The clock (the last completed session is derived from it); default now. */
  today?: () => Date;
}

export interface YahooProfile extends CompanyProfile {
  currency: string | null;
  exchange: string | null;
  quoteType: string | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_SEARCH_RESULTS = 10;
const DAY_MS = 86_400_000;
/** Quarterly EPS look-back: 8+ quarters need a bit more than two years. */
const QUARTERLY_LOOKBACK_DAYS = 4 * 365;
const ANNUAL_LOOKBACK_DAYS = 7 * 365;
const PROFILE_MODULES = ["price", "summaryDetail", "assetProfile"] as const;
const OWNERSHIP_MODULES = ["majorHoldersBreakdown", "institutionOwnership", "defaultKeyStatistics"] as const;
const TICKER = /^[A-Z0-9][A-Z0-9.\-^=]{0,19}$/;

function normalizeTicker(ticker: string): string | null {
  const t = ticker.trim().toUpperCase();
  return TICKER.test(t) ? t : null;
}

function num(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value && typeof value === "object" && "raw" in value) return num((value as { raw: unknown }).raw);
  return null;
}

function str(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function isoDay(value: unknown): string | null {
  const date = value instanceof Date ? value : typeof value === "number" ? new Date(value * 1000) : typeof value === "string" ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}

/** Yahoo Finance through yahoo-finance2 (no key). Every failure is a MarketDataUnavailableError; an unknown symbol is null. */
export class YahooMarketProvider implements MarketDataProvider {
  readonly id = "yahoo" as const;
  readonly demo = false;
  readonly costsUpstreamCalls = true;
  readonly benchmarkTicker: string;

  private readonly yf: InstanceType<typeof YahooFinance>;
  private readonly cookieJar = new ExtendedCookieJar();
  private readonly universe: readonly (string | CompanyProfile)[];
  private readonly onRepair: ((ticker: string, repairs: BarRepairs) => void) | undefined;
  private readonly today: () => Date;
  /**
   * Ownership read with the profile (one quoteSummary call carries both), so the fundamentals that
   * follow do not ask again: a cold analysis costs profile + chart + 2 EPS series = 4 calls.
   */
  private readonly ownershipFromProfile = new Map<string, { at: number; ownership: InstitutionalOwnership | null }>();

  constructor(options: YahooMarketOptions = {}) {
    this.benchmarkTicker = normalizeTicker(options.benchmarkTicker ?? "SPY") ?? "SPY";
    this.universe = options.universe ?? DEFAULT_YAHOO_UNIVERSE;
    this.onRepair = options.onRepair;
    this.today = options.today ?? (() => new Date());
    const base = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const quiet = () => undefined;
    this.yf = new YahooFinance({
      fetch: yahooFetch(base, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      // A jar per provider: cookies and crumb are not shared with other clients in the process.
      cookieJar: this.cookieJar,
      suppressNotices: ["yahooSurvey", "ripHistorical"],
      versionCheck: false,
      validation: { logErrors: false, logOptionsErrors: false },
      logger: { info: quiet, warn: quiet, error: quiet, debug: quiet, dir: quiet },
    });
  }

  async searchSymbols(query: string): Promise<SymbolMatch[]> {
    const q = query.trim();
    if (q.length === 0) return [];
    let result: { quotes?: unknown[] };
    try {
      result = await this.yf.search(q, { quotesCount: MAX_SEARCH_RESULTS, newsCount: 0, enableFuzzyQuery: false });
    } catch (error) {
      if (isSymbolNotFound(error)) return [];
      throw toUnavailable(error, `search '${q}'`);
    }
    const quotes = (result.quotes ?? []).filter((quote): quote is Record<string, unknown> => typeof quote === "object" && quote !== null);
    const candidates = quotes.filter((quote) => quote.isYahooFinance !== false && (quote.quoteType === "EQUITY" || quote.quoteType === "ETF") && str(quote.symbol) !== null);
    const best = Math.max(1, ...candidates.map((quote) => num(quote.score) ?? 0));
    const upper = q.toUpperCase();
    return candidates
      .map((quote, rank) => {
        const ticker = str(quote.symbol)!;
        const relative = (num(quote.score) ?? 0) / best;
        const score = ticker.toUpperCase() === upper ? 1 : Math.max(0.05, Math.min(0.95, 0.9 * relative - rank * 0.001));
        return {
          ticker,
          name: str(quote.longname) ?? str(quote.shortname) ?? ticker,
          sector: str(quote.sectorDisp) ?? str(quote.sector),
          industry: str(quote.industryDisp) ?? str(quote.industry),
          score,
        };
      })
      .sort((a, b) => b.score - a.score);
  }

  async getProfile(ticker: string): Promise<YahooProfile | null> {
    const symbol = normalizeTicker(ticker);
    if (!symbol) return null;
    let summary: Record<string, unknown>;
    try {
      summary = (await this.yf.quoteSummary(symbol, { modules: [...PROFILE_MODULES, ...OWNERSHIP_MODULES] })) as unknown as Record<string, unknown>;
    } catch (error) {
      if (isSymbolNotFound(error)) return null;
      throw await this.unavailable(error, `profile of ${symbol}`);
    }
    const price = (summary.price ?? {}) as Record<string, unknown>;
    const asset = (summary.assetProfile ?? {}) as Record<string, unknown>;
    if (!summary.price && !summary.assetProfile) return null;
    this.ownershipFromProfile.set(symbol, { at: this.today().getTime(), ownership: ownershipOf(summary) });
    if (this.ownershipFromProfile.size > 1_000) this.ownershipFromProfile.delete(this.ownershipFromProfile.keys().next().value!);
    return {
      ticker: str(price.symbol) ?? symbol,
      name: str(price.longName) ?? str(price.shortName) ?? symbol,
      sector: str(asset.sector),
      industry: str(asset.industry),
      currency: str(price.currency) ?? str(((summary.summaryDetail ?? {}) as Record<string, unknown>).currency),
      exchange: str(price.exchangeName) ?? str(price.exchange),
      quoteType: str(price.quoteType),
    };
  }

  async getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const result = await this.getDailyBarsWithRepairs(ticker, sessions);
    if (!result) return null;
    if (totalRepairs(result.repairs) > 0) this.onRepair?.(result.ticker, result.repairs);
    return result.bars;
  }

  /** Like getDailyBars, and says what cleaning the series needed (for the caller's log). */
  async getDailyBarsWithRepairs(ticker: string, sessions: number): Promise<{ ticker: string; bars: DailyBars; repairs: BarRepairs; currency: string | null } | null> {
    const symbol = normalizeTicker(ticker);
    if (!symbol) return null;
    const wanted = Number.isFinite(sessions) && sessions > 0 ? Math.ceil(sessions) : 1;
    const now = this.today();
    const calendarDays = Math.ceil((wanted * 365) / 250) + 14;
    let chart: Awaited<ReturnType<typeof this.fetchChart>>;
    try {
      chart = await this.fetchChart(symbol, new Date(now.getTime() - calendarDays * DAY_MS));
    } catch (error) {
      if (isSymbolNotFound(error)) return null;
      throw toUnavailable(error, `daily bars of ${symbol}`);
    }
    const meta = (chart.meta ?? {}) as unknown as Record<string, unknown>;
    const offset = num(meta.gmtoffset) ?? -5 * 3600;
    const rows: YahooChartRow[] = (chart.quotes ?? []).map((quote) => ({
      date: quote.date instanceof Date ? exchangeDate(quote.date, offset) : "",
      open: quote.open,
      high: quote.high,
      low: quote.low,
      close: quote.close,
      volume: quote.volume,
      adjclose: quote.adjclose,
    }));
    const { bars, repairs } = cleanChartRows(rows, isoFromDayNumber(lastCompletedSession(now)));
    if (bars.close.length === 0) return null;
    const start = Math.max(0, bars.close.length - wanted);
    const trimmed: DailyBars =
      start === 0
        ? bars
        : {
            dates: bars.dates.slice(start),
            open: bars.open.slice(start),
            high: bars.high.slice(start),
            low: bars.low.slice(start),
            close: bars.close.slice(start),
            volume: bars.volume.slice(start),
          };
    return { ticker: str(meta.symbol) ?? symbol, bars: trimmed, repairs, currency: str(meta.currency) };
  }

  async getFundamentals(ticker: string): Promise<Fundamentals | null> {
    const symbol = normalizeTicker(ticker);
    if (!symbol) return null;
    const now = this.today().getTime();
    const known = this.ownershipFromProfile.get(symbol);
    const fromProfile = known && now - known.at < DAY_MS ? known : null;
    const [quarterly, annual, holders] = await Promise.allSettled([
      this.yf.fundamentalsTimeSeries(symbol, { period1: new Date(now - QUARTERLY_LOOKBACK_DAYS * DAY_MS), type: "quarterly", module: "financials" }),
      this.yf.fundamentalsTimeSeries(symbol, { period1: new Date(now - ANNUAL_LOOKBACK_DAYS * DAY_MS), type: "annual", module: "financials" }),
      fromProfile ? Promise.resolve(null) : this.yf.quoteSummary(symbol, { modules: [...OWNERSHIP_MODULES] }),
    ]);
    for (const [settled, what] of [
      [quarterly, "quarterly EPS"],
      [annual, "annual EPS"],
      [holders, "institutional ownership"],
    ] as const) {
      if (settled.status === "rejected" && !isSymbolNotFound(settled.reason)) throw await this.unavailable(settled.reason, `${what} of ${symbol}`);
    }
    const quarterlyEps = quarterly.status === "fulfilled" ? epsSeries(quarterly.value) : [];
    const annualEps: AnnualEps[] =
      annual.status === "fulfilled"
        ? epsSeries(annual.value).map((point) => ({ fiscalYear: Number(point.periodEnd.slice(0, 4)), eps: point.eps }))
        : [];
    const ownership = fromProfile
      ? fromProfile.ownership
      : holders.status === "fulfilled" && holders.value
        ? ownershipOf(holders.value as unknown as Record<string, unknown>)
        : null;
    if (holders.status === "rejected" && quarterlyEps.length === 0 && annualEps.length === 0) return null;
    return { quarterlyEps, annualEps, ownership };
  }

  sectorEtf(sector: string): string | null {
    return spdrSectorEtf(sector);
  }

  async listUniverse(): Promise<CompanyProfile[]> {
    const known = new Map(DEFAULT_YAHOO_UNIVERSE.map((profile) => [profile.ticker, profile]));
    return this.universe.map((entry) => {
      if (typeof entry !== "string") return { ...entry };
      const ticker = entry.trim().toUpperCase();
      const profile = known.get(ticker);
      return profile ? { ...profile } : { ticker, name: ticker, sector: null, industry: null };
    });
  }

  /**
   * The error to throw; after a crumb failure or a 401 (crumb rejected) the cookies and crumb are
   * dropped, so the next request does the handshake again (yahoo-finance2 would reuse them).
   */
  private async unavailable(error: unknown, what: string): Promise<YahooUnavailableError> {
    const failure = toUnavailable(error, what);
    if (failure.kind === "crumb" || failure.status === 401) await getCrumbClear(this.cookieJar).catch(() => undefined);
    return failure;
  }

  private fetchChart(symbol: string, period1: Date) {
    return this.yf.chart(symbol, { period1, interval: "1d", events: "div|split", includePrePost: false });
  }
}

/** EPS points (diluted, else basic), oldest first, one per period end. */
function epsSeries(rows: readonly unknown[]): QuarterlyEps[] {
  const byDate = new Map<string, number>();
  for (const row of rows) {
    if (!row || typeof row !== "object") continue;
    const record = row as Record<string, unknown>;
    const eps = num(record.dilutedEPS) ?? num(record.basicEPS);
    const periodEnd = isoDay(record.date);
    if (eps === null || periodEnd === null) continue;
    byDate.set(periodEnd, eps);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([periodEnd, eps]) => ({ periodEnd, eps }));
}

/**
 * Institutional ownership from majorHoldersBreakdown (share held, number of institutions) and
 * institutionOwnership (the top holders' positions and their change since the previous report).
 * Shares = fraction held × shares outstanding; the previous quarter's shares are estimated by
 * applying the top holders' aggregate change; Yahoo gives no previous holder count (null).
 */
function ownershipOf(summary: Record<string, unknown>): InstitutionalOwnership | null {
  const breakdown = (summary.majorHoldersBreakdown ?? null) as Record<string, unknown> | null;
  const owners = (summary.institutionOwnership ?? null) as Record<string, unknown> | null;
  const stats = (summary.defaultKeyStatistics ?? null) as Record<string, unknown> | null;
  if (!breakdown && !owners) return null;
  const percentHeld = num(breakdown?.institutionsPercentHeld);
  const list = Array.isArray(owners?.ownershipList) ? (owners.ownershipList as Record<string, unknown>[]) : [];
  const holders = num(breakdown?.institutionsCount) ?? (list.length > 0 ? list.length : null);
  const outstanding = num(stats?.sharesOutstanding);
  let topNow = 0;
  let topBefore = 0;
  let changes = 0;
  for (const holder of list) {
    const position = num(holder.position);
    if (position === null || position <= 0) continue;
    topNow += position;
    const change = num(holder.pctChange);
    if (change !== null && change > -1) {
      topBefore += position / (1 + change);
      changes++;
    } else {
      topBefore += position;
    }
  }
  const listShares = topNow > 0 ? topNow : null;
  const shares = percentHeld !== null && outstanding !== null ? percentHeld * outstanding : listShares;
  const sharesPreviousQuarter = shares !== null && changes > 0 && topBefore > 0 ? (shares * topBefore) / topNow : null;
  return { percentHeld, holders, holdersPreviousQuarter: null, shares, sharesPreviousQuarter };
}
