// Every indicator against a plain, obviously-correct reference implementation written here from the
// definitions (loops over number[], no shared code with the implementation), on real daily bars from
// ohlcv/ (Yahoo-sourced CSVs, vendored in src/test-fixtures/market-data, README there). Every value
// is compared, to 1e-9 relative (1e-12 absolute near 0).
import { describe, it, expect } from "vitest";
import { ema, sma } from "./moving-average";
import { atr } from "./average-true-range";
import { averageVolume, volumeRatio } from "./volume";
import { periodReturn, relativeStrengthScore, rsRating } from "./relative-strength";
import { fiftyTwoWeekRange, highestHigh, lowestLow } from "./price-range";
import { distributionDays } from "./distribution-days";
import { isRising } from "./trend";
import { readVendoredText } from "../../test-fixtures/market-data";

const FILES = ["AAPL", "GOOG", "MSFT", "SPY", "INTC", "IBM", "KO", "SPY-20200901-20210113"];
const REL = 1e-9;
const ABS = 1e-12;

interface Bars {
  high: number[];
  low: number[];
  close: number[];
  adjClose: number[] | null;
  volume: number[];
}

/** Reads a Yahoo-style CSV whatever the case of its header (`Date,...,Adj Close,Volume` or `date,...`). */
function readBars(name: string): Bars {
  const lines = readVendoredText(`ohlcv/${name}.csv`).trim().split(/\r?\n/);
  const header = lines[0]!.split(",").map((column) => column.trim().toLowerCase());
  const column = (label: string) => header.indexOf(label);
  const rows = lines.slice(1).map((line) => line.split(",").map(Number));
  const pick = (label: string) => rows.map((row) => row[column(label)]!);
  return {
    high: pick("high"),
    low: pick("low"),
    close: pick("close"),
    adjClose: column("adj close") >= 0 ? pick("adj close") : null,
    volume: pick("volume"),
  };
}

// ---- reference implementations, straight from the definitions ----

function refSma(values: number[], n: number): number[] {
  return values.map((_, i) => {
    if (i < n - 1) return NaN;
    let sum = 0;
    for (let j = i - n + 1; j <= i; j++) sum += values[j]!;
    return sum / n;
  });
}

/** SMA seed at n-1, then pandas' ewm(span=n, adjust=False) recursion as its Cython code writes it. */
function refEmaPandas(values: number[], n: number): number[] {
  const out = values.map(() => NaN);
  if (values.length < n) return out;
  let seed = 0;
  for (let j = 0; j < n; j++) seed += values[j]!;
  let weighted = seed / n;
  out[n - 1] = weighted;
  const alpha = 2 / (n + 1);
  const oldWeight = 1 - alpha;
  for (let i = n; i < values.length; i++) {
    weighted = (oldWeight * weighted + alpha * values[i]!) / (oldWeight + alpha);
    out[i] = weighted;
  }
  return out;
}

/** TA-Lib's EMA: SMA seed, then prev = (x - prev) * k + prev. */
function refEmaTaLib(values: number[], n: number): number[] {
  const out = values.map(() => NaN);
  if (values.length < n) return out;
  let prev = values.slice(0, n).reduce((a, b) => a + b, 0) / n;
  out[n - 1] = prev;
  const k = 2 / (n + 1);
  for (let i = n; i < values.length; i++) {
    prev = (values[i]! - prev) * k + prev;
    out[i] = prev;
  }
  return out;
}

function refAtr(bars: Bars, n: number): number[] {
  const tr = bars.close.map((_, i) =>
    i === 0
      ? bars.high[0]! - bars.low[0]!
      : Math.max(bars.high[i]! - bars.low[i]!, Math.abs(bars.high[i]! - bars.close[i - 1]!), Math.abs(bars.low[i]! - bars.close[i - 1]!)),
  );
  const out = tr.map(() => NaN);
  if (tr.length < n) return out;
  out[n - 1] = tr.slice(0, n).reduce((a, b) => a + b, 0) / n;
  for (let i = n; i < tr.length; i++) out[i] = (out[i - 1]! * (n - 1) + tr[i]!) / n;
  return out;
}

