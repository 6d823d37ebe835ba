import { analyzeStock, type AnalysisInput } from "../../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { rankBySetupQuality } from "../../../core/analysis/setup-quality";
import { relativeStrengthScore } from "../../../core/indicators/relative-strength";
import { firstBars, type BarRow, type CompanyProfile, type DailyBars } from "../../../core/market/market-data";
import type { MarketCacheStore } from "../../adapters/market/market-cache-store";
import { MARKET_DATA_SOURCE_NAMES, notInDemoMarketMessage, SymbolNotFoundError, type MarketDataProvider } from "../../../core/market/market-data-provider";

/** Two years of sessions: enough for the 200-day EMA's direction, the 52-week range and RS. */
export const HISTORY_SESSIONS = 520;

/** Bars up to and including `asOf` (a benchmark must not see past the stock's last session). */
export function barsUpTo(bars: DailyBars, asOf: string): DailyBars {
  let end = bars.dates.length;
  while (end > 0 && bars.dates[end - 1]! > asOf) end--;
  return end === bars.dates.length ? bars : firstBars(bars, end);
}

const RS_SNAPSHOT_DAYS = 7;
/**
 * A demo universe up to this size has its RS scores computed on demand when a user's analysis finds
 * none stored (a few milliseconds); a bigger one waits for the daily refresh, which computes them
 * off the request path, and rates RS against the benchmark until then.
 */
const ON_DEMAND_RS_UNIVERSE_LIMIT = 100;

/** Runs the pure engine: inline by default, or on a worker thread (the refresh's analysis pool). */
export type AnalysisEngine = (input: AnalysisInput) => Promise<AnalysisReport>;
const inlineEngine: AnalysisEngine = async (input) => analyzeStock(input);

/**
 * Gathers what the engine needs from the configured market-data provider (bars, benchmark, sector
 * index, fundamentals, the universe's RS scores) and runs the pure analysis.
 *
 * The RS rating ranks a stock against the universe's RS scores of the same session. With a provider
 * that charges per call (Yahoo, FMP) one analysis never fetches the whole universe: the scores come
 * from the daily universe refresh (`refreshUniverseScores`), and until it has run the rating is
 * taken against the benchmark. The demo market computes them on demand.
 */
