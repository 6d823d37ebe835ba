import { parentPort } from "node:worker_threads";
import { marketDirectionSeries } from "../../core/analysis/market-direction";
import { regimeOn, walkForwardStockV3 } from "../../core/backtest/method-v3";
import { walkForwardStock, type BenchmarkContext, type WalkForwardOptions } from "../../core/backtest/walk-forward";
import type { WorkerRequest, WorkerResponse } from "./backtest-messages";

/** A back-test worker thread: gets the benchmark once, then one stock at a time, and answers each. */
let benchmark: BenchmarkContext | null = null;
let options: WalkForwardOptions | null = null;
let regime: boolean[] = [];

parentPort!.on("message", (message: WorkerRequest) => {
  if (message.type === "init") {
    options = message.options;
    const bars = message.benchmark;
    regime = regimeOn(bars);
    benchmark = { bars, market: marketDirectionSeries(bars, options.config), indexByDate: new Map(bars.dates.map((date, i) => [date, i])) };
    return;
  }
  const draws = message.draws.map((index) => ({ index }));
  const result =
    options!.method === "v3"
      ? walkForwardStockV3(message.ticker, message.bars, message.ratings, benchmark!, regime, draws, options!)
      : walkForwardStock(message.ticker, message.bars, message.ratings, benchmark!, draws, options!);
  parentPort!.postMessage({ type: "result", result } satisfies WorkerResponse);
});
