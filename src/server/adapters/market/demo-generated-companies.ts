import { Rng } from "./demo-random";
import type { DemoArchetype, DemoListing } from "./demo-universe";

/**
 * Fictional companies added to the demo market's 45 curated ones when DEMO_UNIVERSE_SIZE asks for
 * more (up to 5,000), so a refresh of a big universe can be measured offline. Names are made of
 * invented place words and an industry noun ('Harbor Ridge Logistics', 'Cedarbrook Software');
 * tickers of 3–5 letters are taken from the name's letters, the way NWSC comes from Northwind
 * Semiconductor.
 *
 * The list does not depend on the market seed and is built in one fixed order from a fixed-seed
 * generator, so it is the same in every process and on every machine, and a bigger universe only
 * appends to a smaller one (company 46 is the same company whatever the size). Archetypes follow
 * the curated mix exactly in every block of 45 companies, so a bigger screen keeps the same share
 * of buys, watches and avoids; sectors are drawn with the curated sectors' weights.
 */

/** The generator's own seed: fixed, never the market seed (see above). */
const GENERATOR_SEED = 0x5eed_2026;

const PLACE_WORDS = [
  "Harbor", "Silver", "Granite", "Cedar", "Maple", "Copper", "Willow", "Aspen", "Birch", "Prairie",
  "Coastal", "Redwood", "Falcon", "Heron", "Osprey", "Juniper", "Lantern", "Meadow", "Orchard", "Pioneer",
  "Quarry", "Raven", "Sable", "Timber", "Upland", "Alder", "Amber", "Anchor", "Arbor", "Ashford",
  "Beacon", "Bramble", "Briar", "Canyon", "Cobble", "Cypress", "Delta", "Elm", "Fern", "Fox",
  "Glacier", "Golden", "Hawthorn", "Hollow", "Indigo", "Ivory", "Kestrel", "Larch", "Linden", "Marble",
  "Mesa", "Mill", "Moss", "Oak", "Onyx", "Pebble", "Pine", "Poplar", "Quartz", "Rowan",
  "Saddle", "Sage", "Shale", "Slate", "Spruce", "Stone", "Sterling", "Tamarack", "Thistle", "Tidal",
  "Vesper", "Walnut", "West", "Wren", "Yarrow", "Zephyr", "Crescent", "Ember", "Harrow", "Lark",
] as const;

const SITE_WORDS = [
  "Ridge", "Point", "Creek", "Field", "Brook", "Gate", "Crest", "Hill", "Bay", "Rock",
  "Lake", "Peak", "Grove", "Park", "Bridge", "Haven", "Vale", "Shore", "Spring", "Wood",
  "Ford", "Glen", "Hurst", "Land", "Mont", "Moor", "Port", "Run", "Stead", "View",
] as const;

