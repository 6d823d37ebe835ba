import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { portfolioSchema, positionSchema, positionsSchema, type Portfolio, type Positions } from "../../../contracts/portfolio";
import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import { cents } from "../../../core/portfolio/valuation";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { positions, positionTrades, stripeCustomers } from "../../db/schema";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, startTestApp, type TestApp } from "../../test-support/test-app";

type ErrorBody = { error: string; code: string; errors?: { line: number; column: string; message: string }[] };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const call = (app: TestApp, jwt: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: apiHeaders(jwt), ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });

function fileForm(content: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----QuantaPortfolioBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="transactions.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (app: TestApp, jwt: string, content: string) => {
  const form = fileForm(content);
  return app.app.inject({ method: "POST", url: "/api/positions/import", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
};

async function positionsOf(app: TestApp, jwt: string): Promise<Positions> {
  const response = await call(app, jwt, "GET", "/api/positions");
  expect(response.statusCode, response.body).toBe(200);
  return positionsSchema.parse(json(response));
}

async function portfolioOf(app: TestApp, jwt: string): Promise<Portfolio> {
  const response = await call(app, jwt, "GET", "/api/portfolio");
  expect(response.statusCode, response.body).toBe(200);
  return portfolioSchema.parse(json(response));
}

async function tickers(app: TestApp): Promise<string[]> {
  return (await app.services.market.listUniverse()).map((company) => company.ticker);
}

/** The demo market, with one ticker whose bars always fail (an upstream outage for that stock). */
function marketFailing(ticker: string): MarketDataProvider {
  const demo = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 }));
  return new Proxy(demo, {
    get(target, prop) {
      if (prop === "getDailyBars") return (symbol: string, sessions: number) => (symbol === ticker ? Promise.reject(new Error("upstream down")) : target.getDailyBars(symbol, sessions));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each(testDatabaseKinds("storage-only"))("the portfolio ($name)", (kind) => {
  it("records a buy from a report's plan and by hand, sells part, moves the stop, values to the cent and deletes", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "holder@example.com");
    const [a, b] = await tickers(t);
    const created = await call(t, jwt, "POST", "/api/positions", { ticker: a!.toLowerCase(), date: "2026-01-05", shares: 10, price: 50, fees: 1, stop: 45, source: "report", plan: { as_of: "2026-01-02", buy_point: 50, stop: 45, target: 60 } });
    expect(created.statusCode, created.body).toBe(201);
    const position = positionSchema.parse(json(created));
    expect(position).toMatchObject({ ticker: a, source: "report", shares: 10, avg_cost: 50.1, cost: 501, stop: 45, initial_stop: 45, plan: { buy_point: 50 }, closed_on: null });

    const manual = positionSchema.parse(json(await call(t, jwt, "POST", "/api/positions", { ticker: b, date: "2026-01-06", shares: 3, price: 20, source: "manual" })));
    // A second buy of a held ticker adds a lot to the open position.
    const added = positionSchema.parse(json(await call(t, jwt, "POST", "/api/positions", { ticker: a, date: "2026-01-07", shares: 5, price: 60, source: "manual" })));
    expect(added.id).toBe(position.id);
    expect(added.lots.map((lot) => [lot.date, lot.shares])).toEqual([["2026-01-05", 10], ["2026-01-07", 5]]);

    const sold = await call(t, jwt, "PATCH", `/api/positions/${position.id}`, { trade: { side: "sell", date: "2026-01-08", shares: 12, price: 70, fees: 2 } });
    expect(sold.statusCode, sold.body).toBe(200);
    // FIFO: 10 × 50.10 and 2 × 60 sold for 12 × 70 − 2 → realised 837 − 621.
    expect(positionSchema.parse(json(sold))).toMatchObject({ shares: 3, realised_pl: 217, lots: [{ date: "2026-01-07", shares: 3 }] });
    const over = await call(t, jwt, "PATCH", `/api/positions/${position.id}`, { trade: { side: "sell", date: "2026-01-09", shares: 4, price: 70 } });
    expect(over.statusCode).toBe(400);
    expect(json<ErrorBody>(over).code).toBe("position_oversold");

    const moved = positionSchema.parse(json(await call(t, jwt, "PATCH", `/api/positions/${position.id}`, { stop: 55 })));
    expect([moved.stop, moved.initial_stop]).toEqual([55, 45]);

    const portfolio = await portfolioOf(t, jwt);
    expect(portfolio.positions.map((p) => p.ticker).sort()).toEqual([a, b].sort());
    for (const row of portfolio.positions) {
      const bars = (await t.services.market.getDailyBars(row.ticker, 300))!;
      expect(row.last_close).toBe(bars.close[bars.close.length - 1]);
      expect(row.value).toBe(cents(row.shares * row.last_close!));
      expect(row.alerts).toEqual([]);
    }
    const held = portfolio.positions.find((p) => p.id === position.id)!;
    expect(held.open_risk).toBe(cents(3 * Math.max(0, held.last_close! - 55)));
    expect(portfolio.positions.find((p) => p.id === manual.id)).toMatchObject({ stop: null, open_risk: null, r_multiple: null });
    expect(portfolio.totals.realised_pl).toBe(217);
    expect(portfolio.totals.value).toBe(cents(portfolio.positions.reduce((sum, p) => sum + p.value!, 0)));

    // The first stop set on a position bought without one becomes its initial stop.
    const stopped = positionSchema.parse(json(await call(t, jwt, "PATCH", `/api/positions/${manual.id}`, { stop: 15.5, price_above: 40 })));
    expect([stopped.stop, stopped.initial_stop, stopped.price_above]).toEqual([15.5, 15.5, { level: 40, fired_on: null }]);
    expect(positionSchema.parse(json(await call(t, jwt, "PATCH", `/api/positions/${manual.id}`, { stop: 17 }))).initial_stop).toBe(15.5);
    expect((await call(t, jwt, "DELETE", `/api/positions/${manual.id}`)).statusCode).toBe(204);
    expect((await call(t, jwt, "DELETE", `/api/positions/${manual.id}`)).statusCode).toBe(404);
    expect((await positionsOf(t, jwt)).positions.map((p) => p.id)).toEqual([position.id]);
    const trades = await t.database.db.select().from(positionTrades).where(eq(positionTrades.positionId, manual.id));
    expect(trades).toEqual([]);
  }, 60_000);

  it("answers a ticker whose bars fail with no close, never a 5xx", async () => {
    t = await startTestApp(kind, {}, { market: null });
    const universe = await tickers(t);
    await t.close();
    t = await startTestApp(kind, {}, { market: marketFailing(universe[1]!) });
    const { jwt } = await createVerifiedUser(t, "outage@example.com");
    for (const ticker of universe.slice(0, 2)) expect((await call(t, jwt, "POST", "/api/positions", { ticker, date: "2026-01-05", shares: 2, price: 10, stop: 8, source: "manual" })).statusCode).toBe(201);
    const portfolio = await portfolioOf(t, jwt);
    expect(portfolio.positions.find((p) => p.ticker === universe[1])).toMatchObject({ last_close: null, value: null, unrealised_pl: null, open_risk: null });
    expect(portfolio.positions.find((p) => p.ticker === universe[0])!.value).not.toBeNull();
  }, 60_000);

  it("imports 200 rows all or nothing, and an export imports back to the same file", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "importer@example.com");
    const universe = (await tickers(t)).slice(0, 10);
    const lines = ["date,ticker,side,quantity,price,fees,stop"];
    for (let i = 0; i < 200; i++) {
      const ticker = universe[i % 10]!;
      const day = String(1 + Math.floor(i / 10)).padStart(2, "0");
      // Each ticker: buys, and every third row a sell of one share.
      const sell = i % 30 >= 20;
      lines.push(`2025-03-${day},${ticker},${sell ? "sell" : "buy"},${sell ? 1 : 2.5},${(10 + i / 7).toFixed(4)},${i % 4 === 0 ? "0.99" : ""},${i < 10 ? "5" : ""}`);
    }
    const good = lines.join("\n");
    const bad = [...lines.slice(0, 151), `2025-03-16,${universe[0]},sell,1000,10,,`, ...lines.slice(151)].join("\n");
    const refused = await upload(t, jwt, bad);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json<ErrorBody>(refused)).toMatchObject({ code: "invalid_rows", errors: [{ line: 152, column: "quantity" }], error: "The file was not imported: 1 line has problems. Nothing was changed." });
    const [{ count }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(positionTrades)) as [{ count: number }];
    expect(count).toBe(0);
    expect((await positionsOf(t, jwt)).positions).toEqual([]);

    const imported = await upload(t, jwt, good);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(json(imported)).toEqual({ success: true, imported: 200, opened: 10 });
    const exported = await call(t, jwt, "GET", "/api/positions/export");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.body.trim().split("\r\n")).toHaveLength(201);

    const other = await createVerifiedUser(t, "copy@example.com");
    expect((await upload(t, other.jwt, exported.body)).statusCode).toBe(200);
    const again = await call(t, other.jwt, "GET", "/api/positions/export");
    expect(again.body).toBe(exported.body);
    const [mine, theirs] = [await portfolioOf(t, jwt), await portfolioOf(t, other.jwt)];
    expect(theirs.totals).toEqual(mine.totals);

    // The documented sample imports on the demo market as it is.
    const sample = readFileSync(path.resolve(import.meta.dirname, "../../../../docs/samples/transactions.csv"), "utf8");
    const newcomer = await createVerifiedUser(t, "sample@example.com");
    expect(json(await upload(t, newcomer.jwt, sample))).toEqual({ success: true, imported: 6, opened: 3 });
  }, 60_000);

  it("refuses bad input with 400 and the error shape, and unknown tickers with 404", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "bad@example.com");
    const [ticker] = await tickers(t);
    const base = { ticker, date: "2026-01-05", shares: 1, price: 10, source: "manual" };
    for (const body of [{ ...base, shares: 1e12 }, { ...base, price: -1 }, { ...base, date: "2026-13-01" }, { ...base, date: "2999-01-01" }, { ...base, extra: 1 }, { ...base, stop: 1e300 }]) {
      const response = await call(t, jwt, "POST", "/api/positions", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<ErrorBody>(response)).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const unknown = await call(t, jwt, "POST", "/api/positions", { ...base, ticker: "ZZZZQ" });
    expect([unknown.statusCode, json<ErrorBody>(unknown).code]).toEqual([404, "unknown_ticker"]);
    expect(json<ErrorBody>(await call(t, jwt, "PATCH", "/api/positions/nope", { stop: 1 })).code).toBe("position_not_found");
    expect((await upload(t, jwt, "date,ticker,side,quantity,price\n2026-01-05,ZZZZQ,buy,1,1\n")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/portfolio" })).statusCode).toBe(401);
  }, 60_000);
});

