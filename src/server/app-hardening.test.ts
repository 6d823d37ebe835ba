import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import { MemoryMailSender } from "./test-support/memory-mail-sender";
import { CachedMarketDataProvider } from "./adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "./adapters/market/demo";
import { testDatabaseKinds } from "./test-support/test-database";
import { createVerifiedUser, json, startTestApp, type TestApp } from "./test-support/test-app";

const [pglite] = testDatabaseKinds;

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
    const app = await buildApp(config, {
      database,
      mail: new MemoryMailSender(),
      outbox: undefined,
      authSecret: "test-secret-test-secret-test-secret-0123456789",
      webRoot: undefined,
      market: new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 })),
    });
    const handle = await pglite!.open();
    try {
      expect(json(await app.inject({ url: "/healthz" }))).toEqual({ status: "starting" });
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
      open(handle);
      await app.quantaServices();
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
    expect((await t.app.inject({ url: "/api/public-buy-stocks" })).headers["cache-control"]).not.toBe("no-store");
  });

  it("hides the API reference page when DOCS_ENABLED is false", async () => {
    t = await startTestApp(pglite!, { DOCS_ENABLED: "false" });
    expect((await t.app.inject({ url: "/docs" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/docs/json" })).statusCode).toBe(404);
  });
});
