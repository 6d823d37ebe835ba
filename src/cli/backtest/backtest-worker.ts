import { parentPort } from "node:worker_threads";
import { marketDirectionSeries } from "../../core/analysis/market-direction";
import { walkForwardStock, type BenchmarkContext, type WalkForwardOptions } from "../../core/backtest/walk-forward";
import type { WorkerRequest, WorkerResponse } from "./backtest-messages";

/** A back-test worker thread: gets the benchmark once, then one stock at a time, and answers each. */
let benchmark: BenchmarkContext | null = null;
let options: WalkForwardOptions | null = null;

parentPort!.on("message", (message: WorkerRequest) => {
  if (message.type === "init") {
    options = message.options;
    const bars = message.benchmark;
    benchmark = { bars, market: marketDirectionSeries(bars, options.config), indexByDate: new Map(bars.dates.map((date, i) => [date, i])) };
    return;
  }
  const result = walkForwardStock(message.ticker, message.bars, message.ratings, benchmark!, message.draws.map((index) => ({ index })), options!);
  parentPort!.postMessage({ type: "result", result } satisfies WorkerResponse);
});
