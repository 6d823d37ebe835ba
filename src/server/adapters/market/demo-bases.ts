import type { Rng } from "./demo-random";
import type { SeriesBuilder } from "./demo-series-builder";
import type { DemoListing } from "./demo-universe";

/**
 * The bases of the demo market, drawn leg by leg from the current close (their left-side high):
 * volatility contractions, flat bases and cups with handles, built so the engine's base detection
 * reads each as designed (docs/method.md).
 */

/** Added to a base's high to make its pivot (docs/method.md). */
export const PIVOT_OFFSET = 0.1;

/** Structural legs (inside bases and runs): counter-moves under 1% on closes, 1.7% high-to-low. */
export const TIGHT = { capClose: 0.009, capHL: 0.017 } as const;

/** What an episode of a series is drawn from. */
export interface Context {
  listing: DemoListing;
  /** Structure: depths, lengths, outcomes. */
  s: Rng;
  /** Noise: closes, wicks, volumes. */
  r: Rng;
  /** The listing's price level for this seed (a base's left-side high, a range's middle...). */
  level: number;
  /** Position of the listing among those of its archetype (varies the base type). */
  variant: number;
  /** Close of the session before the epoch, from the history, for a path starting at `firstClose`. */
  previousCloseOf: (firstClose: number) => number;
}

export type BaseKind = "vcp" | "flat" | "cup";

export interface BaseResult {
  /** The high the pivot is built on (pivot = this + $0.10). */
  pivotHigh: number;
  /**
   * The highest pivot high the engine can have announced while the base formed: an announced pivot
   * persists (docs/method.md), and a VCP's pivot is first announced on an earlier, higher
   * contraction than its last. A breakout clears this one. Equal to pivotHigh for flat bases and cups.
   */
  clearHigh: number;
}

export function advanceLeg(ctx: Context, b: SeriesBuilder, to: number, n: number): void {
  b.leg({ n, to, capClose: 0.04, capHL: 0.05, volume: 1.25 });
}

/**
 * A volatility contraction pattern from the current close (its first high): `depths` are the
 * pullbacks, each shallower; successive highs slightly lower; the pivot is the last contraction's
 * high. Ends with a rally to `endBelowPivot` under that high.
 */
function buildVcp(ctx: Context, b: SeriesBuilder, depths: readonly number[], endBelowPivot: number): BaseResult {
  const { s } = ctx;
  let anchor = b.lastIndex;
  let highClose = b.lastClose;
  let clearHigh = 0;
  const m = depths.length;
  const drops = depths.map(() => s.range(0.006, 0.02));
  const planned = [...depths];
  // Two pullbacks could also read as a cup with its handle in the upper half: keep the second
  // one's low in the lower half of the first so the pattern is unambiguously a VCP.
  if (m === 2) planned[1] = Math.max(planned[1]!, 1 - (1 - planned[0]! / 2) / (1 - drops[0]!) + 0.015);
  for (let j = 0; j < m; j++) {
    const depth = planned[j]!;
    const volumeDown = 1.15 - (0.45 * j) / Math.max(1, m - 1);
    const nDown = Math.max(4, Math.round(5 + 38 * depth) + s.int(-1, 1));
    b.leg({ n: nDown, to: highClose * (1 - depth), volume: volumeDown, ...TIGHT });
    const anchorHigh = b.high[anchor]!;
    if (j < m - 1) {
      const nextHigh = Math.min(highClose * (1 - drops[j]!), anchorHigh * 0.99);
      b.leg({ n: Math.round(nDown * s.range(0.9, 1.3)), to: nextHigh, volume: volumeDown * 0.85, maxHigh: anchorHigh * 0.997, ...TIGHT });
      anchor = b.lastIndex;
      highClose = b.lastClose;
      clearHigh = Math.max(clearHigh, b.high[anchor]!);
    } else {
      b.leg({ n: s.int(4, 7), to: anchorHigh * (1 - endBelowPivot), volume: 0.5, maxHigh: anchorHigh * 0.997, ...TIGHT });
    }
  }
  return { pivotHigh: b.high[anchor]!, clearHigh: Math.max(clearHigh, b.high[anchor]!) };
}

