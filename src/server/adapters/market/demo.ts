import type { CompanyProfile, DailyBars, Fundamentals } from "../../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../../core/market/market-data-provider";
import { generateDemoBars, MAX_DEMO_SESSIONS, MIN_DEMO_SESSIONS } from "./demo-bars";
import { lastCompletedSession, sessionDates } from "../../../core/market/trading-calendar";
import { generateDemoFundamentals } from "./demo-fundamentals";
import { BENCHMARK_TICKER, DEMO_COMPANIES, DEMO_LISTINGS, findListing, sectorFundTicker } from "./demo-universe";
import type { DemoListing } from "./demo-universe";

/**
 * The offline market: fictional companies whose bars are simulated, deterministically, so that on
 * any date the universe holds leaders in bases, fresh breakouts, extended names, stage-4 decliners,
 * weak-earnings names and range-bound ones (see demoArchetype). Every report made from it is
 * labelled demo.
 */
export interface DemoMarketOptions {
  seed?: number;
  today?: () => Date;
  /** Called when a ticker the demo market does not list is asked for (the registry logs it for the operator). */
  onUnknownTicker?: (ticker: string) => void;
}

const MAX_SEARCH_RESULTS = 10;

/** Position of each listing among those of its archetype (varies the base type and details). */
const variants = new Map<string, number>();
{
  const seen = new Map<string, number>();
  for (const listing of DEMO_LISTINGS) {
    const n = seen.get(listing.kind) ?? 0;
    variants.set(listing.ticker, n);
    seen.set(listing.kind, n + 1);
  }
}

/** The chart situation a demo ticker is built to show ('vcp', 'stage-4', 'benchmark'...); null if unknown. */
export function demoArchetype(ticker: string): string | null {
  return findListing(ticker)?.kind ?? null;
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

/** 1 for an exact ticker, then name matches from the strongest (name starts with the query). */
function matchScore(listing: DemoListing, query: string): number {
  const q = query.toLowerCase();
  const ticker = listing.ticker.toLowerCase();
  const name = listing.name.toLowerCase();
  if (ticker === q) return 1;
  if (name === q) return 0.95;
  if (name.startsWith(q)) return 0.9;
  const queryWords = words(q);
  const nameWords = words(name);
  if (queryWords.length > 0 && queryWords.every((qw) => nameWords.some((nw) => nw.startsWith(qw)))) return 0.8;
  if (!q.includes(" ") && ticker.startsWith(q)) return 0.7;
  if (name.includes(q)) return 0.6;
  return 0;
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
  /** Caches hold one session's data; a new session clears them. */
  private cachedSession: number | null = null;
  private dates: string[] = [];
  private readonly bars = new Map<string, DailyBars>();
  private readonly fundamentals = new Map<string, Fundamentals | null>();

  constructor(options: DemoMarketOptions = {}) {
    this.seed = options.seed ?? 42;
    this.today = options.today ?? (() => new Date());
    this.onUnknownTicker = options.onUnknownTicker;
  }

  async searchSymbols(query: string): Promise<SymbolMatch[]> {
    const q = query.trim();
    if (q.length === 0) return [];
    return DEMO_LISTINGS.map((listing) => ({ ...profileOf(listing), score: matchScore(listing, q) }))
      .filter((match) => match.score > 0)
      // Equal scores keep the universe's order: its first companies are the showcase setups.
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_SEARCH_RESULTS);
  }

  async getProfile(ticker: string): Promise<CompanyProfile | null> {
    const listing = findListing(ticker);
    if (!listing) this.onUnknownTicker?.(ticker);
    return listing ? profileOf(listing) : null;
  }

  async getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const listing = findListing(ticker);
    if (!listing) return null;
    const asked = Number.isFinite(sessions) ? Math.ceil(sessions) : 0;
    const count = Math.min(MAX_DEMO_SESSIONS, Math.max(MIN_DEMO_SESSIONS, asked));
    const session = this.session();
    let bars = this.bars.get(listing.ticker);
    if (!bars || bars.close.length < count) {
      if (this.dates.length < count) this.dates = sessionDates(session, count);
      const dates = this.dates.slice(this.dates.length - count);
      bars = generateDemoBars({ listing, seed: this.seed, dates, variant: variants.get(listing.ticker) ?? 0 });
      this.bars.set(listing.ticker, bars);
    }
    return copyBars(bars, count);
  }

  async getFundamentals(ticker: string): Promise<Fundamentals | null> {
    const listing = findListing(ticker);
    if (!listing) return null;
    const session = this.session();
    if (!this.fundamentals.has(listing.ticker)) {
      this.fundamentals.set(listing.ticker, generateDemoFundamentals(listing, this.seed, session, variants.get(listing.ticker) ?? 0));
    }
    return structuredClone(this.fundamentals.get(listing.ticker) ?? null);
  }

  sectorEtf(sector: string): string | null {
    return sectorFundTicker(sector);
  }

  async listUniverse(): Promise<CompanyProfile[]> {
    return DEMO_COMPANIES.map(profileOf);
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
