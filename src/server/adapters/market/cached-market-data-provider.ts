import type { CompanyProfile, DailyBars, Fundamentals } from "../../../core/market/market-data";
import { MarketDataUnavailableError, type MarketDataProvider, type SymbolMatch } from "../../../core/market/market-data-provider";
import { isoFromDayNumber, lastCompletedSession, nextSessionClose } from "../../../core/market/trading-calendar";
import type { MarketCacheRecord, MarketCacheStore } from "./market-cache-store";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of data stays fresh (bars: until the next US close, see barsExpiry). */
export const MARKET_CACHE_TTL_MS = {
  fundamentals: DAY_MS,
  profile: DAY_MS,
  search: DAY_MS,
  /** An unknown ticker is asked about again after an hour, not on every request. */
  notFound: HOUR_MS,
  /** Bars that lack the last completed session (the provider has not published it yet). */
  laggingBars: 15 * MINUTE_MS,
} as const;

/**
 * Every request asks for at least this many sessions, so the analysis (520), the chart and the
 * universe scan share one cached series instead of fetching a short and a long one.
 */
const MIN_CACHED_SESSIONS = 520;
const MEMORY_ENTRIES = 2_000;

export interface MarketCacheLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface CachedMarketOptions {
  /** Persistence beyond the process (the database); without it only memory is used. */
  store?: MarketCacheStore;
  now?: () => Date;
  log?: MarketCacheLog;
  /**
   * Told of every lookup, by kind (bars, fundamentals, profile, search): a hit when answered without
   * an upstream call of its own (fresh in memory or the store, or sharing a fetch already running),
   * a miss when it went to the provider (stale fallbacks included). For the cache_lookups_total metric.
   */
  onLookup?: (kind: CacheKind, hit: boolean) => void;
}

type CacheKind = "bars" | "fundamentals" | "profile" | "search";

interface Entry {
  value: unknown;
  expiresAt: number;
  /** Bars only: how many sessions were asked for when they were fetched. */
  sessions?: number;
}

interface Policy<T> {
  kind: CacheKind;
  key: string;
  /** Sessions the caller needs (bars); an entry fetched for fewer is not used. */
  sessions?: number;
  load: () => Promise<T>;
  expiry: (value: T, now: Date) => number;
  encode: (value: T) => unknown;
  decode: (payload: unknown) => T;
}

interface EncodedBars {
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

function encodeBars(bars: DailyBars | null): EncodedBars | null {
  if (!bars) return null;
  return {
    dates: bars.dates,
    open: Array.from(bars.open),
    high: Array.from(bars.high),
    low: Array.from(bars.low),
    close: Array.from(bars.close),
    volume: Array.from(bars.volume),
  };
}

function decodeBars(payload: unknown): DailyBars | null {
  const encoded = (payload as { bars?: EncodedBars | null } | null)?.bars;
  if (!encoded) return null;
  return {
    dates: [...encoded.dates],
    open: Float64Array.from(encoded.open),
    high: Float64Array.from(encoded.high),
    low: Float64Array.from(encoded.low),
    close: Float64Array.from(encoded.close),
    volume: Float64Array.from(encoded.volume),
  };
}

/** A stale value is a copy, so marking it stale never marks the fresh value others share. */
function clone<T>(value: T): T {
  return value === null || typeof value !== "object" ? value : structuredClone(value);
}

/**
 * Wraps a provider with a cache: in memory, and in a store (the database) when given. Bars stay
 * fresh until the next US market close, fundamentals, profiles and searches for a day; concurrent
 * requests for one key share one upstream fetch (single flight). When the provider cannot be
 * reached and an expired entry exists, that entry is served and marked stale (`servedStale`), so
 * the report can say its data is the last cached. Unknown symbols are remembered for an hour.
 */
export class CachedMarketDataProvider implements MarketDataProvider {
  readonly id: MarketDataProvider["id"];
  readonly demo: boolean;
  readonly costsUpstreamCalls: boolean;
  readonly benchmarkTicker: string;
  private readonly memory = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly stale = new WeakSet<object>();
  private readonly store: MarketCacheStore | undefined;
  private readonly now: () => Date;
  private readonly log: MarketCacheLog | undefined;
  private readonly onLookup: CachedMarketOptions["onLookup"];