/** Per sector: [industry, nouns a company of that industry is named with]. */
const INDUSTRIES: Record<string, readonly (readonly [string, readonly string[]])[]> = {
  Technology: [
    ["Semiconductors", ["Semiconductor", "Microdevices", "Silicon"]],
    ["Software - Application", ["Software", "Apps", "Labs"]],
    ["Software - Infrastructure", ["Systems", "Cloud", "Data"]],
    ["Communication Equipment", ["Networks", "Optics"]],
    ["Computer Hardware", ["Computing", "Devices"]],
    ["Electronic Components", ["Electronics", "Circuits"]],
    ["Information Technology Services", ["Technologies", "Digital"]],
  ],
  "Health Care": [
    ["Biotechnology", ["Therapeutics", "Biosciences", "Genomics"]],
    ["Medical Devices", ["Medical", "Surgical"]],
    ["Diagnostics & Research", ["Diagnostics", "Labs"]],
    ["Drug Manufacturers - Specialty & Generic", ["Pharmaceuticals", "Pharma"]],
    ["Medical Care Facilities", ["Health", "Care Partners"]],
    ["Health Information Services", ["Health Systems"]],
  ],
  Financials: [
    ["Banks - Regional", ["Bancorp", "Bank", "Savings"]],
    ["Credit Services", ["Payments", "Credit"]],
    ["Asset Management", ["Capital", "Investors", "Asset Management"]],
    ["Insurance - Property & Casualty", ["Insurance", "Mutual"]],
    ["Capital Markets", ["Securities", "Markets"]],
  ],
  "Consumer Discretionary": [
    ["Apparel Retail", ["Apparel", "Outfitters"]],
    ["Leisure", ["Outdoor", "Recreation"]],
    ["Auto Manufacturers", ["Motors", "Automotive"]],
    ["Residential Construction", ["Homes", "Builders"]],
    ["Specialty Retail", ["Stores", "Retail"]],
    ["Restaurants", ["Kitchens", "Restaurants"]],
    ["Travel Services", ["Travel", "Resorts"]],
  ],
  Industrials: [
    ["Specialty Industrial Machinery", ["Industries", "Machinery"]],
    ["Integrated Freight & Logistics", ["Logistics", "Freight"]],
    ["Aerospace & Defense", ["Aerospace", "Defense Systems"]],
    ["Building Products & Equipment", ["Building Products", "Supply"]],
    ["Engineering & Construction", ["Engineering", "Construction"]],
    ["Railroads", ["Rail", "Railway"]],
  ],
  Energy: [
    ["Oil & Gas E&P", ["Energy", "Petroleum", "Resources"]],
    ["Solar", ["Solar", "Renewables"]],
    ["Oil & Gas Midstream", ["Midstream", "Pipeline"]],
    ["Oil & Gas Drilling", ["Drilling", "Offshore"]],
    ["Oil & Gas Refining & Marketing", ["Refining", "Fuels"]],
  ],
  "Communication Services": [
    ["Entertainment", ["Media", "Studios", "Entertainment"]],
    ["Electronic Gaming & Multimedia", ["Interactive", "Games"]],
    ["Telecom Services", ["Wireless", "Telecom", "Broadband"]],
    ["Publishing", ["Publishing", "Press"]],
    ["Internet Content & Information", ["Online", "Social"]],
  ],
  "Consumer Staples": [
    ["Packaged Foods", ["Foods", "Provisions"]],
    ["Beverages - Non-Alcoholic", ["Beverages", "Bottling"]],
    ["Household & Personal Products", ["Household", "Personal Care"]],
    ["Grocery Stores", ["Markets", "Grocers"]],
    ["Farm Products", ["Farms", "Agriculture"]],
  ],
  Materials: [
    ["Other Industrial Metals & Mining", ["Mining", "Metals"]],
    ["Specialty Chemicals", ["Chemicals", "Materials Science"]],
    ["Building Materials", ["Materials", "Aggregates"]],
    ["Packaging & Containers", ["Packaging", "Containers"]],
    ["Steel", ["Steel", "Alloys"]],
  ],
  Utilities: [
    ["Utilities - Regulated Electric", ["Power", "Electric"]],
    ["Utilities - Regulated Water", ["Water", "Water Works"]],
    ["Utilities - Renewable", ["Clean Power", "Renewable Power"]],
    ["Utilities - Regulated Gas", ["Gas", "Gas & Light"]],
  ],
  "Real Estate": [
    ["REIT - Office", ["Realty Trust", "Office Properties"]],
    ["REIT - Residential", ["Residential REIT", "Living"]],
    ["REIT - Specialty", ["Data Properties", "Towers"]],
    ["REIT - Retail", ["Retail Properties", "Plaza Trust"]],
    ["REIT - Industrial", ["Industrial Realty", "Logistics Properties"]],
  ],
};

const NAME_SUFFIXES = ["Group", "Holdings", "Corp.", "Inc.", "Co."] as const;

