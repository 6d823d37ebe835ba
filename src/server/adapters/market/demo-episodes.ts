import { advanceLeg, buildBase, PIVOT_OFFSET, TIGHT, type BaseKind, type BaseResult, type Context } from "./demo-bases";
import { hashParts, Rng } from "./demo-random";
import { round2, SeriesBuilder } from "./demo-series-builder";

/**
 * The demo market's prices from its epoch on, as episodes that play out like a market's: a leader
 * advances, builds a base, breaks out and then either runs to its target, fails through its stop or
 * stalls; a decliner falls in lower highs and lower lows, bottoms and rallies; a range-bound name
 * swings around a slowly rising level; the benchmark climbs with an occasional correction.
 *
 * Each series is drawn forward, in order, from (seed, ticker) alone: the same path in every process,
 * whatever the date. The date only decides how much of it has happened, so a new session appends a
 * bar and never changes an earlier one. Each ticker starts its first episode after a quiet stretch
 * of its own length, so on any date some names are basing, some breaking out, some resolving.
 */

const YEAR = 252;

/** How a breakout ends: the odds are fixed and the same for every seed; see pickOutcome. */
type Outcome = "run" | "fail" | "stall";

/** A quiet range of `sessions` around the current close (the stagger before the first episode). */
function quietStretch(ctx: Context, b: SeriesBuilder, sessions: number): void {
  const { s } = ctx;
  const mid = b.lastClose;
  const end = b.length + sessions;
  let up = s.next() < 0.5;
  while (b.length < end) {
    const n = Math.min(end - b.length, s.int(6, 14));
    const to = mid * (up ? 1 + s.range(0.01, 0.05) : 1 - s.range(0.01, 0.05));
    b.leg({ n, to, capClose: 0.025, capHL: 0.035, volume: 0.9 });
    up = !up;
  }
}

/** Yearly growth of a leader's trend level: its path stays around this rising line. */
const LEADER_GROWTH = 0.25;

/** How far (log) a leader's close is above its trend level at session `index` of the path. */
function stretchOf(ctx: Context, close: number, index: number): number {
  return Math.log(close / (ctx.level * Math.exp((LEADER_GROWTH * index) / YEAR)));
}

/**
 * Success odds fall as the price rises above its trend level and rise below it, so a series that has
 * run far comes back and one that has failed recovers: prices stay sane for decades.
 */
function pickOutcome(ctx: Context, stretch: number): Outcome {
  const run = Math.min(0.7, Math.max(0.2, 0.45 - 0.4 * stretch));
  const draw = ctx.s.next();
  if (draw < run) return "run";
  if (draw < run + 0.1) return "stall";
  return "fail";
}

/** The base of a leader's `episode`: its archetype's base on even episodes, a rotation on odd ones. */
function baseKindOf(ctx: Context, episode: number): BaseKind {
  const rotation: readonly BaseKind[] = ["vcp", "flat", "cup"];
  const preferred: Partial<Record<string, BaseKind>> = { vcp: "vcp", "flat-base": "flat", "cup-with-handle": "cup" };
  const own = preferred[ctx.listing.kind];
  if (own && episode % 2 === 0) return own;
  return rotation[(ctx.variant + episode) % 3]!;
}

/** After the breakout day: a few sessions holding inside its range, as fresh breakouts do. */
function holdAfterBreakout(ctx: Context, b: SeriesBuilder, pivot: number, sessions: number): void {
  const breakoutHigh = b.high[b.lastIndex]!;
  const floor = Math.max(pivot * 1.005, breakoutHigh * 0.985);
  for (let i = 0; i < sessions; i++) {
    const ceiling = Math.min(breakoutHigh, b.high[b.lastIndex]!);
    b.insideBar(ctx.r.range(floor, ceiling), floor, ceiling, 1);
    b.setLastVolumeRatio(ctx.r.range(1.1, 1.45));
  }
}

