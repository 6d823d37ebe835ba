import type { Rng } from "./demo-random";

/**
 * Builds a price path leg by leg, forward in time, in dollars rounded to cents. A leg goes from the
 * last close to a target close with bounded noise: the leg's end is its extreme (the swing high or
 * low a pattern detector should find), and counter-moves inside a leg are capped, so a base's
 * contractions are exactly the ones designed and no spurious swing appears between them.
 */

type Ease = "linear" | "fast-start" | "slow-start";

export interface LegSpec {
  /** Sessions in the leg. */
  n: number;
  /** Close of the leg's last session, dollars. */
  to: number;
  /** Largest move of a close against the leg's direction, from the leg's running extreme (log). */
  capClose: number;
  /** The same for intraday highs and lows (a pullback measured low to high or high to low). */
  capHL: number;
  /** Volume factor relative to the ticker's typical volume. */
  volume: number;
  /** Share of sessions that move against the leg (default 0.35). */
  counterDays?: number;
  ease?: Ease;
  /** No intraday high in the leg reaches above this. */
  maxHigh?: number;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

export class SeriesBuilder {
  readonly open: number[] = [];
  readonly high: number[] = [];
  readonly low: number[] = [];
  readonly close: number[] = [];
  /** Relative volume factors; the caller multiplies by the ticker's typical volume. */
  readonly volume: number[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly sigma: number,
    firstClose: number,
    previousClose: number,
  ) {
    this.holdBar(firstClose, 1, previousClose);
  }

  get length(): number {
    return this.close.length;
  }

  get lastIndex(): number {
    return this.close.length - 1;
  }

  get lastClose(): number {
    return this.close[this.close.length - 1]!;
  }

  /** Intraday range above/below the body of a bar, as fractions. */
  private rangeFraction(scale: number): number {
    return scale * (0.0012 + 0.4 * this.sigma * Math.min(Math.abs(this.rng.normal()), 2));
  }

  private volumeFactor(base: number, ret: number): number {
    return base * Math.exp(0.22 * this.rng.normal()) * (1 + 3 * Math.abs(ret));
  }

  /**
   * Closes of a leg: random-sized steps in the leg's direction (gamma weights, shaped by the ease)
   * and some sessions against it, scaled so the leg ends exactly at its target and no pullback from
   * the running extreme exceeds capClose. Interior closes stay strictly between the two ends.
   */
  private legCloses(p0: number, d: number, n: number, spec: LegSpec): number[] {
    const closes = new Array<number>(n);
    if (n === 1) {
      closes[0] = round2(p0 * Math.exp(d));
      return closes;
    }
    const dir = d >= 0 ? 1 : -1;
    const size = Math.abs(d);
    const average = size / n;
    const ease = spec.ease ?? "linear";
    const counterShare = spec.counterDays ?? 0.35;
    const against = new Array<number>(n).fill(0);
    const weights = new Array<number>(n).fill(0);
    let weightSum = 0;
    let againstSum = 0;
    for (let i = 0; i < n; i++) {
      const isAgainst = i > 0 && i < n - 1 && this.rng.next() < counterShare;
      const u1 = 1 - this.rng.next();
      const u2 = 1 - this.rng.next();
      if (isAgainst) {
        against[i] = 0.3 + u1;
        againstSum += against[i]!;
      } else {
        const t = (i + 0.5) / n;
        const shape = ease === "fast-start" ? Math.cos((Math.PI * t) / 2) : ease === "slow-start" ? Math.sin((Math.PI * t) / 2) : 1;
        // Gamma(2) weights, clipped so no session moves more than about twice the leg's pace.
        weights[i] = Math.min(2.2, Math.max(0.35, (-Math.log(u1) - Math.log(u2)) / 2)) * (0.15 + shape);
        weightSum += weights[i]!;
      }
    }
    const xs = new Array<number>(n);
    let scale = 1;
    for (let attempt = 0; attempt < 8; attempt++) {
      const forward = size + average * scale * againstSum;
      let x = 0;
      let extreme = 0;
      let worst = 0;
      for (let i = 0; i < n; i++) {
        const step = weights[i]! > 0 ? (forward * weights[i]!) / weightSum : -average * scale * against[i]!;
        x += dir * step;
        xs[i] = x;
        extreme = dir > 0 ? Math.max(extreme, x) : Math.min(extreme, x);
        worst = Math.max(worst, Math.abs(extreme - x));
      }
      if (worst <= spec.capClose) break;
      scale *= (0.9 * spec.capClose) / worst;
    }
    const lo = Math.min(0, d);
    const hi = Math.max(0, d);
    const eps = Math.min(0.003, size * 0.04);
    for (let i = 0; i < n - 1; i++) closes[i] = round2(p0 * Math.exp(clamp(xs[i]!, lo + eps, hi - eps)));
    closes[n - 1] = round2(p0 * Math.exp(d));
    return closes;
  }

