import type { CompanyProfile, DailyBars, Fundamentals } from "../../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../../core/market/market-data-provider";
import { generateDemoBars, MAX_DEMO_SESSIONS, MIN_DEMO_SESSIONS } from "./demo-bars";
import { lastCompletedSession, sessionDates } from "../../../core/market/trading-calendar";
import { generateDemoFundamentals } from "./demo-fundamentals";
import { BENCHMARK_TICKER, DEFAULT_DEMO_UNIVERSE_SIZE, demoUniverse, MAX_DEMO_UNIVERSE_SIZE, sectorFundTicker } from "./demo-universe";
import type { DemoListing, DemoUniverse } from "./demo-universe";

/**
 * The offline market: fictional companies whose bars follow one fixed simulated path each (a new
 * session appends a bar, never changes one), drawn in episodes that play out like a market's, so on
 * any date some leaders are basing, some breaking out, some resolving, beside decliners, weak-earnings
 * names and range-bound ones (see demoArchetype and demo-episodes.ts). Every report made from it is
 * labelled demo.
 */
export interface DemoMarketOptions {
  seed?: number;
  today?: () => Date;
  /** Called when a ticker the demo market does not list is asked for (the registry logs it for the operator). */
  onUnknownTicker?: (ticker: string) => void;
  /**
   * Companies in the universe (DEMO_UNIVERSE_SIZE): 1 to 5,000, default the 45 curated ones.
   * Below 45 the first N curated; above, generated fictional companies follow (demo-universe.ts).
   */
  universeSize?: number;
}

const MAX_SEARCH_RESULTS = 10;
/** Tickers whose generated bars (and fundamentals) stay in memory; older ones are generated again when asked. */
const MAX_CACHED_TICKERS = 1_000;

/**
 * The kind of company a demo ticker is drawn as ('vcp' leader, 'stage-4' cyclical, 'benchmark'...); null if
 * unknown. Knows generated companies too (any universe size: a company's archetype never depends on it).
 */
export function demoArchetype(ticker: string): string | null {
  return demoUniverse(MAX_DEMO_UNIVERSE_SIZE).find(ticker)?.kind ?? null;
}

function profileOf(listing: DemoListing): CompanyProfile {
  return { ticker: listing.ticker, name: listing.name, sector: listing.sector, industry: listing.industry };
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** A listing with the lower-case forms search compares (computed once per universe, not per query). */
interface SearchEntry {
  listing: DemoListing;
  ticker: string;
  name: string;
  nameWords: string[];
}

const searchIndexes = new WeakMap<DemoUniverse, readonly SearchEntry[]>();

function searchIndex(universe: DemoUniverse): readonly SearchEntry[] {
  let index = searchIndexes.get(universe);
  if (!index) {
    index = universe.listings.map((listing) => {
      const name = listing.name.toLowerCase();
      return { listing, ticker: listing.ticker.toLowerCase(), name, nameWords: words(name) };
    });
    searchIndexes.set(universe, index);
  }
  return index;
}

/** 1 for an exact ticker, then name matches from the strongest (name starts with the query). */
function matchScore(entry: SearchEntry, q: string, queryWords: readonly string[]): number {
  const { ticker, name, nameWords } = entry;
  if (ticker === q) return 1;
  if (name === q) return 0.95;
  if (name.startsWith(q)) return 0.9;
  if (queryWords.length > 0 && queryWords.every((qw) => nameWords.some((nw) => nw.startsWith(qw)))) return 0.8;
  if (!q.includes(" ") && ticker.startsWith(q)) return 0.7;
  if (name.includes(q)) return 0.6;
  return 0;
}

/** Keeps at most MAX_CACHED_TICKERS entries: the oldest set is dropped first. */
function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_CACHED_TICKERS) cache.delete(cache.keys().next().value!);
}

