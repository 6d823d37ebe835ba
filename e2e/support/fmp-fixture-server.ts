// A stand-in for Financial Modeling Prep's `/stable/` API, for the chat end-to-end spec
// (e2e/chat.spec.ts): the demo market is fictional, so an app asked about NVDA, AAPL and MSFT runs
// with MARKET_DATA_PROVIDER=fmp against this server. Plain node:http, no network.
//
//   node --import tsx e2e/support/fmp-fixture-server.ts      (port: E2E_FMP_PORT, default 3217)
//
// Point the app (or `npx quanta analyze NVDA`) at it with:
//   MARKET_DATA_PROVIDER=fmp  FMP_API_KEY=e2e-key  FMP_BASE_URL=http://127.0.0.1:3217
//
// What is real and what is not:
// - The AAPL profile is the REAL recorded FMP answer (fmp/stable/profile/symbol=AAPL.json of the
//   market data vendored in src/test-fixtures/market-data).
// - Everything else is SYNTHETIC: the other profiles (built in the recorded shape), every price
//   history (the demo market's chart-pattern generator, run on real tickers and dated on NYSE
//   sessions ending with the last completed one) and every income statement.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { dayNumber, isoFromDayNumber, lastCompletedSession, sessionDates } from "../../src/core/market/trading-calendar";
import { generateDemoBars } from "../../src/server/adapters/market/demo-bars";
import type { DemoArchetype, DemoListing } from "../../src/server/adapters/market/demo-universe";
import { FMP_DEFAULT_UNIVERSE } from "../../src/server/adapters/market/fmp-universe";
import { vendoredNames, readVendoredText } from "../../src/test-fixtures/market-data";

export const FMP_FIXTURE_PORT = Number(process.env.E2E_FMP_PORT ?? 3217);
export const FMP_FIXTURE_API_KEY = "e2e-key";

/** The symbols whose real FMP profile was recorded (vendored). */
const RECORDED_PROFILES = new Set(vendoredNames("fmp/stable/profile").map((name) => /symbol=(.+)\.json$/.exec(name)?.[1]));

/** Sessions of history served (the app asks for 520 and a little more to allow for holidays). */
const SESSIONS = 560;
const QUARTERS = 20;
/** A quarter is reported this many days after it ends. */
const REPORT_LAG_DAYS = 30;
/** Seed of the synthetic series: fixed, so a symbol's bars depend only on the date. */
const SEED = 20_26;

interface Listing {
  symbol: string;
  companyName: string;
  sector: string | null;
  industry: string | null;
  exchange: string;
  exchangeFullName: string;
  isEtf: boolean;
  /** The chart situation the synthetic bars end in (the demo market's archetypes). */
  shape: DemoArchetype | "benchmark" | "sector-etf";
  /** Price level of the shape, dollars. */
  level: number;
  /** Daily volatility (log-return standard deviation). */
  sigma: number;
  /** Typical daily volume, shares. */
  volume: number;
  /** Year-over-year EPS growth of the 16 quarters before the last four, and of the last four (oldest first); null for funds. */
  growth: { early: number; recent: readonly [number, number, number, number] } | null;
  /** Diluted EPS of the oldest quarter served. */
  firstEps: number;
  ceo: string;
  website: string;
  description: string;
}

/**
 * SYNTHETIC listings. NVDA: a leader breaking out of a tight base on volume with accelerating
 * earnings (BUY, or WATCH when the day's noise leaves it just under its pivot). MSFT: a flatter,
 * range-bound chart with modest growth. AAPL: a flat base with growth under the 20% bar. SPY is
 * the benchmark in a confirmed uptrend; XLK the Technology sector fund.
 */