  leg(spec: LegSpec): void {
    const n = Math.max(1, Math.round(spec.n));
    const start = this.lastIndex;
    const p0 = this.close[start]!;
    const to = round2(spec.to);
    const d = Math.log(to / p0);
    const dir = d >= 0 ? 1 : -1;
    const closes = this.legCloses(p0, d, n, spec);

    // Bodies: opens between the previous close and the close, so bodies never stick out of the leg.
    const opens = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const prev = i === 0 ? p0 : closes[i - 1]!;
      const c = closes[i]!;
      opens[i] = round2(prev + (c - prev) * this.rng.range(-0.15, 0.6));
      opens[i] = clamp(opens[i]!, Math.min(prev, c), Math.max(prev, c));
    }
    const bodyHigh = (i: number): number => Math.max(opens[i]!, closes[i]!);
    const bodyLow = (i: number): number => Math.min(opens[i]!, closes[i]!);
    // Shallow legs trade in tight ranges (the 'tightness' of a base's last contraction).
    const wick = clamp(Math.abs(d) / 0.08, 0.35, 1);
    const highs = new Array<number>(n);
    const lows = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      // The leg's last session is a swing point a detector measures from: keep its wicks short.
      const scale = i === n - 1 ? wick * 0.5 : wick;
      highs[i] = round2(bodyHigh(i) * (1 + this.rangeFraction(scale)));
      lows[i] = round2(bodyLow(i) * (1 - this.rangeFraction(scale)));
    }

