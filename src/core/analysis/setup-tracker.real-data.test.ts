// Method v2 on real daily bars (vendored, src/test-fixtures/market-data): a breakout is always judged
// against the pivot that was announced before it, never one derived on the day itself (method v1
// replaced 11 of 31 pivots on 8 large caps on the very day they were cleared; decision 014).
import { describe, expect, it } from "vitest";
import { parseHistoryCsv } from "../market/history-csv";
import { DEFAULT_ANALYSIS_CONFIG as config } from "./analysis-config";
import { prepareSeries } from "./series-context";
import { SetupTracker } from "./setup-tracker";
import { readVendoredText } from "../../test-fixtures/market-data";

const FILES = ["ohlcv/AAPL.csv", "ohlcv/GOOG.csv", "ohlcv/INTC.csv", "sp500/AAPL.csv.gz", "sp500/NVDA.csv.gz", "sp500/XOM.csv.gz", "sp500/MSFT.csv.gz"];

function load(file: string) {
  return parseHistoryCsv(readVendoredText(file), file);
}

describe("setup tracker on real history", () => {
  it.each(FILES)("%s: every breakout clears the pivot announced before it, unchanged since", (file) => {
    const bars = load(file);
    const tracker = new SetupTracker(prepareSeries(bars, config), config);
    const announced = new Map<number, { pivot: number; index: number }>();
    let breakouts = 0;
    for (let i = 0; i < bars.close.length; i++) {
      const before = tracker.current;
      const pivotBefore = before && before.breakoutIndex < 0 ? before.base.pivot : null;
      tracker.advanceTo(i);
      const now = tracker.current;
      if (now && !announced.has(now.announcedIndex)) announced.set(now.announcedIndex, { pivot: now.base.pivot, index: now.announcedIndex });
      if (now && now.breakoutIndex === i) {
        breakouts++;
        const first = announced.get(now.announcedIndex)!;
        expect(now.announcedIndex, `${bars.dates[i]}`).toBeLessThan(i);
        expect(now.base.pivot, `${bars.dates[i]}`).toBe(first.pivot);
        expect(pivotBefore, `${bars.dates[i]}: the pivot shown the session before`).toBe(now.base.pivot);
        expect(bars.close[i - 1]!).toBeLessThanOrEqual(now.base.pivot);
        expect(bars.close[i]!).toBeGreaterThan(now.base.pivot);
      }
    }
    expect(breakouts).toBeGreaterThan(0);
  });
});