function copyBars(bars: DailyBars, count: number): DailyBars {
  const start = bars.close.length - count;
  return {
    dates: bars.dates.slice(start),
    open: bars.open.slice(start),
    high: bars.high.slice(start),
    low: bars.low.slice(start),
    close: bars.close.slice(start),
    volume: bars.volume.slice(start),
  };
}

export class DemoMarketProvider implements MarketDataProvider {
  readonly id = "demo" as const;
  readonly demo = true;
  readonly costsUpstreamCalls: boolean = false;
  readonly benchmarkTicker = BENCHMARK_TICKER;

  private readonly seed: number;
  private readonly today: () => Date;
  private readonly onUnknownTicker: ((ticker: string) => void) | undefined;
  private readonly universe: DemoUniverse;
  /** Caches hold one session's data; a new session clears them. */
  private cachedSession: number | null = null;
  private dates: string[] = [];
  private readonly bars = new Map<string, DailyBars>();
  private readonly fundamentals = new Map<string, Fundamentals | null>();

  constructor(options: DemoMarketOptions = {}) {
    this.seed = options.seed ?? 42;
    this.today = options.today ?? (() => new Date());
    this.onUnknownTicker = options.onUnknownTicker;
    this.universe = demoUniverse(options.universeSize ?? DEFAULT_DEMO_UNIVERSE_SIZE);
  }

  async searchSymbols(query: string): Promise<SymbolMatch[]> {
    const q = query.trim().toLowerCase();
    if (q.length === 0) return [];
    const queryWords = words(q);
    const matches: { entry: SearchEntry; score: number }[] = [];
    for (const entry of searchIndex(this.universe)) {
      const score = matchScore(entry, q, queryWords);
      if (score > 0) matches.push({ entry, score });
    }
    return matches
      // Equal scores keep the universe's order: its first companies are the showcase setups.
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_SEARCH_RESULTS)
      .map(({ entry, score }) => ({ ...profileOf(entry.listing), score }));
  }

  async getProfile(ticker: string): Promise<CompanyProfile | null> {
    const listing = this.universe.find(ticker);
    if (!listing) this.onUnknownTicker?.(ticker);
    return listing ? profileOf(listing) : null;
  }

  async getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const listing = this.universe.find(ticker);
    if (!listing) return null;
    const asked = Number.isFinite(sessions) ? Math.ceil(sessions) : 0;
    const count = Math.min(MAX_DEMO_SESSIONS, Math.max(MIN_DEMO_SESSIONS, asked));
    const session = this.session();
    let bars = this.bars.get(listing.ticker);
    if (!bars || bars.close.length < count) {
      if (this.dates.length < count) this.dates = sessionDates(session, count);
      const dates = this.dates.slice(this.dates.length - count);
      bars = generateDemoBars({ listing, seed: this.seed, dates, variant: this.universe.variant(listing.ticker) });
      remember(this.bars, listing.ticker, bars);
    }
    return copyBars(bars, count);
  }

  async getFundamentals(ticker: string): Promise<Fundamentals | null> {
    const listing = this.universe.find(ticker);
    if (!listing) return null;
    const session = this.session();
    let fundamentals = this.fundamentals.get(listing.ticker);
    if (fundamentals === undefined) {
      fundamentals = generateDemoFundamentals(listing, this.seed, session, this.universe.variant(listing.ticker));
      remember(this.fundamentals, listing.ticker, fundamentals);
    }
    return structuredClone(fundamentals);
  }

  sectorEtf(sector: string): string | null {
    return sectorFundTicker(sector);
  }

  async listUniverse(): Promise<CompanyProfile[]> {
    return this.universe.companies.map(profileOf);
  }

  /** The last completed session now; clears the caches when it changed. */
  private session(): number {
    const session = lastCompletedSession(this.today());
    if (session !== this.cachedSession) {
      this.cachedSession = session;
      this.dates = [];
      this.bars.clear();
      this.fundamentals.clear();
    }
    return session;
  }
}
