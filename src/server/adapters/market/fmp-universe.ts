import type { CompanyProfile } from "../../../core/market/market-data";

/** SPDR sector funds by sector name: FMP's names (Healthcare, Consumer Cyclical...) and GICS names. */
const SECTOR_ETFS: Record<string, string> = {
  technology: "XLK",
  "information technology": "XLK",
  healthcare: "XLV",
  "health care": "XLV",
  "financial services": "XLF",
  financials: "XLF",
  financial: "XLF",
  "consumer cyclical": "XLY",
  "consumer discretionary": "XLY",
  "consumer defensive": "XLP",
  "consumer staples": "XLP",
  industrials: "XLI",
  energy: "XLE",
  "basic materials": "XLB",
  materials: "XLB",
  utilities: "XLU",
  "real estate": "XLRE",
  "communication services": "XLC",
  communications: "XLC",
};

export function fmpSectorEtf(sector: string): string | null {
  return SECTOR_ETFS[sector.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}

type Row = readonly [ticker: string, name: string, sector: string, industry: string];

/** ~30 liquid US large caps across the sectors (FMP's sector names), the default screening universe. */
const DEFAULT_ROWS: readonly Row[] = [
  ["AAPL", "Apple Inc.", "Technology", "Consumer Electronics"],
  ["MSFT", "Microsoft Corporation", "Technology", "Software - Infrastructure"],
  ["NVDA", "NVIDIA Corporation", "Technology", "Semiconductors"],
  ["AVGO", "Broadcom Inc.", "Technology", "Semiconductors"],
  ["ORCL", "Oracle Corporation", "Technology", "Software - Infrastructure"],
  ["CRM", "Salesforce, Inc.", "Technology", "Software - Application"],
  ["AMD", "Advanced Micro Devices, Inc.", "Technology", "Semiconductors"],
  ["GOOGL", "Alphabet Inc.", "Communication Services", "Internet Content & Information"],
  ["META", "Meta Platforms, Inc.", "Communication Services", "Internet Content & Information"],
  ["NFLX", "Netflix, Inc.", "Communication Services", "Entertainment"],
  ["AMZN", "Amazon.com, Inc.", "Consumer Cyclical", "Specialty Retail"],
  ["TSLA", "Tesla, Inc.", "Consumer Cyclical", "Auto - Manufacturers"],
  ["HD", "The Home Depot, Inc.", "Consumer Cyclical", "Home Improvement"],
  ["MCD", "McDonald's Corporation", "Consumer Cyclical", "Restaurants"],
  ["WMT", "Walmart Inc.", "Consumer Defensive", "Discount Stores"],
  ["COST", "Costco Wholesale Corporation", "Consumer Defensive", "Discount Stores"],
  ["PG", "The Procter & Gamble Company", "Consumer Defensive", "Household & Personal Products"],
  ["KO", "The Coca-Cola Company", "Consumer Defensive", "Beverages - Non-Alcoholic"],
  ["JPM", "JPMorgan Chase & Co.", "Financial Services", "Banks - Diversified"],
  ["V", "Visa Inc.", "Financial Services", "Financial - Credit Services"],
  ["MA", "Mastercard Incorporated", "Financial Services", "Financial - Credit Services"],
  ["BRK-B", "Berkshire Hathaway Inc.", "Financial Services", "Insurance - Diversified"],
  ["LLY", "Eli Lilly and Company", "Healthcare", "Drug Manufacturers - General"],
  ["UNH", "UnitedHealth Group Incorporated", "Healthcare", "Medical - Healthcare Plans"],
  ["JNJ", "Johnson & Johnson", "Healthcare", "Drug Manufacturers - General"],
  ["ABBV", "AbbVie Inc.", "Healthcare", "Drug Manufacturers - General"],
  ["XOM", "Exxon Mobil Corporation", "Energy", "Oil & Gas Integrated"],
  ["CVX", "Chevron Corporation", "Energy", "Oil & Gas Integrated"],
  ["CAT", "Caterpillar Inc.", "Industrials", "Agricultural - Machinery"],
  ["GE", "GE Aerospace", "Industrials", "Aerospace & Defense"],
  ["LIN", "Linde plc", "Basic Materials", "Chemicals - Specialty"],
  ["NEE", "NextEra Energy, Inc.", "Utilities", "Regulated Electric"],
  ["PLD", "Prologis, Inc.", "Real Estate", "REIT - Industrial"],
];

export const FMP_DEFAULT_UNIVERSE: readonly CompanyProfile[] = DEFAULT_ROWS.map(([ticker, name, sector, industry]) => ({
  ticker,
  name,
  sector,
  industry,
}));
