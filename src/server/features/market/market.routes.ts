import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { marketResponseSchema } from "../../../contracts/market";
import type { MarketService } from "./market.service";

/** GET /api/market: no auth; the market page of the latest session the daily screen stored (docs/product.md). */
export async function marketRoutes(app: FastifyInstance, options: { market: () => Promise<Pick<MarketService, "latest">> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/market",
    {
      schema: {
        tags: ["public"],
        response: { 200: marketResponseSchema },
        description:
          "The market direction with its distribution days and 120-session history, the screened universe's breadth and its history, sector and industry ranks by average RS, and the benchmark's bars. Before the first daily screen every field is null or empty.",
      },
    },
    async (_request, reply) => {
      const market = await (await options.market()).latest();
      // Before the first screen nothing may cache the empty page: it fills as soon as the run ends.
      void reply.header("cache-control", market.as_of === null ? "no-store" : "public, max-age=60");
      return market;
    },
  );
}
