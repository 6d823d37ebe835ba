import type { DailyBars } from "../market/market-data";
import type { AnalysisConfig } from "./analysis-config";
import type { BaseType } from "./analysis-report";

/** One pullback inside a base: from a swing high to the following swing low. */
export interface Contraction {
  highIndex: number;
  lowIndex: number;
  high: number;
  low: number;
  /** (high - low) / high */
  depth: number;
}

export interface BaseFinding {
  type: BaseType;
  /** Index of the base's left-side high. */
  startIndex: number;
  /** Last session of the base (before any breakout). */
  endIndex: number;
  weeks: number;
  /** (left-side high - lowest low) / left-side high */
  depth: number;
  priorAdvance: number;
  pivot: number;
  buyRangeHigh: number;
  contractions: Contraction[];
  /** Low of the last contraction (VCP), the handle (cup) or the base (flat): the stop's floor. */
  supportLow: number;
  /** Average volume of the last sessions of the base ÷ the 50-day average at the base's end. */
  dryUpRatio: number;
  /** For cups: the handle's start (the cup's right-side high). */
  handleStartIndex: number | null;
}

/** Index of the highest high in [from, to]; the latest one on ties (the most recent resistance). */
function argMaxHigh(high: Float64Array, from: number, to: number): number {
  let best = from;
  for (let k = from + 1; k <= to; k++) if (high[k]! >= high[best]!) best = k;
  return best;
}

export function argMinLow(low: Float64Array, from: number, to: number): number {
  let best = from;
  for (let k = from + 1; k <= to; k++) if (low[k]! < low[best]!) best = k;
  return best;
}

/** Volume dry-up: the average volume of sessions from..to ÷ the 50-day average at `to` (NaN without one). */
export function volumeDryUp(volume: Float64Array, averageVolume50: Float64Array, from: number, to: number): number {
  const average50 = averageVolume50[to]!;
  return average50 > 0 ? averageOf(volume, from, to) / average50 : Number.NaN;
}

function averageOf(values: Float64Array, from: number, to: number): number {
  if (to < from) return Number.NaN;
  let sum = 0;
  for (let k = from; k <= to; k++) sum += values[k]!;
  return sum / (to - from + 1);
}

/**
 * Swing highs and lows inside [from, to] (a zig-zag with a minimum reversal of `minSwing`),
 * starting at the base's left-side high, as successive contractions. The last one may still be
 * forming (its low is the lowest low since its high).
 */
export function findContractions(bars: DailyBars, from: number, to: number, minSwing: number): Contraction[] {
  const { high, low } = bars;
  const contractions: Contraction[] = [];
  const push = (peak: number, trough: number) =>
    contractions.push({
      highIndex: peak,
      lowIndex: trough,
      high: high[peak]!,
      low: low[trough]!,
      depth: (high[peak]! - low[trough]!) / high[peak]!,
    });
  let falling = true;
  let peak = from;
  let trough = -1;
  for (let k = from + 1; k <= to; k++) {
    if (falling) {
      const depthSoFar = trough === -1 ? 0 : (high[peak]! - low[trough]!) / high[peak]!;
      if (high[k]! >= high[peak]! && depthSoFar < minSwing) {
        peak = k;
        trough = -1;
        continue;
      }
      if (trough === -1 || low[k]! < low[trough]!) trough = k;
      const depth = (high[peak]! - low[trough]!) / high[peak]!;
      // A rally of minSwing off the low confirms the contraction.
      if (depth >= minSwing && k > trough && high[k]! >= low[trough]! * (1 + minSwing)) {
        push(peak, trough);
        falling = false;
        peak = k;
        trough = -1;
      }
    } else if (high[k]! >= high[peak]!) {
      peak = k;
    } else if (low[k]! <= high[peak]! * (1 - minSwing)) {
      falling = true;
      trough = k;
    }
  }
  // The contraction still in progress at the end of the base.
  if (falling && trough !== -1 && (high[peak]! - low[trough]!) / high[peak]! >= minSwing) push(peak, trough);
  return contractions;
}

function isVcp(contractions: Contraction[], config: AnalysisConfig): boolean {
  const { minContractions, maxContractions } = config.base.vcp;
  if (contractions.length < minContractions || contractions.length > maxContractions) return false;
  for (let k = 1; k < contractions.length; k++) {
    if (contractions[k]!.depth >= contractions[k - 1]!.depth) return false;
  }
  return true;
}

interface CupShape {
  handleStartIndex: number;
  handleLow: number;
  pivotHigh: number;
}

