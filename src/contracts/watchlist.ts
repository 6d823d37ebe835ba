import { z } from "zod";
import { recommendationActionSchema } from "./stock-summary";

/**
 * A signed-in, verified user's watch list (decision 032): the stocks they follow, each
 * with its latest call and the alert rules that tell them when it is actionable.
 *
 * GET    /api/watchlist               the list, with each stock's latest call
 * POST   /api/watchlist               { ticker }: watch a stock (free up to 10, premium up to 100)
 * PATCH  /api/watchlist/:ticker       switch its rules, set or clear its price alerts
 * DELETE /api/watchlist/:ticker       stop watching it
 *
 * Fractions are fractions (0.021 = 2.1%).
 */

/** The rules a watched stock can raise, on by default (decision 032). */
export const WATCH_RULES = ["buy", "sell", "extended", "new_base"] as const;
export type WatchRule = (typeof WATCH_RULES)[number];

/**
 * What an alert is about: a rule of the stock's setup, a price the user set, or a position the user
 * holds (decision 063: a close under their own stop, the plan's time exit, a SELL other than the
 * plan's stop, a price level set on the position).
 */
const ALERT_KINDS = [
  ...WATCH_RULES,
  "price_above",
  "price_below",
  "holder_stop",
  "holder_time_exit",
  "holder_sell",
  "holder_price_above",
  "holder_price_below",
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const watchRulesSchema = z.object({
  buy: z.boolean(),
  sell: z.boolean(),
  extended: z.boolean(),
  new_base: z.boolean(),
});
export type WatchRules = z.infer<typeof watchRulesSchema>;

const price = z.number().finite().positive().max(1_000_000);
const tickerField = z
  .string()
  .trim()
  .min(1, "Enter a ticker.")
  .max(12, "A ticker has at most 12 characters.")
  .regex(/^[A-Za-z0-9.^=-]+$/, "A ticker has letters, digits, '.', '-', '^' or '=' only.")
  .transform((ticker) => ticker.toUpperCase());

export const addWatchRequestSchema = z.object({ ticker: tickerField }).strict();

export const watchTickerParamsSchema = z.object({ ticker: tickerField });

/** Every field optional; `null` clears a price alert. */
export const updateWatchRequestSchema = z
  .object({
    rules: watchRulesSchema.partial().strict().optional(),
    price_above: price.nullable().optional(),
    price_below: price.nullable().optional(),
  })
  .strict();
export type UpdateWatchRequest = z.infer<typeof updateWatchRequestSchema>;

/** The stock's latest call, as the watch list shows it; null until it has been analysed. */
const watchedCallSchema = z.object({
  as_of: z.string(),
  action: recommendationActionSchema,
  company: z.string(),
  price: z.number().finite(),
  buy_point: z.number().finite().nullable(),
  stop: z.number().finite().nullable(),
  target: z.number().finite().nullable(),
  /** price ÷ buy point − 1. */
  distance_to_buy_point: z.number().finite().nullable(),
  /** price ÷ stop − 1 (how far the price may fall before the stop). */
  distance_to_stop: z.number().finite().nullable(),
  extended: z.boolean(),
  setup: z.string(),
  demo: z.boolean(),
});
export type WatchedCall = z.infer<typeof watchedCallSchema>;

/** A price level: fires once, on the first close beyond it; the watch list's and a position's alike. */
export const priceAlertSchema = z.object({
  level: z.number().finite(),
  /** The session it fired on; a fired price alert stays spent until it is set again. */
  fired_on: z.string().nullable(),
});

export const watchItemSchema = z.object({
  ticker: z.string(),
  added_at: z.string(),
  rules: watchRulesSchema,
  price_above: priceAlertSchema.nullable(),
  price_below: priceAlertSchema.nullable(),
  latest: watchedCallSchema.nullable(),
  /**
   * True while the stock waits for its first analysis: watching never analyses (it is free), so a
   * stock outside the daily screen is analysed by the next screen's alert job; `latest` is null until then.
   */
  pending: z.boolean(),
});
export type WatchItem = z.infer<typeof watchItemSchema>;

export const watchlistSchema = z.object({
  items: z.array(watchItemSchema),
  /** How many stocks the user's plan may watch (free 10, premium 100 by default). */
  limit: z.number().int().positive(),
  plan: z.enum(["free", "premium"]),
  /** What premium watches (WATCHLIST_PREMIUM_LIMIT), for the free plan's invitation. */
  premium_limit: z.number().int().positive(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const WATCHLIST_LIMIT_CODE = "watchlist_limit_reached";
export const WATCHLIST_DUPLICATE_CODE = "already_watched";
export const WATCH_NOT_FOUND_CODE = "not_watched";
export const UNKNOWN_TICKER_CODE = "ticker_not_found";
/** The market data service could not confirm a ticker (503): try again later. */
export const MARKET_UNAVAILABLE_CODE = "market_unavailable";