const LISTINGS: readonly Listing[] = [
  {
    symbol: "NVDA",
    companyName: "NVIDIA Corporation",
    sector: "Technology",
    industry: "Semiconductors",
    exchange: "NASDAQ",
    exchangeFullName: "NASDAQ Global Select",
    isEtf: false,
    shape: "breakout",
    level: 182,
    sigma: 0.021,
    volume: 180_000_000,
    growth: { early: 0.45, recent: [0.38, 0.46, 0.55, 0.62] },
    firstEps: 0.27,
    ceo: "Mr. Jen-Hsun Huang",
    website: "https://www.nvidia.com",
    description: "SYNTHETIC e2e fixture profile. NVIDIA Corporation provides graphics, compute and networking solutions.",
  },
  {
    symbol: "AAPL",
    companyName: "Apple Inc.",
    sector: "Technology",
    industry: "Consumer Electronics",
    exchange: "NASDAQ",
    exchangeFullName: "NASDAQ Global Select",
    isEtf: false,
    shape: "flat-base",
    level: 232,
    sigma: 0.015,
    volume: 50_000_000,
    growth: { early: 0.09, recent: [0.08, 0.11, 0.12, 0.13] },
    firstEps: 1.2,
    ceo: "Mr. Timothy D. Cook",
    website: "https://www.apple.com",
    description: "SYNTHETIC (not served: the recorded AAPL profile is).",
  },
  {
    symbol: "MSFT",
    companyName: "Microsoft Corporation",
    sector: "Technology",
    industry: "Software - Infrastructure",
    exchange: "NASDAQ",
    exchangeFullName: "NASDAQ Global Select",
    isEtf: false,
    shape: "neutral",
    level: 425,
    sigma: 0.013,
    volume: 21_000_000,
    growth: { early: 0.12, recent: [0.1, 0.12, 0.11, 0.13] },
    firstEps: 2.2,
    ceo: "Mr. Satya Nadella",
    website: "https://www.microsoft.com",
    description: "SYNTHETIC e2e fixture profile. Microsoft Corporation develops and supports software, services, devices and solutions.",
  },
  {
    symbol: "SPY",
    companyName: "SPDR S&P 500 ETF Trust",
    sector: "Financial Services",
    industry: "Asset Management",
    exchange: "AMEX",
    exchangeFullName: "New York Stock Exchange Arca",
    isEtf: true,
    shape: "benchmark",
    level: 585,
    sigma: 0.008,
    volume: 62_000_000,
    growth: null,
    firstEps: 0,
    ceo: "",
    website: "https://www.ssga.com",
    description: "SYNTHETIC e2e fixture profile. The fund tracks the S&P 500 index.",
  },
  {
    symbol: "XLK",
    companyName: "Technology Select Sector SPDR Fund",
    sector: "Financial Services",
    industry: "Asset Management",
    exchange: "AMEX",
    exchangeFullName: "New York Stock Exchange Arca",
    isEtf: true,
    shape: "sector-etf",
    level: 231,
    sigma: 0.012,
    volume: 6_000_000,
    growth: null,
    firstEps: 0,
    ceo: "",
    website: "https://www.ssga.com",
    description: "SYNTHETIC e2e fixture profile. The fund tracks the Technology Select Sector index.",
  },
];

const round2 = (value: number) => Math.round(value * 100) / 100;
const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);

/**
 * SYNTHETIC peers: the rest of the FMP adapter's default universe, range-bound charts with modest
 * growth, so the universe's RS percentiles rank NVDA, AAPL and MSFT against ~30 names, not 3. They
 * answer profile, bars and income statements but not the searches, which know only the five above
 * (so 'compare AAPL and MSFT' cannot match 'Eli Lilly and Company').
 */
const PEERS: readonly Listing[] = FMP_DEFAULT_UNIVERSE.filter((company) => !LISTINGS.some((l) => l.symbol === company.ticker)).map((company) => {
  const h = hash(company.ticker);
  const level = 40 + (h % 360);
  return {
    symbol: company.ticker,
    companyName: company.name,
    sector: company.sector,
    industry: company.industry,
    exchange: "NYSE",
    exchangeFullName: "New York Stock Exchange",
    isEtf: false,
    shape: "neutral",
    level,
    sigma: 0.014 + (h % 5) * 0.001,
    volume: 4_000_000 + (h % 20) * 500_000,
    growth: { early: 0.08, recent: [0.06, 0.09, 0.07, 0.1] },
    firstEps: round2(level / 25 / 4),
    ceo: "",
    website: "",
    description: "SYNTHETIC e2e fixture peer (bars only matter: the universe's RS ranking).",
  };
});

