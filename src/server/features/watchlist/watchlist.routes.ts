import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alertSettingsSchema, alertsSchema, unsubscribeResultSchema, updateAlertSettingsSchema } from "../../../contracts/alerts";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { addWatchRequestSchema, updateWatchRequestSchema, watchItemSchema, watchlistSchema, watchTickerParamsSchema } from "../../../contracts/watchlist";
import { paths } from "../../../contracts/paths";
import { requireUser, verifiedUser } from "../../plugins/require-user";
import type { RateLimit } from "../../rate-limit/shared-rate-limiter";
import type { WatchlistService } from "./watchlist.service";

/** The unsubscribe link's parameters, from the query (mail clients' one-click POST) or a JSON body (the page). */
const unsubscribeQuerySchema = z.object({ user: z.string().min(1).max(128).optional(), token: z.string().min(1).max(256).optional() }).strict();
const unsubscribeBodySchema = z
  .object({
    user: z.string().min(1).max(128).optional(),
    token: z.string().min(1).max(256).optional(),
    // RFC 8058: the body a mail client's one-click unsubscribe posts.
    "List-Unsubscribe": z.literal("One-Click").optional(),
  })
  .strict()
  .nullish();

type WatchlistDeps = { watchlist: () => Promise<WatchlistService>; addLimit: () => Promise<RateLimit> };

/** The watched stocks: list, add (rate-limited), change alert rules or price alerts, remove. */
function watchedStockRoutes(app: FastifyInstance, deps: WatchlistDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser({ verified: true });

  typed.get(
    "/api/watchlist",
    { preHandler, schema: { tags: ["watchlist"], summary: "Your watch list: each stock's latest call, price, distance to the buy point and stop, and its alert rules", response: { 200: watchlistSchema } } },
    async (request) => (await deps.watchlist()).list(verifiedUser(request)),
  );

  typed.post(
    "/api/watchlist",
    {
      preHandler,
      schema: {
        tags: ["watchlist"],
        summary: "Watch a stock (free plan up to 10, premium up to 100)",
        description: "429 `rate_limited` past 30 adds an hour by one user (counted across every instance).",
        body: addWatchRequestSchema,
        response: { 201: watchItemSchema, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = verifiedUser(request);
      await (await deps.addLimit()).take(user.id);
      return reply.code(201).send(await (await deps.watchlist()).add(user, request.body.ticker));
    },
  );

  typed.patch(
    "/api/watchlist/:ticker",
    {
      preHandler,
      schema: {
        tags: ["watchlist"],
        summary: "Switch a watched stock's alert rules, or set or clear its price alerts (null clears)",
        params: watchTickerParamsSchema,
        body: updateWatchRequestSchema,
        response: { 200: watchItemSchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => (await deps.watchlist()).update(verifiedUser(request), request.params.ticker, request.body),
  );

  typed.delete(
    "/api/watchlist/:ticker",
    { preHandler, schema: { tags: ["watchlist"], summary: "Stop watching a stock", params: watchTickerParamsSchema, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await (await deps.watchlist()).remove(verifiedUser(request), request.params.ticker);
      return reply.code(204).send(null);
    },
  );
}

/** The bell's alerts and the alert settings. */
function alertRoutes(app: FastifyInstance, deps: WatchlistDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser({ verified: true });

  typed.get(
    "/api/alerts",
    { preHandler, schema: { tags: ["watchlist"], summary: "The last 30 days of your alerts, newest first, and how many are unread", response: { 200: alertsSchema } } },
    async (request) => (await deps.watchlist()).alerts(verifiedUser(request)),
  );

  typed.post(
    "/api/alerts/read",
    { preHandler, schema: { tags: ["watchlist"], summary: "Mark every alert read", response: { 204: z.null() } } },
    async (request, reply) => {
      await (await deps.watchlist()).markRead(verifiedUser(request));
      return reply.code(204).send(null);
    },
  );

  typed.get(
    "/api/alert-settings",
    { preHandler, schema: { tags: ["watchlist"], summary: "The daily digest switch and which rules raise alerts", response: { 200: alertSettingsSchema } } },
    async (request) => (await deps.watchlist()).settings(verifiedUser(request)),
  );

  typed.put(
    "/api/alert-settings",
    { preHandler, schema: { tags: ["watchlist"], summary: "Change the digest switch or the rules", body: updateAlertSettingsSchema, response: { 200: alertSettingsSchema, 400: errorBody } } },
    async (request) => (await deps.watchlist()).updateSettings(verifiedUser(request), request.body),
  );
}

/** The digest e-mail's unsubscribe link: opened (a page that asks first) or posted (one click, signed, no sign-in). */
async function unsubscribeRoutes(app: FastifyInstance, deps: WatchlistDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // A mail client that opens the List-Unsubscribe address instead of posting to it lands on the page,
  // which asks before it changes anything.
  typed.get(
    "/api/alerts/unsubscribe",
    { schema: { tags: ["watchlist"], summary: "Opens the unsubscribe page for the link's user and token", querystring: unsubscribeQuerySchema } },
    async (request, reply) => reply.redirect(paths.unsubscribeAlerts(request.query.user ?? "", request.query.token ?? ""), 303),
  );

  // The one-click unsubscribe is posted by mail clients as a form (RFC 8058), without a session or
  // CSRF token: the link's signature is its proof, and all it can do is turn alert e-mails off.
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4 * 1024 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/alerts/unsubscribe",
      {
        bodyLimit: 4 * 1024,
        schema: {
          tags: ["watchlist"],
          summary: "Turn the alert e-mails off with the digest's signed link (user and token in the query or the body; no sign-in)",
          querystring: unsubscribeQuerySchema,
          body: unsubscribeBodySchema,
          response: { 200: unsubscribeResultSchema, 400: errorBody },
        },
      },
      async (request) => {
        const user = request.body?.user ?? request.query.user ?? "";
        const token = request.body?.token ?? request.query.token ?? "";
        await (await deps.watchlist()).unsubscribe(user, token);
        return { unsubscribed: true as const };
      },
    );
  });
}

/** The watch list, the bell and the alert settings of the signed-in, verified user; the e-mail's unsubscribe. */
export async function watchlistRoutes(app: FastifyInstance, deps: WatchlistDeps): Promise<void> {
  watchedStockRoutes(app, deps);
  alertRoutes(app, deps);
  await unsubscribeRoutes(app, deps);
}
