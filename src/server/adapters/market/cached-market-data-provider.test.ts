import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MarketDataUnavailableError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import type { DatabaseHandle } from "../../db/database";
import { testDatabaseKinds } from "../../test-support/test-database";
import { CachedMarketDataProvider, MARKET_CACHE_TTL_MS } from "./cached-market-data-provider";
import { DemoMarketProvider } from "./demo";
import { DatabaseMarketCacheStore, type MarketCacheRecord, type MarketCacheStore } from "./market-cache-store";

/** A provider over the demo market that counts calls and can be switched off like an unreachable API. */
function controllable(now: () => Date) {
  const inner = new DemoMarketProvider({ seed: 1, today: now });
  const calls = { bars: 0, fundamentals: 0, profile: 0, search: 0 };
  const state = { down: false };
  const guard = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (state.down) throw new MarketDataUnavailableError("Test provider", "connection refused");
  };
  const provider: MarketDataProvider = {
    id: "yahoo",
    demo: false,
    costsUpstreamCalls: true,
    benchmarkTicker: inner.benchmarkTicker,
    searchSymbols: async (q) => {
      calls.search++;
      await guard();
      return inner.searchSymbols(q);
    },
    getProfile: async (t) => {
      calls.profile++;
      await guard();
      return inner.getProfile(t);
    },
    getDailyBars: async (t, s) => {
      calls.bars++;
      await guard();
      return inner.getDailyBars(t, s);
    },
    getFundamentals: async (t) => {
      calls.fundamentals++;
      await guard();
      return inner.getFundamentals(t);
    },
    sectorEtf: (s) => inner.sectorEtf(s),
    listUniverse: () => inner.listUniverse(),
  };
  return { provider, calls, state };
}

class MemoryStore implements MarketCacheStore {
  readonly rows = new Map<string, MarketCacheRecord>();
  async read(key: string) {
    return this.rows.get(key) ?? null;
  }
  async write(key: string, record: MarketCacheRecord) {
    this.rows.set(key, structuredClone(record));
  }
}

