import type { CompanyProfile } from "../market/market-data";
import type { RecommendationAction, SessionFacts } from "./analysis-report";
import type { BaseFinding } from "./bases";
import type { FundamentalFacts } from "./fundamentals";
import type { MarketDirection } from "./market-direction";
import type { TrendTemplateResult } from "./trend-template";

export type SetupKind =
  | "VCP"
  | "Flat base"
  | "Cup with handle"
  | "Breakout"
  | "Extended"
  | "Past the buy window"
  | "Pullback to the 50-day SMA"
  | "Pullback to the 50-day EMA"
  | "Failed breakout"
  | "Stop hit"
  | "50-day line broken"
  | "Stage 4 decline"
  | "Downtrend"
  | "No base";

export interface TradeLevels {
  buyPoint: number;
  stopLoss: number;
  target: number;
  /** Which rule set the stop: the 8% rule or the tighter support low. */
  stopBasis: "eight-percent" | "support";
  targetGain: number;
}

/** A rule that blocked a BUY or forced a SELL, as data the narrator turns into words. */
export type RuleOutcome =
  | { rule: "stage-4-decline"; ma200: number; stacked: boolean }
  | { rule: "stop-hit"; stop: number; date: string }
  | { rule: "failed-breakout"; pivot: number; breakoutDate: string; date: string }
  | { rule: "fifty-day-break"; ma50: number; volumeRatio: number; date: string }
  | { rule: "weak-trend-template"; score: number; needed: number }
  | { rule: "no-base" }
  | { rule: "below-pivot"; belowPivot: number; pivot: number }
  | { rule: "extended"; abovePivot: number; pivot: number; buyRangeHigh: number }
  | { rule: "past-buy-window"; breakoutDate: string; sessions: number; window: number }
  | { rule: "weak-breakout-volume"; ratio: number; needed: number }
  | { rule: "eps-below-bar"; growth: number; needed: number }
  | { rule: "price-below-minimum"; price: number; minimum: number }
  | { rule: "market-correction" };

/** The base being built or just broken out of, as the report shows it. */
export interface BaseState {
  base: BaseFinding;
  /** Session of the first close above the pivot; null while the base forms. */
  breakoutIndex: number | null;
  breakoutDate: string | null;
  /** Sessions since the breakout day (0 on the day itself); null while the base forms. */
  sessionsSinceBreakout: number | null;
  /** Volume ratio of the confirming close (breakout volume), else of the breakout day; NaN while forming. */
  breakoutVolumeRatio: number;
  confirmed: boolean;
  /** Within the buy window of the breakout. */
  inBuyWindow: boolean;
  /** Date the pivot was first reported. */
  announcedDate: string;
  /** The stop the engine keeps for this base (levels may still be withheld from the report). */
  stopLoss: number;
  stopBasis: "eight-percent" | "support";
  /** A close under this low (the base's lowest so far) ends the base. */
  invalidationLow: number;
}

/** Everything the engine computed, before any text is written. */
export interface AnalysisFacts {
  ticker: string;
  company: CompanyProfile;
  demo: boolean;
  dataSource: string;
  currency: string | null;
  staleData: boolean;
  asOf: string;
  price: number;
  volume: number;
  high52: number;
  low52: number;
  /** Fraction from the 52-week high (≤ 0). */
  distanceFromHigh: number;
  /** Exponential averages, always (the report's `ema_*` fields). */
  ema50: number;
  ema150: number;
  ema200: number;
  /** The Trend Template's averages (simple or exponential): every rule and text about 'the 50-day' cites these. */
  averages: { kind: "SMA" | "EMA"; ma50: number; ma150: number; ma200: number };
  /** Close as traded that day (the price rules use it). */
  tradedPrice: number;
  /** ATR(14) as a fraction of price. */
  atrPercent: number;
  /** Today's volume ÷ the 50-day average before today. */
  volumeRatio: number;
  /** Last 10 sessions' average volume ÷ the 50-day average. */
  dryUpRatio: number;
  /** Up-day volume ÷ down-day volume over the last 50 sessions. */
  upDownVolume: number;
  trend: TrendTemplateResult;
  rsScore: number | null;
  rsRating: number | null;
  rsBasis: "universe" | "benchmark" | null;
  /** The benchmark's RS score when the rating is against it (the text gives the difference). */
  benchmarkRsScore: number | null;
  /** What the texts call the benchmark ('SPY'). */
  benchmarkName: string;
  baseState: BaseState | null;
  /** Date of the base's left-side high. */
  baseStartDate: string | null;
  /** close ÷ pivot - 1 (NaN without a base). */
  pivotDistance: number;
  setup: SetupKind;
  market: MarketDirection | null;
  sector: { etf: string | null; return3m: number; benchmarkReturn3m: number | null } | null;
  stockReturn3m: number;
  fundamentals: FundamentalFacts;
  action: RecommendationAction;
  sellReasons: RuleOutcome[];
  buyBlockers: RuleOutcome[];
  trade: TradeLevels | null;
  missingEvidence: string[];
  /** The last session's trading facts, unrounded (the narrator rounds them). */
  session: SessionFacts;
}
