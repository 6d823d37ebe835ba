import { AppError } from "../../app-error";
import { MarketDataUnavailableError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import type { LogoImage, LogoSource } from "../../adapters/logos/logo-source";
import { monogramSvg } from "../../adapters/logos/monogram-logo";

const TICKER_PATTERN = /^[A-Z0-9][A-Z0-9.\-^]{0,11}$/;

/** Logos for the stock cards: the provider's image when configured and available, else a monogram. */
export class LogosService {
  constructor(
    private readonly deps: {
      market: Pick<MarketDataProvider, "getProfile" | "benchmarkTicker">;
      source: LogoSource | null;
    },
  ) {}

  async logoFor(rawTicker: string): Promise<LogoImage & { source: string }> {
    const ticker = rawTicker.trim().toUpperCase();
    if (!TICKER_PATTERN.test(ticker)) throw notFound();
    const known = ticker === this.deps.market.benchmarkTicker || (await this.isListed(ticker));
    if (!known) throw notFound();
    if (this.deps.source) {
      const image = await this.deps.source.fetchLogo(ticker);
      if (image) return { ...image, source: this.deps.source.id };
    }
    return { ...monogramSvg(ticker), source: "monogram" };
  }

  /** A ticker the market cannot confirm now (its share of calls spent, or unreachable) has no logo rather than an error. */
  private async isListed(ticker: string): Promise<boolean> {
    try {
      return (await this.deps.market.getProfile(ticker)) !== null;
    } catch (error) {
      if (error instanceof MarketDataUnavailableError) return false;
      throw error;
    }
  }
}

function notFound(): AppError {
  return new AppError(404, "not_found", "Logo not found");
}
