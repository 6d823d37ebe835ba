import type { CompanyProfile } from "../../../core/market/market-data";

/** GICS-style sector names (and Yahoo's own spellings) → SPDR sector ETFs. */
const SECTOR_ETFS: Record<string, string> = {
  "information technology": "XLK",
  technology: "XLK",
  "health care": "XLV",
  healthcare: "XLV",
  financials: "XLF",
  "financial services": "XLF",
  financial: "XLF",
  "consumer discretionary": "XLY",
  "consumer cyclical": "XLY",
  "consumer staples": "XLP",
  "consumer defensive": "XLP",
  industrials: "XLI",
  energy: "XLE",
  materials: "XLB",
  "basic materials": "XLB",
  utilities: "XLU",
  "real estate": "XLRE",
  "communication services": "XLC",
  communication: "XLC",
  telecommunications: "XLC",
};

export function spdrSectorEtf(sector: string): string | null {
  const key = sector.trim().toLowerCase().replace(/\s+/g, " ").replace(/&/g, "and");
  return SECTOR_ETFS[key] ?? SECTOR_ETFS[key.replace(/ and /g, " ")] ?? null;
}

/** Default universe: 30 liquid US large caps across sectors (Yahoo sector names), no call needed to list them. */
export const DEFAULT_YAHOO_UNIVERSE: readonly CompanyProfile[] = [
  { ticker: "AAPL", name: "Apple Inc.", sector: "Technology", industry: "Consumer Electronics" },
  { ticker: "MSFT", name: "Microsoft Corporation", sector: "Technology", industry: "Software - Infrastructure" },
  { ticker: "NVDA", name: "NVIDIA Corporation", sector: "Technology", industry: "Semiconductors" },
  { ticker: "AMZN", name: "Amazon.com, Inc.", sector: "Consumer Cyclical", industry: "Internet Retail" },
  { ticker: "GOOGL", name: "Alphabet Inc.", sector: "Communication Services", industry: "Internet Content & Information" },
  { ticker: "META", name: "Meta Platforms, Inc.", sector: "Communication Services", industry: "Internet Content & Information" },
  { ticker: "AVGO", name: "Broadcom Inc.", sector: "Technology", industry: "Semiconductors" },
  { ticker: "TSLA", name: "Tesla, Inc.", sector: "Consumer Cyclical", industry: "Auto Manufacturers" },
  { ticker: "BRK-B", name: "Berkshire Hathaway Inc.", sector: "Financial Services", industry: "Insurance - Diversified" },
  { ticker: "JPM", name: "JPMorgan Chase & Co.", sector: "Financial Services", industry: "Banks - Diversified" },
  { ticker: "LLY", name: "Eli Lilly and Company", sector: "Healthcare", industry: "Drug Manufacturers - General" },
  { ticker: "V", name: "Visa Inc.", sector: "Financial Services", industry: "Credit Services" },
  { ticker: "UNH", name: "UnitedHealth Group Incorporated", sector: "Healthcare", industry: "Healthcare Plans" },
  { ticker: "XOM", name: "Exxon Mobil Corporation", sector: "Energy", industry: "Oil & Gas Integrated" },
  { ticker: "MA", name: "Mastercard Incorporated", sector: "Financial Services", industry: "Credit Services" },
  { ticker: "COST", name: "Costco Wholesale Corporation", sector: "Consumer Defensive", industry: "Discount Stores" },
  { ticker: "HD", name: "The Home Depot, Inc.", sector: "Consumer Cyclical", industry: "Home Improvement Retail" },
  { ticker: "PG", name: "The Procter & Gamble Company", sector: "Consumer Defensive", industry: "Household & Personal Products" },
  { ticker: "JNJ", name: "Johnson & Johnson", sector: "Healthcare", industry: "Drug Manufacturers - General" },
  { ticker: "NFLX", name: "Netflix, Inc.", sector: "Communication Services", industry: "Entertainment" },
  { ticker: "CRM", name: "Salesforce, Inc.", sector: "Technology", industry: "Software - Application" },
  { ticker: "AMD", name: "Advanced Micro Devices, Inc.", sector: "Technology", industry: "Semiconductors" },
  { ticker: "ORCL", name: "Oracle Corporation", sector: "Technology", industry: "Software - Infrastructure" },
  { ticker: "ADBE", name: "Adobe Inc.", sector: "Technology", industry: "Software - Application" },
  { ticker: "KO", name: "The Coca-Cola Company", sector: "Consumer Defensive", industry: "Beverages - Non-Alcoholic" },
  { ticker: "PEP", name: "PepsiCo, Inc.", sector: "Consumer Defensive", industry: "Beverages - Non-Alcoholic" },
  { ticker: "CVX", name: "Chevron Corporation", sector: "Energy", industry: "Oil & Gas Integrated" },
  { ticker: "WMT", name: "Walmart Inc.", sector: "Consumer Defensive", industry: "Discount Stores" },
  { ticker: "BAC", name: "Bank of America Corporation", sector: "Financial Services", industry: "Banks - Diversified" },
  { ticker: "CAT", name: "Caterpillar Inc.", sector: "Industrials", industry: "Farm & Heavy Construction Machinery" },
];