    // Wicks: the leg's end is its extreme, every pullback inside it (an earlier high to a later low
    // in an up leg, an earlier low to a later high in a down leg) stays under capHL, and maxHigh is
    // a ceiling.
    const anchorHigh = this.high[start]!;
    const anchorLow = this.low[start]!;
    const e = n - 1;
    const ceiling = spec.maxHigh === undefined ? Infinity : round2(spec.maxHigh);
    const down = 1 - spec.capHL;
    const up = 1 + spec.capHL;
    if (dir > 0) {
      let bodyRun = -Infinity;
      for (let j = 0; j < n; j++) {
        lows[j] = Math.min(Math.max(lows[j]!, round2(anchorLow + 0.01), round2(bodyRun * down)), bodyLow(j));
        bodyRun = Math.max(bodyRun, bodyHigh(j));
      }
      highs[e] = Math.max(Math.min(highs[e]!, ceiling), bodyHigh(e));
      let lowAfter = Infinity;
      for (let i = e - 1; i >= 0; i--) {
        lowAfter = Math.min(lowAfter, lows[i + 1]!);
        highs[i] = Math.max(Math.min(highs[i]!, ceiling, round2(highs[e]! - 0.01), round2(lowAfter / down)), bodyHigh(i));
      }
    } else {
      let bodyRun = Infinity;
      for (let j = 0; j < n; j++) {
        highs[j] = Math.max(Math.min(highs[j]!, ceiling, round2(anchorHigh - 0.01), round2(bodyRun * up)), bodyHigh(j));
        bodyRun = Math.min(bodyRun, bodyLow(j));
      }
      let highAfter = -Infinity;
      for (let i = e - 1; i >= 0; i--) {
        highAfter = Math.max(highAfter, highs[i + 1]!);
        lows[i] = Math.min(Math.max(lows[i]!, round2(lows[e]! + 0.01), round2(highAfter / up)), bodyLow(i));
      }
    }
    for (let i = 0; i < n; i++) {
      const prev = i === 0 ? p0 : closes[i - 1]!;
      this.open.push(opens[i]!);
      this.high.push(highs[i]!);
      this.low.push(lows[i]!);
      this.close.push(closes[i]!);
      this.volume.push(this.volumeFactor(spec.volume, Math.log(closes[i]! / prev)));
    }
  }

  /** A wide-range up day closing near its high (a breakout session). */
  breakoutBar(close: number, volume: number): void {
    const prev = this.lastClose;
    const c = round2(close);
    const o = round2(prev * (1 + 0.006 * this.rng.next()));
    const h = round2(Math.max(c * (1 + 0.004 * this.rng.next()), o));
    const l = round2(Math.min(o, prev) * (1 - 0.001 - 0.005 * this.rng.next()));
    this.open.push(Math.min(o, h));
    this.high.push(h);
    this.low.push(l);
    this.close.push(c);
    this.volume.push(volume);
  }

  /**
   * A session inside a range (after a breakout: holding near the breakout day's high). Its close
   * stays in [floor, ceiling] and so do its high and low, so it neither sets a new high nor opens a
   * pullback worth a swing.
   */
  insideBar(close: number, floor: number, ceiling: number, volume: number): void {
    const prev = this.lastClose;
    const c = round2(clamp(close, floor, ceiling));
    const o = round2(clamp(prev + (c - prev) * this.rng.range(-0.2, 0.5), floor, ceiling));
    const h = round2(Math.min(ceiling, Math.max(o, c) * (1 + this.rangeFraction(0.5))));
    const l = round2(Math.max(floor, Math.min(o, c) * (1 - this.rangeFraction(0.5))));
    this.open.push(o);
    this.high.push(Math.max(h, o, c));
    this.low.push(Math.min(l, o, c));
    this.close.push(c);
    this.volume.push(this.volumeFactor(volume, Math.log(c / prev)));
  }

  /** An ordinary session closing at `close`. */
  holdBar(close: number, volume: number, previousClose?: number): void {
    const prev = previousClose ?? this.lastClose;
    const c = round2(close);
    const gap = 0.3 * this.sigma;
    const o = round2(clamp(prev * Math.exp(gap * this.rng.normal()), Math.min(prev, c) * (1 - gap), Math.max(prev, c) * (1 + gap)));
    const h = round2(Math.max(o, c) * (1 + this.rangeFraction(0.7)));
    const l = round2(Math.min(o, c) * (1 - this.rangeFraction(0.7)));
    this.open.push(o);
    this.high.push(h);
    this.low.push(l);
    this.close.push(c);
    this.volume.push(this.volumeFactor(volume, Math.log(c / prev)));
  }

  /** Rescales the last `sessions` volumes so their average is `ratio` × the 50-session average. */
  dryUp(ratio: number, sessions = 10, window = 50): void {
    const v = this.volume;
    const end = v.length;
    let recent = 0;
    let before = 0;
    for (let i = end - window; i < end; i++) {
      if (i >= end - sessions) recent += v[i]!;
      else before += v[i]!;
    }
    // (recent' / sessions) / ((recent' + before) / window) = ratio
    const target = (ratio * sessions * before) / (window - ratio * sessions);
    const scale = target / recent;
    for (let i = end - sessions; i < end; i++) v[i] = v[i]! * scale;
  }

  /** Sets the last session's volume to `ratio` × the 50-session average that includes it. */
  setLastVolumeRatio(ratio: number, window = 50): void {
    const v = this.volume;
    const end = v.length - 1;
    let before = 0;
    for (let i = end - window + 1; i < end; i++) before += v[i]!;
    v[end] = (ratio * before) / (window - ratio);
  }
}
