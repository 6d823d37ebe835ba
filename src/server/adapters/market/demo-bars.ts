import type { DailyBars } from "../../../core/market/market-data";
import { sessionsBetween } from "../../../core/market/trading-calendar";
import type { Context } from "./demo-bases";
import { benchmarkSeries, declinerSeries, leaderSeries, rangeSeries, sectorSeries } from "./demo-episodes";
import { counterNormal, hashParts, Rng } from "./demo-random";
import { round2, type SeriesBuilder } from "./demo-series-builder";
import type { DemoListing } from "./demo-universe";

/**
 * Daily bars of the demo market: one fixed path per (seed, ticker). From the epoch on, the path is
 * drawn forward in episodes (demo-episodes.ts); before it, a history extends backwards for as many
 * sessions as asked. Neither depends on the date asked for, so a new session appends a bar and never
 * changes an earlier one, and asking for more sessions never changes the ones already served.
 */

/** Sessions always generated, at least (about two years). */
export const MIN_DEMO_SESSIONS = 520;
/** Most sessions generated (twenty years): longer requests get this many. */
export const MAX_DEMO_SESSIONS = 20 * 252;
/** The first session drawn forward in episodes; sessions before it are history. */
export const DEMO_EPOCH = "2023-01-03";

const YEAR = 252;

interface HistoryParams {
  /** Annual drift (log) of the history before the epoch. */
  drift: number;
  /** The history is reflected inside [low, high] (log, relative to the epoch's close). */
  band: readonly [number, number];
}

const LEADER_HISTORY: HistoryParams = { drift: 0.2, band: [-1.2, 0.3] };

function historyParams(listing: DemoListing): HistoryParams {
  switch (listing.kind) {
    case "weak-fundamentals":
      return { drift: 0.12, band: [-1, 0.2] };
    case "stage-4":
      return { drift: 0.1, band: [-0.6, 0.3] };
    case "neutral":
      return { drift: 0.05, band: [-0.5, 0.15] };
    case "benchmark":
      return { drift: 0.13, band: [-0.9, 0.05] };
    case "sector-etf":
      return { drift: 0.08, band: [-0.8, 0.5] };
    default:
      return LEADER_HISTORY;
  }
}

/** The forward path of a listing, at least `sessions` long (whole episodes: the future is drawn too). */
function forwardPath(ctx: Context, sessions: number): SeriesBuilder {
  switch (ctx.listing.kind) {
    case "stage-4":
      return declinerSeries(ctx, sessions);
    case "neutral":
      return rangeSeries(ctx, sessions);
    case "benchmark":
      return benchmarkSeries(ctx, sessions);
    case "sector-etf":
      return sectorSeries(ctx, sessions);
    default:
      return leaderSeries(ctx, sessions);
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

  /** Log price `k` sessions before the epoch, relative to the epoch's close. */
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

/** The last position asked, kept: every ticker of a session asks the same one (a 5,000-ticker screen). */
let lastPosition: { date: string; index: number } | null = null;

/** A session's index on the path: 0 is the epoch, −k is k sessions before it. */
function pathIndexOf(date: string): number {
  if (lastPosition?.date !== date) {
    lastPosition = { date, index: date >= DEMO_EPOCH ? sessionsBetween(DEMO_EPOCH, date) - 1 : 1 - sessionsBetween(date, DEMO_EPOCH) };
  }
  return lastPosition.index;
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
  const lastIndex = pathIndexOf(dates[count - 1] ?? DEMO_EPOCH);
  const s = new Rng(hashParts("structure", seed, listing.ticker));
  const r = new Rng(hashParts("noise", seed, listing.ticker));
  const historyKey = hashParts("history", seed, listing.ticker);
  const params = historyParams(listing);
  const h = new History(historyKey, listing.sigma * 0.8, params.drift, params.band);
  const ctx: Context = {
    listing,
    s,
    r,
    level: listing.level * s.range(0.9, 1.1),
    variant,
    previousCloseOf: (firstClose) => round2(firstClose * Math.exp(h.logAt(1))),
  };
  const typicalVolume = listing.volume * s.range(0.8, 1.25);
  const forward = forwardPath(ctx, Math.max(1, lastIndex + 1));
  const first = forward.close[0]!;

  const bars: DailyBars = {
    dates: dates.slice(),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  const gap = 0.3 * listing.sigma;
  for (let i = 0; i < count; i++) {
    // Position on the path; k = −position sessions before the epoch when negative.
    const position = lastIndex - (count - 1 - i);
    if (position >= 0) {
      bars.open[i] = forward.open[position]!;
      bars.high[i] = forward.high[position]!;
      bars.low[i] = forward.low[position]!;
      bars.close[i] = forward.close[position]!;
      bars.volume[i] = Math.max(1, Math.round(typicalVolume * forward.volume[position]!));
      continue;
    }
    const k = -position;
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
  return bars;
}
