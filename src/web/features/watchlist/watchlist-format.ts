import { levelDistanceText } from "../../../core/analysis/buy-point-position";
import type { WatchRule } from "../../../contracts/watchlist";

/**
 * The watch list's words and figures (decision 033). The distance to the buy point reads
 * as on the landing cards ('2.1% above buy point'); the stop's as 'x% above stop'.
 */

/** 'At the stop', '6.4% above stop', '2.0% below stop' (price ÷ stop − 1), or null without one. */
export function stopDistanceText(distance: number | null): string | null {
  return levelDistanceText(distance, "stop", "At the stop");
}

/** The rules' names and one-line explanations, in the order the pages list them. */
export const RULE_TEXTS: Record<WatchRule | "price", { label: string; hint: string }> = {
  buy: { label: "Buy signal", hint: "It reaches its buy range on breakout volume; never on a day it closes under its stop." },
  sell: { label: "Sell signal", hint: "It closes under the stop shown the day before, or its breakout fails. That day brings no buy, extended or new-base alert for it." },
  extended: { label: "Extended", hint: "It runs more than 5% past its buy point: too late to buy, wait for a pullback." },
  new_base: { label: "New base", hint: "It forms a new base with a new buy point (pivot). After a sell signal, the next setup names its new levels and the old ones." },
  price: { label: "Price alerts", hint: "It closes above or below a price you set on the watch list." },
};

/** "3 of 10 stocks", "1 of 10 stocks". */
export function watchCountText(count: number, limit: number): string {
  return `${String(count)} of ${String(limit)} ${limit === 1 ? "stock" : "stocks"}`;
}

/** A free user this close to the limit (or at it) is told that premium watches more. */
const NEAR_LIMIT_MARGIN = 2;

export function premiumLineVisible(plan: "free" | "premium", count: number, limit: number): boolean {
  return plan === "free" && count >= limit - NEAR_LIMIT_MARGIN;
}

/**
 * A price typed in the price alert editor: a positive number ('52.10', '$52.10', '1,250'), null
 * for an empty field (clears the alert), or undefined when it is not a price.
 */
export function parsePriceInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (trimmed === "") return null;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 && value <= 1_000_000 ? value : undefined;
}
