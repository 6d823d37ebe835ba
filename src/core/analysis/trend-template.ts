import type { AnalysisConfig } from "./analysis-config";
import type { TrendTemplateCriterion } from "./analysis-report";

/**
 * The figures the template compares. `ema*` hold whichever averages the config names
 * (`trendTemplate.averages`): simple ones by default (Minervini's definition), exponential on request.
 */
export interface TrendInputs {
  price: number;
  ema50: number;
  ema150: number;
  ema200: number;
  /** EMA200 `ema200RisingSessions` sessions ago. */
  ema200Earlier: number;
  /** EMA50 and EMA150 a month ago, to tell whether they are falling. */
  ema50Earlier: number;
  ema150Earlier: number;
  low52: number;
  high52: number;
  rsRating: number | null;
}

export type TrendLabel = "Strong Bullish" | "Bullish" | "Neutral" | "Bearish" | "Strong Bearish";

export interface TrendTemplateResult {
  criteria: TrendTemplateCriterion[];
  score: number;
  trend: TrendLabel;
  ema200Rising: boolean;
  ema200Falling: boolean;
}

const known = (value: number) => (Number.isFinite(value) ? value : null);
/** Relative tolerance so a price exactly on a boundary (1.30 × low) is not lost to rounding. */
const EPSILON = 1e-12;

/** Minervini's Trend Template, each criterion with the figures it compared (docs/method.md). */
export function evaluateTrendTemplate(t: TrendInputs, config: AnalysisConfig): TrendTemplateResult {
  const rules = config.trendTemplate;
  const kind = rules.averages === "sma" ? "SMA" : "EMA";
  const key = rules.averages;
  const ema200Rising = t.ema200 > t.ema200Earlier;
  const ema200Falling = t.ema200 < t.ema200Earlier;
  const criteria: TrendTemplateCriterion[] = [
    {
      id: 1,
      label: `Price above the 150-day and 200-day ${kind}s`,
      passed: t.price > t.ema150 && t.price > t.ema200,
      values: { price: known(t.price), [`${key}_150`]: known(t.ema150), [`${key}_200`]: known(t.ema200) },
    },
    {
      id: 2,
      label: `150-day ${kind} above the 200-day ${kind}`,
      passed: t.ema150 > t.ema200,
      values: { [`${key}_150`]: known(t.ema150), [`${key}_200`]: known(t.ema200) },
    },
    {
      id: 3,
      label: `200-day ${kind} rising for at least ${rules.ema200RisingSessions} sessions`,
      passed: ema200Rising,
      values: { [`${key}_200`]: known(t.ema200), [`${key}_200_earlier`]: known(t.ema200Earlier) },
    },
    {
      id: 4,
      label: `50-day ${kind} above the 150-day and 200-day ${kind}s`,
      passed: t.ema50 > t.ema150 && t.ema50 > t.ema200,
      values: { [`${key}_50`]: known(t.ema50), [`${key}_150`]: known(t.ema150), [`${key}_200`]: known(t.ema200) },
    },
    {
      id: 5,
      label: `Price above the 50-day ${kind}`,
      passed: t.price > t.ema50,
      values: { price: known(t.price), [`${key}_50`]: known(t.ema50) },
    },
    {
      id: 6,
      label: `Price at least ${Math.round((rules.aboveLowFactor - 1) * 100)}% above the 52-week low`,
      passed: t.price >= rules.aboveLowFactor * t.low52 * (1 - EPSILON),
      values: { price: known(t.price), low_52_week: known(t.low52) },
    },
    {
      id: 7,
      label: `Price within ${Math.round((1 - rules.nearHighFactor) * 100)}% of the 52-week high`,
      passed: t.price >= rules.nearHighFactor * t.high52 * (1 - EPSILON),
      values: { price: known(t.price), high_52_week: known(t.high52) },
    },
    {
      id: 8,
      label: `Relative strength rating of ${rules.minRsRating} or more`,
      passed: t.rsRating !== null && t.rsRating >= rules.minRsRating,
      values: { rs_rating: t.rsRating },
    },
  ];
  const score = criteria.filter((c) => c.passed).length;
  const firstFive = criteria.slice(0, 5).every((c) => c.passed);
  const allFalling = ema200Falling && t.ema150 < t.ema150Earlier && t.ema50 < t.ema50Earlier;
  let trend: TrendLabel = "Neutral";
  if (t.ema50 < t.ema150 && t.ema150 < t.ema200 && allFalling) trend = "Strong Bearish";
  else if (t.price < t.ema200 && ema200Falling) trend = "Bearish";
  else if (score === 8) trend = "Strong Bullish";
  else if (score >= 6 && firstFive) trend = "Bullish";
  return { criteria, score, trend, ema200Rising, ema200Falling };
}
