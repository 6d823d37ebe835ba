import type { AnalysisConfig } from "./analysis-config";
import type { TrendTemplateCriterion } from "./analysis-report";

/**
 * The figures the template compares. `ma*` hold whichever moving averages the config names
 * (`trendTemplate.averages`): simple ones by default (Minervini's definition), exponential on request.
 */
export interface TrendInputs {
  price: number;
  ma50: number;
  ma150: number;
  ma200: number;
  /** The 200-day average `ma200RisingSessions` sessions ago. */
  ma200Earlier: number;
  /** The 50- and 150-day averages as many sessions ago, to tell whether they are falling. */
  ma50Earlier: number;
  ma150Earlier: number;
  low52: number;
  high52: number;
  rsRating: number | null;
}

type TrendLabel = "Strong Bullish" | "Bullish" | "Neutral" | "Bearish" | "Strong Bearish";

export interface TrendTemplateResult {
  criteria: TrendTemplateCriterion[];
  score: number;
  trend: TrendLabel;
  ma200Rising: boolean;
  ma200Falling: boolean;
}

const known = (value: number) => (Number.isFinite(value) ? value : null);
/** Relative tolerance so a price exactly on a boundary (1.30 × low) is not lost to rounding. */
const EPSILON = 1e-12;

/** Minervini's Trend Template, each criterion with the figures it compared (docs/method.md). */
export function evaluateTrendTemplate(t: TrendInputs, config: AnalysisConfig): TrendTemplateResult {
  const rules = config.trendTemplate;
  const kind = rules.averages === "sma" ? "SMA" : "EMA";
  const key = rules.averages;
  const ma200Rising = t.ma200 > t.ma200Earlier;
  const ma200Falling = t.ma200 < t.ma200Earlier;
  const criteria: TrendTemplateCriterion[] = [
    {
      id: 1,
      label: `Price above the 150-day and 200-day ${kind}s`,
      passed: t.price > t.ma150 && t.price > t.ma200,
      values: { price: known(t.price), [`${key}_150`]: known(t.ma150), [`${key}_200`]: known(t.ma200) },
    },
    {
      id: 2,
      label: `150-day ${kind} above the 200-day ${kind}`,
      passed: t.ma150 > t.ma200,
      values: { [`${key}_150`]: known(t.ma150), [`${key}_200`]: known(t.ma200) },
    },
    {
      id: 3,
      label: `200-day ${kind} rising for at least ${rules.ma200RisingSessions} sessions`,
      passed: ma200Rising,
      values: { [`${key}_200`]: known(t.ma200), [`${key}_200_earlier`]: known(t.ma200Earlier) },
    },
    {
      id: 4,
      label: `50-day ${kind} above the 150-day and 200-day ${kind}s`,
      passed: t.ma50 > t.ma150 && t.ma50 > t.ma200,
      values: { [`${key}_50`]: known(t.ma50), [`${key}_150`]: known(t.ma150), [`${key}_200`]: known(t.ma200) },
    },
    {
      id: 5,
      label: `Price above the 50-day ${kind}`,
      passed: t.price > t.ma50,
      values: { price: known(t.price), [`${key}_50`]: known(t.ma50) },
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
  const allFalling = ma200Falling && t.ma150 < t.ma150Earlier && t.ma50 < t.ma50Earlier;
  let trend: TrendLabel = "Neutral";
  if (t.ma50 < t.ma150 && t.ma150 < t.ma200 && allFalling) trend = "Strong Bearish";
  else if (t.price < t.ma200 && ma200Falling) trend = "Bearish";
  else if (score === 8) trend = "Strong Bullish";
  else if (score >= 6 && firstFive) trend = "Bullish";
  return { criteria, score, trend, ma200Rising, ma200Falling };
}
