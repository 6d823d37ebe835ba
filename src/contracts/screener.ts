import { z } from "zod";
import type { SetupKind } from "../core/analysis/analysis-facts";

/**
 * The screener (decision 059): every stock of the latest daily screen, filtered, sorted and paged in the
 * database, and a signed-in user's saved screens.
 *
 * GET    /api/screener?action=&setup=&min_rs=…&sort=-rs_rating&page=1&page_size=50
 * GET    /api/screens          the user's saved screens, with the plan's limit
 * POST   /api/screens          { name, query }: save a screen (free 3, premium 20)
 * DELETE /api/screens/:id      remove one
 *
 * Fractions are fractions (0.021 = 2.1%).
 */

/** Every setup the engine names (core/analysis/analysis-facts.ts), in its order. */
export const SCREENER_SETUPS = [
  "VCP",
  "Flat base",
  "Cup with handle",
  "Breakout",
  "Extended",
  "Past the buy window",
  "Pullback to the 50-day SMA",
  "Pullback to the 50-day EMA",
  "Failed breakout",
  "Stop hit",
  "50-day line broken",
  "Stage 4 decline",
  "Downtrend",
  "No base",
] as const satisfies readonly SetupKind[];

/** The columns a screen can be sorted by (each also with a leading `-` for descending). */
export const SCREENER_COLUMNS = [
  "ticker",
  "company",
  "sector",
  "industry",
  "price",
  "change_pct",
  "volume_ratio",
  "dollar_volume",
  "action",
  "setup",
  "buy_point_distance",
  "stop_risk",
  "rs_rating",
  "tt_score",
  "below_high_pct",
  "eps_growth",
  "demo",
] as const;
export type ScreenerColumn = (typeof SCREENER_COLUMNS)[number];
export type ScreenerSort = ScreenerColumn | `-${ScreenerColumn}`;

const SORTS: readonly ScreenerSort[] = [...SCREENER_COLUMNS, ...SCREENER_COLUMNS.map((c) => `-${c}` as const)];
export const screenerSortSchema = z.enum(SORTS as [ScreenerSort, ...ScreenerSort[]]);

const groupName = z.string().trim().min(1).max(80);
const nonNegative = z.coerce.number().finite().min(0).max(1e15);

/** The filters, sort and page size of a screen: what a saved screen and the URL hold. */
const screenerFieldsSchema = z
  .object({
    action: z.enum(["BUY", "WATCH", "SELL"]).optional(),
    setup: z.enum(SCREENER_SETUPS).optional(),
    /** RS rating ≥ (1–99). */
    min_rs: z.coerce.number().int().min(1).max(99).optional(),
    /** Trend Template score ≥ (0–8). */
    min_tt: z.coerce.number().int().min(0).max(8).optional(),
    /** Within this fraction of the buy point, either side (0.05 = 5%). */
    max_buy_distance: z.coerce.number().finite().min(0).max(1).optional(),
    sector: groupName.optional(),
    industry: groupName.optional(),
    min_price: nonNegative.optional(),
    /** Average daily dollar volume over 50 sessions ≥. */
    min_dollar_volume: nonNegative.optional(),
    sort: screenerSortSchema.default("-rs_rating"),
    page_size: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

/** GET /api/screener's query string. */
export const screenerQuerySchema = screenerFieldsSchema.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
export type ScreenerQuery = z.output<typeof screenerQuerySchema>;
/** A screen without its page: what presets and saved screens hold. */
export const savedScreenQuerySchema = screenerFieldsSchema;
export type ScreenDefinition = z.output<typeof savedScreenQuerySchema>;

export const screenerRowSchema = z.object({
  ticker: z.string(),
  company: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  price: z.number().finite().nullable(),
  /** Close ÷ the previous close − 1. */
  change_pct: z.number().finite().nullable(),
  /** The session's volume ÷ its 50-day average. */
  volume_ratio: z.number().finite().nullable(),
  /** Average daily dollar volume over 50 sessions. */
  dollar_volume: z.number().finite().nullable(),
  action: z.enum(["BUY", "WATCH", "SELL"]),
  setup: z.string().nullable(),
  /** Price ÷ buy point − 1 (as the public list's `setup.distance`). */
  buy_point_distance: z.number().finite().nullable(),
  /** 1 − stop ÷ price. */
  stop_risk: z.number().finite().nullable(),
  rs_rating: z.number().int().nullable(),
  tt_score: z.number().int().nullable(),
  /** How far below the 52-week high, a fraction ≥ 0. */
  below_high_pct: z.number().finite().nullable(),
  /** The latest quarter's EPS growth, a fraction, where known. */
  eps_growth: z.number().finite().nullable(),
  demo: z.boolean(),
  as_of: z.string(),
});
export type ScreenerRow = z.infer<typeof screenerRowSchema>;

export const screenerResponseSchema = z.object({
  /** The newest `as_of` of the screened rows; null before the first daily screen. */
  as_of: z.string().nullable(),
  /** How many rows match the filters, over every page. */
  total: z.number().int().min(0),
  rows: z.array(screenerRowSchema),
});
export type ScreenerResponse = z.infer<typeof screenerResponseSchema>;

export const savedScreenSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: savedScreenQuerySchema,
  created_at: z.string(),
});
export type SavedScreen = z.infer<typeof savedScreenSchema>;

export const savedScreensResponseSchema = z.object({
  screens: z.array(savedScreenSchema),
  /** How many screens the user's plan may save (free 3, premium 20 by default). */
  limit: z.number().int().positive(),
  plan: z.enum(["free", "premium"]),
  /** What premium saves (SCREENS_PREMIUM_LIMIT), for the free plan's invitation. */
  premium_limit: z.number().int().positive(),
});
export type SavedScreensResponse = z.infer<typeof savedScreensResponseSchema>;

export const createScreenRequestSchema = z
  .object({
    name: z.string().trim().min(1, "Name the screen.").max(60, "A screen's name has at most 60 characters."),
    query: savedScreenQuerySchema,
  })
  .strict();
export type CreateScreenRequest = z.input<typeof createScreenRequestSchema>;

export const screenIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const SCREEN_LIMIT_CODE = "screen_limit_reached";
export const SCREEN_DUPLICATE_CODE = "screen_name_taken";

export interface ScreenerPreset {
  id: string;
  label: string;
  description: string;
  query: Partial<ScreenDefinition>;
}

/** The screens the page offers ready-made. */
export const SCREENER_PRESETS: readonly ScreenerPreset[] = [
  {
    id: "breakouts-today",
    label: "Breakouts today",
    description: "Stocks breaking out of a base, heaviest volume first.",
    query: { setup: "Breakout", sort: "-volume_ratio" },
  },
  {
    id: "near-buy-point",
    label: "Near the buy point",
    description: "BUY calls priced within 5% of their buy point, either side.",
    query: { action: "BUY", max_buy_distance: 0.05, sort: "buy_point_distance" },
  },
  {
    id: "leaders",
    label: "Leaders: RS ≥ 90 and Trend Template 8/8",
    description: "The strongest stocks that pass every Trend Template rule.",
    query: { min_rs: 90, min_tt: 8, sort: "-rs_rating" },
  },
];