const bySymbol = new Map([...LISTINGS, ...PEERS].map((listing) => [listing.symbol, listing]));

type Row = Record<string, unknown>;

/** The FMP profile: the recorded one (AAPL), else built in the same shape (SYNTHETIC). */
export function profileOf(symbol: string, now: Date = new Date()): Row | null {
  const listing = bySymbol.get(symbol);
  if (!listing) return null;
  if (RECORDED_PROFILES.has(symbol)) {
    const rows = JSON.parse(readVendoredText(`fmp/stable/profile/symbol=${symbol}.json`)) as Row[];
    if (rows[0]) return rows[0];
  }
  const bars = barsOf(symbol, now)!;
  const last = bars[0]!;
  const year = bars.slice(0, 252);
  const highs = year.map((bar) => bar.high as number);
  const lows = year.map((bar) => bar.low as number);
  // SYNTHETIC: the recorded profile's fields, with this fixture's values.
  return {
    symbol,
    price: last.close,
    marketCap: Math.round((last.close as number) * listing.volume * 150),
    beta: listing.isEtf ? 1 : Math.round((listing.sigma / 0.01) * 60) / 100,
    lastDividend: listing.isEtf ? 1.5 : 0.04,
    range: `${Math.min(...lows)}-${Math.max(...highs)}`,
    change: last.change,
    changePercentage: last.changePercent,
    volume: last.volume,
    averageVolume: listing.volume,
    companyName: listing.companyName,
    currency: "USD",
    cik: "0000000000",
    isin: `US000000${symbol.padEnd(4, "0")}`,
    cusip: "000000000",
    exchangeFullName: listing.exchangeFullName,
    exchange: listing.exchange,
    industry: listing.industry,
    website: listing.website,
    description: listing.description,
    ceo: listing.ceo,
    sector: listing.sector,
    country: "US",
    fullTimeEmployees: listing.isEtf ? "0" : "30000",
    phone: "",
    address: "",
    city: "",
    state: "",
    zip: "",
    image: `https://images.financialmodelingprep.com/symbol/${symbol}.png`,
    ipoDate: "1999-01-22",
    defaultImage: false,
    isEtf: listing.isEtf,
    isActivelyTrading: true,
    isAdr: false,
    isFund: false,
  };
}


/**
 * SYNTHETIC daily bars in FMP's `historical-price-eod/full` shape, NEWEST FIRST: SESSIONS NYSE
 * sessions ending with the last completed one, deterministic per symbol and date.
 */
export function barsOf(symbol: string, now: Date = new Date()): Row[] | null {
  const listing = bySymbol.get(symbol);
  if (!listing) return null;
  const dates = sessionDates(lastCompletedSession(now), SESSIONS);
  const demoListing: DemoListing = {
    ticker: symbol,
    name: listing.companyName,
    sector: listing.sector,
    industry: listing.industry,
    kind: listing.shape,
    level: listing.level,
    sigma: listing.sigma,
    volume: listing.volume,
  };
  const bars = generateDemoBars({ listing: demoListing, seed: SEED + (hash(symbol) % 1000), dates, variant: 0 });
  const rows: Row[] = [];
  for (let i = 0; i < dates.length; i++) {
    const close = bars.close[i]!;
    const previous = i > 0 ? bars.close[i - 1]! : bars.open[i]!;
    rows.push({
      symbol,
      date: dates[i],
      open: bars.open[i],
      high: bars.high[i],
      low: bars.low[i],
      close,
      volume: bars.volume[i],
      change: round2(close - previous),
      changePercent: Math.round(((close - previous) / previous) * 100 * 100_000) / 100_000,
      vwap: round2((bars.high[i]! + bars.low[i]! + close) / 3),
    });
  }
  return rows.reverse();
}

