import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { SymbolNotFoundError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import { requireUser } from "../../plugins/require-user";
import { chartBars } from "./stock-analysis.service";

/** Price history for the report's chart (signed-in users). */
export async function stockAnalysisRoutes(app: FastifyInstance, deps: { market: () => Promise<MarketDataProvider> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/stocks/:ticker/bars",
    {
      preHandler: requireUser({ verified: false }),
      schema: {
        tags: ["research"],
        params: z.object({ ticker: z.string().min(1).max(12).regex(/^[A-Za-z0-9.\-^]+$/) }),
        querystring: z.object({ sessions: z.coerce.number().int().min(20).max(1260).default(260) }),
        response: {
          200: z.object({
            ticker: z.string(),
            demo: z.boolean(),
            bars: z.array(z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() })),
          }),
          404: errorBody,
        },
      },
    },
    async (request) => {
      const ticker = request.params.ticker.toUpperCase();
      const market = await deps.market();
      try {
        return { ticker, demo: market.demo, bars: await chartBars(market, ticker, request.query.sessions) };
      } catch (error) {
        if (error instanceof SymbolNotFoundError) throw new AppError(404, "not_found", error.message);
        throw error;
      }
    },
  );
}
