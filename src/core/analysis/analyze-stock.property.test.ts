import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../contracts/stock-summary";
import { barsFromRows } from "../market/market-data";
import { tradingDatesEndingAt } from "../test-support/bar-builder";
import { analyzeStock, InsufficientHistoryError } from "./analyze-stock";
import { input } from "./test-fixtures";
import { hasNonFinite } from "../test-support/non-finite";

/** Any daily series: random walks with gaps, flat stretches, zero volume and huge or tiny prices. */
const series = (minLength: number, maxLength: number) =>
  fc
    .record({
      length: fc.integer({ min: minLength, max: maxLength }),
      start: fc.oneof(fc.double({ min: 0.01, max: 5, noNaN: true }), fc.double({ min: 5, max: 1e6, noNaN: true })),
      moves: fc.array(
        fc.oneof(
          fc.constant(0),
          fc.double({ min: -0.08, max: 0.08, noNaN: true }),
          fc.double({ min: -0.5, max: 1.5, noNaN: true }), // gaps
        ),
        { minLength: 1, maxLength: 50 },
      ),
      volumes: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1e9 })), { minLength: 1, maxLength: 30 }),
      spread: fc.double({ min: 0, max: 0.05, noNaN: true }),
    })
    .map(({ length, start, moves, volumes, spread }) => {
      const dates = tradingDatesEndingAt("2026-11-20", length);
      let close = start;
      const rows = dates.map((date, k) => {
        const open = close;
        close = Math.max(0.01, close * (1 + moves[k % moves.length]!));
        return {
          date,
          open,
          high: Math.max(open, close) * (1 + spread),
          low: Math.max(0.005, Math.min(open, close) * (1 - spread)),
          close,
          volume: volumes[k % volumes.length]!,
        };
      });
      return barsFromRows(rows);
    });

describe("analyzeStock on any bar series", () => {
  it("validates against the schema, holds no NaN or Infinity, and is deterministic", () => {
    fc.assert(
      fc.property(series(260, 700), fc.boolean(), fc.boolean(), (bars, withBenchmark, withFundamentals) => {
        const run = () =>
          analyzeStock(
            input(bars, {
              benchmark: withBenchmark ? bars : null,
              fundamentals: withFundamentals ? input(bars).fundamentals : null,
            }),
          );
        const report = run();
        expect(analysisReportSchema.safeParse(report).success).toBe(true);
        expect(hasNonFinite(report)).toBe(false);
        expect(JSON.stringify(run())).toBe(JSON.stringify(report));
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it("handles exactly 260 bars, flat prices and zero volume", () => {
    const flat = barsFromRows(
      tradingDatesEndingAt("2026-11-20", 260).map((date) => ({ date, open: 10, high: 10, low: 10, close: 10, volume: 0 })),
    );
    const report = analyzeStock(input(flat));
    expect(analysisReportSchema.safeParse(report).success).toBe(true);
    expect(hasNonFinite(report)).toBe(false);
  });

  it("throws the typed insufficient-history error below the minimum", () => {
    fc.assert(
      fc.property(series(1, 259), (bars) => {
        expect(() => analyzeStock(input(bars))).toThrow(InsufficientHistoryError);
      }),
      { numRuns: 50, seed: 7 },
    );
  });
});