/** A run to 22–34% over the pivot (past a 20% or 25% target): the next base forms at its high. */
function playRun(ctx: Context, b: SeriesBuilder, pivot: number): void {
  const { s } = ctx;
  holdAfterBreakout(ctx, b, pivot, s.int(1, 4));
  b.leg({ n: s.int(18, 34), to: pivot * (1 + s.range(0.22, 0.34)), volume: 1.25, capClose: 0.03, capHL: 0.04 });
}

/**
 * A failed breakout: back under the pivot and through the stop, down 22–30% from the breakout's high,
 * back up to just under it and a handle: the failure becomes the left side of a cup with handle
 * whose pivot the next episode breaks out of (an older high stays the left side of any base for
 * 65 weeks, so a base under it could not be read).
 */
function playFailure(ctx: Context, b: SeriesBuilder, pivot: number): BaseResult {
  const { s } = ctx;
  holdAfterBreakout(ctx, b, pivot, s.int(1, 4));
  const leftHigh = Math.max(...b.high.slice(-5));
  const depth = s.range(0.22, 0.3);
  const rightLip = s.range(0.01, 0.025);
  b.leg({ n: s.int(4, 8), to: pivot * (1 - s.range(0.1, 0.13)), volume: 1.4, capClose: 0.03, capHL: 0.04 });
  b.leg({ n: s.int(10, 18), to: leftHigh * (1 - depth), volume: 1.1, ease: "fast-start", ...TIGHT });
  b.leg({ n: s.int(16, 24), to: leftHigh * (1 - rightLip), volume: 0.85, ease: "slow-start", maxHigh: leftHigh * 0.997, ...TIGHT });
  const lipHigh = b.high[b.lastIndex]!;
  const handle = s.range(0.045, Math.min(0.08, depth / 2 - rightLip - 0.015));
  b.leg({ n: s.int(6, 10), to: b.lastClose * (1 - handle), volume: 0.6, ...TIGHT });
  b.leg({ n: s.int(2, 4), to: lipHigh * (1 - ctx.r.range(0.003, 0.012)), volume: 0.5, maxHigh: lipHigh * 0.997, ...TIGHT });
  b.dryUp(ctx.r.range(0.55, 0.75));
  return { pivotHigh: lipHigh, clearHigh: lipHigh };
}

/** A stall: about half a year between the stop and the target, ending back near the pivot. */
function playStall(ctx: Context, b: SeriesBuilder, pivot: number): void {
  const { s } = ctx;
  holdAfterBreakout(ctx, b, pivot, s.int(0, 3));
  const end = b.length + s.int(125, 145);
  let up = true;
  while (b.length < end) {
    const to = pivot * (up ? s.range(1.06, 1.13) : s.range(0.95, 0.99));
    b.leg({ n: Math.min(end - b.length, s.int(8, 16)), to, volume: 0.9, capClose: 0.025, capHL: 0.035 });
    up = !up;
  }
}

/**
 * A growth name's life: base, breakout on volume, then a run, a failure or a stall, and the next
 * base; an advance first when the stock has fallen well under its rising trend line. Weak names
 * (weak earnings) draw the same charts: their earnings keep them out of BUY calls.
 */
