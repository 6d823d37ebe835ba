import { GeneratedCompanies } from "./demo-generated-companies";

/**
 * The demo market's listings: fictional companies (names and tickers invented so they are never
 * mistaken for real quotes), a benchmark fund and one sector fund per sector. Each company has a
 * fixed archetype: the kind of episodes its price path is drawn in (demo-episodes.ts).
 * 45 companies are curated (DEMO_COMPANIES); DEMO_UNIVERSE_SIZE above 45 appends generated ones
 * (demo-generated-companies.ts), below 45 keeps the first N curated (demoUniverse).
 */

export type DemoArchetype =
  | "vcp"
  | "flat-base"
  | "cup-with-handle"
  | "breakout"
  | "extended"
  | "stage-4"
  | "weak-fundamentals"
  | "neutral";

export type DemoListingKind = DemoArchetype | "benchmark" | "sector-etf";

export interface DemoListing {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  kind: DemoListingKind;
  /** Price level its path stays around (success odds fall above it and rise below it). */
  level: number;
  /** Typical daily volatility (log-return standard deviation). */
  sigma: number;
  /** Typical daily volume, shares. */
  volume: number;
}

export const DEMO_SECTORS = [
  "Technology",
  "Health Care",
  "Financials",
  "Consumer Discretionary",
  "Industrials",
  "Energy",
  "Communication Services",
  "Consumer Staples",
  "Materials",
  "Utilities",
  "Real Estate",
] as const;

const SECTOR_SIGMA: Record<string, number> = {
  Technology: 0.021,
  "Health Care": 0.02,
  Financials: 0.015,
  "Consumer Discretionary": 0.018,
  Industrials: 0.016,
  Energy: 0.019,
  "Communication Services": 0.018,
  "Consumer Staples": 0.012,
  Materials: 0.017,
  Utilities: 0.011,
  "Real Estate": 0.014,
};

type Row = readonly [ticker: string, name: string, sector: string, industry: string, kind: DemoArchetype, level: number, volume: number];

