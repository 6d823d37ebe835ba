import { describe, expect, it } from "vitest";
import { barsFromRows, type DailyBars } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { seededRandom } from "./statistics";
import { betaAdjustedExcess, trailingBeta } from "./beta";

const N = 400;
const dates = tradingDatesEndingAt("2026-11-20", N);
const random = seededRandom(3);
const marketReturns = Array.from({ length: N }, (_, k) => (k === 0 ? 0 : 0.0005 + 0.01 * (random() - 0.5)));

function barsOf(returns: readonly number[]): DailyBars {
  let close = 100;
  return barsFromRows(
    returns.map((r, k) => {
      close *= 1 + r;
      return { date: dates[k]!, open: close, high: close, low: close, close, volume: 1 };
    }),
  );
}

const market = barsOf(marketReturns);
const benchmark = { bars: market, indexByDate: new Map(market.dates.map((d, k) => [d, k] as const)) };

describe("trailing beta and the beta-adjusted excess", () => {
  it("is 1 for the benchmark itself and 2 for a stock moving twice as much", () => {
    expect(trailingBeta(market, benchmark, 300)).toBeCloseTo(1, 10);
    const double = barsOf(marketReturns.map((r) => 2 * r));
    expect(trailingBeta(double, benchmark, 300)).toBeCloseTo(2, 10);
  });

  it("needs 200 daily returns and a benchmark that moves", () => {
    expect(trailingBeta(market, benchmark, 150)).toBeNaN();
    const flat = barsOf(marketReturns.map(() => 0));
    expect(trailingBeta(market, { bars: flat, indexByDate: benchmark.indexByDate }, 300)).toBeNaN();
  });

  it("takes beta times the benchmark's return from the stock's", () => {
    // A stock with twice the market's moves, plus 0.1% a day of its own.
    const stock = barsOf(marketReturns.map((r, k) => 2 * r + (k > 300 ? 0.001 : 0)));
    const beta = trailingBeta(stock, benchmark, 300);
    const stockReturn = stock.close[363]! / stock.close[300]! - 1;
    const marketReturn = market.close[363]! / market.close[300]! - 1;
    expect(betaAdjustedExcess(stock, benchmark, 300, 63)).toBeCloseTo(stockReturn - beta * marketReturn, 12);
    // The market itself has no beta-adjusted excess; past the data there is none.
    expect(betaAdjustedExcess(market, benchmark, 300, 63)).toBeCloseTo(0, 10);
    expect(betaAdjustedExcess(market, benchmark, 350, 63)).toBeNaN();
  });
});
