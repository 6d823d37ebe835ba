/**
 * Seeded randomness for the demo market. Never Math.random: the same seed gives the same market,
 * byte for byte. Two kinds: a sequential stream (mulberry32) for fixed-size shapes, and a
 * counter-based draw (a hash of key, index and channel) for history that extends backwards, so
 * asking for more sessions never changes the ones already generated.
 */

/** murmur3's 32-bit finaliser: a good avalanche for integer mixing. */
function fmix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit hash of any number of string or number parts. */
export function hashParts(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0001`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return fmix32(h);
}

/** A uniform draw in [0, 1) from (key, index, channel), independent of any call order. */
function counterUniform(key: number, index: number, channel: number): number {
  const h = fmix32(key ^ fmix32(Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(channel + 1, 0x85ebca77)));
  return h / 4294967296;
}

/** A standard normal draw from (key, index, channel) by Box–Muller. */
export function counterNormal(key: number, index: number, channel: number): number {
  const u1 = 1 - counterUniform(key, index, channel * 2);
  const u2 = counterUniform(key, index, channel * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** mulberry32: a small, fast, well-distributed 32-bit generator. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u1 = 1 - this.next();
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}
