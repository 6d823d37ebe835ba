/**
 * A fixed-window counter per client address, in memory: enough to keep one client from turning
 * the symbol search into a free proxy of the market-data provider. Old windows are forgotten.
 */
export class RequestWindow {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
    /** Addresses remembered at most; the oldest are dropped first. */
    private readonly capacity = 10_000,
  ) {}

  /** Counts one request from `key`; false when it is over the limit of the current window. */
  take(key: string): boolean {
    const now = this.now();
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      this.counts.delete(key);
      if (this.counts.size >= this.capacity) this.counts.delete(this.counts.keys().next().value!);
      this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }
}
