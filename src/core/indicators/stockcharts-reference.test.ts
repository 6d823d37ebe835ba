// StockCharts ChartSchool worked examples, as the Python `ta` library ships them for its tests
// (reference/ta-stockcharts, vendored in src/test-fixtures/market-data, README there). The expected columns
// were published rounded, so each value is compared to the precision it was published with: half a
// unit in its last printed decimal (e.g. 0.5939285714 -> ±5e-11), plus 1e-12 relative for the
// 15-decimal columns, whose last digits are binary noise.
import { describe, it, expect } from "vitest";
import { ema, sma } from "./moving-average";
import { atr } from "./average-true-range";
import { highestHigh, lowestLow } from "./price-range";
import { periodReturn } from "./relative-strength";
import { readVendoredText } from "../../test-fixtures/market-data";

interface Cell {
  value: number;
  /** Half a unit in the last published decimal, plus 1e-12 relative. */
  tolerance: number;
}

/** Reads a reference CSV into columns of cells; an empty cell is NaN. */
function readReference(file: string): Map<string, Cell[]> {
  const lines = readVendoredText(`reference/ta-stockcharts/${file}`).trim().split(/\r?\n/);
  const header = lines[0]!.split(",").map((column) => column.trim());
  const columns = new Map<string, Cell[]>(header.map((name) => [name, []]));
  for (const line of lines.slice(1)) {
    const fields = line.split(",");
    header.forEach((name, i) => {
      const text = (fields[i] ?? "").trim();
      const value = text === "" ? NaN : Number(text);
      const decimals = text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
      columns.get(name)!.push({ value, tolerance: 0.5 * 10 ** -decimals + 1e-12 * Math.abs(value) });
    });
  }
  return columns;
}

function column(table: Map<string, Cell[]>, name: string): Cell[] {
  const cells = table.get(name);
  if (!cells) throw new Error(`missing column ${name}`);
  return cells;
}

const values = (cells: Cell[]) => Float64Array.from(cells, (cell) => cell.value);

/** Rows where `ours` is off the published value by more than its published precision. */
function offRows(ours: ArrayLike<number>, expected: Cell[], fromRow: number): string[] {
  const out: string[] = [];
  for (let i = fromRow; i < expected.length; i++) {
    const cell = expected[i]!;
    if (!(Math.abs(ours[i]! - cell.value) <= cell.tolerance)) out.push(`row ${i}: ${ours[i]} vs ${cell.value} (±${cell.tolerance})`);
  }
  return out;
}

/**
 * Checks an EMA file that seeds with the FIRST value (pandas ewm(span=n, adjust=False) from row 0)
 * against our SMA-seeded EMA. From row n-1 both follow the same recursion, so their difference decays
 * exactly as d(i) = d(n-1) * (1-k)^(i-n+1): we check that bound at every row (plus published
 * rounding) and return from which row on the two agree to the published precision.
 */
function checkFirstValueSeededEma(closes: Float64Array, published: Cell[], period: number): { agreeFromRow: number } {
  // 1. The file's own convention, recomputed: first-value seed, k = 2/(n+1).
  const k = 2 / (period + 1);
  const firstSeeded = new Float64Array(closes.length);
  firstSeeded[0] = closes[0]!;
  for (let i = 1; i < closes.length; i++) firstSeeded[i] = closes[i]! * k + firstSeeded[i - 1]! * (1 - k);
  expect(offRows(firstSeeded, published, 0)).toEqual([]);

  // 2. Ours converges onto it exactly as the shared recursion says.
  const ours = ema(closes, period);
  for (let i = 0; i < period - 1; i++) expect(ours[i]).toBeNaN();
  const seedGap = Math.abs(ours[period - 1]! - published[period - 1]!.value) + published[period - 1]!.tolerance;
  for (let i = period - 1; i < closes.length; i++) {
    const cell = published[i]!;
    const bound = seedGap * (1 - k) ** (i - period + 1) + cell.tolerance + 1e-12;
    expect(Math.abs(ours[i]! - cell.value)).toBeLessThanOrEqual(bound);
  }
  // First row from which every later row agrees to the published precision (-1: never in this file).
  let agreeFromRow = -1;
  for (let i = closes.length - 1; i >= period - 1 && offRows(ours, published, i).length === 0; i--) agreeFromRow = i;
  return { agreeFromRow };
}

