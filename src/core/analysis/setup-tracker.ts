import type { AnalysisConfig } from "./analysis-config";
import { argMinLow, baseEndingAt, findContractions, volumeDryUp, type BaseFinding } from "./bases";

/** Pivots this close (relative) are the same level: the $0.10 offset moves with dividend adjustments. */
const SAME_PIVOT = 1e-4;
import { tradedDollars, type SeriesContext } from "./series-context";

/**
 * The base a stock is building or has just broken out of, followed day by day (docs/method.md,
 * 'Bases and the buy point'). A pivot, once announced, stays until the base is invalidated, so the day price
 * clears it is judged against the level a reader saw the day before, never a re-derived one.
 */
export interface TrackedBase {
  /** The base as announced; `endIndex`, `weeks` and `depth` grow while it is still forming. */
  base: BaseFinding;
  announcedIndex: number;
  /** Lowest low of the base so far: a close under it invalidates the base. */
  lowestLow: number;
  stopLoss: number;
  stopBasis: "eight-percent" | "support";
  /** First close above the pivot, -1 while the base forms. */
  breakoutIndex: number;
  breakoutVolumeRatio: number;
  /** First close above the pivot on breakout volume inside the buy window, -1 if none yet. */
  confirmIndex: number;
  confirmVolumeRatio: number;
  /** Highest close since the breakout (the 'run' of the 50-day rule). */
  highestClose: number;
}

export type SellEvent = "stop-hit" | "failed-breakout" | "fifty-day-break";

export interface SellSignal {
  event: SellEvent;
  /** Session the rule fired. */
  index: number;
  tracked: TrackedBase;
}

/** Stop of a base: 8% under the pivot, or just under its support low when that is tighter. */
function stopFor(base: BaseFinding, config: AnalysisConfig): { stopLoss: number; stopBasis: TrackedBase["stopBasis"] } {
  const rules = config.tradeSetup;
  const eightPercentStop = base.pivot * (1 - rules.maxStopLoss);
  const supportStop = base.supportLow * (1 - rules.stopBelowContractionLow);
  const useSupport = supportStop > eightPercentStop && supportStop < base.pivot;
  return useSupport ? { stopLoss: supportStop, stopBasis: "support" } : { stopLoss: eightPercentStop, stopBasis: "eight-percent" };
}

/**
 * Walks a series forward one session at a time (`advance(i)` for i = 0, 1, 2, …). Its state at i
 * depends only on bars 0..i. The live analysis runs it over the history it has; the back-test over
 * the whole history, reading the state at each session.
 */
export class SetupTracker {
  current: TrackedBase | null = null;
  sell: SellSignal | null = null;
  private next = 0;

  constructor(
    private readonly ctx: SeriesContext,
    private readonly config: AnalysisConfig,
  ) {}

  /** Runs the tracker up to and including session `index`. */
  advanceTo(index: number): void {
    while (this.next <= index) this.advance(this.next++);
  }

