import { afterEach, describe, expect, it } from "vitest";
import { portfolioHistorySchema, type PortfolioHistory } from "../../../contracts/portfolio";
import { cents } from "../../../core/portfolio/valuation";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, startTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function historyOf(app: TestApp, jwt: string): Promise<PortfolioHistory> {
  const response = await app.app.inject({ method: "GET", url: "/api/portfolio/history", headers: apiHeaders(jwt) });
  expect(response.statusCode, response.body).toBe(200);
  return portfolioHistorySchema.parse(json(response));
}

/** A ticker's closes by date, as the demo market (and so the app) has them. */
async function closesOf(app: TestApp, ticker: string): Promise<{ dates: string[]; close: (date: string) => number }> {
  const bars = (await app.services.market.getDailyBars(ticker, 520))!;
  return { dates: bars.dates, close: (date) => bars.close[bars.dates.indexOf(date)]! };
}

describe.each(testDatabaseKinds("storage-only"))("GET /api/portfolio/history ($name)", (kind) => {
  it("values the user's own holdings on each session against the same dollars in the benchmark, never another user's", async () => {
    t = await startTestApp(kind);
    const alice = await createVerifiedUser(t, "alice-history@example.com");
    const bob = await createVerifiedUser(t, "bob-history@example.com");
    expect(await historyOf(t, alice.jwt)).toEqual({ benchmark: "SPY", points: [] });

    const [a, b] = (await t.services.market.listUniverse()).map((company) => company.ticker);
    const stock = await closesOf(t, a!);
    const spy = await closesOf(t, "SPY");
    const buyOn = stock.dates.at(-40)!;
    const sellOn = stock.dates.at(-20)!;
    const post = (jwt: string, url: string, payload: Record<string, unknown>, method: "POST" | "PATCH" = "POST") =>
      t!.app.inject({ method, url, headers: apiHeaders(jwt), payload });
    const bought = await post(alice.jwt, "/api/positions", { ticker: a, date: buyOn, shares: 10, price: 50, fees: 1, source: "manual" });
    expect(bought.statusCode, bought.body).toBe(201);
    const sold = await post(alice.jwt, `/api/positions/${json<{ id: string }>(bought).id}`, { trade: { side: "sell", date: sellOn, shares: 4, price: 60, fees: 2 } }, "PATCH");
    expect(sold.statusCode, sold.body).toBe(200);

    const history = await historyOf(t, alice.jwt);
    expect(history.benchmark).toBe("SPY");
    expect(history.points.map((p) => p.date)).toEqual(spy.dates.slice(spy.dates.indexOf(buyOn)));
    // The buy's 501 dollars buy SPY at that day's close; the sell's 238 sell SPY at its day's close.
    const units = 501 / spy.close(buyOn) - 238 / spy.close(sellOn);
    expect(history.points[0]).toEqual({ date: buyOn, value: cents(10 * stock.close(buyOn)), benchmark: 501 });
    const last = history.points.at(-1)!;
    expect(last).toEqual({ date: stock.dates.at(-1), value: cents(6 * stock.close(last.date)), benchmark: cents(units * spy.close(last.date)) });

    // Bob's own trades show in his history only; Alice's stays exactly as it was.
    expect((await post(bob.jwt, "/api/positions", { ticker: b, date: stock.dates.at(-5), shares: 1000, price: 10, source: "manual" })).statusCode).toBe(201);
    expect(await historyOf(t, alice.jwt)).toEqual(history);
    const bobs = await historyOf(t, bob.jwt);
    expect(bobs.points).toHaveLength(5);
    expect(bobs.points[0]!.benchmark).toBe(10_000);
  });

  it("answers a signed-out caller 401 with the sign-in code", async () => {
    t = await startTestApp(kind);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/portfolio/history" });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ code: "unauthenticated" });
  });
});
