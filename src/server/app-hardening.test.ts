import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import { MemoryMailSender } from "./test-support/memory-mail-sender";
import { CachedMarketDataProvider } from "./adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "./adapters/market/demo";
import { testDatabaseKinds } from "./test-support/test-database";
import type { InjectOptions } from "fastify";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, TEST_AUTH_SECRET, type TestApp } from "./test-support/test-app";
import { createServices } from "./composition/create-services";
import { createLogger } from "./logger";

const [pglite] = testDatabaseKinds("storage-only");

describe("HTTP hardening", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("says 'starting' at /healthz until the database is open, then 'ok'", async () => {
    let open: (handle: DatabaseHandle) => void = () => undefined;
    const database = new Promise<DatabaseHandle>((resolve) => (open = resolve));
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./.tmp/test-data" });
    const logger = createLogger(config);
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 }));
    const services = database.then((handle) => createServices(config, { database: handle, logger, now: () => new Date(), market }));
    const app = await buildApp(config, {
      services,
      logger,
      mail: new MemoryMailSender(),
      outbox: undefined,
      authSecret: TEST_AUTH_SECRET,
      webRoot: undefined,
    });
    const handle = await pglite!.open();
    try {
      expect(json(await app.inject({ url: "/healthz" }))).toEqual({ status: "starting" });
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
      open(handle);
      await services;
      expect(json(await app.inject({ url: "/healthz" }))).toEqual({ status: "ok" });
      expect(json(await app.inject({ url: "/readyz" }))).toEqual({ status: "ready" });
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it("sends HSTS only when APP_URL is https", async () => {
    t = await startTestApp(pglite!);
    expect((await t.app.inject({ url: "/healthz" })).headers["strict-transport-security"]).toBeUndefined();
    await t.close();
    t = await startTestApp(pglite!, { APP_URL: "https://quanta.example.com" });
    expect((await t.app.inject({ url: "/healthz" })).headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("marks every API answer no-store unless the route caches on purpose", async () => {
    t = await startTestApp(pglite!);
    const { jwt } = await createVerifiedUser(t, "cache@example.com");
    const bearer = { authorization: `Bearer ${jwt}` };
    for (const url of ["/api/me", "/api/billing/subscription", "/api/auth/token", "/api/nope"]) {
      const headers = url === "/api/auth/token" ? {} : bearer;
      expect((await t.app.inject({ url, headers })).headers["cache-control"], url).toBe("no-store");
    }
    // The public list is cached on purpose, once it holds analyses (an empty one is a screen still running).
    await t.services.publicRefresh.refresh();
    expect((await t.app.inject({ url: "/api/public-buy-stocks" })).headers["cache-control"]).toBe("public, max-age=60");
  });

  it("marks every signed-in answer no-store outside /api/ too: history, analyze, CSV, deletes", async () => {
    t = await startTestApp(pglite!);
    const { jwt } = await createVerifiedUser(t, "private-cache@example.com");
    const noStore = async (request: InjectOptions, status = 200) => {
      const response = await t!.app.inject(request);
      expect(response.statusCode, `${request.method ?? "GET"} ${String(request.url)}`).toBe(status);
      expect(response.headers["cache-control"], `${request.method ?? "GET"} ${String(request.url)}`).toBe("no-store");
      return response;
    };
    const form = multipartForm({ input: "NWSC" });
    const analysed = await noStore({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    expect(json<{ response: { stock_summary: { ticker: string } } }>(analysed).response.stock_summary.ticker).toBe("NWSC");
    const history = await noStore({ url: "/user/stock-analyses", headers: apiHeaders(jwt) });
    const [stored] = json<{ analyses: { id: string }[] }>(history).analyses;
    await noStore({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) });
    await noStore({ url: "/user/stock-analyses?ticker=NWSC", headers: apiHeaders(jwt) });
    const csv = await noStore({ url: "/user/stock-analyses-csv/", headers: apiHeaders(jwt) });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename=/);
    expect(csv.body).toContain("NWSC");
    await noStore({ method: "DELETE", url: `/user/stock-analyses/${stored!.id}`, headers: apiHeaders(jwt) });
    await noStore({ method: "POST", url: `/user/stock-analyses/${stored!.id}/restore`, headers: apiHeaders(jwt) });
    // Refusals of the same routes are not kept either (a cache keyed without the token would serve them).
    await noStore({ url: "/user/stock-analyses?ticker=NWSC" }, 401);
    await noStore({ url: "/user/stock-analyses-csv/" }, 401);
  });

  it("hides the API reference page when DOCS_ENABLED is false", async () => {
    t = await startTestApp(pglite!, { DOCS_ENABLED: "false" });
    expect((await t.app.inject({ url: "/docs" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/docs/json" })).statusCode).toBe(404);
  });
});
