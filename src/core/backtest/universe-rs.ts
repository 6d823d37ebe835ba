import type { DailyBars } from "../market/market-data";
import type { AnalysisConfig } from "../analysis/analysis-config";
import { ratingFromRank, relativeStrengthScore } from "../indicators/relative-strength";
import { lowerBound } from "./sorted-search";

/**
 * RS ratings of a whole universe, session by session: on each date, each stock's RS score is ranked
 * among the scores of every stock that has one that day (the live rsRating() rule: the share strictly
 * below, mapped to 1–99). Only data up to each date is used. Returns one array per series, aligned
 * with its bars (NaN where the stock has no score yet).
 */
export function universeRsRatings(series: readonly DailyBars[], config: AnalysisConfig): Float64Array[] {
  const scores = series.map((bars) => {
    const out = new Float64Array(bars.close.length);
    for (let i = 0; i < out.length; i++) out[i] = relativeStrengthScore(bars.close, i, config.relativeStrength);
    return out;
  });
  const byDate = new Map<string, number[]>();
  series.forEach((bars, s) => {
    const own = scores[s]!;
    for (let i = 0; i < own.length; i++) {
      if (!Number.isFinite(own[i]!)) continue;
      const date = bars.dates[i]!;
      let list = byDate.get(date);
      if (!list) byDate.set(date, (list = []));
      list.push(own[i]!);
    }
  });
  const sortedByDate = new Map<string, Float64Array>();
  for (const [date, list] of byDate) sortedByDate.set(date, Float64Array.from(list).sort());

  return series.map((bars, s) => {
    const own = scores[s]!;
    const ratings = new Float64Array(own.length).fill(Number.NaN);
    for (let i = 0; i < own.length; i++) {
      const score = own[i]!;
      if (!Number.isFinite(score)) continue;
      const sorted = sortedByDate.get(bars.dates[i]!)!;
      ratings[i] = ratingFromRank(lowerBound(sorted, score), sorted.length);
    }
    return ratings;
  });
}
