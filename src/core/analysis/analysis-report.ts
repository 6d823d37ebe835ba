/**
 * The shape of the engine's report, as plain types (core stays free of validation libraries).
 * src/contracts/stock-summary.ts holds the zod schema of the same shape and checks at compile time
 * that the two agree, so they cannot drift.
 */
type NotAvailable = "N/A";
export type PriceOrNa = number | NotAvailable;
export type RecommendationAction = "BUY" | "WATCH" | "SELL";
export type BaseType = "VCP" | "Flat base" | "Cup with handle";

export interface StockSummary {
  ticker: string;
  current_metrics: {
    price: number;
    volume: number;
    fifty_two_week: { high: number; low: number };
  };
  recommendation: {
    action: RecommendationAction;
    triggers: string[];
    risk_factors: string[];
    risk_management: string;
  };
  trade_setup: {
    buy_point: PriceOrNa;
    target_price: PriceOrNa;
    stop_loss: PriceOrNa;
    setup_type: string;
  };
  technical_analysis: {
    moving_averages: { ema_50: PriceOrNa; ema_150: PriceOrNa; ema_200: PriceOrNa };
    trend: string;
    distance_from_52_week_high: number | NotAvailable;
    volume_analysis: string;
    volatility_pattern: string;
    technical_setup: string;
    technical_setup_trigger: string;
    technical_setup_trigger_key_triggers: string[];
    technical_setup_trigger_risk_factors: string[];
  };
  fundamental_analysis: {
    quarterly_eps_growth: number[];
    quarterly_eps_growth_trend: string;
    annual_growth_trend: string;
    industry_position: string;
    sector_performance: string;
  };
  institutional_ownership: {
    institutional_ownership: number | null;
    institutional_ownership_trend: string | null;
  };
  market_analysis: { market_sentiment: string; market_trend: string };
  risk_assessment: { market_conditions: string; technical_risks: string; setup_risks: string };
}

export interface TrendTemplateCriterion {
  id: number;
  label: string;
  passed: boolean;
  values: Record<string, number | null>;
}

interface BaseSummary {
  type: BaseType;
  start_date: string;
  weeks: number;
  depth: number;
  pivot: number;
  buy_range_high: number;
  contractions: number[];
  /** Session of the breakout over the pivot, and sessions since it; null before a breakout (absent in reports stored before the track record existed). */
  breakout_date?: string | null;
  sessions_since_breakout?: number | null;
}

/** The last session, from the bars: null where the history is too short to say. */
export interface SessionFacts {
  /** Close ÷ the previous close − 1 (adjusted closes, so a split is not a move). */
  change_pct: number | null;
  /** Volume ÷ the average of the 50 sessions before. */
  volume_ratio: number | null;
  /** 50-day average volume × the traded close. */
  dollar_volume_50: number | null;
  /** Close above the method's 50- and 200-day averages (simple by default). */
  above_50: boolean | null;
  above_200: boolean | null;
  /** The session's high (low) is the 52-week high (low). */
  new_high: boolean;
  new_low: boolean;
}

export interface AnalysisMeta {
  engine_version: string;
  generated_at: string;
  as_of: string;
  data_source: string;
  demo: boolean;
  /** ISO currency of every price in the report; null when the source did not say (demo, CSV). */
  currency: string | null;
  /** True when the provider failed and the report was made from the last cached data. */
  stale_data: boolean;
  narrator: string;
  company: { name: string; sector: string | null; industry: string | null };
  trend_template: { score: number; criteria: TrendTemplateCriterion[] };
  rs_rating: number | null;
  rs_score: number | null;
  /**
   * What the RS rating ranks against: the universe (a percentile) or the benchmark (a difference).
   * Optional: reports stored before it was reported have none.
   */
  rs_basis?: "universe" | "benchmark" | null;
  /** The last session's trading facts the screener and the market breadth read; absent from older reports. */
  session?: SessionFacts;
  base: BaseSummary | null;
  missing_evidence: string[];
}

export interface AnalysisReport {
  stock_summary: StockSummary;
  meta: AnalysisMeta;
}
