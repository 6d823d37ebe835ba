import { z } from "zod";

/**
 * GET /api/market (no auth): the market page (docs/product.md, "Market"). The daily screen stores one
 * snapshot per session; before its first run every field is null or empty.
 */
export const MARKET_STATES = ["Confirmed uptrend", "Uptrend under pressure", "Correction"] as const;
const marketStateSchema = z.enum(MARKET_STATES);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const breadthSchema = z.object({
  /** Stocks of the screened universe on that session. */
  total: z.number().int().nonnegative(),
  /** Fractions (0..1) of those stocks; null when none was screened. */
  pct_above_50: z.number().min(0).max(1).nullable(),
  pct_above_200: z.number().min(0).max(1).nullable(),
  new_highs: z.number().int().nonnegative(),
  new_lows: z.number().int().nonnegative(),
  advancers: z.number().int().nonnegative(),
  decliners: z.number().int().nonnegative(),
});
export type MarketBreadth = z.infer<typeof breadthSchema>;

const marketGroupSchema = z.object({
  name: z.string(),
  kind: z.enum(["sector", "industry"]),
  /** The average RS rating of the group's stocks. */
  rs: z.number(),
  /** 1 = the strongest group of its kind. */
  rank: z.number().int().positive(),
  /** Places climbed since the session 5 (20) sessions earlier; null when no ranking of that session is stored. */
  rank_change_1w: z.number().int().nullable(),
  rank_change_4w: z.number().int().nullable(),
  stocks: z.number().int().nonnegative(),
});
export type MarketGroup = z.infer<typeof marketGroupSchema>;

const benchmarkBarSchema = z.object({
  date: isoDate,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  /** The market direction's 50- and 200-day exponential averages; null before enough history. */
  ema50: z.number().nullable(),
  ema200: z.number().nullable(),
});
export type BenchmarkBar = z.infer<typeof benchmarkBarSchema>;

const marketStateDaySchema = z.object({ date: isoDate, state: marketStateSchema, distribution_days: z.number().int().nonnegative() });
export type MarketStateDay = z.infer<typeof marketStateDaySchema>;

export const marketResponseSchema = z.object({
  /** The session described, null before the first daily screen. */
  as_of: isoDate.nullable(),
  state: marketStateSchema.nullable(),
  /** The session the current state began on (a correction's start). */
  since: isoDate.nullable(),
  distribution_days: z.array(z.object({ date: isoDate, expires: isoDate })),
  follow_through_day: isoDate.nullable(),
  breadth: breadthSchema.nullable(),
  /** Oldest first, one entry per stored session (it starts at the first daily screen). */
  breadth_history: z.array(breadthSchema.extend({ date: isoDate })),
  groups: z.array(marketGroupSchema),
  /** The last 120 sessions' states, oldest first. */
  state_history: z.array(marketStateDaySchema),
  benchmark: z.object({ ticker: z.string(), bars: z.array(benchmarkBarSchema) }).nullable(),
});
export type MarketResponse = z.infer<typeof marketResponseSchema>;

export const EMPTY_MARKET: MarketResponse = {
  as_of: null,
  state: null,
  since: null,
  distribution_days: [],
  follow_through_day: null,
  breadth: null,
  breadth_history: [],
  groups: [],
  state_history: [],
  benchmark: null,
};
