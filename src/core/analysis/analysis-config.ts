/**
 * Every threshold of the method (docs/method.md), named and typed in one place. The engine takes this
 * object as an argument, so a test or a later settings page can vary a rule without touching code.
 */
export interface AnalysisConfig {
  /** Fewest sessions the engine accepts (a 200-session average plus a 52-week window). */
  minBars: number;
  /**
   * Periods of the 50/150/200-day moving averages. The Trend Template and the stock's 50-day rules use
   * them as `trendTemplate.averages` says; the report's `ema_*` fields and the market direction always
   * use exponential ones.
   */
  averagePeriods: { fast: number; medium: number; slow: number };
  averageVolumeSessions: number;
  atrSessions: number;
  yearSessions: number;
  trendTemplate: {
    /** Sessions over which the 200-day average must be rising (criterion 3); also how far back 'falling' looks. */
    ma200RisingSessions: number;
    /** Price ≥ this × 52-week low (criterion 6). */
    aboveLowFactor: number;
    /** Price ≥ this × 52-week high (criterion 7). */
    nearHighFactor: number;
    /** RS rating ≥ this (criterion 8). */
    minRsRating: number;
    /** Simple or exponential averages for criteria 1–5 (Minervini defines them on simple ones; decision 014). */
    averages: "sma" | "ema";
  };
  relativeStrength: { weights: readonly [number, number, number, number]; periods: readonly [number, number, number, number] };
  base: {
    /** Prior advance into the base, as a fraction (0.30 = 30%). */
    minPriorAdvance: number;
    /** Sessions looked back for the prior advance's low. */
    priorAdvanceLookback: number;
    maxDepth: number;
    /** Added to the pivot high, in dollars. */
    pivotOffset: number;
    /** Buy range: pivot to pivot × (1 + this). */
    buyRange: number;
    flatBase: { minWeeks: number; maxDepth: number };
    cupWithHandle: { minWeeks: number; minDepth: number; maxDepth: number; maxHandleDepth: number; minHandleSessions: number; maxHandleSessions: number };
    vcp: { minContractions: number; maxContractions: number; minWeeks: number; minSwing: number };
    /** Longest base looked for, in sessions. */
    maxSessions: number;
    /** Dry-up: average volume of the last N sessions ÷ 50-day average. */
    dryUpSessions: number;
  };
  /** Breakout: close above pivot on volume ≥ this × 50-day average. */
  breakoutVolumeRatio: number;
  breakout: {
    /** A BUY only in the first this-many sessions from the breakout day (day 0). */
    buyWindowSessions: number;
    /** A close back under the pivot within this many sessions of the breakout is a failed breakout. */
    failedBreakoutSessions: number;
    /** How far under the pivot that close must be (0 = any close under it). */
    failedBreakoutUndercut: number;
    /** Sessions a broken-out base is followed (stop, failure, 50-day break) before the stock is judged afresh. */
    followSessions: number;
  };
  sell: {
    /** Stage 4: 'stacked' = price under a falling 200-day with the 50 < 150 < 200 averages all falling; 'below-falling-200' = price under a falling 200-day. */
    stage4: "stacked" | "below-falling-200";
    /** A stop, failed-breakout or 50-day SELL stays the call this many sessions unless price recovers the pivot. */
    signalSessions: number;
    /** 'After a run': the highest close since the breakout at least this fraction above the pivot. */
    fiftyDayRun: number;
    /** Heavy volume for the 50-day break, × the 50-day average. */
    fiftyDayVolumeRatio: number;
  };
  fundamentals: {
    minCurrentQuarterGrowth: number;
    ibdCurrentQuarterGrowth: number;
    strongAnnualGrowth: number;
    minPrice: number;
    quartersShown: number;
    /** Holder/share change that counts as Increasing/Decreasing. */
    ownershipChange: number;
  };
  market: {
    /** A distribution day counts for this many sessions (it expires after them). */
    distributionDaySessions: number;
    distributionDayDrop: number;
    /** A distribution day also expires once the index closes this fraction above that day's close. */
    distributionDayExpiryRally: number;
    /** Active distribution days that put an uptrend under pressure. */
    underPressureDays: number;
    /** Active distribution days that, with a close under the 50-day average, start a correction. */
    correctionDistributionDays: number;
    /** A close this fraction under the highest close of the last `correctionHighSessions` starts a correction. */
    correctionDrawdown: number;
    correctionHighSessions: number;
    /** Earliest day of a rally attempt (day 1 = the first up close after the low) for a follow-through day. */
    followThroughMinDay: number;
    /** Gain of a follow-through day, on higher volume than the session before. */
    followThroughGain: number;
  };
  recommendation: { minTrendScoreForBuy: number };
  tradeSetup: { maxStopLoss: number; stopBelowContractionLow: number; targetLow: number; targetHigh: number };
}

export const DEFAULT_ANALYSIS_CONFIG: AnalysisConfig = {
  minBars: 260,
  averagePeriods: { fast: 50, medium: 150, slow: 200 },
  averageVolumeSessions: 50,
  atrSessions: 14,
  yearSessions: 252,
  trendTemplate: { ma200RisingSessions: 21, aboveLowFactor: 1.3, nearHighFactor: 0.75, minRsRating: 70, averages: "sma" },
  relativeStrength: { weights: [0.4, 0.2, 0.2, 0.2], periods: [63, 126, 189, 252] },
  base: {
    minPriorAdvance: 0.3,
    priorAdvanceLookback: 126,
    maxDepth: 0.33,
    pivotOffset: 0.1,
    buyRange: 0.05,
    flatBase: { minWeeks: 5, maxDepth: 0.15 },
    cupWithHandle: { minWeeks: 7, minDepth: 0.12, maxDepth: 0.33, maxHandleDepth: 0.12, minHandleSessions: 5, maxHandleSessions: 25 },
    vcp: { minContractions: 2, maxContractions: 6, minWeeks: 3, minSwing: 0.02 },
    maxSessions: 65 * 5,
    dryUpSessions: 10,
  },
  breakoutVolumeRatio: 1.5,
  breakout: { buyWindowSessions: 5, failedBreakoutSessions: 10, failedBreakoutUndercut: 0, followSessions: 126 },
  sell: { stage4: "stacked", signalSessions: 10, fiftyDayRun: 0.2, fiftyDayVolumeRatio: 1.5 },
  fundamentals: {
    minCurrentQuarterGrowth: 0.2,
    ibdCurrentQuarterGrowth: 0.25,
    strongAnnualGrowth: 0.25,
    minPrice: 20,
    quartersShown: 3,
    ownershipChange: 0.02,
  },
  market: {
    distributionDaySessions: 25,
    distributionDayDrop: 0.002,
    distributionDayExpiryRally: 0.05,
    underPressureDays: 5,
    correctionDistributionDays: 6,
    correctionDrawdown: 0.08,
    correctionHighSessions: 63,
    followThroughMinDay: 4,
    followThroughGain: 0.0125,
  },
  recommendation: { minTrendScoreForBuy: 7 },
  tradeSetup: { maxStopLoss: 0.08, stopBelowContractionLow: 0.01, targetLow: 0.2, targetHigh: 0.25 },
};
