import type { SymbolSearchResponse } from "../../../contracts/symbol-search";
import type { CompanyProfile } from "../../../core/market/market-data";
import { MarketDataUnavailableError, type MarketDataProvider, type SymbolMatch } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import { clientKey } from "../../rate-limit/client-key";
import type { RateLimit, RateLimitRule } from "../../rate-limit/shared-rate-limiter";
import type { ListedSymbol, SymbolDirectoryRepository } from "./symbol-directory.repository";

/** Requests per client (an IPv4 address or an IPv6 /64) per minute: a debounced combobox sends a few per ticker. */
export const SYMBOL_SEARCH_RATE_LIMIT: RateLimitRule = {
  scope: "symbol_search",
  max: 120,
  windowMs: 60_000,
  message: "Too many requests. Please wait a minute and try again.",
};

/** The provider's symbol list is fetched at most this often, by one instance. */
const SYMBOL_LIST_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often one instance asks the database whether the list is due. */
const DUE_CHECK_EVERY_MS = 5 * 60 * 1000;
/** A look-up upstream only for a query this long (one letter matches half the market anyway). */
const MIN_UPSTREAM_QUERY = 2;

/**
 * The provider's side of suggestions for a provider that costs upstream calls: look-ups that spend
 * the search share of the day (a provider built on the `search` budget lane), and its symbol list.
 */
interface UpstreamSymbols {
  /** The provider's id, the directory's key ('fmp', 'yahoo'). */
  readonly id: string;
  searchSymbols(query: string): Promise<SymbolMatch[]>;
  listSymbols?(): Promise<ListedSymbol[]>;
}

export interface SymbolSearchDeps {
  market: MarketDataProvider;
  /** The per-client limit, shared by every instance. */
  limit: RateLimit;
  /** For a provider that costs upstream calls: its search-lane look-ups and the local index. */
  upstream?: { symbols: UpstreamSymbols; directory: SymbolDirectoryRepository };
  now: Clock;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

type Suggestion = Pick<CompanyProfile, "ticker" | "name" | "sector">;

/** 0 for the exact ticker, then ticker prefixes, name prefixes, names containing the query; null for no match. */
function matchRank(suggestion: Pick<CompanyProfile, "ticker" | "name">, q: string): number | null {
  const ticker = suggestion.ticker.toLowerCase();
  const name = suggestion.name.toLowerCase();
  if (ticker === q) return 0;
  if (ticker.startsWith(q)) return 1;
  if (name.startsWith(q)) return 2;
  return name.includes(q) ? 3 : null;
}

/**
 * Completes what the user types in the analyze form. The demo market matches its own companies.
 * For Yahoo Finance and FMP, suggestions come from a local index (the universe, and the provider's
 * symbol list fetched at most once a day into the database); only a query the index cannot answer
 * is looked up upstream, on the search share of the provider's day, so anonymous typing can never
 * spend the calls analyses need. An empty query lists the demo market's companies.
 */
export class SymbolSearchService {
  private lastDueCheck = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: SymbolSearchDeps) {}

  /** Counts the request against the client's limit (429 past it), then answers. */
  async search(query: string, limit: number, ip: string): Promise<SymbolSearchResponse> {
    await this.deps.limit.take(clientKey(ip));
    const q = query.trim();
    const { market, upstream } = this.deps;
    const demo = market.demo;
    try {
      let found: Suggestion[];
      if (q === "") found = demo ? await market.listUniverse() : [];
      else if (!market.costsUpstreamCalls || !upstream) found = await market.searchSymbols(q);
      else found = await this.fromIndex(q, limit, upstream);
      return { demo, matches: found.slice(0, limit).map((match) => ({ ticker: match.ticker, name: match.name, sector: match.sector })) };
    } catch (error) {
      if (error instanceof MarketDataUnavailableError) {
        throw new AppError(503, "market_unavailable", "Ticker suggestions are unavailable right now; you can still type a ticker and analyze it.");
      }
      throw error;
    }
  }

  /**
   * Fetches the provider's symbol list into the directory when it is due (at most once a day for
   * every instance together); resolves when done. Failures are logged: suggestions go on without it.
   */
  refreshDirectory(): Promise<void> {
    const upstream = this.deps.upstream;
    if (!upstream?.symbols.listSymbols) return Promise.resolve();
    this.loading ??= (async () => {
      try {
        const at = this.deps.now();
        if (!(await upstream.directory.claimLoad(upstream.symbols.id, at, SYMBOL_LIST_EVERY_MS))) return;
        const listed = await upstream.symbols.listSymbols!();
        await upstream.directory.replace(upstream.symbols.id, listed, at);
      } catch (error) {
        this.deps.log?.warn({ provider: upstream.symbols.id, error: error instanceof Error ? error.message : String(error) }, "symbol search: the provider's symbol list could not be fetched");
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async fromIndex(q: string, limit: number, upstream: NonNullable<SymbolSearchDeps["upstream"]>): Promise<Suggestion[]> {
    const now = this.deps.now().getTime();
    if (now - this.lastDueCheck >= DUE_CHECK_EVERY_MS) {
      this.lastDueCheck = now;
      void this.refreshDirectory();
    }
    const lower = q.toLowerCase();
    const universe = (await this.deps.market.listUniverse())
      .map((company) => ({ company, rank: matchRank(company, lower) }))
      .filter((entry): entry is { company: CompanyProfile; rank: number } => entry.rank !== null);
    const listed = (await upstream.directory.search(upstream.symbols.id, q, limit)).map((symbol) => ({
      company: { ...symbol, sector: null },
      rank: matchRank(symbol, lower) ?? 3,
    }));
    const merged = new Map<string, { company: Suggestion; rank: number }>();
    for (const entry of [...universe, ...listed]) if (!merged.has(entry.company.ticker)) merged.set(entry.company.ticker, entry);
    const local = [...merged.values()].sort((a, b) => a.rank - b.rank).map((entry) => entry.company);
    if (local.length > 0 || q.length < MIN_UPSTREAM_QUERY) return local;
    // Nothing local: one look-up, on the search share of the day (cached, so a query is paid once).
    return upstream.symbols.searchSymbols(q);
  }
}