function refWindowExtreme(values: number[], window: number, i: number, pick: (...v: number[]) => number): number {
  return pick(...values.slice(Math.max(0, i - window + 1), i + 1));
}

function refReturn(close: number[], sessions: number, i: number): number {
  return i - sessions >= 0 ? close[i]! / close[i - sessions]! - 1 : NaN;
}

function refRsScore(close: number[], i: number): number {
  if (i < 252) return NaN;
  return 0.4 * refReturn(close, 63, i) + 0.2 * refReturn(close, 126, i) + 0.2 * refReturn(close, 189, i) + 0.2 * refReturn(close, 252, i);
}

function refDistribution(close: number[], volume: number[], sessions: number, minDrop: number, i: number) {
  let count = 0;
  let lastIndex = -1;
  for (let day = i; day > i - sessions && day >= 1; day--) {
    const change = close[day]! / close[day - 1]! - 1;
    if (change <= -minDrop + 1e-9 && volume[day]! > volume[day - 1]!) {
      count++;
      if (lastIndex < 0) lastIndex = day;
    }
  }
  return { count, lastIndex };
}

// ---- comparison ----

function same(actual: number, expected: number): boolean {
  if (Number.isNaN(expected) || Number.isNaN(actual)) return Number.isNaN(expected) && Number.isNaN(actual);
  const diff = Math.abs(actual - expected);
  return diff <= ABS || diff <= REL * Math.abs(expected);
}

/** Compares every index; returns the first few mismatches (empty when all agree). */
function mismatches(actual: ArrayLike<number>, expected: readonly number[]): string[] {
  const out: string[] = [];
  if (actual.length !== expected.length) return [`length ${actual.length} != ${expected.length}`];
  for (let i = 0; i < expected.length && out.length < 5; i++) {
    if (!same(actual[i]!, expected[i]!)) out.push(`[${i}] ${actual[i]} != ${expected[i]}`);
  }
  return out;
}

const definedCount = (values: ArrayLike<number>) => Array.from(values).filter((v) => !Number.isNaN(v)).length;