  private advance(i: number): void {
    const { bars, volumeRatio } = this.ctx;
    const close = bars.close[i]!;
    const rules = this.config.breakout;
    if (this.sell && (i - this.sell.index >= this.config.sell.signalSessions || this.recovered(this.sell, i))) this.sell = null;

    const tracked = this.current;
    if (tracked && tracked.breakoutIndex < 0) {
      const { base } = tracked;
      const leftHigh = bars.high[base.startIndex]!;
      const lowestLow = Math.min(tracked.lowestLow, bars.low[i]!);
      const depth = (leftHigh - lowestLow) / leftHigh;
      if (close < tracked.lowestLow || i - base.startIndex >= this.config.base.maxSessions || depth > this.config.base.maxDepth) {
        this.current = null;
      } else if (close > base.pivot) {
        tracked.breakoutIndex = i;
        tracked.breakoutVolumeRatio = volumeRatio[i]!;
        tracked.highestClose = close;
        if (volumeRatio[i]! >= this.config.breakoutVolumeRatio) {
          tracked.confirmIndex = i;
          tracked.confirmVolumeRatio = volumeRatio[i]!;
        }
      } else {
        tracked.lowestLow = lowestLow;
        this.describe(base, i, depth);
      }
    } else if (tracked) {
      const { base } = tracked;
      const since = i - tracked.breakoutIndex;
      tracked.highestClose = Math.max(tracked.highestClose, close);
      if (tracked.confirmIndex < 0 && since < rules.buyWindowSessions && close > base.pivot && volumeRatio[i]! >= this.config.breakoutVolumeRatio) {
        tracked.confirmIndex = i;
        tracked.confirmVolumeRatio = volumeRatio[i]!;
      }
      const event = this.sellEvent(tracked, i, since);
      if (event) {
        this.sell = { event, index: i, tracked };
        this.current = null;
      } else if (since >= rules.followSessions) {
        this.current = null;
      }
    }

    // Look for a base when none is followed, or for a new one built above a past breakout.
    if (this.sell || (this.current && this.current.breakoutIndex < 0)) return;
    const found = baseEndingAt(bars, i, this.ctx.averageVolume50, this.config, tradedDollars(this.ctx, i, this.config.base.pivotOffset));
    if (!found || close > found.pivot) return;
    if (this.current && found.startIndex <= this.current.breakoutIndex) return;
    this.current = {
      base: found,
      announcedIndex: i,
      lowestLow: bars.low[argMinLow(bars.low, found.startIndex, i)]!,
      ...stopFor(found, this.config),
      breakoutIndex: -1,
      breakoutVolumeRatio: Number.NaN,
      confirmIndex: -1,
      confirmVolumeRatio: Number.NaN,
      highestClose: Number.NaN,
    };
  }

  /**
   * A forming base keeps its pivot and stop, but what the report says about it follows the bars: its
   * length, depth, pullbacks and volume dry-up; and its name when the same pivot now reads as
   * another pattern (a VCP whose last pullback has become a proper handle is a cup with handle).
   */
  private describe(base: BaseFinding, i: number, depth: number): void {
    const { bars } = this.ctx;
    base.endIndex = i;
    base.weeks = (i - base.startIndex + 1) / 5;
    base.depth = depth;
    const again = baseEndingAt(bars, i, this.ctx.averageVolume50, this.config, tradedDollars(this.ctx, i, this.config.base.pivotOffset));
    if (again && again.startIndex === base.startIndex && Math.abs(again.pivot - base.pivot) <= base.pivot * SAME_PIVOT) {
      base.type = again.type;
      base.handleStartIndex = again.handleStartIndex;
      base.contractions = again.contractions;
      base.dryUpRatio = again.dryUpRatio;
      return;
    }
    base.contractions = findContractions(bars, base.startIndex, i, this.config.base.vcp.minSwing);
    base.dryUpRatio = volumeDryUp(bars.volume, this.ctx.averageVolume50, Math.max(base.startIndex, i - this.config.base.dryUpSessions + 1), i);
  }

  /** A SELL ends early once price repairs what broke: back over the pivot, or over the 50-day line. */
  private recovered(sell: SellSignal, i: number): boolean {
    const close = this.ctx.bars.close[i]!;
    return sell.event === "fifty-day-break" ? close > this.ctx.ma50[i]! : close > sell.tracked.base.pivot;
  }

  private sellEvent(tracked: TrackedBase, i: number, since: number): SellEvent | null {
    const { bars, ma50, volumeRatio } = this.ctx;
    const close = bars.close[i]!;
    const pivot = tracked.base.pivot;
    const rules = this.config;
    if (close < tracked.stopLoss) return "stop-hit";
    if (since <= rules.breakout.failedBreakoutSessions && close < pivot * (1 - rules.breakout.failedBreakoutUndercut)) return "failed-breakout";
    if (tracked.highestClose >= pivot * (1 + rules.sell.fiftyDayRun) && close < ma50[i]! && volumeRatio[i]! >= rules.sell.fiftyDayVolumeRatio) {
      return "fifty-day-break";
    }
    return null;
  }
}
