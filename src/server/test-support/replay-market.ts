import type { CompanyProfile, DailyBars, Fundamentals } from "../../core/market/market-data";
import type { MarketDataProvider, SymbolMatch } from "../../core/market/market-data-provider";
import { isoFromDayNumber, lastCompletedSession } from "../../core/market/trading-calendar";

/** Sessions the replay may go back, beyond what a caller asks for. */
const REPLAY_REACH = 400;

/**
 * A market replayed day by day: one history (the source's, as of its own date) served as it stood at
 * `today()`, with the sessions after it cut off. A replay needs one history that only grows, so that
 * what a call saw and what came after it belong to the same prices, as with a real market (the demo
 * market's fixed paths grow that way on their own; a recorded history has to be cut off).
 */
export class ReplayMarketProvider implements MarketDataProvider {
  readonly id: MarketDataProvider["id"];
  readonly demo: boolean;
  readonly costsUpstreamCalls = false;
  readonly benchmarkTicker: string;
  private readonly full = new Map<string, DailyBars | null>();

  constructor(
    private readonly source: MarketDataProvider,
    private readonly today: () => Date,
  ) {
    this.id = source.id;
    this.demo = source.demo;
    this.benchmarkTicker = source.benchmarkTicker;
  }

  /** The whole history of a ticker, up to the source's own date (what the replay ends on). */
  private async fullBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const key = ticker.toUpperCase();
    if (!this.full.has(key)) this.full.set(key, await this.source.getDailyBars(key, sessions + REPLAY_REACH));
    return this.full.get(key)!;
  }

  async getDailyBars(ticker: string, sessions: number): Promise<DailyBars | null> {
    const bars = await this.fullBars(ticker, sessions);
    if (!bars) return null;
    const cut = isoFromDayNumber(lastCompletedSession(this.today()));
    let end = bars.dates.length;
    while (end > 0 && bars.dates[end - 1]! > cut) end--;
    const start = Math.max(0, end - Math.ceil(sessions));
    const slice = (values: Float64Array) => values.slice(start, end);
    return {
      dates: bars.dates.slice(start, end),
      open: slice(bars.open),
      high: slice(bars.high),
      low: slice(bars.low),
      close: slice(bars.close),
      volume: slice(bars.volume),
      ...(bars.tradedClose && { tradedClose: slice(bars.tradedClose) }),
    };
  }

  searchSymbols(query: string): Promise<SymbolMatch[]> {
    return this.source.searchSymbols(query);
  }

  getProfile(ticker: string): Promise<CompanyProfile | null> {
    return this.source.getProfile(ticker);
  }

  getFundamentals(ticker: string): Promise<Fundamentals | null> {
    return this.source.getFundamentals(ticker);
  }

  sectorEtf(sector: string): string | null {
    return this.source.sectorEtf(sector);
  }

  listUniverse(): Promise<CompanyProfile[]> {
    return this.source.listUniverse();
  }
}
