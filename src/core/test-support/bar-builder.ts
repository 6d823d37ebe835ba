import type { DailyBars } from "../market/market-data";
import { barsFromRows } from "../market/market-data";

/**
 * Hand-built daily bars for rule tests: a path of closes made of straight segments (advance,
 * pullback, sideways, breakout), each bar's high/low a small fixed spread around its open/close,
 * volume set per segment. Deterministic and readable: the test states the pattern it needs.
 */
export class BarBuilder {
  private closes: number[] = [];
  private volumes: number[] = [];
  private spread = 0.004;

  constructor(start: number, private baseVolume = 1_000_000) {
    this.closes.push(start);
    this.volumes.push(baseVolume);
  }

  get last(): number {
    return this.closes[this.closes.length - 1]!;
  }

  get length(): number {
    return this.closes.length;
  }

  /** Moves the close to `target` over `sessions` sessions in equal steps (geometric). */
  to(target: number, sessions: number, volumeFactor = 1): this {
    const from = this.last;
    const step = (target / from) ** (1 / sessions);
    for (let k = 1; k <= sessions; k++) {
      this.closes.push(from * step ** k);
      this.volumes.push(this.baseVolume * volumeFactor);
    }
    return this;
  }

  /** Changes the close by a fraction over `sessions` sessions. */
  move(fraction: number, sessions: number, volumeFactor = 1): this {
    return this.to(this.last * (1 + fraction), sessions, volumeFactor);
  }

  /** Holds the close flat (alternating ±wiggle) for `sessions` sessions. */
  flat(sessions: number, wiggle = 0.003, volumeFactor = 1): this {
    const level = this.last;
    for (let k = 1; k <= sessions; k++) {
      this.closes.push(level * (1 + (k % 2 === 0 ? wiggle : -wiggle)));
      this.volumes.push(this.baseVolume * volumeFactor);
    }
    return this;
  }

  /** One session closing at `fraction` from the last close on `volumeFactor` × base volume. */
  day(fraction: number, volumeFactor = 1): this {
    this.closes.push(this.last * (1 + fraction));
    this.volumes.push(this.baseVolume * volumeFactor);
    return this;
  }

  withSpread(spread: number): this {
    this.spread = spread;
    return this;
  }

  build(endDate = "2026-11-20"): DailyBars {
    const n = this.closes.length;
    const dates = tradingDatesEndingAt(endDate, n);
    return barsFromRows(
      this.closes.map((close, k) => {
        const open = k === 0 ? close : this.closes[k - 1]!;
        return {
          date: dates[k]!,
          open,
          high: Math.max(open, close) * (1 + this.spread),
          low: Math.min(open, close) * (1 - this.spread),
          close,
          volume: this.volumes[k]!,
        };
      }),
    );
  }
}

/** Weekday dates (no holidays) ending at `end`, oldest first. */
export function tradingDatesEndingAt(end: string, count: number): string[] {
  const dates: string[] = [];
  const day = new Date(`${end}T12:00:00Z`);
  while (dates.length < count) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return dates.reverse();
}