const COMPANIES: readonly Row[] = [
  ["NWSC", "Northwind Semiconductor", "Technology", "Semiconductors", "vcp", 184, 6_200_000],
  ["QBIT", "Quillbit Software", "Technology", "Software - Application", "breakout", 126, 3_100_000],
  ["LMNC", "Lumenco Networks", "Technology", "Communication Equipment", "extended", 92, 4_400_000],
  ["VNTR", "Vantor Cloud Systems", "Technology", "Software - Infrastructure", "flat-base", 238, 2_300_000],
  ["CRDX", "Cordex Computing", "Technology", "Computer Hardware", "weak-fundamentals", 58, 3_800_000],
  ["HLXC", "Helix Circuits", "Technology", "Electronic Components", "stage-4", 64, 2_900_000],
  ["MRDT", "Meridian Therapeutics", "Health Care", "Biotechnology", "cup-with-handle", 76, 2_600_000],
  ["ALVH", "Alveo Health", "Health Care", "Medical Devices", "breakout", 148, 1_900_000],
  ["PLSM", "Pulsemark Diagnostics", "Health Care", "Diagnostics & Research", "vcp", 67, 2_100_000],
  ["CVPH", "Covara Pharmaceuticals", "Health Care", "Drug Manufacturers - Specialty & Generic", "stage-4", 88, 3_300_000],
  ["BRKL", "Brookline Care Partners", "Health Care", "Medical Care Facilities", "weak-fundamentals", 43, 1_400_000],
  ["HBRP", "Harborpoint Financial", "Financials", "Banks - Regional", "neutral", 38, 2_700_000],
  ["LDGR", "Ledgerline Payments", "Financials", "Credit Services", "extended", 212, 1_800_000],
  ["SUMT", "Summit Crest Capital", "Financials", "Asset Management", "breakout", 57, 1_200_000],
  ["IVIG", "Ironvale Insurance Group", "Financials", "Insurance - Property & Casualty", "weak-fundamentals", 96, 900_000],
  ["VLRA", "Velora Apparel", "Consumer Discretionary", "Apparel Retail", "vcp", 112, 2_400_000],
  ["DRFT", "Driftwood Outdoor Co.", "Consumer Discretionary", "Leisure", "stage-4", 41, 1_600_000],
  ["KSTM", "Kestrel Motors", "Consumer Discretionary", "Auto Manufacturers", "extended", 74, 7_800_000],
  ["MPCH", "Maplecrest Homes", "Consumer Discretionary", "Residential Construction", "breakout", 134, 1_500_000],
  ["FBFN", "Fable & Finch", "Consumer Discretionary", "Specialty Retail", "stage-4", 52, 2_200_000],
  ["ATFG", "Atlas Forge Industries", "Industrials", "Specialty Industrial Machinery", "cup-with-handle", 163, 1_300_000],
  ["SKRL", "Skyrail Logistics", "Industrials", "Integrated Freight & Logistics", "extended", 118, 2_000_000],
  ["CRVN", "Corvane Aerospace", "Industrials", "Aerospace & Defense", "flat-base", 271, 1_100_000],
  ["RDGW", "Ridgeway Building Products", "Industrials", "Building Products & Equipment", "weak-fundamentals", 49, 1_700_000],
  ["BLSM", "Bluestem Energy", "Energy", "Oil & Gas E&P", "stage-4", 47, 5_600_000],
  ["SLVN", "Solvane Renewables", "Energy", "Solar", "extended", 61, 4_900_000],
  ["PNCM", "Pinecrest Midstream", "Energy", "Oil & Gas Midstream", "neutral", 29, 3_500_000],
  ["GBDR", "Granite Basin Drilling", "Energy", "Oil & Gas Drilling", "stage-4", 36, 4_100_000],
  ["ECHF", "Echofield Media", "Communication Services", "Entertainment", "breakout", 83, 3_000_000],
  ["PRLX", "Parallax Interactive", "Communication Services", "Electronic Gaming & Multimedia", "vcp", 142, 2_800_000],
  ["BCNW", "Beacon Wireless", "Communication Services", "Telecom Services", "neutral", 34, 6_400_000],
  ["INKW", "Inkwell Publishing", "Communication Services", "Publishing", "weak-fundamentals", 14, 1_000_000],
  ["HVTF", "Harvest Table Foods", "Consumer Staples", "Packaged Foods", "neutral", 46, 2_500_000],
  ["CLBV", "Clearbrook Beverages", "Consumer Staples", "Beverages - Non-Alcoholic", "extended", 68, 2_900_000],
  ["GDLF", "Goodleaf Household", "Consumer Staples", "Household & Personal Products", "weak-fundamentals", 81, 1_900_000],
  ["OKMD", "Oakmeadow Markets", "Consumer Staples", "Grocery Stores", "neutral", 27, 3_200_000],
  ["CBRG", "Cobalt Ridge Mining", "Materials", "Other Industrial Metals & Mining", "breakout", 44, 3_700_000],
  ["SLVC", "Silverline Chemicals", "Materials", "Specialty Chemicals", "weak-fundamentals", 72, 1_200_000],
  ["STBM", "Stonebridge Materials", "Materials", "Building Materials", "neutral", 103, 900_000],
  ["NGPW", "Northgate Power", "Utilities", "Utilities - Regulated Electric", "neutral", 58, 2_300_000],
  ["CWUT", "Clearwater Utilities", "Utilities", "Utilities - Regulated Water", "neutral", 9, 2_600_000],
  ["BVLT", "Brightvolt Energy", "Utilities", "Utilities - Renewable", "stage-4", 31, 2_400_000],
  ["KSRT", "Keystone Realty Trust", "Real Estate", "REIT - Office", "stage-4", 26, 1_900_000],
  ["LKSR", "Lakeshore Residential REIT", "Real Estate", "REIT - Residential", "neutral", 39, 1_300_000],
  ["VDPR", "Vantage Data Properties", "Real Estate", "REIT - Specialty", "extended", 154, 1_100_000],
];

/** One sector fund per sector: [sector, ticker, level]. */
const SECTOR_FUNDS: readonly (readonly [string, string, number])[] = [
  ["Technology", "DTEC", 231],
  ["Health Care", "DHLT", 142],
  ["Financials", "DFIN", 48],
  ["Consumer Discretionary", "DDSC", 196],
  ["Industrials", "DIND", 134],
  ["Energy", "DNRG", 88],
  ["Communication Services", "DCOM", 97],
  ["Consumer Staples", "DSTP", 79],
  ["Materials", "DMAT", 91],
  ["Utilities", "DUTL", 74],
  ["Real Estate", "DREA", 41],
];

export const BENCHMARK_TICKER = "SPY";

export const DEMO_COMPANIES: readonly DemoListing[] = COMPANIES.map(([ticker, name, sector, industry, kind, level, volume]) => ({
  ticker,
  name,
  sector,
  industry,
  kind,
  level,
  sigma: SECTOR_SIGMA[sector] ?? 0.016,
  volume,
}));

