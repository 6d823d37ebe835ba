import type { DailyBars } from "../../core/market/market-data";
import type { StockResult, WalkForwardOptions } from "../../core/backtest/walk-forward";

/** What the back-test command and its worker threads say to each other. */
export type WorkerRequest =
  | { type: "init"; benchmark: DailyBars; options: WalkForwardOptions }
  | { type: "stock"; ticker: string; bars: DailyBars; ratings: Float64Array; draws: number[] };

export type WorkerResponse = { type: "result"; result: StockResult };
