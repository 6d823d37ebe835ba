import type { DailyBars } from "../../../core/market/market-data";
import { counterNormal, hashParts, Rng } from "./demo-random";
import { round2, SeriesBuilder } from "./demo-series-builder";
import type { DemoListing } from "./demo-universe";

/**
 * Daily bars of the demo market. Each series is a pattern anchored to its last session (so every
 * archetype's situation exists on any date) preceded by a history that extends backwards for as
 * many sessions as asked: the last N sessions never change when more are requested.
 *
 * Two seeds: the structure (depths, lengths, price level) comes from (seed, ticker) and stays the
 * same day after day; the noise comes from (seed, ticker, last session), so the market moves daily.
 */

/** Sessions always generated, at least (about two years). */
export const MIN_DEMO_SESSIONS = 520;
/** Most sessions generated (twenty years): longer requests get this many. */
export const MAX_DEMO_SESSIONS = 20 * 252;

/** Added to a base's high to make its pivot (docs/method.md). */
const PIVOT_OFFSET = 0.1;
const YEAR = 252;

/** Structural legs (inside bases and runs): counter-moves under 1% on closes, 1.7% high-to-low. */
const TIGHT = { capClose: 0.009, capHL: 0.017 } as const;

interface HistoryParams {
  /** Annual drift (log) of the history before the pattern. */
  drift: number;
  /** The history is reflected inside [low, high] (log, relative to the pattern's first close). */
  band: readonly [number, number];
}

interface Context {
  listing: DemoListing;
  /** Structure: stable across days. */
  s: Rng;
  /** Noise: changes with the session date. */
  r: Rng;
  level: number;
  /** Position of the listing among those of its archetype (varies the base type). */
  variant: number;
  /** Close of the session before the pattern, from the history generator. */
  previousCloseOf: (firstClose: number) => number;
}

type BaseKind = "vcp" | "flat" | "cup";

interface BaseResult {
  /** The high the pivot is built on (pivot = this + $0.10). */
  pivotHigh: number;
  /**
   * The highest pivot high the engine can have announced while the base formed: an announced pivot
   * persists (docs/method.md), and a VCP's pivot is first announced on an earlier, higher
   * contraction than its last. A breakout clears this one. Equal to pivotHigh for flat bases and cups.
   */
  clearHigh: number;
}

