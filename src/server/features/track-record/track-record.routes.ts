import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { trackRecordCallsPageSchema, trackRecordCallsQuerySchema, trackRecordSummarySchema } from "../../../contracts/track-record";
import type { TrackRecordService } from "./track-record.service";

/**
 * GET /api/track-record: the record's figures (no sign-in).
 * GET /api/track-record/calls: its distinct calls with their outcomes, newest first, paged.
 */
export async function trackRecordRoutes(app: FastifyInstance, options: { trackRecord: () => Promise<Pick<TrackRecordService, "summary" | "calls">> }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/track-record",
    {
      schema: {
        tags: ["public"],
        response: { 200: trackRecordSummarySchema },
        description:
          "Every call the daily screen published, scored against the market: per action (BUY/WATCH/SELL) the calls, distinct setups, hit rate, median excess return at +21/+63/+126 sessions, and for BUY trades the win rate and average R with its 95% interval; the equity curve of all BUY trades (1R each) against the benchmark; BUY trades by base; and the historical simulations of docs/track-record.md. `simulated` is true on the demo market.",
      },
    },
    async (_request, reply) => {
      // Recomputed after each daily run: a minute of caching costs nothing.
      reply.header("cache-control", "public, max-age=60");
      return (await options.trackRecord()).summary();
    },
  );
  api.get(
    "/api/track-record/calls",
    {
      schema: {
        tags: ["public"],
        querystring: trackRecordCallsQuerySchema,
        response: { 200: trackRecordCallsPageSchema },
        description:
          "The record's distinct calls (a call repeated on following sessions is one, with `days`), newest first: levels at the call, status (open, target, stop, timed-out, not-filled, done), R and return of the trade so far, excess return over the benchmark at +21/+63/+126 sessions. Filters: `action`, `ticker`; paging: `page`, `page_size` (≤ 100).",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return (await options.trackRecord()).calls(request.query);
    },
  );
}