describe("CachedMarketDataProvider", () => {
  it("keeps bars until the next US close and fundamentals a day, sharing concurrent fetches", async () => {
    let now = new Date("2026-11-20T15:00:00Z"); // Friday 10:00 New York: last session Thursday
    const { provider, calls } = controllable(() => now);
    const cached = new CachedMarketDataProvider(provider, { now: () => now });
    await Promise.all(Array.from({ length: 10 }, () => cached.getDailyBars("NWSC", 520)));
    await cached.getDailyBars("nwsc", 260);
    await Promise.all([cached.getFundamentals("NWSC"), cached.getFundamentals("NWSC")]);
    expect(calls).toMatchObject({ bars: 1, fundamentals: 1 });

    now = new Date("2026-11-20T20:59:00Z"); // 15:59 New York: same session
    await cached.getDailyBars("NWSC", 520);
    expect(calls.bars).toBe(1);

    now = new Date("2026-11-20T21:01:00Z"); // after the close: bars again, fundamentals still fresh
    await cached.getDailyBars("NWSC", 520);
    await cached.getFundamentals("NWSC");
    expect(calls).toMatchObject({ bars: 2, fundamentals: 1 });

    now = new Date("2026-11-21T15:01:00Z"); // a day after the first fetch
    await cached.getFundamentals("NWSC");
    expect(calls.fundamentals).toBe(2);
  });

  it("fetches again when more sessions are asked than the cached series was fetched for", async () => {
    const now = () => new Date("2026-11-20T15:00:00Z");
    const { provider, calls } = controllable(now);
    const cached = new CachedMarketDataProvider(provider, { now });
    await cached.getDailyBars("NWSC", 100);
    await cached.getDailyBars("NWSC", 520);
    expect(calls.bars).toBe(1);
    await cached.getDailyBars("NWSC", 700);
    expect(calls.bars).toBe(2);
  });

  it("remembers an unknown symbol for an hour", async () => {
    let now = new Date("2026-11-20T15:00:00Z");
    const { provider, calls } = controllable(() => now);
    const cached = new CachedMarketDataProvider(provider, { now: () => now });
    expect(await cached.getProfile("NOPE")).toBeNull();
    expect(await cached.getProfile("NOPE")).toBeNull();
    expect(calls.profile).toBe(1);
    now = new Date(now.getTime() + MARKET_CACHE_TTL_MS.notFound + 1);
    await cached.getProfile("NOPE");
    expect(calls.profile).toBe(2);
  });

  it("serves the last cached data, marked stale, when the provider is unreachable; without cache it fails", async () => {
    let now = new Date("2026-11-19T15:00:00Z");
    const { provider, state } = controllable(() => now);
    const warnings: string[] = [];
    const cached = new CachedMarketDataProvider(provider, { now: () => now, log: { warn: (_fields, message) => warnings.push(message) } });
    const fresh = (await cached.getDailyBars("NWSC", 520))!;
    const fundamentals = (await cached.getFundamentals("NWSC"))!;
    expect(cached.servedStale(fresh)).toBe(false);

    now = new Date("2026-11-23T15:00:00Z"); // everything expired
    state.down = true;
    const stale = (await cached.getDailyBars("NWSC", 520))!;
    expect(stale.dates.at(-1)).toBe(fresh.dates.at(-1));
    expect(cached.servedStale(stale)).toBe(true);
    expect(cached.servedStale(fresh)).toBe(false);
    const staleFundamentals = (await cached.getFundamentals("NWSC"))!;
    expect(staleFundamentals).toEqual(fundamentals);
    expect(cached.servedStale(staleFundamentals)).toBe(true);
    expect(warnings).toContain("market data provider unavailable: serving the last cached data");

    await expect(cached.getDailyBars("ORCH", 520)).rejects.toBeInstanceOf(MarketDataUnavailableError);

    state.down = false;
    const recovered = (await cached.getDailyBars("NWSC", 520))!;
    expect(cached.servedStale(recovered)).toBe(false);
  });

  it("does not keep failures other than unavailability, and does not serve stale data for them", async () => {
    const inner = new DemoMarketProvider({ seed: 1 });
    let fail = true;
    const flaky: MarketDataProvider = Object.assign(Object.create(inner) as MarketDataProvider, {
      getDailyBars: async (t: string, s: number) => {
        if (fail) throw new Error("bug");
        return inner.getDailyBars(t, s);
      },
    });
    const cached = new CachedMarketDataProvider(flaky);
    await expect(cached.getDailyBars("NWSC", 520)).rejects.toThrow("bug");
    fail = false;
    expect(await cached.getDailyBars("NWSC", 520)).not.toBeNull();
  });

  it("keeps working on memory alone when the store fails", async () => {
    const now = () => new Date("2026-11-20T15:00:00Z");
    const { provider, calls } = controllable(now);
    const broken: MarketCacheStore = {
      read: () => Promise.reject(new Error("database down")),
      write: () => Promise.reject(new Error("database down")),
    };
    const warnings: string[] = [];
    const cached = new CachedMarketDataProvider(provider, { now, store: broken, log: { warn: (_f, m) => warnings.push(m) } });
    expect(await cached.getDailyBars("NWSC", 520)).not.toBeNull();
    expect(await cached.getDailyBars("NWSC", 520)).not.toBeNull();
    expect(calls.bars).toBe(1);
    expect(warnings).toEqual(["market cache could not be read", "market cache could not be written"]);
  });

  it("shares what one process fetched with the next one through the store, stale fallback included", async () => {
    let now = new Date("2026-11-20T15:00:00Z");
    const store = new MemoryStore();
    const first = controllable(() => now);
    const bars = await new CachedMarketDataProvider(first.provider, { now: () => now, store }).getDailyBars("NWSC", 520);
    const restarted = controllable(() => now);
    const second = new CachedMarketDataProvider(restarted.provider, { now: () => now, store });
    expect(await second.getDailyBars("NWSC", 520)).toEqual(bars);
    expect(restarted.calls.bars).toBe(0);

    now = new Date("2026-11-24T15:00:00Z");
    const third = controllable(() => now);
    third.state.down = true;
    const afterRestart = new CachedMarketDataProvider(third.provider, { now: () => now, store });
    const stale = (await afterRestart.getDailyBars("NWSC", 520))!;
    expect(stale).toEqual(bars);
    expect(afterRestart.servedStale(stale)).toBe(true);
  });

  it("tells onLookup of each lookup: hits from memory, the store or a shared fetch; misses that went upstream", async () => {
    const now = () => new Date("2026-11-20T15:00:00Z");
    const store = new MemoryStore();
    const lookups: string[] = [];
    const onLookup = (kind: string, hit: boolean) => lookups.push(`${kind} ${hit ? "hit" : "miss"}`);
    const first = new CachedMarketDataProvider(controllable(now).provider, { now, store, onLookup });
    await Promise.all([first.getDailyBars("NWSC", 520), first.getDailyBars("NWSC", 520)]);
    await first.getDailyBars("NWSC", 520);
    await first.getFundamentals("NWSC");
    // The shared fetch is told at once, the one that fetches after it has looked in the store.
    expect(lookups.sort()).toEqual(["bars hit", "bars hit", "bars miss", "fundamentals miss"]);

    lookups.length = 0;
    const restarted = controllable(now);
    await new CachedMarketDataProvider(restarted.provider, { now, store, onLookup }).getDailyBars("NWSC", 520);
    expect(lookups).toEqual(["bars hit"]);
    expect(restarted.calls.bars).toBe(0);
  });
});

describe.each(testDatabaseKinds("database-behaviour"))("DatabaseMarketCacheStore on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  it("writes, overwrites and reads entries with their times", async () => {
    const store = new DatabaseMarketCacheStore(Promise.resolve(handle.db));
    expect(await store.read("yahoo:bars:AAPL")).toBeNull();
    const fetchedAt = new Date("2026-11-20T15:00:00Z");
    await store.write("yahoo:bars:AAPL", { payload: { bars: null }, fetchedAt, expiresAt: new Date("2026-11-20T21:00:00Z") });
    await store.write("yahoo:bars:AAPL", { payload: { bars: { close: [1.5] } }, fetchedAt, expiresAt: new Date("2026-11-23T21:00:00Z") });
    expect(await store.read("yahoo:bars:AAPL")).toEqual({
      payload: { bars: { close: [1.5] } },
      fetchedAt,
      expiresAt: new Date("2026-11-23T21:00:00Z"),
    });
  });

  it("lets a provider restarted on the same database answer from it", async () => {
    const now = () => new Date("2026-11-20T15:00:00Z");
    const store = new DatabaseMarketCacheStore(handle.db);
    const first = controllable(now);
    const fundamentals = await new CachedMarketDataProvider(first.provider, { now, store }).getFundamentals("NWSC");
    const second = controllable(now);
    expect(await new CachedMarketDataProvider(second.provider, { now, store }).getFundamentals("NWSC")).toEqual(fundamentals);
    expect(second.calls.fundamentals).toBe(0);
  });
});
