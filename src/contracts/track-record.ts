import { z } from "zod";
import { recommendationActionSchema } from "./stock-summary";

/**
 * GET /api/track-record (no sign-in): every call Quanta's daily screen published, scored against
 * the market as the sessions arrived (decision 029), beside the historical simulation of
 * docs/track-record.md. GET /api/track-record/calls: the calls themselves, paged.
 *
 * Fractions are fractions (0.54 = 54%); R is a multiple of the risk taken (entry − stop). A figure
 * that cannot be computed yet (no closed trade, no matured horizon) is null.
 */

/** Figures resting on fewer trades than this are labelled too few to judge. */
export const MIN_MEANINGFUL_TRADES = 30;

const fraction = z.number().finite();
const nullableNumber = z.number().finite().nullable();

const tradeStatsSchema = z.object({
  trades: z.number().int().nonnegative(),
  win_rate: nullableNumber,
  avg_r: nullableNumber,
  median_r: nullableNumber,
  avg_r_ci95: z.tuple([nullableNumber, nullableNumber]),
  avg_return: nullableNumber,
  exits: z.object({ stop: z.number().int().nonnegative(), target: z.number().int().nonnegative(), time: z.number().int().nonnegative() }),
});
export type TradeStatsView = z.infer<typeof tradeStatsSchema>;

const actionStatsSchema = tradeStatsSchema.extend({
  /** Stock-sessions with the call (a call repeated on 5 days counts 5). */
  count: z.number().int().nonnegative(),
  /** Distinct calls (for BUY: the bases that opened a trade). */
  setups: z.number().int().nonnegative(),
  /** Share of setups whose 63-session excess return has the call's sign (BUY/WATCH above the benchmark, SELL below). */
  hit_rate: nullableNumber,
  median_excess: z.object({ d21: nullableNumber, d63: nullableNumber, d126: nullableNumber }),
});
export type ActionStatsView = z.infer<typeof actionStatsSchema>;

const liveActionStatsSchema = actionStatsSchema.extend({
  /** Setups still being measured. */
  open: z.number().int().nonnegative(),
});

const byAction = <T extends z.ZodTypeAny>(schema: T) => z.object({ BUY: schema, WATCH: schema, SELL: schema });

export const historicalSimulationSchema = z.object({
  /** 'S&P 500 stocks 2009–2017 against SPY'. */
  title: z.string(),
  from: z.string(),
  to: z.string(),
  benchmark: z.string(),
  tickers: z.number().int().nonnegative(),
  stock_years: z.number().finite().nonnegative(),
  engine_version: z.string(),
  actions: byAction(actionStatsSchema),
  all_dates: actionStatsSchema,
  /** Trades entered on random dates with the same stop, target and time limit. */
  control: tradeStatsSchema,
  buy_trades_by_setup: z.record(z.string(), tradeStatsSchema),
  /** Trading costs in basis points a side, taken from every trade's return and R (the controls' too). */
  costs_bp: z.number().nonnegative(),
  /** The same figures on the tickers the method was not tuned on (N–Z), when split. */
  out_of_sample: z.object({ tickers: z.number().int().nonnegative(), buy: tradeStatsSchema, control: tradeStatsSchema }).nullable(),
});
export type HistoricalSimulation = z.infer<typeof historicalSimulationSchema>;

/** The live BUY trades of one engine version, since that version made its first call. */
const engineVersionFiguresSchema = z.object({
  engine_version: z.string(),
  /** Session of the version's first call. */
  since: z.string(),
  /** Trades closed, and still open. */
  trades: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  win_rate: nullableNumber,
  avg_r: nullableNumber,
  avg_return: nullableNumber,
});
export type EngineVersionFiguresView = z.infer<typeof engineVersionFiguresSchema>;