/** The last QUARTERS calendar quarter ends reported by `asOfDay`, oldest first (day numbers). */
function quarterEnds(asOfDay: number): { end: number; year: number; quarter: number }[] {
  const reported = new Date((asOfDay - REPORT_LAG_DAYS) * 86_400_000);
  let year = reported.getUTCFullYear();
  let quarter = Math.floor(reported.getUTCMonth() / 3) + 1;
  const endOf = (y: number, q: number) => dayNumber(y, q * 3 + 1, 0);
  const back = () => {
    quarter--;
    if (quarter === 0) {
      quarter = 4;
      year--;
    }
  };
  if (endOf(year, quarter) > asOfDay - REPORT_LAG_DAYS) back();
  const ends: { end: number; year: number; quarter: number }[] = [];
  for (let i = 0; i < QUARTERS; i++) {
    ends.unshift({ end: endOf(year, quarter), year, quarter });
    back();
  }
  return ends;
}

/**
 * SYNTHETIC `income-statement?period=quarter` rows, NEWEST FIRST (calendar fiscal years, Q1..Q4),
 * or with period=annual the FY rows summed from them. Only a few of FMP's fields: the ones read.
 */
export function incomeStatementsOf(symbol: string, period: string, limit: number, now: Date = new Date()): Row[] {
  const listing = bySymbol.get(symbol);
  if (!listing?.growth) return [];
  const ends = quarterEnds(lastCompletedSession(now));
  const eps: number[] = [];
  for (let i = 0; i < ends.length; i++) {
    if (i < 4) eps.push(round2(listing.firstEps * (1 + listing.growth.early) ** (i / 4)));
    else {
      const recent = i - (ends.length - 4);
      const growth = recent >= 0 ? listing.growth.recent[recent]! : listing.growth.early;
      eps.push(round2(eps[i - 4]! * (1 + growth)));
    }
  }
  const shares = Math.round((listing.volume * 130) / 1e6) * 1e6;
  const row = (date: string, fiscalYear: number, periodName: string, value: number): Row => {
    const netIncome = Math.round(value * shares);
    return {
      date,
      symbol,
      reportedCurrency: "USD",
      cik: "0000000000",
      filingDate: isoFromDayNumber(Date.parse(`${date}T00:00:00Z`) / 86_400_000 + REPORT_LAG_DAYS),
      acceptedDate: `${isoFromDayNumber(Date.parse(`${date}T00:00:00Z`) / 86_400_000 + REPORT_LAG_DAYS)} 16:05:00`,
      fiscalYear: String(fiscalYear),
      period: periodName,
      revenue: netIncome * 4,
      grossProfit: netIncome * 2,
      operatingIncome: Math.round(netIncome * 1.2),
      netIncome,
      eps: round2(value * 1.01),
      epsDiluted: value,
      weightedAverageShsOut: Math.round(shares * 0.99),
      weightedAverageShsOutDil: shares,
    };
  };
  let rows: Row[];
  if (period === "annual") {
    const years = new Map<number, { sum: number; count: number; end: number }>();
    ends.forEach(({ end, year }, i) => {
      const entry = years.get(year) ?? { sum: 0, count: 0, end };
      entry.sum += eps[i]!;
      entry.count++;
      entry.end = end;
      years.set(year, entry);
    });
    rows = [...years.entries()].filter(([, e]) => e.count === 4).map(([year, e]) => row(isoFromDayNumber(e.end), year, "FY", round2(e.sum)));
  } else {
    rows = ends.map(({ end, year, quarter }, i) => row(isoFromDayNumber(end), year, `Q${quarter}`, eps[i]!));
  }
  return rows.reverse().slice(0, Math.max(1, limit));
}