/** Real tickers of very well-known companies: a fictional company never borrows them. */
const WELL_KNOWN_TICKERS = [
  "AAPL", "MSFT", "AMZN", "GOOG", "GOOGL", "META", "NVDA", "TSLA", "BRK", "JPM", "JNJ", "V", "MA", "UNH", "HD", "PG",
  "XOM", "CVX", "KO", "PEP", "WMT", "COST", "DIS", "NFLX", "INTC", "AMD", "ORCL", "CSCO", "IBM", "CRM", "ADBE", "PYPL",
  "BAC", "WFC", "GS", "MS", "C", "T", "VZ", "PFE", "MRK", "ABBV", "LLY", "BA", "CAT", "GE", "F", "GM", "NKE", "SBUX",
  "MCD", "QQQ", "DIA", "IWM", "VTI", "VOO", "AVGO", "QCOM", "TXN", "MU", "UBER", "LYFT", "ABNB", "SHOP", "SQ", "COIN",
  "PLTR", "SNOW", "ZM", "BABA", "TSM", "ASML", "SAP", "SONY", "TM", "HON", "UPS", "FDX", "LMT", "RTX", "NOC", "MMM",
];

/** Price level and typical volume: leaders trade over $30, weaker names from a few dollars. */
function drawShape(rng: Rng, kind: DemoArchetype): { level: number; volume: number } {
  const leader = kind !== "stage-4" && kind !== "weak-fundamentals" && kind !== "neutral";
  const [low, high] = leader ? [30, 300] : [8, 160];
  const level = Math.round(Math.exp(rng.range(Math.log(low), Math.log(high))));
  const volume = Math.round(Math.exp(rng.range(Math.log(400_000), Math.log(9_000_000))) / 100_000) * 100_000;
  return { level, volume };
}

/** A word's letters for tickers: its initial, and its consonants after it (vowels skipped: NWSC, not NORS). */
const letterCache = new Map<string, { initial: string; consonants: string }>();

function lettersOf(word: string): { initial: string; consonants: string } {
  let letters = letterCache.get(word);
  if (!letters) {
    const upper = word.toUpperCase().replace(/[^A-Z]/g, "");
    letters = { initial: upper.charAt(0), consonants: upper.slice(1).replace(/[AEIOU]/g, "") };
    letterCache.set(word, letters);
  }
  return letters;
}

/**
 * The letters a ticker is taken from, for a name made of `words` (suffixes such as 'Group' left
 * out): the first word's initial, then a pool of the first word's consonants and the later words'
 * initials and consonants, in reading order.
 */
function tickerPool(words: readonly string[]): { first: string; pool: string } {
  let pool = "";
  for (const [i, word] of words.entries()) {
    const { initial, consonants } = lettersOf(word);
    pool += i === 0 ? consonants : initial + consonants;
  }
  return { first: lettersOf(words[0]!).initial, pool };
}