  constructor(
    private readonly inner: MarketDataProvider,
    options: CachedMarketOptions = {},
  ) {
    this.id = inner.id;
    this.demo = inner.demo;
    this.costsUpstreamCalls = inner.costsUpstreamCalls;
    this.benchmarkTicker = inner.benchmarkTicker;
    this.store = options.store;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
    this.onLookup = options.onLookup;
  }

  servedStale(value: object): boolean {
    return this.stale.has(value);
  }

  getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const symbol = ticker.trim().toUpperCase();
    const wanted = Math.max(MIN_CACHED_SESSIONS, Number.isFinite(sessions) ? Math.ceil(sessions) : 0);
    return this.cached<DailyBars | null>({
      kind: "bars",
      key: `${this.id}:bars:${symbol}`,
      sessions: wanted,
      load: () => this.inner.getDailyBars(symbol, wanted),
      expiry: (bars, now) => barsExpiry(bars, now),
      encode: (bars) => ({ bars: encodeBars(bars), sessions: wanted }),
      decode: decodeBars,
    });
  }

  getFundamentals(ticker: string): Promise<Fundamentals | null> {
    const symbol = ticker.trim().toUpperCase();
    return this.cached<Fundamentals | null>({
      kind: "fundamentals",
      key: `${this.id}:fundamentals:${symbol}`,
      load: () => this.inner.getFundamentals(symbol),
      expiry: (value, now) => now.getTime() + (value ? MARKET_CACHE_TTL_MS.fundamentals : MARKET_CACHE_TTL_MS.notFound),
      encode: (value) => ({ value }),
      decode: (payload) => (payload as { value: Fundamentals | null }).value,
    });
  }

  getProfile(ticker: string): Promise<CompanyProfile | null> {
    const symbol = ticker.trim().toUpperCase();
    return this.cached<CompanyProfile | null>({
      kind: "profile",
      key: `${this.id}:profile:${symbol}`,
      load: () => this.inner.getProfile(symbol),
      expiry: (value, now) => now.getTime() + (value ? MARKET_CACHE_TTL_MS.profile : MARKET_CACHE_TTL_MS.notFound),
      encode: (value) => ({ value }),
      decode: (payload) => (payload as { value: CompanyProfile | null }).value,
    });
  }

  searchSymbols(query: string): Promise<SymbolMatch[]> {
    const normalised = query.trim().toLowerCase();
    return this.cached<SymbolMatch[]>({
      kind: "search",
      key: `${this.id}:search:${normalised}`,
      load: () => this.inner.searchSymbols(query),
      expiry: (value, now) => now.getTime() + (value.length > 0 ? MARKET_CACHE_TTL_MS.search : MARKET_CACHE_TTL_MS.notFound),
      encode: (value) => ({ value }),
      decode: (payload) => (payload as { value: SymbolMatch[] }).value,
    });
  }

  listUniverse(): Promise<CompanyProfile[]> {
    return this.inner.listUniverse();
  }

  /** The provider's whole symbol list, not cached here (the symbol index stores it); empty when it has none. */
  listSymbols(): Promise<Pick<CompanyProfile, "ticker" | "name">[]> {
    return this.inner.listSymbols?.() ?? Promise.resolve([]);
  }

  sectorEtf(sector: string): string | null {
    return this.inner.sectorEtf(sector);
  }

