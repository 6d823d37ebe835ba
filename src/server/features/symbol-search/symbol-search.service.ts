import type { SymbolSearchResponse } from "../../../contracts/symbol-search";
import { MarketDataUnavailableError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";

/**
 * Completes what the user types in the analyze form: the market-data provider's symbol search
 * (the demo market matches its tickers and names; Yahoo Finance and FMP ask their search). An
 * empty query lists the demo market's companies, so the interface can show what to try.
 */
export class SymbolSearchService {
  constructor(private readonly market: MarketDataProvider) {}

  async search(query: string, limit: number): Promise<SymbolSearchResponse> {
    const q = query.trim();
    const demo = this.market.demo;
    try {
      const found = q === "" ? (demo ? await this.market.listUniverse() : []) : await this.market.searchSymbols(q);
      return {
        demo,
        matches: found.slice(0, limit).map((match) => ({ ticker: match.ticker, name: match.name, sector: match.sector })),
      };
    } catch (error) {
      if (error instanceof MarketDataUnavailableError) {
        throw new AppError(503, "market_unavailable", "Ticker suggestions are unavailable right now; you can still type a ticker and analyze it.");
      }
      throw error;
    }
  }
}
