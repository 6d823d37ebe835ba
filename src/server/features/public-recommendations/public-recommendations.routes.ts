import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicListQuerySchema } from "../../../contracts/public-list";
import type { PublicRecommendationsService } from "./public-recommendations.service";

/** GET /api/public-buy-stocks: no auth; each item's `analysis` is a JSON string (SPEC.md §7). */
export async function publicRecommendationRoutes(
  app: FastifyInstance,
  options: { publicRecommendations: () => Promise<PublicRecommendationsService> },
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
      reply.type("application/json; charset=utf-8").header("cache-control", "public, max-age=60").header("vary", "accept-encoding");
      const acceptsGzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
      return acceptsGzip ? reply.header("content-encoding", "gzip").send(gzip) : reply.send(body);
    },
  );
}
