import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { symbolSearchQuerySchema, symbolSearchResponseSchema } from "../../../contracts/symbol-search";
import type { SymbolSearchService } from "./symbol-search.service";

export interface SymbolSearchRouteOptions {
  symbols: () => Promise<SymbolSearchService>;
}

/** GET /api/symbols?q=nor: ticker suggestions for the analyze form (public, rate-limited per client). */
export async function symbolSearchRoutes(app: FastifyInstance, options: SymbolSearchRouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/symbols",
    {
      schema: {
        tags: ["research"],
        summary: "Ticker suggestions: tickers and company names matching q, best first (an empty q lists the demo market's companies)",
        description: "429 `rate_limited` past 120 requests a minute from one client (an IPv4 address or an IPv6 /64, counted across every instance); 503 `market_unavailable` when the provider's search cannot be reached.",
        querystring: symbolSearchQuerySchema,
        response: { 200: symbolSearchResponseSchema, 400: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const result = await (await options.symbols()).search(request.query.q, request.query.limit, request.ip);
      reply.header("cache-control", "public, max-age=300");
      return result;
    },
  );
}