export class StockAnalysisService {
  private universeScores: { asOf: string; scores: Float64Array } | null = null;

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly now: () => Date = () => new Date(),
    /** Where the universe's RS scores of a session are kept (the market cache), so a restart does not lose them. */
    private readonly rsScores?: MarketCacheStore,
  ) {}

  /** 'nvda', ' Northwind ', 'Apple' → the ticker and company. Unknown → SymbolNotFoundError. */
  async resolve(query: string): Promise<CompanyProfile> {
    const cleaned = query.trim();
    if (!cleaned) throw new SymbolNotFoundError(query);
    const exact = await this.provider.getProfile(cleaned.toUpperCase());
    if (exact) return exact;
    const [best] = await this.provider.searchSymbols(cleaned);
    if (!best) throw await this.notFound(cleaned);
    // Search results may lack the sector and currency the analysis uses; the profile has them.
    const profile = best.sector === null ? await this.provider.getProfile(best.ticker) : null;
    return profile ?? { ticker: best.ticker, name: best.name, sector: best.sector, industry: best.industry };
  }

  /** Unknown on the demo market: the answer names demo tickers to try instead ('AAPL is not in the demo market — try NWSC …'). */
  private async notFound(query: string): Promise<SymbolNotFoundError> {
    const ticker = query.toUpperCase();
    if (!this.provider.demo) return new SymbolNotFoundError(ticker);
    const universe = await this.provider.listUniverse().catch(() => []);
    return new SymbolNotFoundError(ticker, notInDemoMarketMessage(query, universe));
  }

  async analyze(query: string, engine: AnalysisEngine = inlineEngine): Promise<AnalysisReport> {
    const profile = await this.resolve(query);
    const bars = await this.provider.getDailyBars(profile.ticker, HISTORY_SESSIONS);
    if (!bars || bars.close.length === 0) throw new SymbolNotFoundError(profile.ticker);
    const asOf = bars.dates[bars.dates.length - 1]!;
    const scores = (await this.storedUniverseScores(asOf)) ?? (await this.onDemandUniverseScores());
    return engine(await this.inputFor(profile, bars, scores));
  }

  private async onDemandUniverseScores(): Promise<Float64Array | null> {
    if (this.provider.costsUpstreamCalls) return null;
    const universe = await this.provider.listUniverse();
    return universe.length <= ON_DEMAND_RS_UNIVERSE_LIMIT ? this.refreshUniverseScores() : null;
  }

  /** One ticker's RS score (what the universe's ratings rank), or null without usable bars. */
  async universeScore(ticker: string): Promise<number | null> {
    const bars = await this.provider.getDailyBars(ticker, HISTORY_SESSIONS).catch(() => null);
    const score = bars ? relativeStrengthScore(bars.close) : Number.NaN;
    return Number.isFinite(score) ? score : null;
  }

  /**
   * Keeps the universe's RS scores for the benchmark's latest session (memory and the store), where
   * every analysis of that session, on any instance, finds them. Answers the session's date.
   */
  async publishUniverseScores(scores: number[]): Promise<string> {
    const asOf = await this.benchmarkSession();
    if (scores.length > 0) await this.keepUniverseScores(asOf, scores);
    return asOf;
  }

  /** The benchmark's latest session: the date the universe's RS scores belong to. */
  private async benchmarkSession(): Promise<string> {
    const benchmark = await this.provider.getDailyBars(this.provider.benchmarkTicker, HISTORY_SESSIONS);
    return benchmark?.dates[benchmark.dates.length - 1] ?? this.now().toISOString().slice(0, 10);
  }

  private async keepUniverseScores(asOf: string, scores: number[]): Promise<Float64Array> {
    this.universeScores = { asOf, scores: Float64Array.from(scores) };
    const fetchedAt = this.now();
    await this.rsScores?.write(this.rsKey(asOf), { payload: { scores }, fetchedAt, expiresAt: new Date(fetchedAt.getTime() + RS_SNAPSHOT_DAYS * 86_400_000) });
    return this.universeScores.scores;
  }

  /**
   * The ticker a query names and the date of its latest session, with the data source's name: what
   * an analysis made now would be made from (the bars are cached, so this is cheap).
   */
  async latestSession(query: string): Promise<{ ticker: string; asOf: string; dataSource: string }> {
    const profile = await this.resolve(query);
    const bars = await this.provider.getDailyBars(profile.ticker, HISTORY_SESSIONS);
    const asOf = bars?.dates[bars.dates.length - 1];
    if (!asOf) throw new SymbolNotFoundError(profile.ticker);
    return { ticker: profile.ticker, asOf, dataSource: MARKET_DATA_SOURCE_NAMES[this.provider.id] };
  }

  /** Analyses the provider's whole universe, best setups first. */
  async screen(): Promise<AnalysisReport[]> {
    const universe = await this.provider.listUniverse();
    const scores = await this.refreshUniverseScores();
    const reports: AnalysisReport[] = [];
    for (const profile of universe) {
      const bars = await this.provider.getDailyBars(profile.ticker, HISTORY_SESSIONS);
      if (bars) reports.push(analyzeStock(await this.inputFor(profile, bars, scores)));
    }
    return rankBySetupQuality(reports);
  }

  /**
   * Fetches the universe's bars (each cached until the next close) and keeps their RS scores for
   * the session: the daily public refresh calls it before analysing the universe.
   */
  async refreshUniverseScores(): Promise<Float64Array | null> {
    const universe = await this.provider.listUniverse();
    if (universe.length === 0) return null;
    const asOf = await this.benchmarkSession();
    if (this.universeScores?.asOf === asOf) return this.universeScores.scores;
    const scores: number[] = [];
    for (const company of universe) {
      const score = await this.universeScore(company.ticker);
      if (score !== null) scores.push(score);
    }
    if (scores.length === 0) return null;
    // Kept in memory even when the store cannot be written: the analyses of this process still use them.
    return this.keepUniverseScores(asOf, scores).catch(() => this.universeScores!.scores);
  }

  /** The universe's scores of session `asOf`, from memory or the store; null when not computed. */
  private async storedUniverseScores(asOf: string): Promise<Float64Array | null> {
    if (this.universeScores?.asOf === asOf) return this.universeScores.scores;
    const record = await this.rsScores?.read(this.rsKey(asOf)).catch(() => null);
    const scores = (record?.payload as { scores?: unknown } | undefined)?.scores;
    if (!Array.isArray(scores) || scores.length === 0 || !scores.every((x) => typeof x === "number")) return null;
    this.universeScores = { asOf, scores: Float64Array.from(scores as number[]) };
    return this.universeScores.scores;
  }

  private rsKey(asOf: string): string {
    return `${this.provider.id}:universe-rs:${asOf}`;
  }

  /** Analyses bars the caller brings (a CSV), with an optional benchmark; no fundamentals. */
  analyzeBars(ticker: string, bars: DailyBars, benchmark: DailyBars | null, dataSource: string, benchmarkName: string | null = null, universeRsRating: number | null = null): AnalysisReport {
    const asOf = bars.dates[bars.dates.length - 1] ?? "";
    return analyzeStock({
      ticker,
      profile: { ticker: ticker.toUpperCase(), name: ticker.toUpperCase(), sector: null, industry: null },
      bars,
      benchmark: benchmark ? barsUpTo(benchmark, asOf) : null,
      benchmarkName,
      sectorBars: null,
      sectorEtf: null,
      fundamentals: null,
      universeRsScores: null,
      universeRsRating,
      dataSource,
      demo: false,
      generatedAt: this.now().toISOString(),
    });
  }

  private async inputFor(profile: CompanyProfile, bars: DailyBars, universeRsScores: Float64Array | null): Promise<AnalysisInput> {
    const asOf = bars.dates[bars.dates.length - 1]!;
    const sectorEtf = profile.sector ? this.provider.sectorEtf(profile.sector) : null;
    const [benchmark, sectorBars, fundamentals] = await Promise.all([
      this.provider.getDailyBars(this.provider.benchmarkTicker, HISTORY_SESSIONS),
      sectorEtf ? this.provider.getDailyBars(sectorEtf, HISTORY_SESSIONS) : Promise.resolve(null),
      this.provider.getFundamentals(profile.ticker),
    ]);
    const input: AnalysisInput = {
      ticker: profile.ticker,
      profile,
      bars,
      benchmark: benchmark ? barsUpTo(benchmark, asOf) : null,
      benchmarkName: this.provider.benchmarkTicker,
      sectorBars: sectorBars ? barsUpTo(sectorBars, asOf) : null,
      sectorEtf,
      fundamentals,
      universeRsScores,
      dataSource: MARKET_DATA_SOURCE_NAMES[this.provider.id],
      demo: this.provider.demo,
      currency: profile.currency ?? null,
      staleData: [bars, benchmark, sectorBars, fundamentals].some((value) => value !== null && this.provider.servedStale?.(value) === true),
      generatedAt: this.now().toISOString(),
    };
    return input;
  }
}


