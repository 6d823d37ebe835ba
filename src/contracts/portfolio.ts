import { z } from "zod";
import { alertKindSchema, priceAlertSchema } from "./watchlist";

/**
 * A verified user's portfolio (decision 062): positions made of trades, valued FIFO against the last
 * daily close. Every call is scoped to the signed-in user; another user's position is "not found".
 *
 * GET    /api/positions            every position of the user (open and closed), with lots and trades
 * POST   /api/positions            open a position with its first buy (from a report's plan or by hand)
 * PATCH  /api/positions/:id        move the stop, set the time exit or price levels, or add a trade
 * DELETE /api/positions/:id        delete a position and its trades
 * POST   /api/positions/import     a transactions CSV (multipart `file`), all or nothing
 * GET    /api/positions/export     the user's trades as the same CSV (re-importable)
 * GET    /api/portfolio            open positions valued at the last close, with totals
 * GET    /api/portfolio/history    the portfolio's value against the benchmark over time
 *
 * Money is in dollars, rounded to the cent on output; fractions are fractions (0.021 = 2.1%).
 */

/** Caps keep every number inside the database's numeric columns, so odd input is a 400, never a 5xx. */
export const MAX_SHARES = 1_000_000_000;
export const MAX_PRICE = 10_000_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date between 1970-01-01 and tomorrow (UTC), so a time zone ahead of UTC can record today. */
export function isTradeDate(value: string, today: Date = new Date()): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== value) return false;
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  return time >= 0 && time <= tomorrow;
}

const dateField = z.string().refine((value) => isTradeDate(value), "Enter a date as YYYY-MM-DD, from 1970 to today.");
/** A plan's time exit may lie in the future (up to 2100). */
const futureDateField = z
  .string()
  .regex(ISO_DATE, "Enter a date as YYYY-MM-DD.")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value && value >= "1970-01-01" && value <= "2100-12-31";
  }, "Enter a real date as YYYY-MM-DD.");
/** The smallest amounts the columns keep (six places for shares, four for prices): smaller would be stored as 0. */
const MIN_SHARES = 0.000001;
const MIN_PRICE = 0.0001;
const sharesField = z.number().finite().min(MIN_SHARES, "Shares must be at least 0.000001.").max(MAX_SHARES);
const priceField = z.number().finite().min(MIN_PRICE, "A price must be at least 0.0001.").max(MAX_PRICE);
const feesField = z.number().finite().min(0, "Fees cannot be negative.").max(MAX_PRICE);
const tickerField = z
  .string()
  .trim()
  .min(1, "Enter a ticker.")
  .max(12, "A ticker has at most 12 characters.")
  .regex(/^[A-Za-z0-9.^=-]+$/, "A ticker has letters, digits, '.', '-', '^' or '=' only.")
  .transform((ticker) => ticker.toUpperCase());

export const POSITION_SOURCES = ["report", "manual", "import"] as const;
export const positionSourceSchema = z.enum(POSITION_SOURCES);
export type PositionSource = z.infer<typeof positionSourceSchema>;

/** The report's trade setup the buy followed, kept so the position can be read against its plan. */
export const positionPlanSchema = z
  .object({
    as_of: dateField,
    buy_point: priceField.nullable(),
    stop: priceField.nullable(),
    target: priceField.nullable(),
  })
  .strict();
export type PositionPlan = z.infer<typeof positionPlanSchema>;

export const tradeSideSchema = z.enum(["buy", "sell"]);

export const createPositionSchema = z
  .object({
    ticker: tickerField,
    date: dateField,
    shares: sharesField,
    price: priceField,
    fees: feesField.optional(),
    stop: priceField.nullable().optional(),
    time_exit: futureDateField.nullable().optional(),
    /** Imports come through POST /api/positions/import, so a single create is from a report or by hand. */
    source: z.enum(["report", "manual"]),
    plan: positionPlanSchema.nullable().optional(),
  })
  .strict();
export type CreatePositionRequest = z.infer<typeof createPositionSchema>;

export const tradeInputSchema = z
  .object({
    side: tradeSideSchema,
    date: dateField,
    shares: sharesField,
    price: priceField,
    fees: feesField.optional(),
  })
  .strict();
export type TradeInput = z.infer<typeof tradeInputSchema>;