  private async cached<T>(policy: Policy<T>): Promise<T> {
    const now = this.now().getTime();
    const remembered = this.memory.get(policy.key);
    // Fresh values are shared, not copied: the engine only reads them.
    if (remembered && remembered.expiresAt > now && covers(remembered, policy.sessions)) {
      this.onLookup?.(policy.kind, true);
      return remembered.value as T;
    }
    const flightKey = `${policy.key}:${policy.sessions ?? ""}`;
    const running = this.inflight.get(flightKey) as Promise<T> | undefined;
    if (running) {
      this.onLookup?.(policy.kind, true);
      return running;
    }
    const flight = this.fetchThrough(policy, remembered);
    this.inflight.set(flightKey, flight);
    try {
      return await flight;
    } finally {
      this.inflight.delete(flightKey);
    }
  }

  private async fetchThrough<T>(policy: Policy<T>, remembered: Entry | undefined): Promise<T> {
    const stored = await this.readStore(policy.key);
    if (stored && stored.expiresAt.getTime() > this.now().getTime() && covers(sessionsOf(stored.payload), policy.sessions)) {
      const value = policy.decode(stored.payload);
      this.remember(policy.key, { value, expiresAt: stored.expiresAt.getTime(), sessions: sessionsOf(stored.payload).sessions });
      this.onLookup?.(policy.kind, true);
      return value;
    }
    this.onLookup?.(policy.kind, false);
    let value: T;
    try {
      value = await policy.load();
    } catch (error) {
      if (!(error instanceof MarketDataUnavailableError)) throw error;
      const fallback = this.staleValue(policy, remembered, stored);
      if (fallback === undefined) throw error;
      this.log?.warn({ key: policy.key, err: error.message }, "market data provider unavailable: serving the last cached data");
      return fallback;
    }
    const fetchedAt = this.now();
    const expiresAt = policy.expiry(value, fetchedAt);
    this.remember(policy.key, { value, expiresAt, sessions: policy.sessions });
    await this.writeStore(policy.key, { payload: policy.encode(value), fetchedAt, expiresAt: new Date(expiresAt) });
    return value;
  }

  /** The newest expired value (memory first, then the store), marked stale; undefined when none. */
  private staleValue<T>(policy: Policy<T>, remembered: Entry | undefined, stored: MarketCacheRecord | null): T | undefined {
    let value: T | undefined;
    if (remembered && remembered.value !== null) value = clone(remembered.value as T);
    else if (stored) value = policy.decode(stored.payload);
    if (value === undefined || value === null) return undefined;
    if (typeof value === "object") this.stale.add(value);
    return value;
  }

  private remember(key: string, entry: Entry): void {
    this.memory.delete(key);
    this.memory.set(key, entry);
    if (this.memory.size > MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
  }

  /** A store that fails (database busy or down) costs the cache, never the analysis. */
  private async readStore(key: string): Promise<MarketCacheRecord | null> {
    if (!this.store) return null;
    try {
      return await this.store.read(key);
    } catch (error) {
      this.log?.warn({ key, err: String(error) }, "market cache could not be read");
      return null;
    }
  }

  private async writeStore(key: string, record: MarketCacheRecord): Promise<void> {
    if (!this.store) return;
    try {
      await this.store.write(key, record);
    } catch (error) {
      this.log?.warn({ key, err: String(error) }, "market cache could not be written");
    }
  }
}

function sessionsOf(payload: unknown): { sessions?: number } {
  const sessions = (payload as { sessions?: unknown } | null)?.sessions;
  return typeof sessions === "number" ? { sessions } : {};
}

function covers(entry: { sessions?: number }, wanted: number | undefined): boolean {
  return wanted === undefined || (entry.sessions ?? 0) >= wanted;
}

/**
 * Bars change when a session closes: fresh until the next US close. Bars that do not yet hold the
 * last completed session (the provider publishes a little after 16:00) are asked again soon.
 */
function barsExpiry(bars: DailyBars | null, now: Date): number {
  if (!bars) return now.getTime() + MARKET_CACHE_TTL_MS.notFound;
  const close = nextSessionClose(now).getTime();
  const last = bars.dates[bars.dates.length - 1] ?? "";
  if (last < isoFromDayNumber(lastCompletedSession(now))) return Math.min(close, now.getTime() + MARKET_CACHE_TTL_MS.laggingBars);
  return close;
}
