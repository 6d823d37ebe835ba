import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { LEGACY_GOOGLE_CALLBACK_PATH, type Auth } from "./auth";

/**
 * Hands /api/auth/* to better-auth as a Web Request and copies its Response back. The body is kept
 * raw (better-auth parses it itself) and the client address comes from Fastify, never from the
 * caller's own X-Forwarded-For, so the sign-in rate limit cannot be dodged by a forged header.
 */
/** Google's redirect comes back to the registered legacy address; better-auth 1.7 serves it at /callback/:id. */
function betterAuthPath(url: string): string {
  return url.startsWith(LEGACY_GOOGLE_CALLBACK_PATH) ? `/api/auth/callback/${url.slice("/api/auth/oauth2/callback/".length)}` : url;
}

export function registerAuthRoutes(app: FastifyInstance, config: AppConfig, getAuth: () => Promise<Auth>): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await getAuth();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === "x-forwarded-for" || name === "x-real-ip") continue;
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      headers.set("x-forwarded-for", request.ip);
      const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
      const response = await auth.handler(
        new Request(`${config.appUrl}${betterAuthPath(request.url)}`, {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
        }),
      );
      reply.status(response.status);
      // The Google popup's pages must keep their window.opener to report back: a COOP header here
      // would move the popup into another browsing context group and cut that link.
      reply.removeHeader("cross-origin-opener-policy");
      response.headers.forEach((value, name) => {
        if (name === "set-cookie" || name === "content-length") return;
        reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };

    scope.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler });
  });
}
