import { z } from "zod";

/** GET /api/public-buy-stocks?ticker=&action=BUY|WATCH: the landing page's lists (no sign-in). */
export const publicListQuerySchema = z.object({
  ticker: z.string().trim().max(12).optional().transform((t) => (t ? t.toUpperCase() : undefined)),
  action: z.enum(["BUY", "WATCH", "buy", "watch"]).optional().transform((a) => (a ? (a.toUpperCase() as "BUY" | "WATCH") : undefined)),
});
/** The query as the server reads it: an upper-case ticker and action. */
type PublicListQuery = z.output<typeof publicListQuerySchema>;
export type PublicListAction = NonNullable<PublicListQuery["action"]>;

/**
 * Where an item stands against its buy point (decision 018), computed by core/analysis/buy-point-position.ts:
 * `rank` 1 is the best setup of the answer (items come in rank order), `distance` is price ÷ buy point − 1
 * and `risk` is 1 − stop ÷ price (fractions rounded to a tenth of a percent, null when a figure is
 * missing), `extended` is true more than 5% above the buy point.
 */
const publicListSetupSchema = z.object({
  rank: z.number().int().positive(),
  distance: z.number().finite().nullable(),
  extended: z.boolean(),
  risk: z.number().finite().nullable(),
});
export type PublicListSetup = z.infer<typeof publicListSetupSchema>;

/**
 * Each item's `analysis` is a JSON string of {stock_summary, meta} (docs/product.md); `setup` is optional
 * so clients that read only the original three fields (id, analysis, timestamp), and stored answers without it, still fit.
 */
export const publicListResponseSchema = z.object({
  analyses: z.array(z.object({ id: z.string(), analysis: z.string(), timestamp: z.string(), setup: publicListSetupSchema.optional() })),
});
export type PublicListResponse = z.infer<typeof publicListResponseSchema>;