export const trackRecordSummarySchema = z.object({
  /** The calls come from the demo market (simulated prices): they show how the record works, not the method's skill. */
  simulated: z.boolean(),
  /** Engine versions that made the calls, oldest first. */
  engine_versions: z.array(z.string()),
  /** Session of the first call, and the last session scored; null before any call. */
  first_call: z.string().nullable(),
  last_session: z.string().nullable(),
  /** When the figures were computed (ISO 8601); null before the first scoring. */
  computed_at: z.string().nullable(),
  calls: z.number().int().nonnegative(),
  setups: z.number().int().nonnegative(),
  actions: byAction(liveActionStatsSchema),
  buy_trades_by_setup: z.record(z.string(), tradeStatsSchema),
  /** Cumulative R of the closed BUY trades (each risking 1R), by exit date. */
  equity: z.array(z.object({ date: z.string(), r: fraction, trades: z.number().int().positive() })),
  /** The benchmark's change since the first call's session, by session. */
  benchmark: z.array(z.object({ date: z.string(), change: fraction })),
  benchmark_name: z.string(),
  /** The live BUY trades per engine version (oldest first): each version judged on the calls it made itself. */
  by_engine_version: z.array(engineVersionFiguresSchema),
  min_meaningful_trades: z.number().int().positive(),
  historical: z.array(historicalSimulationSchema),
});
export type TrackRecordSummary = z.infer<typeof trackRecordSummarySchema>;

const callStatusSchema = z.enum(["open", "target", "stop", "timed-out", "not-filled", "done"]);
export type CallStatusView = z.infer<typeof callStatusSchema>;

/** How a call has done since it was made (a public call, or an analysis in its user's own history). */
export const callOutcomeSchema = z.object({
  status: callStatusSchema,
  /** Sessions measured since the call. */
  sessions: z.number().int().nonnegative(),
  entry: z.object({ date: z.string(), price: z.number().finite() }).nullable(),
  exit: z.object({ date: z.string(), price: z.number().finite(), reason: z.enum(["stop", "target", "time"]) }).nullable(),
  /** The trade's R and return: at the exit, or at the last close while open; null before a fill. */
  r: nullableNumber,
  trade_return: nullableNumber,
  /** Excess return over the benchmark at +21/+63/+126 sessions, null until that session. */
  excess: z.object({ d21: nullableNumber, d63: nullableNumber, d126: nullableNumber }),
});
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

const trackRecordCallSchema = callOutcomeSchema.extend({
  id: z.string(),
  /** The session the call was published for. */
  date: z.string(),
  ticker: z.string(),
  action: recommendationActionSchema,
  /** 'Breakout', 'Flat base', 'Stage 4 decline'… as the report said. */
  setup: z.string(),
  base_type: z.string().nullable(),
  price: z.number().finite(),
  buy_point: nullableNumber,
  buy_range_high: nullableNumber,
  stop: nullableNumber,
  target: nullableNumber,
  rs_rating: nullableNumber,
  market_state: z.string().nullable(),
  engine_version: z.string(),
  simulated: z.boolean(),
  /** Sessions on which the same call was published again (1 = that day only so far). */
  days: z.number().int().positive(),
  /** The call opened a trade (the first BUY of a base). */
  trade: z.boolean(),
});
export type TrackRecordCall = z.infer<typeof trackRecordCallSchema>;

export const trackRecordCallsQuerySchema = z.object({
  action: z
    .enum(["BUY", "WATCH", "SELL", "buy", "watch", "sell"])
    .optional()
    .transform((a) => (a ? (a.toUpperCase() as "BUY" | "WATCH" | "SELL") : undefined)),
  ticker: z
    .string()
    .trim()
    .max(12)
    .regex(/^[A-Za-z0-9.\-^]*$/, "A ticker has letters, digits, '.', '-' or '^'.")
    .optional()
    .transform((t) => (t ? t.toUpperCase() : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type TrackRecordCallsQuery = z.output<typeof trackRecordCallsQuerySchema>;

export const trackRecordCallsPageSchema = z.object({
  calls: z.array(trackRecordCallSchema),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type TrackRecordCallsPage = z.infer<typeof trackRecordCallsPageSchema>;
