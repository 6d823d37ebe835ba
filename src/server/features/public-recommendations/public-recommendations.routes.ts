import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicListQuerySchema } from "../../../contracts/public-list";
import { publicRefreshStatusSchema } from "../../../contracts/public-refresh-status";
import type { PublicRecommendationsService } from "./public-recommendations.service";
import type { PublicRefreshService } from "./public-refresh.service";

const EMPTY_LIST = Buffer.from(`{"analyses":[]}`);

/**
 * GET /api/public-buy-stocks: no auth; each item's `analysis` is a JSON string (SPEC.md §7).
 * GET /api/public-lists/status: no auth; whether the daily screen behind the lists is running.
 */
export async function publicRecommendationRoutes(
  app: FastifyInstance,
  options: { publicRecommendations: () => Promise<PublicRecommendationsService>; publicRefresh: () => Promise<Pick<PublicRefreshService, "status">> },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/public-buy-stocks",
    {
      schema: {
        tags: ["public"],
        querystring: publicListQuerySchema,
        description: "Answers `{analyses: [{id, analysis (a JSON string of {stock_summary, meta}), timestamp}]}`.",
      },
    },
    async (request, reply) => {
      // The body is built and cached as serialised (and gzipped) JSON, so it is sent as it is.
      const { body, gzip } = await (await options.publicRecommendations()).listBody(request.query);
      // An empty list is the state of a screen still running (a fresh installation's first run):
      // no cache may keep it, so the lists appear as soon as the run finishes.
      const cacheControl = body.equals(EMPTY_LIST) ? "no-store" : "public, max-age=60";
      reply.type("application/json; charset=utf-8").header("cache-control", cacheControl).header("vary", "accept-encoding");
      const acceptsGzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
      return acceptsGzip ? reply.header("content-encoding", "gzip").send(gzip) : reply.send(body);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/public-lists/status",
    {
      schema: {
        tags: ["public"],
        response: { 200: publicRefreshStatusSchema },
        description: "Whether the daily screen is running: `{refreshing, finishedAt, progress: {done, total} | null}`. `refreshing` is true while the first run builds the lists (the pages say 'Refreshing…').",
      },
    },
    // The answer changes while a run progresses: not cached (the API's default no-store).
    async () => (await options.publicRefresh()).status(),
  );
}
