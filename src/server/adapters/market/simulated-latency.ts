import type { CompanyProfile, DailyBars, Fundamentals } from "../../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../../core/market/market-data-provider";

/**
 * The demo market answering like a remote provider: each bars, fundamentals and profile request
 * waits `latencyMs` first (DEMO_MARKET_LATENCY_MS). Offline, a refresh of thousands of tickers can
 * then be measured with the waits a real provider has, not only its computing.
 */
export class SimulatedLatencyProvider implements MarketDataProvider {
  readonly id: MarketDataProvider["id"];
  readonly demo: boolean;
  readonly costsUpstreamCalls: boolean;
  readonly benchmarkTicker: string;

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly latencyMs: number,
  ) {
    this.id = inner.id;
    this.demo = inner.demo;
    this.costsUpstreamCalls = inner.costsUpstreamCalls;
    this.benchmarkTicker = inner.benchmarkTicker;
  }

  private async later<T>(answer: () => Promise<T>): Promise<T> {
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    return answer();
  }

  searchSymbols(query: string): Promise<SymbolMatch[]> {
    return this.inner.searchSymbols(query);
  }

  getProfile(ticker: string): Promise<CompanyProfile | null> {
    return this.later(() => this.inner.getProfile(ticker));
  }

  getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    return this.later(() => this.inner.getDailyBars(ticker, sessions));
  }

  getFundamentals(ticker: string): Promise<Fundamentals | null> {
    return this.later(() => this.inner.getFundamentals(ticker));
  }

  sectorEtf(sector: string): string | null {
    return this.inner.sectorEtf(sector);
  }

  listUniverse(): Promise<CompanyProfile[]> {
    return this.inner.listUniverse();
  }
}
