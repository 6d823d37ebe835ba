import { z } from "zod";

/** GET /api/public-buy-stocks?ticker=&action=BUY|WATCH: the landing page's lists (no sign-in). */
export const publicListQuerySchema = z.object({
  ticker: z.string().trim().max(12).optional().transform((t) => (t ? t.toUpperCase() : undefined)),
  action: z.enum(["BUY", "WATCH", "buy", "watch"]).optional().transform((a) => (a ? (a.toUpperCase() as "BUY" | "WATCH") : undefined)),
});
/** The query as the server reads it: an upper-case ticker and action. */
export type PublicListQuery = z.output<typeof publicListQuerySchema>;
export type PublicListAction = NonNullable<PublicListQuery["action"]>;

/** Each item's `analysis` is a JSON string of {stock_summary, meta} (SPEC.md §7). */
export const publicListResponseSchema = z.object({
  analyses: z.array(z.object({ id: z.string(), analysis: z.string(), timestamp: z.string() })),
});
export type PublicListResponse = z.infer<typeof publicListResponseSchema>;