/** Daily bars of a known ticker for the price chart (rounded to cents), or SymbolNotFoundError. */
export async function chartBars(provider: MarketDataProvider, ticker: string, sessions: number): Promise<BarRow[]> {
  const symbol = ticker.trim().toUpperCase();
  const bars = (await provider.getProfile(symbol)) ? await provider.getDailyBars(symbol, Math.max(sessions, HISTORY_SESSIONS)) : null;
  if (!bars) throw new SymbolNotFoundError(symbol);
  const from = Math.max(0, bars.close.length - sessions);
  const rows: BarRow[] = [];
  const cents = (value: number) => Math.round(value * 100) / 100;
  for (let k = from; k < bars.close.length; k++) {
    rows.push({
      date: bars.dates[k]!,
      open: cents(bars.open[k]!),
      high: cents(bars.high[k]!),
      low: cents(bars.low[k]!),
      close: cents(bars.close[k]!),
      volume: Math.round(bars.volume[k]!),
    });
  }
  return rows;
}

/** The benchmark's closes on the given dates (rounded to cents), oldest first; dates it has no bar for are left out. */
export async function benchmarkCloses(provider: MarketDataProvider, dates: readonly string[]): Promise<{ date: string; close: number }[]> {
  const bars = await provider.getDailyBars(provider.benchmarkTicker, Math.max(dates.length, HISTORY_SESSIONS));
  if (!bars) return [];
  const wanted = new Set(dates);
  const closes: { date: string; close: number }[] = [];
  for (let k = 0; k < bars.close.length; k++) {
    const date = bars.dates[k]!;
    if (wanted.has(date)) closes.push({ date, close: Math.round(bars.close[k]! * 100) / 100 });
  }
  return closes;
}
