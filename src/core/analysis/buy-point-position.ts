/**
 * Where a stock stands against its buy point, and how the public lists rank setups (decision 018).
 * Pure and small: the landing page imports it to label cards, the server to rank the lists.
 */

/** docs/method.md: the buy range ends 5% above the buy point; beyond it a stock is extended. */
const EXTENDED_ABOVE_BUY_POINT = 0.05;

/** A distance under half a tenth of a percent reads 'At buy point' (it rounds to 0.0%). */
const AT_BUY_POINT = 0.0005;

export interface BuyPointInput {
  price: unknown;
  buyPoint: unknown;
  stopLoss: unknown;
}

export interface BuyPointPosition {
  /** price ÷ buy point − 1, rounded to a tenth of a percent (0.021 = 2.1% above); null without both figures. */
  distance: number | null;
  /** More than 5% above the buy point: past the buy range, wait for a pullback or a new base. */
  extended: boolean;
  /** 1 − stop ÷ price, rounded to a tenth of a percent: what a buyer at today's price risks to the stop. */
  risk: number | null;
}

function positive(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** Rounds a fraction to a tenth of a percent, so every text shows the same figure as the field. */
function roundFraction(fraction: number): number {
  const tenths = Math.round(fraction * 1000);
  return tenths === 0 ? 0 : tenths / 1000;
}

export function buyPointPosition(input: BuyPointInput): BuyPointPosition {
  const price = positive(input.price);
  const buyPoint = positive(input.buyPoint);
  const stop = positive(input.stopLoss);
  const distance = price !== null && buyPoint !== null ? roundFraction(price / buyPoint - 1) : null;
  const risk = price !== null && stop !== null && stop < price ? roundFraction(1 - stop / price) : null;
  return { distance, extended: distance !== null && distance > EXTENDED_ABOVE_BUY_POINT, risk };
}

/** A price's distance to a level (price ÷ level − 1) in words: '2.1% above stop', `atLevel` when it rounds to 0.0%, null without one. */
export function levelDistanceText(distance: number | null, level: string, atLevel: string): string | null {
  if (distance === null || !Number.isFinite(distance)) return null;
  if (Math.abs(distance) < AT_BUY_POINT) return atLevel;
  const percent = `${(Math.abs(distance) * 100).toFixed(1)}%`;
  return distance > 0 ? `${percent} above ${level}` : `${percent} below ${level}`;
}

/** 'At buy point', '2.1% above buy point', '3.4% below buy point', or null without a distance. */
export function buyPointDistanceText(distance: number | null): string | null {
  return levelDistanceText(distance, "buy point", "At buy point");
}

export const EXTENDED_LABEL = "Extended — wait for a pullback";

export interface SetupRankInput extends BuyPointInput {
  ticker: string;
  /** Trend Template criteria passed, 0–8. */
  trendScore: unknown;
  /** Relative strength rating 1–99, or null. */
  rsRating: unknown;
}

/** The stop risk above which a setup loses points: O'Neil's 7–8% loss-cutting rule. */
const COMFORTABLE_RISK = 0.08;

/**
 * The order of a list: 0 inside the buy range (at or up to 5% above the buy point), 1 below the buy
 * point (a forming base), 2 without a distance, 3 extended (always last).
 */
export function setupTier(position: BuyPointPosition): number {
  if (position.extended) return 3;
  if (position.distance === null) return 2;
  return position.distance >= 0 ? 0 : 1;
}

/**
 * Quality inside a tier: trend (10 per Trend Template criterion) and relative strength (up to 9.9),
 * minus 2 points per percent away from the buy point and per percent of stop risk beyond 8%.
 */
function setupScore(input: SetupRankInput, position: BuyPointPosition = buyPointPosition(input)): number {
  const trend = typeof input.trendScore === "number" && Number.isFinite(input.trendScore) ? input.trendScore : 0;
  const rs = typeof input.rsRating === "number" && Number.isFinite(input.rsRating) ? input.rsRating : 0;
  const away = position.distance === null ? 0 : Math.abs(position.distance) * 100;
  const excessRisk = position.risk === null ? 0 : Math.max(0, position.risk - COMFORTABLE_RISK) * 100;
  return trend * 10 + rs / 10 - away * 2 - excessRisk * 2;
}

export interface RankedSetup<T> {
  item: T;
  /** 1 for the best setup. */
  rank: number;
  position: BuyPointPosition;
}

/** Ranks items best first: by tier, then by score, then by ticker, so the order is stable. */
export function rankSetups<T>(items: readonly T[], read: (item: T) => SetupRankInput): RankedSetup<T>[] {
  return items
    .map((item) => {
      const input = read(item);
      const position = buyPointPosition(input);
      return { item, ticker: input.ticker, position, tier: setupTier(position), score: setupScore(input, position) };
    })
    .sort((a, b) => a.tier - b.tier || b.score - a.score || a.ticker.localeCompare(b.ticker))
    .map(({ item, position }, index) => ({ item, rank: index + 1, position }));
}
