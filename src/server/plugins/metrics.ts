import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "../app-error";
import type { Metrics } from "../metrics/metrics";

const METRICS_PATH = "/metrics";
export const METRICS_TOKEN_CODE = "metrics_token_required";
const METRICS_TOKEN_MESSAGE = "The metrics need a token: send the header 'Authorization: Bearer <METRICS_TOKEN>'.";

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time (digests, so lengths do not show). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (presented === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Request metrics and GET /metrics. Register it before the routes: the onResponse hook times every
 * request the app answers after it (by route pattern, so the series stay bounded). With a token
 * (METRICS_TOKEN) the scrape needs `Authorization: Bearer <token>`, else 401; without one it is open,
 * for a Prometheus on a private network. A GET, so CSRF does not apply; the app has no global rate
 * limit, and a scraper is not held to one. Hidden from the OpenAPI document (an operator's endpoint,
 * not the product's API); the README documents it.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: Metrics; token: string | undefined }): void {
  const { metrics, token } = options;
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, METRICS_TOKEN_CODE, METRICS_TOKEN_MESSAGE);
    }
    const text = await metrics.render();
    return reply.header("cache-control", "no-store").type(metrics.contentType).send(text);
  });
}