/** Every field optional; `null` clears the stop, the time exit or a price level. */
export const updatePositionSchema = z
  .object({
    stop: priceField.nullable().optional(),
    time_exit: futureDateField.nullable().optional(),
    price_above: priceField.nullable().optional(),
    price_below: priceField.nullable().optional(),
    trade: tradeInputSchema.optional(),
  })
  .strict();
export type UpdatePositionRequest = z.infer<typeof updatePositionSchema>;

export const positionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const tradeSchema = z.object({
  id: z.string(),
  date: z.string(),
  side: tradeSideSchema,
  shares: z.number().finite(),
  price: z.number().finite(),
  fees: z.number().finite(),
});
export type PositionTrade = z.infer<typeof tradeSchema>;

const lotSchema = z.object({
  trade_id: z.string(),
  date: z.string(),
  shares: z.number().finite(),
  price: z.number().finite(),
  /** Cost per share with the buy's fees. */
  cost_per_share: z.number().finite(),
});

export const positionSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  source: positionSourceSchema,
  opened_on: z.string(),
  /** The session the last share was sold; null while the position is open. */
  closed_on: z.string().nullable(),
  shares: z.number().finite(),
  /** Remaining lots' cost per share (fees included); null once closed. */
  avg_cost: z.number().finite().nullable(),
  /** Remaining lots' cost in $. */
  cost: z.number().finite(),
  realised_pl: z.number().finite(),
  stop: z.number().finite().nullable(),
  initial_stop: z.number().finite().nullable(),
  time_exit: z.string().nullable(),
  price_above: priceAlertSchema.nullable(),
  price_below: priceAlertSchema.nullable(),
  plan: positionPlanSchema.nullable(),
  lots: z.array(lotSchema),
  trades: z.array(tradeSchema),
  created_at: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

export const positionsSchema = z.object({
  positions: z.array(positionSchema),
  /** Open positions the plan allows; null when unlimited (premium). */
  limit: z.number().int().positive().nullable(),
  open: z.number().int().nonnegative(),
});
export type Positions = z.infer<typeof positionsSchema>;

const positionAlertSchema = z.object({ kind: alertKindSchema, session: z.string(), title: z.string() });

/** One open position valued at the last close; null where there is no close (market data failed) or no stop. */
const portfolioPositionSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  shares: z.number().finite(),
  avg_cost: z.number().finite(),
  last_close: z.number().finite().nullable(),
  /** Exactly cents(shares × last_close). */
  value: z.number().finite().nullable(),
  unrealised_pl: z.number().finite().nullable(),
  unrealised_pct: z.number().finite().nullable(),
  stop: z.number().finite().nullable(),
  /** (last close − first buy's cost) ÷ (first buy's cost − initial stop); null without a usable initial stop. */
  r_multiple: z.number().finite().nullable(),
  /** shares × max(0, last close − stop): what a stop-out gives back from today; null without a stop. */
  open_risk: z.number().finite().nullable(),
  alerts: z.array(positionAlertSchema),
});
export type PortfolioPosition = z.infer<typeof portfolioPositionSchema>;

export const portfolioSchema = z.object({
  /** The last completed session the values are for. */
  as_of: z.string(),
  positions: z.array(portfolioPositionSchema),
  /** value, unrealised_pl and open_risk sum the positions that have them; realised_pl includes closed positions. */
  totals: z.object({
    value: z.number().finite(),
    cost: z.number().finite(),
    unrealised_pl: z.number().finite(),
    realised_pl: z.number().finite(),
    open_risk: z.number().finite(),
  }),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** The portfolio's value per session, and what the same dollars would be worth in the benchmark. */
export const portfolioHistorySchema = z.object({
  benchmark: z.string(),
  points: z.array(z.object({ date: z.string(), value: z.number().finite(), benchmark: z.number().finite() })),
});
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

/** POST /api/positions/import: every row went in (a refused file answers csvImportErrorSchema). */
export const positionsImportResponseSchema = z.object({
  success: z.literal(true),
  /** Rows in the file = trades written. */
  imported: z.number().int().nonnegative(),
  /** Positions the file opened (a buy of a ticker with no open position opens one). */
  opened: z.number().int().nonnegative(),
});
export type PositionsImportResponse = z.infer<typeof positionsImportResponseSchema>;

export const POSITION_NOT_FOUND_CODE = "position_not_found";
export const POSITION_LIMIT_CODE = "position_limit_reached";
export const POSITION_OVERSOLD_CODE = "position_oversold";
export const POSITION_UNKNOWN_TICKER_CODE = "unknown_ticker";