/** `count` letters of `pool` in their order, each subset equally likely (selection sampling). */
function orderedPick(rng: Rng, pool: string, count: number): string {
  let picked = "";
  let needed = count;
  for (let i = 0; i < pool.length && needed > 0; i++) {
    if (rng.next() * (pool.length - i) < needed) {
      picked += pool.charAt(i);
      needed--;
    }
  }
  return picked;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Builds the generated companies in order; `take(n)` returns the first n, extending the list when
 * asked for more than before. One instance per process is enough (see demo-universe.ts).
 */
export class GeneratedCompanies {
  private readonly rng = new Rng(GENERATOR_SEED);
  private readonly usedTickers: Set<string>;
  private readonly usedNames: Set<string>;
  private readonly companies: DemoListing[] = [];
  private readonly sectorWeights: readonly (readonly [string, number])[];
  private readonly sectorTotal: number;
  private readonly archetypeMix: readonly DemoArchetype[];
  private block: DemoArchetype[] = [];

  constructor(
    curated: readonly DemoListing[],
    reservedTickers: Iterable<string>,
    private readonly sigmaOf: (sector: string) => number,
  ) {
    this.usedTickers = new Set([...reservedTickers, ...WELL_KNOWN_TICKERS]);
    this.usedNames = new Set(curated.map((listing) => listing.name));
    const counts = new Map<string, number>();
    for (const listing of curated) counts.set(listing.sector!, (counts.get(listing.sector!) ?? 0) + 1);
    this.sectorWeights = [...counts.entries()];
    this.sectorTotal = curated.length;
    this.archetypeMix = curated.map((listing) => listing.kind as DemoArchetype);
  }

  take(count: number): readonly DemoListing[] {
    while (this.companies.length < count) this.companies.push(this.next());
    return this.companies.slice(0, count);
  }

  private next(): DemoListing {
    const rng = this.rng;
    const kind = this.nextArchetype();
    const sector = this.drawSector();
    const industries = INDUSTRIES[sector]!;
    const [industry, nouns] = industries[rng.int(0, industries.length - 1)]!;
    const { name, words } = this.uniqueName(nouns);
    const ticker = this.uniqueTicker(words);
    const { level, volume } = drawShape(rng, kind);
    return { ticker, name, sector, industry, kind, level, sigma: this.sigmaOf(sector), volume };
  }

  /** Archetypes in blocks of the curated mix, each block shuffled: every 45 companies hold the curated shares. */
  private nextArchetype(): DemoArchetype {
    if (this.block.length === 0) {
      const block = [...this.archetypeMix];
      for (let i = block.length - 1; i > 0; i--) {
        const j = this.rng.int(0, i);
        [block[i], block[j]] = [block[j]!, block[i]!];
      }
      this.block = block;
    }
    return this.block.pop()!;
  }

  private drawSector(): string {
    let draw = this.rng.next() * this.sectorTotal;
    for (const [sector, weight] of this.sectorWeights) {
      draw -= weight;
      if (draw < 0) return sector;
    }
    return this.sectorWeights[this.sectorWeights.length - 1]![0];
  }

  /** A name not used yet, and its words without the suffix (what the ticker is taken from). */
  private uniqueName(nouns: readonly string[]): { name: string; words: string[] } {
    const rng = this.rng;
    for (;;) {
      const place = PLACE_WORDS[rng.int(0, PLACE_WORDS.length - 1)]!;
      const site = SITE_WORDS[rng.int(0, SITE_WORDS.length - 1)]!;
      const joined = rng.next() < 0.4;
      const noun = nouns[rng.int(0, nouns.length - 1)]!;
      const suffix = rng.next() < 0.15 ? ` ${NAME_SUFFIXES[rng.int(0, NAME_SUFFIXES.length - 1)]}` : "";
      const stem = joined ? `${place}${site.toLowerCase()}` : `${place} ${site}`;
      const name = `${stem} ${noun}${suffix}`;
      if (this.usedNames.has(name)) continue;
      this.usedNames.add(name);
      return { name, words: [...(joined ? [stem] : [place, site]), ...noun.split(" ")] };
    }
  }

  /** 4 letters mostly, sometimes 3 or 5, from the name's letters; random letters after the initial if all are taken. */
  private uniqueTicker(words: readonly string[]): string {
    const rng = this.rng;
    const { first, pool } = tickerPool(words);
    const roll = rng.next();
    const length = roll < 0.12 ? 3 : roll < 0.8 ? 4 : 5;
    for (let attempt = 0; attempt < 24; attempt++) {
      const size = Math.min(length, pool.length + 1);
      const ticker = first + orderedPick(rng, pool, size - 1);
      if (ticker.length >= 3 && !this.usedTickers.has(ticker)) return this.claim(ticker);
    }
    for (;;) {
      let ticker = first;
      while (ticker.length < length) ticker += ALPHABET.charAt(rng.int(0, 25));
      if (!this.usedTickers.has(ticker)) return this.claim(ticker);
    }
  }

  private claim(ticker: string): string {
    this.usedTickers.add(ticker);
    return ticker;
  }
}