function advanceLeg(ctx: Context, b: SeriesBuilder, to: number, n: number): void {
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

function buildBase(ctx: Context, b: SeriesBuilder, kind: BaseKind, endBelowPivot: number): BaseResult {
  if (kind === "flat") return buildFlat(ctx, b, endBelowPivot);
  if (kind === "cup") return buildCup(ctx, b, endBelowPivot);
  return buildVcp(ctx, b, vcpDepths(ctx.s, ctx.s.int(2, 4), ctx.s.range(0.18, 0.26)), endBelowPivot);
}

/** A stage-2 name: history in an uptrend, a ≥ 30% advance, then the base. */
function startLeader(ctx: Context, advance: number, leftHigh: number): SeriesBuilder {
  const start = leftHigh / (1 + advance);
  const b = new SeriesBuilder(ctx.r, ctx.listing.sigma, round2(start), ctx.previousCloseOf(round2(start)));
  advanceLeg(ctx, b, leftHigh, ctx.s.int(70, 100));
  return b;
}

function leaderBase(ctx: Context, kind: BaseKind, advance: number, dryUp: readonly [number, number]): SeriesBuilder {
  const b = startLeader(ctx, advance, ctx.level);
  const endBelow = ctx.r.range(0.004, 0.018);
  buildBase(ctx, b, kind, endBelow);
  b.dryUp(ctx.r.range(dryUp[0], dryUp[1]));
  return b;
}

function breakout(ctx: Context): SeriesBuilder {
  const kinds: readonly BaseKind[] = ["vcp", "flat", "cup"];
  const kind = kinds[ctx.variant % 3]!;
  const age = [0, 1, 0, 2, 0, 1][ctx.variant % 6]!;
  const b = startLeader(ctx, ctx.s.range(0.7, 1.0), ctx.level);
  const { clearHigh } = buildBase(ctx, b, kind, ctx.r.range(0.003, 0.012));
  b.dryUp(ctx.r.range(0.6, 0.8));
  const pivot = clearHigh + PIVOT_OFFSET;
  b.breakoutBar(pivot * (1 + ctx.r.range(0.012, 0.025)), 1);
  b.setLastVolumeRatio(ctx.r.range(1.9, 2.6));
  // Later sessions hold inside the breakout day's range: no new high, no 2% pullback, no close
  // above the day before's high (so the breakout day stays the first close above the pivot).
  const breakoutHigh = b.high[b.lastIndex]!;
  const floor = Math.max(pivot * 1.005, breakoutHigh * 0.985);
  for (let i = 0; i < age; i++) {
    const ceiling = Math.min(breakoutHigh, b.high[b.lastIndex]!);
    b.insideBar(ctx.r.range(floor, ceiling), floor, ceiling, 1);
    b.setLastVolumeRatio(ctx.r.range(1.1, 1.45));
  }
  return b;
}

function extended(ctx: Context): SeriesBuilder {
  const b = startLeader(ctx, ctx.s.range(0.4, 0.55), ctx.level);
  const { pivotHigh } = buildFlat(ctx, b, ctx.r.range(0.003, 0.012));
  const pivot = pivotHigh + PIVOT_OFFSET;
  b.breakoutBar(pivot * (1 + ctx.r.range(0.012, 0.025)), 1);
  b.setLastVolumeRatio(ctx.r.range(1.9, 2.5));
  b.leg({ n: ctx.s.int(10, 16), to: pivot * (1 + ctx.r.range(0.11, 0.18)), volume: 1.3, ...TIGHT, capHL: 0.018 });
  return b;
}

function weakFundamentals(ctx: Context): SeriesBuilder {
  const b = startLeader(ctx, ctx.s.range(0.4, 0.5), ctx.level);
  if (ctx.variant % 2 === 0) buildFlat(ctx, b, ctx.r.range(0.006, 0.025));
  else buildVcp(ctx, b, vcpDepths(ctx.s, 2, ctx.s.range(0.14, 0.18)), ctx.r.range(0.006, 0.025));
  b.dryUp(ctx.r.range(0.65, 0.85));
  return b;
}

/** Stage 4: a top about 1.4 years back, then lower highs and lower lows down to the last session. */
function stage4(ctx: Context): SeriesBuilder {
  const { s } = ctx;
  const legs: { n: number; ratio: number; down: boolean }[] = [];
  const total = s.int(330, 370);
  let used = 0;
  while (used < total) {
    const nDown = s.int(14, 26);
    legs.push({ n: nDown, ratio: 1 - s.range(0.1, 0.17), down: true });
    used += nDown;
    if (used >= total - 12) break;
    const nUp = s.int(7, 13);
    legs.push({ n: nUp, ratio: 1 + s.range(0.04, 0.085), down: false });
    used += nUp;
  }
  const top = ctx.level / legs.reduce((p, leg) => p * leg.ratio, 1);
  const start = top / (1 + s.range(0.25, 0.4));
  const b = new SeriesBuilder(ctx.r, ctx.listing.sigma, round2(start), ctx.previousCloseOf(round2(start)));
  b.leg({ n: s.int(50, 70), to: top, capClose: 0.04, capHL: 0.05, volume: 1.1 });
  let target = top;
  for (const leg of legs) {
    target *= leg.ratio;
    b.leg({ n: leg.n, to: target, capClose: 0.03, capHL: 0.04, volume: leg.down ? 1.3 : 0.75 });
  }
  return b;
}

/**
 * A range-bound name: swings of 4–10% around a level that rises a few percent a year, ending a
 * little above it (so above a slowly rising 200-day average, but with no base and little strength).
 */
function neutral(ctx: Context): SeriesBuilder {
  const { s, level } = ctx;
  const total = s.int(280, 320);
  const levelAt = (index: number): number => level * Math.exp((NEUTRAL_DRIFT * (index - total)) / YEAR);
  const start = round2(levelAt(0));
  const b = new SeriesBuilder(ctx.r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  let up = s.next() < 0.5;
  while (b.length < total - 14) {
    const price = b.lastClose;
    const mid = levelAt(b.length);
    if (price > mid * 1.05) up = false;
    else if (price < mid * 0.95) up = true;
    const move = s.range(0.04, 0.1);
    b.leg({ n: s.int(8, 18), to: price * (up ? 1 + move : 1 - move), capClose: 0.025, capHL: 0.035, volume: 1 });
    up = !up;
  }
  if (b.lastClose > level) b.leg({ n: s.int(5, 8), to: level * (1 - s.range(0.02, 0.05)), capClose: 0.025, capHL: 0.035, volume: 1 });
  b.leg({ n: s.int(8, 14), to: level * (1 + s.range(0.01, 0.04)), capClose: 0.025, capHL: 0.035, volume: 1 });
  return b;
}

/** The benchmark: a steady uptrend with shallow pullbacks and few distribution days. */
function benchmark(ctx: Context): SeriesBuilder {
  const { s } = ctx;
  const legs: { n: number; ratio: number }[] = [];
  let used = 0;
  while (used < 150) {
    const nDown = s.int(4, 8);
    legs.push({ n: nDown, ratio: 1 - s.range(0.015, 0.035) });
    const nUp = s.int(10, 18);
    legs.push({ n: nUp, ratio: 1 + s.range(0.03, 0.06) });
    used += nDown + nUp;
  }
  const start = ctx.level / legs.reduce((p, leg) => p * leg.ratio, 1);
  const b = new SeriesBuilder(ctx.r, ctx.listing.sigma, round2(start), ctx.previousCloseOf(round2(start)));
  let target = start;
  for (const leg of legs) {
    target *= leg.ratio;
    b.leg({ n: leg.n, to: target, capClose: 0.012, capHL: 0.018, volume: leg.ratio > 1 ? 1 : 0.9 });
  }
  limitDistributionDays(b.close, b.volume, ctx.r);
  return b;
}

/** At most 2 distribution days (close ≥ 0.2% lower on higher volume) in the last 25 sessions. */
function limitDistributionDays(close: readonly number[], volume: number[], r: Rng): void {
  let count = 0;
  for (let i = close.length - 25; i < close.length; i++) {
    const isDistribution = close[i]! <= close[i - 1]! * (1 - 0.002) && volume[i]! > volume[i - 1]!;
    if (!isDistribution) continue;
    if (count < 2) count++;
    else volume[i] = volume[i - 1]! * r.range(0.8, 0.95);
  }
}

const SECTOR_DRIFT: Record<string, number> = {
  Technology: 0.2,
  "Health Care": 0.07,
  Financials: 0.11,
  "Consumer Discretionary": 0.09,
  Industrials: 0.1,
  Energy: -0.06,
  "Communication Services": 0.13,
  "Consumer Staples": 0.04,
  Materials: 0.02,
  Utilities: 0.05,
  "Real Estate": -0.04,
};

/** A sector fund: a mild random trend, all history. */
function sectorFund(ctx: Context): SeriesBuilder {
  const start = round2(ctx.level);
  const b = new SeriesBuilder(ctx.r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  return b;
}

/** Yearly rise of a range-bound name's level. */
const NEUTRAL_DRIFT = 0.08;

const LEADER_HISTORY: HistoryParams = { drift: 0.35, band: [-1.5, 0.08] };

function historyParams(listing: DemoListing): HistoryParams {
  switch (listing.kind) {
    case "weak-fundamentals":
      return { drift: 0.12, band: [-1, 0.08] };
    case "stage-4":
      return { drift: 0.15, band: [-1, 0.05] };
    case "neutral":
      return { drift: NEUTRAL_DRIFT, band: [-0.5, 0.15] };
    case "benchmark":
      return { drift: 0.13, band: [-0.7, 0.03] };
    case "sector-etf":
      return { drift: SECTOR_DRIFT[listing.sector ?? ""] ?? 0.05, band: [-0.8, 0.8] };
    default:
      return LEADER_HISTORY;
  }
}

function buildPattern(ctx: Context): SeriesBuilder {
  switch (ctx.listing.kind) {
    case "vcp":
      return leaderBase(ctx, "vcp", ctx.s.range(0.85, 1.2), [0.5, 0.68]);
    case "flat-base":
      return leaderBase(ctx, "flat", ctx.s.range(0.85, 1.2), [0.62, 0.8]);
    case "cup-with-handle":
      return leaderBase(ctx, "cup", ctx.s.range(0.85, 1.2), [0.55, 0.75]);
    case "breakout":
      return breakout(ctx);
    case "extended":
      return extended(ctx);
    case "weak-fundamentals":
      return weakFundamentals(ctx);
    case "stage-4":
      return stage4(ctx);
    case "neutral":
      return neutral(ctx);
    case "benchmark":
      return benchmark(ctx);
    case "sector-etf":
      return sectorFund(ctx);
  }
}

/** Log-price steps of the history, going back from the pattern's first close. */
class History {
  private readonly logs: number[] = [0];

  constructor(
    private readonly key: number,
    private readonly sigma: number,
    private readonly drift: number,
    private readonly band: readonly [number, number],
  ) {}

  /** Log price `k` sessions before the pattern's first session, relative to its close. */
  logAt(k: number): number {
    while (this.logs.length <= k) {
      const j = this.logs.length;
      // Older history drifts less, so very long requests stay at sane prices.
      const drift = (j <= YEAR ? this.drift : this.drift * 0.3) / YEAR;
      let x = this.logs[j - 1]! - (drift + this.sigma * counterNormal(this.key, j, 0));
      const [lo, hi] = this.band;
      if (x > hi) x = 2 * hi - x;
      if (x < lo) x = 2 * lo - x;
      this.logs.push(x);
    }
    return this.logs[k]!;
  }
}

export interface DemoSeriesRequest {
  listing: DemoListing;
  seed: number;
  /** ISO dates of the sessions, oldest first; their count is the number of bars. */
  dates: readonly string[];
  /** Position of the listing among those of its archetype. */
  variant: number;
}

export function generateDemoBars({ listing, seed, dates, variant }: DemoSeriesRequest): DailyBars {
  const count = dates.length;
  const lastDate = dates[count - 1] ?? "";
  const s = new Rng(hashParts("structure", seed, listing.ticker));
  const r = new Rng(hashParts("noise", seed, listing.ticker, lastDate));
  const historyKey = hashParts("history", seed, listing.ticker, lastDate);
  // The price level is the listing's, varied by the seed and, a little, by the day.
  const level = listing.level * s.range(0.9, 1.1) * r.range(0.97, 1.03);
  const typicalVolume = listing.volume * s.range(0.8, 1.25);

  const params = historyParams(listing);
  const h = new History(historyKey, listing.sigma * 0.8, params.drift, params.band);
  const ctx: Context = {
    listing,
    s,
    r,
    level,
    variant,
    previousCloseOf: (firstClose) => round2(firstClose * Math.exp(h.logAt(1))),
  };
  const builder = buildPattern(ctx);
  const patternLength = Math.min(builder.length, count);
  const historyLength = count - patternLength;
  const first = builder.close[0]!;

  const bars: DailyBars = {
    dates: dates.slice(),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  // History, oldest first: bar i is k = historyLength - i sessions before the pattern.
  const gap = 0.3 * listing.sigma;
  for (let i = 0; i < historyLength; i++) {
    const k = historyLength - i;
    const c = round2(Math.max(0.5, first * Math.exp(h.logAt(k))));
    const prev = round2(Math.max(0.5, first * Math.exp(h.logAt(k + 1))));
    const o = round2(prev * Math.exp(gap * counterNormal(historyKey, k, 1)));
    const up = 0.0012 + 0.4 * listing.sigma * Math.min(Math.abs(counterNormal(historyKey, k, 2)), 2);
    const down = 0.0012 + 0.4 * listing.sigma * Math.min(Math.abs(counterNormal(historyKey, k, 3)), 2);
    bars.open[i] = o;
    bars.close[i] = c;
    bars.high[i] = round2(Math.max(o, c) * (1 + up));
    bars.low[i] = round2(Math.min(o, c) * (1 - down));
    const factor = Math.exp(0.22 * counterNormal(historyKey, k, 4)) * (1 + 3 * Math.abs(Math.log(c / prev)));
    bars.volume[i] = Math.max(1, Math.round(typicalVolume * factor));
  }
  const offset = builder.length - patternLength;
  for (let j = 0; j < patternLength; j++) {
    const i = historyLength + j;
    bars.open[i] = builder.open[offset + j]!;
    bars.high[i] = builder.high[offset + j]!;
    bars.low[i] = builder.low[offset + j]!;
    bars.close[i] = builder.close[offset + j]!;
    bars.volume[i] = Math.max(1, Math.round(typicalVolume * builder.volume[offset + j]!));
  }
  return bars;
}

