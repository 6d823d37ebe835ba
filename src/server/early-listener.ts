import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * The port, opened before the app's modules load (decision 025). Loading Fastify, better-auth, the AI
 * SDK, Stripe and the rest takes seconds on a busy machine; a supervisor that sees no answer at
 * /healthz meanwhile may restart a process that is only starting. So the process entry (start.ts)
 * listens first with node:http alone: /healthz answers 'starting', /readyz 503, and every other
 * request waits until the app is built and takes over the same server (`listenOrHandOver`).
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface EarlyListenerOptions {
  host: string;
  port: number;
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
}

export interface EarlyListener {
  server: http.Server;
  /** Requests received before the app took over, not yet answered. */
  waiting(): number;
  /** The app's handler answers from now on, starting with the requests that waited. */
  handOver(handler: Handler): void;
  close(): Promise<void>;
}

const STARTING_HEALTH = JSON.stringify({ status: "starting" });
const STARTING_READY = JSON.stringify({ status: "starting", error: "The database is not ready yet.", code: "not_ready" });

function answer(response: ServerResponse, status: number, body: string, head: boolean): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
  response.end(head ? undefined : body);
}

/** Opens the port and answers the health checks while the app loads (contracts/health.ts shapes). */
export function listenEarly(options: EarlyListenerOptions): Promise<EarlyListener> {
  let handler: Handler | undefined;
  const queue: Array<[IncomingMessage, ServerResponse]> = [];
  const server = http.createServer(
    {
      headersTimeout: options.timeouts.headersMs,
      requestTimeout: options.timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1000, options.timeouts.headersMs),
    },
    (request, response) => {
      if (handler) return handler(request, response);
      const path = (request.url ?? "/").split("?")[0]?.replace(/\/$/, "");
      const readOnly = request.method === "GET" || request.method === "HEAD";
      if (readOnly && path === "/healthz") return answer(response, 200, STARTING_HEALTH, request.method === "HEAD");
      if (readOnly && path === "/readyz") return answer(response, 503, STARTING_READY, request.method === "HEAD");
      queue.push([request, response]);
    },
  );
  server.keepAliveTimeout = options.timeouts.keepAliveMs;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off("error", reject);
      resolve({
        server,
        waiting: () => queue.filter(([, response]) => !response.writableEnded && !response.destroyed).length,
        handOver(next) {
          handler = next;
          for (const [request, response] of queue.splice(0)) if (!response.destroyed) next(request, response);
        },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

let opened: EarlyListener | undefined;

/** Called by the process entry (start.ts): the port this process already listens on. */
export async function openEarlyListener(options: EarlyListenerOptions): Promise<EarlyListener> {
  opened = await listenEarly(options);
  return opened;
}

/**
 * main.ts's listen: the app takes over the port start.ts opened, or listens itself when main.ts is
 * the entry (tsx in development, tests that spawn it).
 */
export async function listenOrHandOver(app: FastifyInstance, address: { host: string; port: number }): Promise<void> {
  const early = opened;
  if (!early) {
    await app.listen(address);
    return;
  }
  app.addHook("onClose", async () => early.close());
  await app.ready();
  // Fastify's answer to malformed requests (400 with its error shape) on this server too.
  for (const listener of app.server.listeners("clientError")) early.server.on("clientError", listener as (...args: unknown[]) => void);
  early.handOver((request, response) => app.routing(request, response));
  const bound = early.server.address();
  app.log.info(`Server listening at http://${address.host}:${String(typeof bound === "object" && bound ? bound.port : address.port)}`);
}
