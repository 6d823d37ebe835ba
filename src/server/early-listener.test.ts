import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { listenEarly, listenOrHandOver, openEarlyListener, type EarlyListener } from "./early-listener";

const TIMEOUTS = { requestMs: 10_000, headersMs: 5_000, keepAliveMs: 5_000 };
const listeners: EarlyListener[] = [];
afterEach(async () => {
  for (const listener of listeners.splice(0)) if (listener.server.listening) await listener.close();
});

function base(listener: EarlyListener): string {
  return `http://127.0.0.1:${String((listener.server.address() as AddressInfo).port)}`;
}

describe("listenEarly", () => {
  it("answers the health checks while the app loads, holds other requests, then hands them over", async () => {
    const early = await listenEarly({ host: "127.0.0.1", port: 0, timeouts: TIMEOUTS });
    listeners.push(early);
    const health = await fetch(`${base(early)}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "starting" });
    const ready = await fetch(`${base(early)}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "starting", error: "The database is not ready yet.", code: "not_ready" });
    expect((await fetch(`${base(early)}/healthz`, { method: "HEAD" })).status).toBe(200);

    const waiting = fetch(`${base(early)}/api/config`);
    await expect.poll(() => early.waiting()).toBe(1);
    early.handOver((request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(`app answers ${request.url ?? ""}`);
    });
    expect(await (await waiting).text()).toBe("app answers /api/config");
    expect(await (await fetch(`${base(early)}/healthz`)).text()).toBe("app answers /healthz");
  });

  it("fails when the port is taken", async () => {
    const first = await listenEarly({ host: "127.0.0.1", port: 0, timeouts: TIMEOUTS });
    listeners.push(first);
    const port = (first.server.address() as AddressInfo).port;
    await expect(listenEarly({ host: "127.0.0.1", port, timeouts: TIMEOUTS })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe("listenOrHandOver", () => {
  it("gives the Fastify app the port the process entry opened, and closes it with the app", async () => {
    const early = await openEarlyListener({ host: "127.0.0.1", port: 0, timeouts: TIMEOUTS });
    listeners.push(early);
    const waiting = fetch(`${base(early)}/hello?name=x`);
    await expect.poll(() => early.waiting()).toBe(1);

    const app = Fastify({ logger: false });
    app.get("/hello", async (request) => ({ hello: (request.query as { name: string }).name }));
    app.get("/healthz", async () => ({ status: "ok" }));
    await listenOrHandOver(app, { host: "127.0.0.1", port: 0 });
    expect(await (await waiting).json()).toEqual({ hello: "x" });
    expect(await (await fetch(`${base(early)}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${base(early)}/nope`)).status).toBe(404);
    // Fastify's own server never listened: the one port is the early one.
    expect(app.server.listening).toBe(false);

    await app.close();
    expect(early.server.listening).toBe(false);
  });
});
