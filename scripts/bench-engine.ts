// npm run bench:engine — times the analysis engine's hot paths on synthetic data.
// benchEma: our typed-array EMA vs the `technicalindicators` package on 1,000,000 closes.
// Target: ours ≥ 5× faster, with outputs agreeing to 1e-6 relative on the overlap.
// Sections are functions called from main(); add new ones (e.g. benchAnalysis) beside benchEma.
import { EMA } from "technicalindicators";
import { ema } from "../src/core/indicators/moving-average";

const SERIES_LENGTH = 1_000_000;
const EMA_PERIOD = 50;
const WARMUP_RUNS = 3;
const TIMED_RUNS = 7;
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
  return met && agree;
}

function main(): void {
  console.log(`Quanta engine benchmark — Node ${process.version}, ${process.platform}/${process.arch}`);
  const results = [benchEma()];
  if (results.some((ok) => !ok)) process.exitCode = 1;
}

main();
