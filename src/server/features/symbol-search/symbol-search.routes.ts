import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { symbolSearchQuerySchema, symbolSearchResponseSchema } from "../../../contracts/symbol-search";
import { AppError } from "../../app-error";
import { RequestWindow } from "./request-window";
import type { SymbolSearchService } from "./symbol-search.service";

export interface SymbolSearchRouteOptions {
  symbols: () => Promise<SymbolSearchService>;
  /** Requests per client address per minute; default 120 (a debounced combobox sends a few per ticker). */
  perMinute?: number;
}

/** GET /api/symbols?q=nor: ticker suggestions for the analyze form (public, rate-limited per address). */
export async function symbolSearchRoutes(app: FastifyInstance, options: SymbolSearchRouteOptions): Promise<void> {
  const window = new RequestWindow(options.perMinute ?? 120, 60_000);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/symbols",
    {
      schema: {
        tags: ["research"],
        summary: "Ticker suggestions: tickers and company names matching q, best first (an empty q lists the demo market's companies)",
        description: "429 `rate_limited` past 120 requests a minute from one address; 503 `market_unavailable` when the provider's search cannot be reached.",
        querystring: symbolSearchQuerySchema,
        response: { 200: symbolSearchResponseSchema, 400: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      if (!window.take(request.ip)) throw new AppError(429, "rate_limited", "Too many requests. Please wait a minute and try again.");
      const result = await (await options.symbols()).search(request.query.q, request.query.limit);
      reply.header("cache-control", "public, max-age=300");
      return result;
    },
  );
}