describe("indicators on real daily bars (ohlcv/) vs reference implementations", () => {
  const data = new Map(FILES.map((name) => [name, readBars(name)]));

  describe.each(FILES)("%s", (name) => {
    const bars = data.get(name)!;
    const close = Float64Array.from(bars.close);
    const high = Float64Array.from(bars.high);
    const low = Float64Array.from(bars.low);
    const volume = Float64Array.from(bars.volume);
    const n = close.length;

    it("has clean bars", () => {
      expect(n).toBeGreaterThan(50);
      for (const column of [bars.high, bars.low, bars.close, bars.volume]) expect(column.every(Number.isFinite)).toBe(true);
    });

    it.each([50, 150, 200])("EMA(%i) matches pandas ewm(adjust=False) and TA-Lib's recursion after the SMA seed", (period) => {
      const ours = ema(close, period);
      expect(mismatches(ours, refEmaPandas(bars.close, period))).toEqual([]);
      expect(mismatches(ours, refEmaTaLib(bars.close, period))).toEqual([]);
      expect(definedCount(ours)).toBe(Math.max(0, n - period + 1));
      if (bars.adjClose) expect(mismatches(ema(Float64Array.from(bars.adjClose), period), refEmaPandas(bars.adjClose, period))).toEqual([]);
    });

    it("SMA(50) and 50-day average volume match a naive window sum", () => {
      expect(mismatches(sma(close, 50), refSma(bars.close, 50))).toEqual([]);
      expect(mismatches(averageVolume(volume), refSma(bars.volume, 50))).toEqual([]);
    });

    it("volume ratio matches today / average of the 50 sessions before", () => {
      const expected = bars.volume.map((v, i) => (i < 50 ? NaN : v / (bars.volume.slice(i - 50, i).reduce((a, b) => a + b, 0) / 50)));
      const ours = bars.volume.map((_, i) => volumeRatio(volume, 50, i));
      expect(mismatches(ours, expected)).toEqual([]);
    });

    it("ATR(14) matches Wilder's definition", () => {
      const ours = atr(high, low, close, 14);
      expect(mismatches(ours, refAtr(bars, 14))).toEqual([]);
      expect(definedCount(ours)).toBe(Math.max(0, n - 13));
    });

    it("52-week high/low and window extremes match a naive max/min", () => {
      const ours = { high: [] as number[], low: [] as number[], high20: [] as number[], low20: [] as number[] };
      const ref = { high: [] as number[], low: [] as number[], high20: [] as number[], low20: [] as number[] };
      for (let i = 0; i < n; i++) {
        const range = fiftyTwoWeekRange(high, low, i);
        ours.high.push(range.high);
        ours.low.push(range.low);
        ours.high20.push(highestHigh(high, 20, i));
        ours.low20.push(lowestLow(low, 20, i));
        ref.high.push(refWindowExtreme(bars.high, 252, i, Math.max));
        ref.low.push(refWindowExtreme(bars.low, 252, i, Math.min));
        ref.high20.push(refWindowExtreme(bars.high, 20, i, Math.max));
        ref.low20.push(refWindowExtreme(bars.low, 20, i, Math.min));
      }
      for (const key of ["high", "low", "high20", "low20"] as const) expect(mismatches(ours[key], ref[key])).toEqual([]);
      expect(fiftyTwoWeekRange(high, low)).toEqual({ high: ref.high[n - 1], low: ref.low[n - 1] });
    });

    it("returns and the RS score match their definitions at every session", () => {
      for (const sessions of [1, 21, 63, 126, 189, 252]) {
        const ours = bars.close.map((_, i) => periodReturn(close, sessions, i));
        expect(mismatches(ours, bars.close.map((_, i) => refReturn(bars.close, sessions, i)))).toEqual([]);
      }
      const ours = bars.close.map((_, i) => relativeStrengthScore(close, i));
      expect(mismatches(ours, bars.close.map((_, i) => refRsScore(bars.close, i)))).toEqual([]);
      expect(definedCount(ours)).toBe(Math.max(0, n - 252));
    });

    it("distribution days (25 sessions, -0.2% on higher volume) match a naive count", () => {
      for (let i = 0; i < n; i++) {
        const ours = distributionDays(close, volume, 25, 0.002, i);
        const expected = refDistribution(bars.close, bars.volume, 25, 0.002, i);
        if (ours.count !== expected.count || ours.lastIndex !== expected.lastIndex) {
          expect({ index: i, ...ours }).toEqual({ index: i, ...expected });
        }
      }
      expect(distributionDays(close, volume)).toEqual(refDistribution(bars.close, bars.volume, 25, 0.002, n - 1));
    });

    it("isRising(EMA200, 21) matches a direct comparison", () => {
      const ema200 = ema(close, 200);
      const reference = refEmaPandas(bars.close, 200);
      for (let i = 0; i < n; i++) {
        const expected = i >= 21 && reference[i]! > reference[i - 21]!;
        if (isRising(ema200, 21, i) !== expected) expect({ index: i, rising: isRising(ema200, 21, i) }).toEqual({ index: i, rising: expected });
      }
    });
  });

  it("SPY shows distribution days in its 2008 decline (sanity check of the definition on a known market)", () => {
    const spy = data.get("SPY")!;
    const dates = readVendoredText("ohlcv/SPY.csv").trim().split(/\r?\n/).slice(1).map((line) => line.split(",")[0]!);
    const index = dates.indexOf("2008-10-10");
    expect(index).toBeGreaterThan(0);
    const result = distributionDays(Float64Array.from(spy.close), Float64Array.from(spy.volume), 25, 0.002, index);
    expect(result.count).toBeGreaterThanOrEqual(5);
  });

  it("RS ratings across the long series match a sort-based percentile", () => {
    const longest = FILES.filter((name) => data.get(name)!.close.length >= 253);
    const scores = longest.map((name) => relativeStrengthScore(Float64Array.from(data.get(name)!.close)));
    expect(scores.every(Number.isFinite)).toBe(true);
    const sorted = [...scores].sort((a, b) => a - b);
    for (const score of scores) {
      const below = sorted.filter((other) => other < score).length;
      const expected = Math.min(99, Math.max(1, Math.round((below / sorted.length) * 98 + 1)));
      expect(rsRating(score, scores)).toBe(expected);
    }
  });
});
