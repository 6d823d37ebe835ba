import { afterEach, describe, expect, it } from "vitest";
import type { Alerts } from "../../../contracts/alerts";
import { portfolioSchema, type Position } from "../../../contracts/portfolio";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { userAlerts } from "../../db/schema";
import { clockStartingAt } from "../../test-support/flowing-clock";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, digestFor, json, startTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// The positions and the alert job wired as the server wires them (composition): the job reads the
// open positions through the portfolio's repository, the bell, the digest and GET /api/portfolio show
// the holder's alert, once.
describe.each(testDatabaseKinds("storage-only"))("holder alerts from real positions ($name)", (kind) => {
  it("a close under the position's own stop raises one alert, in the bell, the digest and the portfolio, and never twice", async () => {
    const clock = clockStartingAt("2025-06-20T22:00:00Z");
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, {}, { market, now: clock.now });
    const app = t;
    await app.services.publicRefresh.startWorking();
    await app.services.alertJobs.startWorking();
    await app.services.publicRefresh.refresh({ force: true });

    const alice = await createVerifiedUser(app, "alice@example.com");
    const close = (await market.getDailyBars("LDGR", 5))!.close.at(-1)!;
    const created = await app.app.inject({
      method: "POST",
      url: "/api/positions",
      headers: apiHeaders(alice.jwt),
      payload: { ticker: "LDGR", date: "2025-06-20", shares: 10, price: close, stop: Math.round(close * 80) / 100, source: "manual" },
    });
    expect(created.statusCode).toBe(201);
    const position = json<Position>(created);
    // The holder raises the stop above the market: the next close is under it whatever it is.
    const stop = Math.round(close * 150) / 100;
    expect((await app.app.inject({ method: "PATCH", url: `/api/positions/${position.id}`, headers: apiHeaders(alice.jwt), payload: { stop } })).statusCode).toBe(200);

    const next = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    const [digest] = await digestFor(app, "alice@example.com");

    const bell = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) }));
    const holder = bell.alerts.filter((alert) => alert.kind.startsWith("holder_"));
    expect(holder.map((alert) => `${alert.ticker} ${alert.kind} ${alert.session}`)).toEqual([`LDGR holder_stop ${next}`]);
    expect(holder[0]!.title).toBe(`LDGR closed under your $${stop.toFixed(2)} stop`);
    expect(digest!.text).toContain(holder[0]!.title);
    const portfolio = portfolioSchema.parse(json(await app.app.inject({ url: "/api/portfolio", headers: apiHeaders(alice.jwt) })));
    expect(portfolio.positions.find((p) => p.id === position.id)!.alerts).toEqual([{ kind: "holder_stop", session: next, title: holder[0]!.title }]);

    // The job again (a retry, a second instance): nothing new, no second e-mail.
    const stored = (await app.database.db.select().from(userAlerts)).length;
    const mails = app.mail.messages.length;
    await Promise.all([app.services.alertJobs.evaluate(), app.services.alertJobs.evaluate()]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await app.database.db.select().from(userAlerts)).length).toBe(stored);
    expect(app.mail.messages.length).toBe(mails);
  }, 90_000);
});
