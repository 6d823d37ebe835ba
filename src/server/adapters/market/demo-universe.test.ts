import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { DemoMarketProvider, demoArchetype } from "./demo";
import { GeneratedCompanies } from "./demo-generated-companies";
import { createMarketDataProvider } from "./market-registry";
import { DEMO_BENCHMARK, DEMO_COMPANIES, DEMO_LISTINGS, DEMO_SECTOR_ETFS, DEMO_SECTORS, demoUniverse, MAX_DEMO_UNIVERSE_SIZE } from "./demo-universe";

const SATURDAY = new Date("2026-03-14T16:00:00Z");

/** The 45 curated tickers as they were before DEMO_UNIVERSE_SIZE existed: size 45 must stay exactly this. */
const CURATED_TICKERS = [
  "NWSC", "QBIT", "LMNC", "VNTR", "CRDX", "HLXC", "MRDT", "ALVH", "PLSM", "CVPH", "BRKL", "HBRP", "LDGR", "SUMT", "IVIG",
  "VLRA", "DRFT", "KSTM", "MPCH", "FBFN", "ATFG", "SKRL", "CRVN", "RDGW", "BLSM", "SLVN", "PNCM", "GBDR", "ECHF", "PRLX",
  "BCNW", "INKW", "HVTF", "CLBV", "GDLF", "OKMD", "CBRG", "SLVC", "STBM", "NGPW", "CWUT", "BVLT", "KSRT", "LKSR", "VDPR",
];