export function leaderSeries(ctx: Context, sessions: number): SeriesBuilder {
  const { s, r } = ctx;
  const start = round2(ctx.level * s.range(0.55, 0.8));
  const b = new SeriesBuilder(r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  quietStretch(ctx, b, s.int(20, 140));
  const weak = ctx.listing.kind === "weak-fundamentals";
  let advanced = false;
  let cup: BaseResult | null = null;
  for (let episode = 0; b.length < sessions; episode++) {
    // A base needs a prior advance of 30% or more (docs/method.md): a run is one; after a stall, or
    // well under its trend line, the stock first advances. A failure has already drawn its next base.
    if (!cup && (!advanced || stretchOf(ctx, b.lastClose, b.length) < -0.1)) {
      const trend = ctx.level * Math.exp((LEADER_GROWTH * b.length) / YEAR);
      const to = Math.max(b.lastClose * s.range(1.32, 1.42), trend * (weak ? s.range(0.95, 1.05) : s.range(1.0, 1.15)));
      advanceLeg(ctx, b, to, s.int(35, 60));
    }
    // Every change an episode makes is to its own bars: a bar drawn before today never changes.
    const { clearHigh } = cup ?? dryBase(ctx, b, baseKindOf(ctx, episode));
    const pivot = clearHigh + PIVOT_OFFSET;
    b.breakoutBar(pivot * (1 + r.range(0.012, 0.025)), 1);
    b.setLastVolumeRatio(r.range(1.8, 2.6));
    const outcome = pickOutcome(ctx, stretchOf(ctx, b.lastClose, b.length));
    cup = null;
    if (outcome === "run") playRun(ctx, b, pivot);
    else if (outcome === "stall") playStall(ctx, b, pivot);
    else cup = playFailure(ctx, b, pivot);
    advanced = outcome === "run";
  }
  return b;
}

/** A base whose last sessions dry up (volume well under its 50-session average). */
function dryBase(ctx: Context, b: SeriesBuilder, kind: BaseKind): BaseResult {
  const base = buildBase(ctx, b, kind, ctx.r.range(0.003, 0.012));
  b.dryUp(ctx.r.range(0.55, 0.75));
  return base;
}

/** A decline in lower highs and lower lows from the current close down to `floor`. */
function decline(ctx: Context, b: SeriesBuilder, floor: number): void {
  const { s } = ctx;
  while (b.lastClose > floor) {
    b.leg({ n: s.int(14, 26), to: Math.max(floor * 0.97, b.lastClose * (1 - s.range(0.1, 0.17))), capClose: 0.03, capHL: 0.04, volume: 1.3 });
    if (b.lastClose <= floor) break;
    b.leg({ n: s.int(7, 13), to: b.lastClose * (1 + s.range(0.04, 0.085)), capClose: 0.03, capHL: 0.04, volume: 0.75 });
  }
}

/**
 * A stage-4 name: most of its life in a decline (lower highs and lower lows under falling averages),
 * then a bottom, a rally and a top before the next decline. Its first decline starts part-way down.
 */
export function declinerSeries(ctx: Context, sessions: number): SeriesBuilder {
  const { s, r } = ctx;
  const start = round2(ctx.level * s.range(1.3, 2.4));
  const b = new SeriesBuilder(r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  while (b.length < sessions) {
    decline(ctx, b, ctx.level * s.range(0.55, 0.8));
    quietStretch(ctx, b, s.int(50, 110));
    b.leg({ n: s.int(55, 90), to: ctx.level * s.range(1.9, 2.5), capClose: 0.04, capHL: 0.05, volume: 1.1 });
    quietStretch(ctx, b, s.int(25, 50));
  }
  return b;
}

/** Yearly rise of a range-bound name's level. */
const NEUTRAL_DRIFT = 0.05;

/** A range-bound name: swings of 4–10% around a level that rises a few percent a year. */
export function rangeSeries(ctx: Context, sessions: number): SeriesBuilder {
  const { s, r, level } = ctx;
  const levelAt = (index: number): number => level * Math.exp((NEUTRAL_DRIFT * index) / YEAR);
  const start = round2(level * s.range(0.95, 1.05));
  const b = new SeriesBuilder(r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  let up = s.next() < 0.5;
  while (b.length < sessions) {
    const price = b.lastClose;
    const mid = levelAt(b.length);
    if (price > mid * 1.05) up = false;
    else if (price < mid * 0.95) up = true;
    const move = s.range(0.04, 0.1);
    b.leg({ n: s.int(8, 18), to: price * (up ? 1 + move : 1 - move), capClose: 0.025, capHL: 0.035, volume: 1 });
    up = !up;
  }
  return b;
}

/**
 * The benchmark: a steady uptrend in shallow pullbacks, with a correction of 8–12% every one to two years
 * (the market direction then reads Correction until a follow-through day).
 */
export function benchmarkSeries(ctx: Context, sessions: number): SeriesBuilder {
  const { s, r } = ctx;
  const start = round2(ctx.level * s.range(0.7, 0.8));
  const b = new SeriesBuilder(r, ctx.listing.sigma, start, ctx.previousCloseOf(start));
  while (b.length < sessions) {
    const calm = b.length + s.int(250, 420);
    while (b.length < calm) {
      b.leg({ n: s.int(4, 8), to: b.lastClose * (1 - s.range(0.015, 0.035)), capClose: 0.012, capHL: 0.018, volume: 0.9 });
      b.leg({ n: s.int(10, 18), to: b.lastClose * (1 + s.range(0.03, 0.06)), capClose: 0.012, capHL: 0.018, volume: 1 });
    }
    const top = b.lastClose;
    b.leg({ n: s.int(6, 12), to: top * (1 - s.range(0.05, 0.07)), capClose: 0.015, capHL: 0.022, volume: 1.25 });
    b.leg({ n: s.int(4, 7), to: b.lastClose * (1 + s.range(0.02, 0.03)), capClose: 0.012, capHL: 0.018, volume: 0.85 });
    b.leg({ n: s.int(6, 12), to: top * (1 - s.range(0.08, 0.12)), capClose: 0.015, capHL: 0.022, volume: 1.25 });
    b.leg({ n: s.int(25, 40), to: top * s.range(1.0, 1.03), capClose: 0.015, capHL: 0.02, volume: 1.05 });
  }
  // Its own stream: drawn only on capped days, in session order, so a longer path leaves earlier volumes alone.
  limitDistributionDays(b.close, b.volume, new Rng(hashParts("distribution-days", ctx.listing.ticker, ctx.level)));
  return b;
}

/**
 * At most 2 distribution days (close ≥ 0.2% lower on higher volume) in any 25 sessions of calm
 * trading: a later one gets lower volume. Decided session by session from the past alone, so a bar,
 * once drawn, never changes; the corrections' deeper drops keep enough to turn the market direction.
 */
function limitDistributionDays(close: readonly number[], volume: number[], r: Rng): void {
  const marked: boolean[] = [];
  for (let i = 1; i < close.length; i++) {
    const drop = close[i]! / close[i - 1]! - 1;
    let isDistribution = drop <= -0.002 && volume[i]! > volume[i - 1]!;
    let recent = 0;
    for (let k = Math.max(1, i - 24); k < i; k++) if (marked[k]) recent++;
    if (isDistribution && recent >= 2 && drop > -0.01) {
      volume[i] = volume[i - 1]! * r.range(0.8, 0.95);
      isDistribution = false;
    }
    marked[i] = isDistribution;
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

/** A sector fund: legs of a random walk with the sector's drift, pulled back inside ±60% of its level. */
export function sectorSeries(ctx: Context, sessions: number): SeriesBuilder {
  const { s, r, level, listing } = ctx;
  const drift = SECTOR_DRIFT[listing.sector ?? ""] ?? 0.05;
  const start = round2(level * s.range(0.85, 1.0));
  const b = new SeriesBuilder(r, listing.sigma, start, ctx.previousCloseOf(start));
  while (b.length < sessions) {
    const n = s.int(6, 16);
    const pull = -0.5 * Math.log(b.lastClose / level) * (n / YEAR);
    const move = (drift * n) / YEAR + pull + listing.sigma * Math.sqrt(n) * 0.8 * s.normal();
    b.leg({ n, to: b.lastClose * Math.exp(move), capClose: 0.05, capHL: 0.06, volume: 1 });
  }
  return b;
}