/**
 * A cup with handle is two pullbacks: the cup (12–33% deep, rounding back up to within the handle's
 * depth of the left-side high) and the handle (in the upper half of the base, ≤ 12% deep, 5–25
 * sessions, drifting down on lighter volume than the cup's).
 */
function findCupWithHandle(bars: DailyBars, contractions: Contraction[], from: number, to: number, config: AnalysisConfig): CupShape | null {
  const rules = config.base.cupWithHandle;
  if (contractions.length !== 2 || (to - from + 1) / 5 < rules.minWeeks) return null;
  const [cup, handle] = contractions as [Contraction, Contraction];
  if (cup.highIndex !== from || cup.depth < rules.minDepth || cup.depth > rules.maxDepth) return null;
  if (handle.high < cup.high * (1 - rules.maxHandleDepth)) return null;
  const handleSessions = to - handle.highIndex;
  if (handleSessions < rules.minHandleSessions || handleSessions > rules.maxHandleSessions) return null;
  const midpoint = cup.low + (cup.high - cup.low) / 2;
  if (handle.depth > rules.maxHandleDepth || handle.low <= midpoint) return null;
  const handleVolume = averageOf(bars.volume, handle.highIndex + 1, to);
  const cupVolume = averageOf(bars.volume, from, handle.highIndex);
  if (!(handleVolume < cupVolume)) return null;
  return { handleStartIndex: handle.highIndex, handleLow: handle.low, pivotHigh: handle.high };
}

/**
 * The base that ends at `endIndex`: from the highest high of the look-back window (the left side)
 * to endIndex, if it is a sideways consolidation after a prior advance and no deeper than allowed.
 * `pivotOffset` is the $0.10 added to the pivot high, in the series' prices (adjusted series scale it).
 */
export function baseEndingAt(
  bars: DailyBars,
  endIndex: number,
  averageVolume50: Float64Array,
  config: AnalysisConfig,
  pivotOffset = config.base.pivotOffset,
): BaseFinding | null {
  const rules = config.base;
  const minSessions = Math.min(rules.vcp.minWeeks, rules.flatBase.minWeeks) * 5;
  const windowStart = Math.max(0, endIndex - rules.maxSessions);
  const startIndex = argMaxHigh(bars.high, windowStart, endIndex);
  if (endIndex - startIndex + 1 < minSessions) return null;
  const leftHigh = bars.high[startIndex]!;
  const baseLowIndex = argMinLow(bars.low, startIndex, endIndex);
  const depth = (leftHigh - bars.low[baseLowIndex]!) / leftHigh;
  if (depth > rules.maxDepth || depth <= 0) return null;

  const advanceFrom = Math.max(0, startIndex - rules.priorAdvanceLookback);
  if (advanceFrom >= startIndex) return null;
  const priorLow = bars.low[argMinLow(bars.low, advanceFrom, startIndex)]!;
  const priorAdvance = leftHigh / priorLow - 1;
  if (!(priorAdvance >= rules.minPriorAdvance)) return null;

  const sessions = endIndex - startIndex + 1;
  const weeks = sessions / 5;
  const dryUpRatio = volumeDryUp(bars.volume, averageVolume50, Math.max(startIndex, endIndex - rules.dryUpSessions + 1), endIndex);
  const contractions = findContractions(bars, startIndex, endIndex, rules.vcp.minSwing);
  const withLevels = (type: BaseType, pivotHigh: number, supportLow: number, handleStartIndex: number | null): BaseFinding => {
    const pivot = pivotHigh + pivotOffset;
    return {
      type,
      startIndex,
      endIndex,
      weeks,
      depth,
      priorAdvance,
      pivot,
      buyRangeHigh: pivot * (1 + rules.buyRange),
      contractions,
      supportLow,
      dryUpRatio,
      handleStartIndex,
    };
  };

  const cup = findCupWithHandle(bars, contractions, startIndex, endIndex, config);
  if (cup) return withLevels("Cup with handle", cup.pivotHigh, cup.handleLow, cup.handleStartIndex);
  if (weeks >= rules.vcp.minWeeks && isVcp(contractions, config)) {
    const last = contractions[contractions.length - 1]!;
    return withLevels("VCP", last.high, last.low, null);
  }
  if (weeks >= rules.flatBase.minWeeks && depth <= rules.flatBase.maxDepth) {
    return withLevels("Flat base", leftHigh, bars.low[baseLowIndex]!, null);
  }
  return null;
}
