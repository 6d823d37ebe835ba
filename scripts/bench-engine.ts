// npm run bench:engine — times the analysis engine's hot paths.
// benchEma: our typed-array EMA vs the `technicalindicators` package on 1,000,000 closes.
// Target: ours ≥ 5× faster, with outputs agreeing to 1e-6 relative on the overlap.
// benchAnalysis: one full analysis of 2 years of bars. Target: median ≤ 1 ms (≥ 1,000 tickers/s).
// `--smoke` (or BENCH_SMOKE=1): 10,000 closes and a few analyses; fails only when the outputs
// disagree or the analysis throws, never on a speed target.
import { EMA } from "technicalindicators";
import { analyzeStock } from "../src/core/analysis/analyze-stock";
import { ema } from "../src/core/indicators/moving-average";
import { parseHistoryCsv } from "../src/core/market/history-csv";
import { lastBars, type DailyBars } from "../src/core/market/market-data";
import { barsUpTo } from "../src/server/features/stock-analysis/stock-analysis.service";
import { readVendoredText } from "../src/test-fixtures/market-data";

const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
const SERIES_LENGTH = SMOKE ? 10_000 : 1_000_000;
const EMA_PERIOD = 50;
const WARMUP_RUNS = SMOKE ? 1 : 3;
const TIMED_RUNS = SMOKE ? 1 : 7;
const EMA_SPEEDUP_TARGET = 5;
const AGREEMENT_TOLERANCE = 1e-6;

/** Deterministic closes: a random walk driven by a 32-bit LCG (Numerical Recipes constants). */
function syntheticCloses(length: number, seed = 42): Float64Array {
  const closes = new Float64Array(length);
  let state = seed >>> 0;
  let price = 100;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const uniform = state / 4294967296; // [0, 1)
    price *= 1 + (uniform - 0.5) * 0.04; // ±2% a day
    closes[i] = price;
  }
  return closes;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `fn` WARMUP_RUNS times untimed, then TIMED_RUNS times; returns the median ms and the last result. */
function time<T>(fn: () => T): { medianMs: number; result: T } {
  let result = fn();
  for (let i = 1; i < WARMUP_RUNS; i++) result = fn();
  const samples: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    result = fn();
    samples.push(performance.now() - started);
  }
  return { medianMs: median(samples), result };
}

function benchEma(): boolean {
  console.log(`\nEMA(${EMA_PERIOD}) over ${SERIES_LENGTH.toLocaleString("en-US")} closes (median of ${TIMED_RUNS} runs after ${WARMUP_RUNS} warm-ups)`);
  const closes = syntheticCloses(SERIES_LENGTH);
  const plainCloses = Array.from(closes); // technicalindicators takes number[]

  const ours = time(() => ema(closes, EMA_PERIOD));
  const theirs = time(() => EMA.calculate({ period: EMA_PERIOD, values: plainCloses }));

  // Both seed with the SMA of the first `period` closes; theirs omits the leading undefined values,
  // so its element j is our element j + period - 1.
  const offset = EMA_PERIOD - 1;
  const overlap = Math.min(theirs.result.length, ours.result.length - offset);
  let maxAbs = 0;
  let maxRel = 0;
  for (let j = 0; j < overlap; j++) {
    const a = ours.result[j + offset]!;
    const b = theirs.result[j]!;
    const abs = Math.abs(a - b);
    maxAbs = Math.max(maxAbs, abs);
    maxRel = Math.max(maxRel, abs / Math.abs(b));
  }
  const agree = overlap === SERIES_LENGTH - offset && maxRel <= AGREEMENT_TOLERANCE;
  const ratio = theirs.medianMs / ours.medianMs;
  const met = ratio >= EMA_SPEEDUP_TARGET;

  console.log(`  ours (Float64Array, src/core/indicators): ${ours.medianMs.toFixed(2)} ms`);
  console.log(`  technicalindicators EMA.calculate:        ${theirs.medianMs.toFixed(2)} ms`);
  console.log(`  ours is ${ratio.toFixed(1)}× faster — target ≥ ${EMA_SPEEDUP_TARGET}×: ${met ? "met" : "NOT met"}`);
  console.log(
    `  agreement on ${overlap.toLocaleString("en-US")} aligned values: max abs diff ${maxAbs.toExponential(2)}, max rel diff ${maxRel.toExponential(2)} (tolerance ${AGREEMENT_TOLERANCE}): ${agree ? "ok" : "MISMATCH"}`,
  );
  return (met || SMOKE) && agree;
}

