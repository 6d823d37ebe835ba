/**
 * Returns and IBD-style relative strength (docs/method.md).
 */

/** Weighting of the relative strength score; `AnalysisConfig['relativeStrength']` fits it. */
interface RsWeighting {
  readonly weights: readonly number[];
  readonly periods: readonly number[];
}

const DEFAULT_WEIGHTING: RsWeighting = { weights: [0.4, 0.2, 0.2, 0.2], periods: [63, 126, 189, 252] };

/**
 * Return over `sessions` sessions ending at `index`, as a fraction (0.12 = +12%):
 * close[index] / close[index - sessions] - 1. NaN when there is not enough history, `index` is
 * outside the series, or the base close is not positive.
 */
export function periodReturn(close: Float64Array, sessions: number, index = close.length - 1): number {
  if (!Number.isInteger(sessions) || sessions < 1) throw new RangeError(`sessions must be a positive integer, got ${sessions}`);
  if (!Number.isInteger(index) || index >= close.length || index - sessions < 0) return NaN;
  const base = close[index - sessions]!;
  if (!(base > 0)) return NaN;
  return close[index]! / base - 1;
}

/**
 * Relative strength score at `index`: 0.4*r63 + 0.2*r126 + 0.2*r189 + 0.2*r252, rN being the
 * N-session periodReturn (fractions). NaN with fewer than 253 closes up to `index`. Pass
 * `config.relativeStrength` to use other weights or periods.
 */
export function relativeStrengthScore(close: Float64Array, index = close.length - 1, weighting: RsWeighting = DEFAULT_WEIGHTING): number {
  let score = 0;
  for (let i = 0; i < weighting.periods.length; i++) {
    score += weighting.weights[i]! * periodReturn(close, weighting.periods[i]!, index);
  }
  return score;
}

function clampRating(value: number): number {
  return value < 1 ? 1 : value > 99 ? 99 : value;
}

/**
 * IBD-style RS rating 1–99: the percentile of `score` among `universeScores` (NaN entries ignored;
 * the universe may or may not contain the stock itself):
 * clamp(round(fractionStrictlyBelow * 98 + 1), 1, 99). The weakest gets 1; a stock above every
 * other one gets 99. NaN when `score` is NaN or the universe has no valid score.
 */
export function rsRating(score: number, universeScores: ArrayLike<number>): number {
  if (score !== score) return NaN;
  let valid = 0;
  let below = 0;
  for (let i = 0; i < universeScores.length; i++) {
    const other = universeScores[i]!;
    if (other !== other) continue;
    valid++;
    if (other < score) below++;
  }
  return ratingFromRank(below, valid);
}

/** The 1–99 rating of a score with `below` of `valid` universe scores strictly under it; NaN for an empty universe. */
export function ratingFromRank(below: number, valid: number): number {
  if (valid === 0) return NaN;
  return clampRating(Math.round((below / valid) * 98 + 1));
}

/**
 * RS rating 1–99 when no universe exists, against the benchmark's score (e.g. SPY's):
 * clamp(round(50 + (score - benchmarkScore) * 100), 1, 99). Matching the benchmark gives 50, each
 * percentage point of weighted outperformance adds one point (so 70, the Trend Template bar, means
 * beating the benchmark's weighted return by 20 points). Monotone non-decreasing in `score`.
 * NaN when either score is NaN.
 */
export function rsRatingVsBenchmark(score: number, benchmarkScore: number): number {
  if (score !== score || benchmarkScore !== benchmarkScore) return NaN;
  return clampRating(Math.round(50 + (score - benchmarkScore) * 100));
}