describe.each(testDatabaseKinds("database-behaviour"))("the open-position limit ($name)", (kind) => {
  it("holds 20 open positions on the free plan, also for 10 creates at once, and lifts it for premium", async () => {
    t = await startTestApp(kind, { PORTFOLIO_FREE_OPEN_POSITIONS: "20" });
    const { jwt, userId } = await createVerifiedUser(t, "limit@example.com");
    const universe = await tickers(t);
    const create = (ticker: string) => call(t!, jwt, "POST", "/api/positions", { ticker, date: "2026-01-05", shares: 1, price: 10, source: "manual" });
    for (const ticker of universe.slice(0, 15)) expect((await create(ticker)).statusCode).toBe(201);
    const answers = await Promise.all(universe.slice(15, 25).map(create));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode === 403).map((a) => json<ErrorBody>(a));
    expect(refused).toHaveLength(5);
    expect(refused[0]).toEqual({ code: "position_limit_reached", error: "Your portfolio is full: the free plan holds up to 20 open positions. Close or delete one to open another." });
    // An import that would pass the limit is refused whole.
    const over = await upload(t, jwt, `date,ticker,side,quantity,price\n2026-01-06,${universe[40]},buy,1,10\n`);
    expect([over.statusCode, json<ErrorBody>(over).code]).toEqual([403, "position_limit_reached"]);
    const [{ open }] = (await t.database.db.select({ open: sql<number>`count(*)::int` }).from(positions).where(eq(positions.userId, userId))) as [{ open: number }];
    expect(open).toBe(20);
    expect((await positionsOf(t, jwt)).limit).toBe(20);

    await t.database.db.insert(stripeCustomers).values({ email: "limit@example.com", status: "active" });
    const more = await Promise.all(universe.slice(25, 35).map(create));
    expect(more.every((a) => a.statusCode === 201)).toBe(true);
    expect(await positionsOf(t, jwt)).toMatchObject({ limit: null, open: 30 });
  }, 60_000);
});