export const DEMO_BENCHMARK: DemoListing = {
  ticker: BENCHMARK_TICKER,
  name: "Demo S&P 500 Index Fund",
  sector: null,
  industry: null,
  kind: "benchmark",
  level: 585,
  sigma: 0.008,
  volume: 62_000_000,
};

export const DEMO_SECTOR_ETFS: readonly DemoListing[] = SECTOR_FUNDS.map(([sector, ticker, level]) => ({
  ticker,
  name: `Demo ${sector} Sector Fund`,
  sector,
  industry: "Sector ETF",
  kind: "sector-etf",
  level,
  sigma: Math.max(0.008, (SECTOR_SIGMA[sector] ?? 0.016) * 0.6),
  volume: 6_000_000,
}));

export const DEMO_LISTINGS: readonly DemoListing[] = [...DEMO_COMPANIES, DEMO_BENCHMARK, ...DEMO_SECTOR_ETFS];

const etfBySector = new Map(DEMO_SECTOR_ETFS.map((etf) => [etf.sector!.toLowerCase(), etf.ticker]));

export function sectorFundTicker(sector: string): string | null {
  return etfBySector.get(sector.trim().toLowerCase()) ?? null;
}

/** DEMO_UNIVERSE_SIZE: the curated companies by default, up to this many with generated ones. */
export const DEFAULT_DEMO_UNIVERSE_SIZE = DEMO_COMPANIES.length;
export const MAX_DEMO_UNIVERSE_SIZE = 5_000;

/** The demo market at one universe size: its companies, and every listing it can quote. */
export interface DemoUniverse {
  readonly size: number;
  /** The companies screened and listed (curated first, then generated), without SPY or the sector funds. */
  readonly companies: readonly DemoListing[];
  /** The companies, then SPY and the sector funds: everything search and quotes know. */
  readonly listings: readonly DemoListing[];
  /** A listing by ticker (trimmed, any case); undefined when this universe does not hold it. */
  find(ticker: string): DemoListing | undefined;
  /** Position of a listing among those of its archetype (varies the base type and details). */
  variant(ticker: string): number;
}

const generated = new GeneratedCompanies(
  DEMO_COMPANIES,
  DEMO_LISTINGS.map((listing) => listing.ticker),
  (sector) => SECTOR_SIGMA[sector] ?? 0.016,
);
const universes = new Map<number, DemoUniverse>();

function buildUniverse(size: number): DemoUniverse {
  const companies = size <= DEMO_COMPANIES.length ? DEMO_COMPANIES.slice(0, size) : [...DEMO_COMPANIES, ...generated.take(size - DEMO_COMPANIES.length)];
  const listings = [...companies, DEMO_BENCHMARK, ...DEMO_SECTOR_ETFS];
  const byTicker = new Map(listings.map((listing) => [listing.ticker, listing]));
  // Variants count the curated listings first, in their order, then the generated ones: a curated
  // company's variant (and so its bars) never depends on the universe size.
  const variants = new Map<string, number>();
  const seen = new Map<string, number>();
  const ordered = size <= DEMO_COMPANIES.length ? DEMO_LISTINGS : [...DEMO_LISTINGS, ...companies.slice(DEMO_COMPANIES.length)];
  for (const listing of ordered) {
    const n = seen.get(listing.kind) ?? 0;
    variants.set(listing.ticker, n);
    seen.set(listing.kind, n + 1);
  }
  return {
    size,
    companies,
    listings,
    find: (ticker) => byTicker.get(ticker.trim().toUpperCase()),
    variant: (ticker) => variants.get(ticker) ?? 0,
  };
}

/**
 * The demo universe of `size` companies (1 to 5,000; default the 45 curated). The same size gives
 * the same companies in every process; a bigger size only adds companies after the smaller one's.
 * Built once per size and process.
 */
export function demoUniverse(size: number = DEFAULT_DEMO_UNIVERSE_SIZE): DemoUniverse {
  if (!Number.isInteger(size) || size < 1 || size > MAX_DEMO_UNIVERSE_SIZE) {
    throw new RangeError(`The demo universe holds 1 to ${MAX_DEMO_UNIVERSE_SIZE} companies, not ${size} (DEMO_UNIVERSE_SIZE)`);
  }
  let universe = universes.get(size);
  if (!universe) {
    universe = buildUniverse(size);
    universes.set(size, universe);
  }
  return universe;
}