/** Flat base: two pullbacks, the second the deeper (≤ 13%), ending under the left-side high. */
function buildFlat(ctx: Context, b: SeriesBuilder, endBelowPivot: number): BaseResult {
  const { s } = ctx;
  const left = b.lastIndex;
  const leftClose = b.lastClose;
  const leftHigh = b.high[left]!;
  const ceiling = leftHigh * 0.997;
  const first = s.range(0.06, 0.08);
  const middle = s.range(0.008, 0.02);
  // The second pullback, measured from the middle high, is ≥ 3 points deeper than the first, so
  // the pullbacks never read as a tightening (VCP) sequence.
  const second = Math.max(s.range(0.1, 0.125), 1 - (1 - middle) * (1 - first - 0.03));
  b.leg({ n: s.int(7, 10), to: leftClose * (1 - first), volume: 0.9, ...TIGHT });
  b.leg({ n: s.int(7, 10), to: leftClose * (1 - middle), volume: 0.8, maxHigh: ceiling, ...TIGHT });
  b.leg({ n: s.int(7, 10), to: leftClose * (1 - second), volume: 0.85, ...TIGHT });
  b.leg({ n: s.int(8, 12), to: leftHigh * (1 - endBelowPivot), volume: 0.7, maxHigh: ceiling, ...TIGHT });
  return { pivotHigh: leftHigh, clearHigh: leftHigh };
}

/** Cup with handle: a rounded 20–30% cup, right lip just under the left, a 4.5–8% handle. */
function buildCup(ctx: Context, b: SeriesBuilder, endBelowPivot: number): BaseResult {
  const { s } = ctx;
  const left = b.lastIndex;
  const leftClose = b.lastClose;
  const leftHigh = b.high[left]!;
  const depth = s.range(0.2, 0.3);
  const rightLip = s.range(0.01, 0.025);
  const handle = s.range(0.045, Math.min(0.08, depth / 2 - rightLip - 0.015));
  b.leg({ n: s.int(14, 20), to: leftClose * (1 - depth), volume: 1.0, ease: "fast-start", ...TIGHT });
  b.leg({ n: s.int(16, 22), to: leftClose * (1 - rightLip), volume: 0.85, ease: "slow-start", maxHigh: leftHigh * 0.997, ...TIGHT });
  const lip = b.lastIndex;
  const lipClose = b.lastClose;
  const lipHigh = b.high[lip]!;
  b.leg({ n: s.int(6, 10), to: lipClose * (1 - handle), volume: 0.6, ...TIGHT });
  b.leg({ n: s.int(2, 4), to: lipHigh * (1 - endBelowPivot), volume: 0.5, maxHigh: lipHigh * 0.997, ...TIGHT });
  return { pivotHigh: lipHigh, clearHigh: lipHigh };
}

/** Successive pullbacks, each 45–60% of the one before; none shallower than 3.5%. */
function vcpDepths(s: Rng, count: number, first: number): number[] {
  const depths = [first];
  for (let j = 1; j < count; j++) {
    const next = depths[j - 1]! * s.range(0.45, 0.6);
    if (next < 0.035) break;
    depths.push(next);
  }
  return depths;
}

export function buildBase(ctx: Context, b: SeriesBuilder, kind: BaseKind, endBelowPivot: number): BaseResult {
  if (kind === "flat") return buildFlat(ctx, b, endBelowPivot);
  if (kind === "cup") return buildCup(ctx, b, endBelowPivot);
  return buildVcp(ctx, b, vcpDepths(ctx.s, ctx.s.int(2, 4), ctx.s.range(0.18, 0.26)), endBelowPivot);
}