function provider(universeSize?: number, seed = 42): DemoMarketProvider {
  return new DemoMarketProvider({ seed, today: () => SATURDAY, ...(universeSize !== undefined && { universeSize }) });
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe("demo universe size", () => {
  it("is the 45 curated companies by default and at size 45, with the same bars", async () => {
    const byDefault = await provider().listUniverse();
    const at45 = await provider(45).listUniverse();
    expect(byDefault.map((c) => c.ticker)).toEqual(CURATED_TICKERS);
    expect(at45).toEqual(byDefault);
    expect(demoUniverse(45).companies).toEqual(DEMO_COMPANIES);
    for (const ticker of ["NWSC", "VDPR", "SPY", "DTEC"]) {
      expect(await provider(45).getDailyBars(ticker, 520)).toEqual(await provider().getDailyBars(ticker, 520));
    }
  });

  it("keeps every curated company's bars and fundamentals whatever the size (5,000 generated after them change nothing)", async () => {
    const small = provider(45);
    const big = provider(5_000);
    for (const ticker of ["NWSC", "QBIT", "MRDT", "HLXC", "SPY"]) {
      expect(await big.getDailyBars(ticker, 520), ticker).toEqual(await small.getDailyBars(ticker, 520));
      expect(await big.getFundamentals(ticker), ticker).toEqual(await small.getFundamentals(ticker));
    }
  });

  it("takes the first N curated companies below 45, and still quotes SPY and the sector funds", async () => {
    const market = provider(10);
    expect((await market.listUniverse()).map((c) => c.ticker)).toEqual(CURATED_TICKERS.slice(0, 10));
    expect(await market.getProfile("VDPR")).toBeNull();
    expect(await market.getDailyBars("VDPR", 520)).toBeNull();
    expect(await market.getProfile("SPY")).not.toBeNull();
    expect(await market.getDailyBars(market.sectorEtf("Real Estate")!, 520)).not.toBeNull();
    expect((await provider(1).listUniverse()).map((c) => c.ticker)).toEqual(["NWSC"]);
  });

  it("follows DEMO_UNIVERSE_SIZE through the market registry (default 45)", async () => {
    const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./.tmp/test-data", MARKET_DATA_PROVIDER: "demo" };
    expect(await createMarketDataProvider(loadConfig(env)).listUniverse()).toHaveLength(45);
    const big = createMarketDataProvider(loadConfig({ ...env, DEMO_UNIVERSE_SIZE: "1200" }));
    const universe = await big.listUniverse();
    expect(universe).toHaveLength(1_200);
    expect(await big.getProfile(universe[1_199]!.ticker)).toEqual(universe[1_199]);
  });

  it("refuses a size outside 1–5,000", () => {
    for (const size of [0, -1, 5_001, 12.5, Number.NaN]) expect(() => provider(size), String(size)).toThrow(RangeError);
  });

  it("lists 5,000 fictional companies with unique 3–5 letter tickers and unique names, clear of SPY, the funds and the curated ones", async () => {
    const universe = await provider(MAX_DEMO_UNIVERSE_SIZE).listUniverse();
    expect(universe).toHaveLength(5_000);
    const tickers = universe.map((c) => c.ticker);
    expect(new Set(tickers).size).toBe(5_000);
    expect(new Set(universe.map((c) => c.name.toLowerCase())).size).toBe(5_000);
    expect(tickers.slice(0, 45)).toEqual(CURATED_TICKERS);
    const reserved = new Set([DEMO_BENCHMARK.ticker, ...DEMO_SECTOR_ETFS.map((etf) => etf.ticker)]);
    for (const company of universe.slice(45)) {
      expect(company.ticker).toMatch(/^[A-Z]{3,5}$/);
      expect(reserved.has(company.ticker), company.ticker).toBe(false);
      expect(company.name).toMatch(/^[A-Z][A-Za-z]+( [A-Z&][A-Za-z.&]*)+$/);
      expect(DEMO_SECTORS).toContain(company.sector);
      expect(company.industry).toBeTruthy();
    }
    for (const famous of ["AAPL", "MSFT", "NVDA", "TSLA", "AMZN", "META"]) expect(tickers).not.toContain(famous);
    // Every sector holds a share near its curated weight (Technology 6/45, Utilities 3/45...).
    const sectors = countBy(universe, (c) => c.sector!);
    expect(sectors.size).toBe(DEMO_SECTORS.length);
    const curatedSectors = countBy(DEMO_COMPANIES, (c) => c.sector!);
    for (const [sector, count] of sectors) expect(Math.abs(count / 5_000 - curatedSectors.get(sector)! / 45), sector).toBeLessThan(0.02);
  });

  it("repeats the curated mix of situations in every block of 45 generated companies", () => {
    const curatedMix = countBy(DEMO_COMPANIES, (c) => c.kind);
    const generated = demoUniverse(MAX_DEMO_UNIVERSE_SIZE).companies.slice(45);
    for (let start = 0; start + 45 <= generated.length; start += 45) {
      expect(countBy(generated.slice(start, start + 45), (c) => c.kind)).toEqual(curatedMix);
    }
  });

  it("is the same on every machine and in every process (fixed companies at fixed positions)", () => {
    const companies = demoUniverse(MAX_DEMO_UNIVERSE_SIZE).companies;
    expect(companies[45]).toEqual({
      ticker: "RRHM",
      name: "Rowanhurst Pharma",
      sector: "Health Care",
      industry: "Drug Manufacturers - Specialty & Generic",
      kind: "weak-fundamentals",
      level: 121,
      sigma: 0.02,
      volume: 3_700_000,
    });
    expect(companies[499]).toMatchObject({ ticker: "OCP", name: "Orchard Park Industries", sector: "Industrials", kind: "neutral" });
    expect(companies[4_999]).toMatchObject({ ticker: "GLPC", name: "Glacier Point Grocers", sector: "Consumer Staples", kind: "extended" });
  });

  it("only appends when the size grows: 500 companies are the first 500 of 5,000", async () => {
    const five = (await provider(500).listUniverse()).map((c) => c.ticker);
    const all = (await provider(5_000).listUniverse()).map((c) => c.ticker);
    expect(five).toEqual(all.slice(0, 500));
    // A fresh generator (as in another process) builds the same list, however it is asked for.
    const fresh = new GeneratedCompanies(DEMO_COMPANIES, DEMO_LISTINGS.map((l) => l.ticker), () => 0.016);
    fresh.take(10);
    fresh.take(200);
    expect(fresh.take(4_955).map((c) => c.ticker)).toEqual(all.slice(45));
  });

  it("gives two providers of the same seed and size the same companies, bars and fundamentals", async () => {
    const a = provider(5_000);
    const b = provider(5_000);
    expect(await a.listUniverse()).toEqual(await b.listUniverse());
    const universe = await a.listUniverse();
    for (const company of [universe[45]!, universe[1_234]!, universe[4_999]!]) {
      expect(await a.getDailyBars(company.ticker, 520)).toEqual(await b.getDailyBars(company.ticker, 520));
      expect(await a.getFundamentals(company.ticker)).toEqual(await b.getFundamentals(company.ticker));
    }
    const other = (await provider(5_000, 43).getDailyBars(universe[1_234]!.ticker, 520))!;
    expect(Array.from(other.close)).not.toEqual(Array.from((await a.getDailyBars(universe[1_234]!.ticker, 520))!.close));
  });

  it("finds generated companies by ticker, name and profile; a smaller universe does not", async () => {
    const market = provider(5_000);
    const company = (await market.listUniverse())[2_345]!;
    const byTicker = await market.searchSymbols(company.ticker.toLowerCase());
    expect(byTicker[0]).toMatchObject({ ticker: company.ticker, name: company.name, score: 1 });
    const byName = await market.searchSymbols(company.name);
    expect(byName[0]).toMatchObject({ ticker: company.ticker, score: 0.95 });
    expect(await market.getProfile(company.ticker)).toEqual(company);
    expect(demoArchetype(company.ticker)).toBe(demoUniverse(5_000).find(company.ticker)!.kind);
    expect(await provider(45).getProfile(company.ticker)).toBeNull();
    expect(await provider(45).searchSymbols(company.name)).toEqual([]);
    // Curated names still come first on a tie: 'nor' completes to the showcase companies.
    expect((await market.searchSymbols("nor")).slice(0, 2).map((m) => m.ticker)).toEqual(["NWSC", "NGPW"]);
  });

  it("gives a generated company well-formed bars and fundamentals shaped by its archetype", async () => {
    const market = provider(500);
    const universe = await market.listUniverse();
    for (const company of universe.slice(45, 90)) {
      const bars = (await market.getDailyBars(company.ticker, 260))!;
      expect(bars.close.length).toBe(520);
      for (let i = 0; i < bars.close.length; i++) {
        const ok = bars.low[i]! > 0 && bars.low[i]! <= Math.min(bars.open[i]!, bars.close[i]!) && bars.high[i]! >= Math.max(bars.open[i]!, bars.close[i]!) && bars.volume[i]! > 0;
        if (!ok) throw new Error(`${company.ticker} bar ${i}`);
      }
      const fundamentals = await market.getFundamentals(company.ticker);
      expect(fundamentals?.quarterlyEps, company.ticker).toHaveLength(12);
    }
  });

  // A benchmark-like print, not a timed assertion: these machines are shared and their timings vary.
  it("prints what building the listings and a search at 5,000 cost", async () => {
    const started = performance.now();
    const fresh = new GeneratedCompanies(DEMO_COMPANIES, DEMO_LISTINGS.map((l) => l.ticker), () => 0.016);
    expect(fresh.take(4_955)).toHaveLength(4_955);
    const built = performance.now() - started;
    const market = provider(5_000);
    await market.searchSymbols("warm up");
    const queries = ["harbor", "ridge log", "e", "GLPC", "zzzz"];
    const searchStarted = performance.now();
    for (let i = 0; i < 20; i++) for (const query of queries) await market.searchSymbols(query);
    const perSearch = (performance.now() - searchStarted) / (20 * queries.length);
    console.info(`demo universe: 4,955 generated listings in ${built.toFixed(1)} ms; a search over 5,011 listings ${perSearch.toFixed(2)} ms`);
  });
});
