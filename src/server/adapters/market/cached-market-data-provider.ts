import type { CompanyProfile, DailyBars, Fundamentals } from "../../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../../core/market/market-data-provider";
import { lastCompletedSession } from "../../../core/market/trading-calendar";

/**
 * Wraps a provider so each ticker's bars and fundamentals are fetched at most once per trading
 * day, and concurrent requests for the same ticker share one fetch. Failures are not cached.
 */
export class CachedMarketDataProvider implements MarketDataProvider {
  readonly id: MarketDataProvider["id"];
  readonly demo: boolean;
  readonly benchmarkTicker: string;
  private session = -1;
  private bars = new Map<string, { sessions: number; value: Promise<DailyBars | null> }>();
  private other = new Map<string, Promise<unknown>>();

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.id = inner.id;
    this.demo = inner.demo;
    this.benchmarkTicker = inner.benchmarkTicker;
  }

  /** Drops everything when a new session has closed. */
  private rollOver(): void {
    const session = lastCompletedSession(this.now());
    if (session !== this.session) {
      this.session = session;
      this.bars.clear();
      this.other.clear();
    }
  }

  private memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.rollOver();
    const cached = this.other.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const value = load();
    this.other.set(key, value);
    value.catch(() => this.other.delete(key));
    return value;
  }

  getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    this.rollOver();
    const key = ticker.toUpperCase();
    const cached = this.bars.get(key);
    if (cached && cached.sessions >= sessions) return cached.value;
    const value = this.inner.getDailyBars(key, sessions);
    const entry = { sessions, value };
    this.bars.set(key, entry);
    value.catch(() => {
      if (this.bars.get(key) === entry) this.bars.delete(key);
    });
    return value;
  }

  getFundamentals(ticker: string): Promise<Fundamentals | null> {
    return this.memo(`fundamentals:${ticker.toUpperCase()}`, () => this.inner.getFundamentals(ticker.toUpperCase()));
  }

  getProfile(ticker: string): Promise<CompanyProfile | null> {
    return this.memo(`profile:${ticker.toUpperCase()}`, () => this.inner.getProfile(ticker.toUpperCase()));
  }

  searchSymbols(query: string): Promise<SymbolMatch[]> {
    return this.memo(`search:${query.trim().toLowerCase()}`, () => this.inner.searchSymbols(query));
  }

  listUniverse(): Promise<CompanyProfile[]> {
    return this.memo("universe", () => this.inner.listUniverse());
  }

  sectorEtf(sector: string): string | null {
    return this.inner.sectorEtf(sector);
  }
}