describe("indicators vs StockCharts-derived expected outputs (reference/ta-stockcharts)", () => {
  it("cs-atr.csv: Wilder ATR(14) (published to 10 decimals) and its TR column", () => {
    const table = readReference("cs-atr.csv");
    const high = values(column(table, "High"));
    const low = values(column(table, "Low"));
    const close = values(column(table, "Close"));
    const ours = atr(high, low, close, 14);
    // The file writes 0 before the first ATR (row 13); ours is NaN there.
    for (let i = 0; i < 13; i++) expect(ours[i]).toBeNaN();
    expect(offRows(ours, column(table, "ATR"), 13)).toEqual([]);
    expect(offRows(atr(high, low, close, 1), column(table, "TR"), 0)).toEqual([]);
  });

  it.each(["cs-atr2.csv", "cs-kc.csv"])("%s: Wilder ATR(10) (15 decimals)", (file) => {
    const table = readReference(file);
    const atrColumn = file === "cs-kc.csv" ? "atr" : "ATR";
    const ours = atr(values(column(table, "High")), values(column(table, "Low")), values(column(table, "Close")), 10);
    for (let i = 0; i < 9; i++) expect(ours[i]).toBeNaN();
    expect(offRows(ours, column(table, atrColumn), 9)).toEqual([]);
  });

  it("cs-bbands.csv: SMA(20) = the Bollinger middle band (6 decimals)", () => {
    const table = readReference("cs-bbands.csv");
    const ours = sma(values(column(table, "Close")), 20);
    for (let i = 0; i < 19; i++) expect(ours[i]).toBeNaN();
    expect(offRows(ours, column(table, "MiddleBand"), 19)).toEqual([]);
  });

  // These files seed their EMA with the first close instead of the SMA (README section 3), so they
  // test the recursion and k, and show the convergence of the two seeds, not the seed itself.
  it.each([
    ["cs-macd.csv", "short_ema", 12],
    ["cs-macd.csv", "long_ema", 26],
    ["cs-ppo.csv", "12 day EMA", 12],
    ["cs-ppo.csv", "26 day EMA", 26],
    ["cs-kc.csv", "middle_band", 20],
  ] as const)("%s %s: EMA(%i) seeded with the first close, within the exact seed-decay bound", (file, name, period) => {
    const table = readReference(file);
    const { agreeFromRow } = checkFirstValueSeededEma(values(column(table, "Close")), column(table, name), period);
    if (file === "cs-macd.csv" && period === 12) {
      // 124 rows are enough for EMA12's seed gap (0.198 at row 11) to fall below the published
      // 8 decimals (from row 116 on); EMA26's gap (0.147 at row 25) is still ~8e-5 at the last row.
      expect(agreeFromRow).toBeGreaterThan(period);
      expect(agreeFromRow).toBeLessThan(124);
    }
  });

  it("cs-dc.csv: Donchian bands = highest high / lowest low of 20 sessions, today included (2 decimals)", () => {
    const table = readReference("cs-dc.csv");
    const high = values(column(table, "high"));
    const low = values(column(table, "low"));
    const upper = column(table, "upper_band");
    const lower = column(table, "lower_band");
    const rows = upper.map((_, i) => i).filter((i) => !Number.isNaN(upper[i]!.value));
    expect(rows.length).toBeGreaterThan(5);
    for (const i of rows) {
      expect(Math.abs(highestHigh(high, 20, i) - upper[i]!.value)).toBeLessThanOrEqual(upper[i]!.tolerance);
      expect(Math.abs(lowestLow(low, 20, i) - lower[i]!.value)).toBeLessThanOrEqual(lower[i]!.tolerance);
    }
  });

  it("cs-percentr.csv: Highest High (14) / Lowest Low (14) (6 decimals)", () => {
    const table = readReference("cs-percentr.csv");
    const high = values(column(table, "High"));
    const low = values(column(table, "Low"));
    const highest = column(table, "Highest High (14)");
    const lowest = column(table, "Lowest Low (14)");
    for (let i = 13; i < highest.length; i++) {
      expect(Math.abs(highestHigh(high, 14, i) - highest[i]!.value)).toBeLessThanOrEqual(highest[i]!.tolerance);
      expect(Math.abs(lowestLow(low, 14, i) - lowest[i]!.value)).toBeLessThanOrEqual(lowest[i]!.tolerance);
    }
  });

  it("cs-roc.csv: ROC(12) = 100 * periodReturn(close, 12) (8 decimals)", () => {
    const table = readReference("cs-roc.csv");
    const close = values(column(table, "Close"));
    const roc = column(table, "ROC");
    for (let i = 0; i < 12; i++) expect(periodReturn(close, 12, i)).toBeNaN();
    const ours = Float64Array.from(close, (_, i) => 100 * periodReturn(close, 12, i));
    expect(offRows(ours, roc, 12)).toEqual([]);
  });
});
