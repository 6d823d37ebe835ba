import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicListQuerySchema } from "../../../contracts/public-list";
import { publicRefreshStatusSchema } from "../../../contracts/public-refresh-status";
import type { ListBody, PublicRecommendationsService } from "./public-recommendations.service";
import type { PublicRefreshService } from "./public-refresh.service";

const EMPTY_LIST = Buffer.from(`{"analyses":[]}`);

/** The headers of an answer, plain and gzipped: computed once per body (a body is cached and shared). */
interface ListHeaders {
  plain: Record<string, string>;
  gzip: Record<string, string>;
}

function listHeaders({ body }: ListBody): ListHeaders {
  // An empty list is the state of a screen still running (a fresh installation's first run):
  // no cache may keep it, so the lists appear as soon as the run finishes.
  const plain = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": body.equals(EMPTY_LIST) ? "no-store" : "public, max-age=60",
    vary: "accept-encoding",
  };
  return { plain, gzip: { ...plain, "content-encoding": "gzip" } };
}

/**
 * GET /api/public-buy-stocks: no auth; each item's `analysis` is a JSON string (docs/product.md).
 * GET /api/public-lists/status: no auth; whether the daily screen behind the lists is running.
 */
export async function publicRecommendationRoutes(
  app: FastifyInstance,
  options: { publicRecommendations: () => Promise<PublicRecommendationsService>; publicRefresh: () => Promise<Pick<PublicRefreshService, "status">> },
): Promise<void> {
  const headersByBody = new WeakMap<ListBody, ListHeaders>();
  const sendList = (request: FastifyRequest, reply: FastifyReply, listed: ListBody): FastifyReply => {
    let headers = headersByBody.get(listed);
    if (!headers) headersByBody.set(listed, (headers = listHeaders(listed)));
    const acceptsGzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    return acceptsGzip ? reply.headers(headers.gzip).send(listed.gzip) : reply.headers(headers.plain).send(listed.body);
  };
  /** The service, once the database is open (until then each request waits for it). */
  let service: PublicRecommendationsService | undefined;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/public-buy-stocks",
    {
      schema: {
        tags: ["public"],
        querystring: publicListQuerySchema,
        description: "Answers `{analyses: [{id, analysis (a JSON string of {stock_summary, meta}), timestamp}]}`.",
      },
    },
    (request, reply) => {
      // A fresh cached body is answered at once, without awaiting the service or a promise: the
      // route is the app's busiest, and each await costs a turn of the event loop per request.
      const listed = service?.listBody(request.query);
      // (A synchronous handler that has sent its answer returns nothing: Fastify would send a returned value.)
      if (listed !== undefined && !(listed instanceof Promise)) {
        sendList(request, reply, listed);
        return;
      }
      return (async () => {
        service ??= await options.publicRecommendations();
        return sendList(request, reply, await (listed ?? service.listBody(request.query)));
      })();
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
