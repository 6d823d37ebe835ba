import { z } from "zod";

/**
 * GET /api/public-lists/status (no auth): whether the daily screen behind the public 'Stocks to buy /
 * watch' lists is running. While the first run of a fresh installation runs, the lists are empty and
 * the pages say 'Refreshing…' (with the progress when known) instead of 'no stocks'.
 */
export const publicRefreshStatusSchema = z.object({
  /** A run is in progress (or due and not yet started) and no finished list exists yet for it. */
  refreshing: z.boolean(),
  /** When the newest finished run ended (ISO 8601), or null if none has. */
  finishedAt: z.string().nullable(),
  /** Tickers done / in the universe of the run in progress, or null when none is. */
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).nullable(),
});
export type PublicRefreshStatus = z.infer<typeof publicRefreshStatusSchema>;