const ANALYSIS_TARGET_MS = 1;
const TWO_YEARS = 504;

/** Two years of real daily bars (AAPL, SPY), vendored in the repository. */
function twoYearsOfBars(): { bars: DailyBars; benchmark: DailyBars; source: string } {
  const bars = lastBars(parseHistoryCsv(readVendoredText("ohlcv/AAPL.csv"), "AAPL"), TWO_YEARS);
  const benchmark = barsUpTo(parseHistoryCsv(readVendoredText("ohlcv/SPY.csv"), "SPY"), bars.dates.at(-1)!);
  return { bars, benchmark: lastBars(benchmark, TWO_YEARS), source: "AAPL + SPY daily bars (src/test-fixtures/market-data/ohlcv)" };
}

function benchAnalysis(): boolean {
  console.log("\nFull analysis of one ticker, 2 years of bars (504 sessions) with benchmark and fundamentals");
  const { bars, benchmark, source } = twoYearsOfBars();
  const fundamentals = {
    quarterlyEps: Array.from({ length: 12 }, (_, k) => ({ periodEnd: `2020-${String((k % 12) + 1).padStart(2, "0")}-28`, eps: 1 + k * 0.1 })),
    annualEps: [
      { fiscalYear: 2021, eps: 3 },
      { fiscalYear: 2022, eps: 4 },
      { fiscalYear: 2023, eps: 5 },
    ],
    ownership: { percentHeld: 0.6, holders: 1000, holdersPreviousQuarter: 950, shares: null, sharesPreviousQuarter: null },
  };
  const universe = Float64Array.from({ length: 500 }, (_, k) => (k - 250) / 500);
  const run = () =>
    analyzeStock({
      ticker: "AAPL",
      profile: null,
      bars,
      benchmark,
      sectorBars: benchmark,
      sectorEtf: "SPY",
      fundamentals,
      universeRsScores: universe,
      dataSource: "bench",
      demo: false,
      generatedAt: "2026-01-01T00:00:00.000Z",
    });
  const report = run();
  if (report.stock_summary.ticker !== "AAPL") throw new Error(`the analysis answered for ${report.stock_summary.ticker}`);
  for (let k = 0; k < (SMOKE ? 2 : 200); k++) run();
  const perCall: number[] = [];
  const batch = SMOKE ? 5 : 50;
  const rounds = SMOKE ? 2 : 40;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let k = 0; k < batch; k++) run();
    perCall.push((performance.now() - started) / batch);
  }
  const medianMs = median(perCall);
  const met = medianMs <= ANALYSIS_TARGET_MS;
  console.log(`  data: ${source}`);
  console.log(`  median ${(medianMs * 1000).toFixed(0)} µs per analysis (${rounds} batches of ${batch}), ${Math.round(1000 / medianMs).toLocaleString("en-US")} tickers/second on one core`);
  console.log(`  target ≤ ${ANALYSIS_TARGET_MS} ms (ratio ${(medianMs / ANALYSIS_TARGET_MS).toFixed(2)}): ${met ? "met" : "NOT met"}`);
  return met || SMOKE;
}

function main(): void {
  console.log(`Quanta engine benchmark${SMOKE ? " (smoke: tiny sizes, no targets)" : ""} — Node ${process.version}, ${process.platform}/${process.arch}`);
  const results = [benchEma(), benchAnalysis()];
  if (results.some((ok) => !ok)) process.exitCode = 1;
}

main();
