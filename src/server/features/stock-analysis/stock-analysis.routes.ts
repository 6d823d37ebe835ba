import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { barsParamsSchema, barsQuerySchema, barsResponseSchema } from "../../../contracts/market-bars";
import { SymbolNotFoundError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import { requireUser } from "../../plugins/require-user";
import { DEFAULT_ANALYSIS_CONFIG } from "../../../core/analysis/analysis-config";
import { benchmarkCloses, chartBars } from "./stock-analysis.service";

/** Price history for the report's chart (signed-in users). */
export async function stockAnalysisRoutes(app: FastifyInstance, deps: { market: () => Promise<MarketDataProvider> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/stocks/:ticker/bars",
    {
      preHandler: requireUser({ verified: false }),
      schema: {
        tags: ["research"],
        params: barsParamsSchema,
        querystring: barsQuerySchema,
        response: {
          200: barsResponseSchema,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const ticker = request.params.ticker.toUpperCase();
      const market = await deps.market();
      try {
        const bars = await chartBars(market, ticker, request.query.sessions);
        const averages = DEFAULT_ANALYSIS_CONFIG.trendTemplate.averages;
        if (request.query.benchmark !== "1") return { ticker, demo: market.demo, bars, averages };
        // The RS line is extra: without the benchmark's bars the chart still draws the stock's.
        const closes = await benchmarkCloses(market, bars.map((b) => b.date)).catch(() => []);
        const benchmark = { ticker: market.benchmarkTicker, bars: closes };
        return { ticker, demo: market.demo, bars, averages, benchmark };
      } catch (error) {
        if (error instanceof SymbolNotFoundError) throw new AppError(404, "not_found", error.message);
        throw error;
      }
    },
  );
}
