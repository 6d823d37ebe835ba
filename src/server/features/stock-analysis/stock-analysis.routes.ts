import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SymbolNotFoundError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import type { AuthenticatedUser } from "../../plugins/authenticate";
import { chartBars } from "./stock-analysis.service";

const errorBody = z.object({ error: z.string(), code: z.string() });

/** Price history for the report's chart (signed-in users). */
export function registerStockAnalysisRoutes(
  app: FastifyInstance,
  deps: { authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>; provider: MarketDataProvider },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/stocks/:ticker/bars",
    {
      schema: {
        tags: ["research"],
        security: [{ bearer: [] }],
        params: z.object({ ticker: z.string().min(1).max(12).regex(/^[A-Za-z0-9.\-^]+$/) }),
        querystring: z.object({ sessions: z.coerce.number().int().min(20).max(1260).default(260) }),
        response: {
          200: z.object({
            ticker: z.string(),
            demo: z.boolean(),
            bars: z.array(z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() })),
          }),
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      await deps.authenticate(request);
      const ticker = request.params.ticker.toUpperCase();
      try {
        return { ticker, demo: deps.provider.demo, bars: await chartBars(deps.provider, ticker, request.query.sessions) };
      } catch (error) {
        if (error instanceof SymbolNotFoundError) throw new AppError(404, "not_found", error.message);
        throw error;
      }
    },
  );
}
