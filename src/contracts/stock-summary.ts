import { z } from "zod";

/**
 * The analysis report (docs/product.md) — one schema for engine output, API responses, CSV imports and
 * LLM output. Field names and nesting are the product's contract, kept literally. Numbers come from the engine;
 * 'N/A' stands where the evidence is missing (docs/product.md).
 */

const NA = z.literal("N/A");
/** A price in dollars (rounded to cents by the engine), or 'N/A'. */
const priceOrNa = z.union([z.number().finite().nonnegative(), NA]);
export type PriceOrNa = z.infer<typeof priceOrNa>;

export const recommendationActionSchema = z.enum(["BUY", "WATCH", "SELL"]);

const sentence = z.string().min(1);

export const stockSummarySchema = z.object({
  ticker: z.string().min(1).max(12),
  current_metrics: z.object({
    price: z.number().finite().nonnegative(),
    volume: z.number().finite().nonnegative(),
    fifty_two_week: z.object({
      high: z.number().finite().nonnegative(),
      low: z.number().finite().nonnegative(),
    }),
  }),
  recommendation: z.object({
    action: recommendationActionSchema,
    triggers: z.array(sentence),
    risk_factors: z.array(sentence),
    risk_management: sentence,
  }),
  trade_setup: z.object({
    buy_point: priceOrNa,
    target_price: priceOrNa,
    stop_loss: priceOrNa,
    setup_type: sentence,
  }),
  technical_analysis: z.object({
    /**
     * Exponential averages of the close (each seeded with the simple average of its first window). The
     * Trend Template and the 50-day rules may use simple ones instead: their figures and kind are in
     * meta.trend_template (docs/method.md).
     */
    moving_averages: z.object({
      ema_50: priceOrNa.describe("50-day exponential moving average of the close"),
      ema_150: priceOrNa.describe("150-day exponential moving average of the close"),
      ema_200: priceOrNa.describe("200-day exponential moving average of the close"),
    }),
    trend: sentence,
    /** Fraction below (negative) the 52-week high: -0.042 = 4.2% below. */
    distance_from_52_week_high: z.union([z.number().finite(), NA]),
    volume_analysis: sentence,
    volatility_pattern: sentence,
    technical_setup: sentence,
    technical_setup_trigger: sentence,
    technical_setup_trigger_key_triggers: z.array(sentence),
    technical_setup_trigger_risk_factors: z.array(sentence),
  }),
  fundamental_analysis: z.object({
    /** Year-over-year EPS growth of the last quarters as fractions (0.32 = 32%), newest first. */
    quarterly_eps_growth: z.array(z.number().finite()),
    quarterly_eps_growth_trend: sentence,
    annual_growth_trend: sentence,
    industry_position: sentence,
    sector_performance: sentence,
  }),
  institutional_ownership: z.object({
    /** Fraction of shares held by institutions (0.72 = 72%); null when unknown. */
    institutional_ownership: z.number().finite().min(0).max(1).nullable(),
    /** 'Increasing', 'Decreasing' or 'Stable' with the figures; null when unknown. */
    institutional_ownership_trend: z.string().min(1).nullable(),
  }),
  market_analysis: z.object({
    market_sentiment: sentence,
    market_trend: sentence,
  }),
  risk_assessment: z.object({
    market_conditions: sentence,
    technical_risks: sentence,
    setup_risks: sentence,
  }),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

const trendTemplateCriterionSchema = z.object({
  id: z.number().int().min(1).max(8),
  label: sentence,
  passed: z.boolean(),
  /** The figures the criterion compared, by name (null when unavailable). */
  values: z.record(z.string(), z.number().finite().nullable()),
});

const baseSchema = z.object({
  type: z.enum(["VCP", "Flat base", "Cup with handle"]),
  start_date: z.string(),
  weeks: z.number().finite().nonnegative(),
  depth: z.number().finite().nonnegative(),
  pivot: z.number().finite().nonnegative(),
  buy_range_high: z.number().finite().nonnegative(),
  contractions: z.array(z.number().finite().nonnegative()),
  breakout_date: z.string().nullable().optional(),
  sessions_since_breakout: z.number().int().nonnegative().nullable().optional(),
});

const analysisMetaSchema = z.object({
  engine_version: z.string(),
  generated_at: z.string(),
  /** Date of the last session analysed. */
  as_of: z.string(),
  data_source: z.string(),
  demo: z.boolean(),
  /** ISO currency of every price in the report; null when the source did not say (demo, CSV). */
  currency: z.string().nullable(),
  /** True when the provider failed and the report was made from the last cached data. */
  stale_data: z.boolean(),
  narrator: z.string(),
  company: z.object({ name: z.string(), sector: z.string().nullable(), industry: z.string().nullable() }),
  trend_template: z.object({
    score: z.number().int().min(0).max(8),
    criteria: z.array(trendTemplateCriterionSchema),
  }),
  rs_rating: z.number().int().min(1).max(99).nullable(),
  rs_score: z.number().finite().nullable(),
  /** What the RS rating ranks against; absent from reports stored before it was reported. */
  rs_basis: z.enum(["universe", "benchmark"]).nullable().optional(),
  /** The last session's trading facts (screener, market breadth); absent from reports stored before them. */
  session: z
    .object({
      change_pct: z.number().finite().nullable(),
      volume_ratio: z.number().finite().nullable(),
      dollar_volume_50: z.number().finite().nullable(),
      above_50: z.boolean().nullable(),
      above_200: z.boolean().nullable(),
      new_high: z.boolean(),
      new_low: z.boolean(),
    })
    .optional(),
  base: baseSchema.nullable(),
  /** Evidence the recommendation had to do without (e.g. 'quarterly EPS'). */
  missing_evidence: z.array(z.string()),
});
export type AnalysisMeta = z.infer<typeof analysisMetaSchema>;

/** What the engine produces and the analyze endpoint answers: {stock_summary, meta}. */
export const analysisReportSchema = z.object({
  stock_summary: stockSummarySchema,
  meta: analysisMetaSchema,
});
export type AnalysisReport = z.infer<typeof analysisReportSchema>;