function searchRow(listing: Listing): Row {
  return { symbol: listing.symbol, name: listing.companyName, currency: "USD", exchangeFullName: listing.exchangeFullName, exchange: listing.exchange };
}

/** `search-symbol`: tickers starting with the query. */
export function searchSymbol(query: string): Row[] {
  const q = query.trim().toUpperCase();
  if (!q) return [];
  return LISTINGS.filter((l) => l.symbol.startsWith(q)).map(searchRow);
}

/** `search-name`: company names containing the query (two characters or more). */
export function searchName(query: string): Row[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  return LISTINGS.filter((l) => l.companyName.toLowerCase().includes(q)).map(searchRow);
}

export interface FmpFixtureRequest {
  path: string;
  query: Record<string, string>;
  status: number;
}

function send(res: ServerResponse, status: number, body: unknown): number {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  return status;
}

/** Answers one request as FMP would; returns the status. */
function answer(req: IncomingMessage, res: ServerResponse, now: Date): number {
  const url = new URL(req.url ?? "/", "http://fixture.local");
  const route = url.pathname;
  if (route === "/healthz") {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return 200;
  }
  if (!route.startsWith("/stable/")) return send(res, 404, { "Error Message": "Not found" });
  if (url.searchParams.get("apikey") !== FMP_FIXTURE_API_KEY) {
    return send(res, 401, { "Error Message": "Invalid API KEY. Feel free to create a Free API Key or visit https://site.financialmodelingprep.com/faqs?search=why-is-my-api-key-invalid for more information." });
  }
  const endpoint = route.slice("/stable/".length);
  const symbol = (url.searchParams.get("symbol") ?? "").trim().toUpperCase();
  switch (endpoint) {
    case "profile": {
      const profile = profileOf(symbol, now);
      return send(res, 200, profile ? [profile] : []);
    }
    case "historical-price-eod/full": {
      const from = url.searchParams.get("from");
      const to = url.searchParams.get("to");
      const rows = (barsOf(symbol, now) ?? []).filter((row) => (!from || (row.date as string) >= from) && (!to || (row.date as string) <= to));
      return send(res, 200, rows);
    }
    case "income-statement": {
      const limit = Number(url.searchParams.get("limit") ?? 5);
      return send(res, 200, incomeStatementsOf(symbol, url.searchParams.get("period") ?? "annual", Number.isFinite(limit) ? limit : 5, now));
    }
    case "search-symbol":
      return send(res, 200, searchSymbol(url.searchParams.get("query") ?? ""));
    case "search-name":
      return send(res, 200, searchName(url.searchParams.get("query") ?? ""));
    default:
      // The free plan refuses the 13F summary with 402, as FMP does.
      if (endpoint.startsWith("institutional-ownership")) {
        res
          .writeHead(402, { "content-type": "text/plain" })
          .end("Restricted Endpoint: This endpoint is not available under your current subscription please visit our subscription page to upgrade your plan at https://site.financialmodelingprep.com/developer/docs/pricing");
        return 402;
      }
      return send(res, 200, []);
  }
}

export interface FmpFixtureServer {
  server: Server;
  url: string;
  /** Every request answered, oldest first (the key left out). */
  requests: FmpFixtureRequest[];
  close: () => Promise<void>;
}

/** `now` moves the fixture's clock (the last session served); default the real time. */
export function startFmpFixtureServer(port = FMP_FIXTURE_PORT, now: () => Date = () => new Date()): Promise<FmpFixtureServer> {
  const requests: FmpFixtureRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture.local");
    url.searchParams.delete("apikey");
    let status: number;
    try {
      status = answer(req, res, now());
    } catch (error) {
      status = send(res, 500, { "Error Message": `fixture failure: ${String(error)}` });
    }
    if (url.pathname !== "/healthz") requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), status });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        server,
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await startFmpFixtureServer();
  console.log(`FMP fixture on ${url} (apikey=${FMP_FIXTURE_API_KEY})`);
}
