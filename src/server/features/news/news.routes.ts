import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { newsPageSchema, newsQuerySchema } from "../../../contracts/news";
import type { NewsService } from "./news.service";

/** GET /api/news?page=0&size=10: a server-side proxy; provider keys never reach the browser. */
export async function newsRoutes(app: FastifyInstance, options: { news: () => Promise<NewsService> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/news",
    {
      schema: {
        tags: ["landing"],
        summary: "News to read: Quanta briefs, FMP articles and RSS/Atom feeds, newest first, HTML sanitised",
        description:
          "424 when every configured source fails: `upstream_html` ('API returned HTML instead of JSON. Please check API access.'), `upstream_error` ('Failed to fetch news: {status}'), `upstream_timeout` ('Failed to fetch news: 504').",
        querystring: newsQuerySchema,
        response: { 200: newsPageSchema, 400: errorBody, 424: errorBody },
      },
    },
    async (request, reply) => {
      const result = await (await options.news()).page(request.query.page, request.query.size);
      reply.header("cache-control", "public, max-age=60");
      return result;
    },
  );
}
