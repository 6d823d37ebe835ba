import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { MarketDataUnavailableError, type MarketDataProvider } from "../../../core/market/market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { stripeCustomers } from "../../db/schema";
import { StoredAnalysesRepository } from "../../stored-analyses/stored-analyses.repository";
import { DailyUsageRepository } from "./daily-usage.repository";
import { ResearchService, type Analyzer } from "./research.service";
import { testDatabaseKinds } from "../../test-support/test-database";
import {
  TEST_ORIGIN,
  apiHeaders,
  createVerifiedUser,
  json,
  multipartForm,
  sessionCookie,
  startTestApp,
  type TestApp,
} from "../../test-support/test-app";

type Body = { error: string; code: string };
type Analyzed = {
  response: { meta: { as_of: string } };
  analysis: { id: string; timestamp: string };
  reused?: { analyzedAt: string; dataDate: string };
};

/** Five demo tickers, each a different analysis. */
const FIVE_TICKERS = ["NWSC", "ECHF", "QBIT", "CVPH", "KSTM"];

function analyze(t: TestApp, jwt: string, input: string | null, extra: Record<string, string> = {}) {
  const form = multipartForm(input === null ? extra : { input, ...extra });
  return t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
}

describe.each(testDatabaseKinds("database-behaviour"))("research API on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  it("analyses a ticker or a company name, answers {response: {stock_summary, meta}} and stores it in the caller's history", async () => {
    const { jwt } = await createVerifiedUser(t, "analyst@example.com");
    const byName = await analyze(t, jwt, "  northwind ");
    expect(byName.statusCode).toBe(200);
    const body = json<{ response: unknown; analysis: { id: string; timestamp: string } }>(byName);
    const report = analysisReportSchema.parse(body.response);
    expect(report.stock_summary.ticker).toBe("NWSC");
    expect(report.meta.demo).toBe(true);

    const history = json<{ success: boolean; analyses: { id: string; analysis: unknown; timestamp: string }[] }>(
      await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }),
    );
    expect(history.success).toBe(true);
    expect(history.analyses).toHaveLength(1);
    expect(history.analyses[0]!.id).toBe(body.analysis.id);
    expect(analysisReportSchema.parse(history.analyses[0]!.analysis).stock_summary.ticker).toBe("NWSC");
  });

  it("answers each failure with its status, code and message", async () => {
    const { jwt } = await createVerifiedUser(t, "errors@example.com");
    const form = multipartForm({ input: "NWSC" });
    const { authorization: _omitted, ...csrfOnly } = apiHeaders(jwt);
    const signedOut = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...csrfOnly } });
    expect(signedOut.statusCode).toBe(401);
    expect(json<Body>(signedOut).code).toBe("unauthenticated");

    const noCsrf = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${jwt}` } });
    expect(noCsrf.statusCode).toBe(403);
    expect(json<Body>(noCsrf).code).toBe("csrf_missing");

    const empty = await analyze(t, jwt, "   ");
    expect(empty.statusCode).toBe(400);
    expect(json<Body>(empty)).toEqual({ error: "Ticker symbol is required", code: "ticker_required" });
    expect((await analyze(t, jwt, null)).statusCode).toBe(400);

    const unknown = await analyze(t, jwt, "qqzz");
    expect(unknown.statusCode).toBe(404);
    expect(json<Body>(unknown)).toEqual({ error: "QQZZ is not in the demo market — try NWSC (Northwind Semiconductor), QBIT (Quillbit Software)", code: "not_found" });

    const tooLong = await analyze(t, jwt, "x".repeat(65));
    expect(tooLong.statusCode).toBe(400);
  });

  it("refuses an unverified user with 403 email_unverified, also on a direct HTTP call", async () => {
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: TEST_ORIGIN,
      payload: { email: "unverified@example.com", password: "correct horse 42", name: "u" },
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: TEST_ORIGIN,
      payload: { email: "unverified@example.com", password: "correct horse 42" },
    });
    const jwt = json<{ token: string }>(await t.app.inject({ url: "/api/auth/token", headers: { cookie: sessionCookie(signIn) } })).token;
    const response = await analyze(t, jwt, "NWSC");
    expect(response.statusCode).toBe(403);
    expect(json<Body>(response)).toEqual({
      error: "Please verify your email first! Check your inbox for the verification link.",
      code: "email_unverified",
    });
  });

  it("lets a free user make FREE_DAILY_ANALYSES a day, then 429 'daily limit'; unknown tickers do not count; premium is unlimited", async () => {
    const { jwt } = await createVerifiedUser(t, "free@example.com");
    expect((await analyze(t, jwt, "zzzq")).statusCode).toBe(404);
    for (const ticker of FIVE_TICKERS) expect((await analyze(t, jwt, ticker)).statusCode).toBe(200);
    const sixth = await analyze(t, jwt, "CBRG");
    expect(sixth.statusCode).toBe(429);
    expect(json<Body>(sixth).code).toBe("daily_limit");
    // Premium is not sold on this server (no Stripe Buy Button), so it is not offered.
    expect(json<Body>(sixth).error).toBe("You have reached your daily limit of 5 free analyses. New analyses are possible again after 00:00 UTC.");
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 5, limit: 5, remaining: 0, premium: false });
    // At the limit, a ticker already analysed on today's data is still answered (it costs nothing).
    const again = await analyze(t, jwt, "NWSC");
    expect(again.statusCode).toBe(200);
    expect(json<{ reused?: unknown }>(again).reused).toBeDefined();

    await t.database.db.insert(stripeCustomers).values({ email: "free@example.com", status: "active" });
    expect((await analyze(t, jwt, "CBRG")).statusCode).toBe(200);
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ limit: null, premium: true });
    expect(json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }))).toMatchObject({
      subscription: { status: "active", active: true },
    });
  });

  it("charges 5 of 30 concurrent requests for 6 tickers: one per ticker, the sixth ticker refused", async () => {
    const { jwt } = await createVerifiedUser(t, "burst@example.com");
    const tickers = [...FIVE_TICKERS, "CBRG"];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, k) => analyze(t, jwt, tickers[k % tickers.length]!)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(25);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
    // Of each ticker's five requests that went through, one made the analysis and four reused it.
    expect(ok.filter((r) => json<{ reused?: unknown }>(r).reused === undefined)).toHaveLength(5);
    const history = json<{ analyses: unknown[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(history.analyses).toHaveLength(5);
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 5, remaining: 0 });
  });

  it("answers the stored analysis of the same ticker and data date again, without charging or a new history entry", async () => {
    const { jwt } = await createVerifiedUser(t, "again@example.com");
    const first = await analyze(t, jwt, "NWSC");
    expect(first.statusCode).toBe(200);
    const made = json<Analyzed>(first);
    expect(made.reused).toBeUndefined();

    for (const input of ["nwsc", "Northwind"]) {
      const again = await analyze(t, jwt, input);
      expect(again.statusCode).toBe(200);
      const body = json<Analyzed>(again);
      expect(body.analysis).toEqual(made.analysis);
      expect(body.reused).toEqual({ analyzedAt: made.analysis.timestamp, dataDate: made.response.meta.as_of });
      expect(body.response).toEqual(made.response);
    }
    // The page's explicit Refresh: no newer data, so the same answer, still free.
    const refresh = await analyze(t, jwt, "NWSC", { refresh: "true" });
    expect(json<Analyzed>(refresh).reused?.analyzedAt).toBe(made.analysis.timestamp);

    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 1, remaining: 4 });
    const history = json<{ analyses: { id: string }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(history.analyses.map((a) => a.id)).toEqual([made.analysis.id]);

    // Another ticker is a new analysis; another user's analysis of NWSC is theirs, and charged to them.
    expect(json<Analyzed>(await analyze(t, jwt, "ECHF")).reused).toBeUndefined();
    const other = await createVerifiedUser(t, "other@example.com");
    expect(json<Analyzed>(await analyze(t, other.jwt, "NWSC")).reused).toBeUndefined();
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(other.jwt) }))).toMatchObject({ used: 1 });
  });

  it("makes a new analysis (charged) after the user removed the stored one", async () => {
    const { jwt } = await createVerifiedUser(t, "removed@example.com");
    const first = json<Analyzed>(await analyze(t, jwt, "NWSC")).analysis.id;
    expect((await t.app.inject({ method: "DELETE", url: `/user/stock-analyses/${first}`, headers: apiHeaders(jwt) })).statusCode).toBe(200);
    const second = json<Analyzed>(await analyze(t, jwt, "NWSC"));
    expect(second.reused).toBeUndefined();
    expect(second.analysis.id).not.toBe(first);
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 2 });
  });

  it("charges one analysis for two simultaneous requests of the same ticker", async () => {
    const { jwt } = await createVerifiedUser(t, "double@example.com");
    const answers = await Promise.all([analyze(t, jwt, "NWSC"), analyze(t, jwt, "nwsc"), analyze(t, jwt, "Northwind")]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((r) => json<Analyzed>(r));
    expect(new Set(bodies.map((b) => b.analysis.id)).size).toBe(1);
    expect(bodies.filter((b) => b.reused === undefined)).toHaveLength(1);
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 1 });
    const history = json<{ analyses: unknown[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(history.analyses).toHaveLength(1);
  });

  it("charges one analysis when two instances on one database analyse the same ticker at the same moment", async () => {
    const { userId } = await createVerifiedUser(t, "instances@example.com");
    const user = { id: userId, email: "instances@example.com", emailVerified: true as const };
    const report = await t.services.analysis.analyze("NWSC");
    // Both instances pass the stored-analysis check before either stores: each analysis waits for the other.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothAnalysing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const analyzer: Analyzer = {
      latestSession: (query) => t.services.analysis.latestSession(query),
      analyze: async () => {
        if (++arrived === 2) release();
        await bothAnalysing;
        return report;
      },
    };
    const instance = () =>
      new ResearchService({
        analyzer,
        analyses: new StoredAnalysesRepository(t.database.db),
        outcomes: (userId, ids) => t.services.trackRecord.analysisOutcomes(userId, ids),
        usage: new DailyUsageRepository(t.database.db),
        isPremium: async () => false,
        freeDailyAnalyses: 5,
        premiumForSale: false,
        now: () => new Date(),
      });
    const answers = await Promise.all([instance().analyzeFor(user, "NWSC"), instance().analyzeFor(user, "NWSC")]);
    expect(arrived).toBe(2);
    expect(answers[0].id).toBe(answers[1].id);
    expect(answers.filter((answer) => answer.reused === null)).toHaveLength(1);
    expect(await new DailyUsageRepository(t.database.db).used(userId, new Date().toISOString().slice(0, 10))).toBe(1);
    expect(await new StoredAnalysesRepository(t.database.db).listForUser(userId)).toHaveLength(1);
  });

  it("keeps each user's history to themselves: list, filter, remove, undo", async () => {
    const alice = await createVerifiedUser(t, "alice@example.com");
    const bob = await createVerifiedUser(t, "bob@example.com");
    const first = json<{ analysis: { id: string } }>(await analyze(t, alice.jwt, "NWSC")).analysis.id;
    await analyze(t, alice.jwt, "ECHF");
    await analyze(t, bob.jwt, "NWSC");

    const aliceAll = json<{ analyses: { id: string; analysis: { stock_summary: { ticker: string } } }[] }>(
      await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(alice.jwt) }),
    );
    expect(aliceAll.analyses.map((a) => a.analysis.stock_summary.ticker)).toEqual(["ECHF", "NWSC"]);
    const filtered = json<{ analyses: { id: string }[] }>(await t.app.inject({ url: "/user/stock-analyses?ticker=nwsc", headers: apiHeaders(alice.jwt) }));
    expect(filtered.analyses.map((a) => a.id)).toEqual([first]);

    const bobDelete = await t.app.inject({ method: "DELETE", url: `/user/stock-analyses/${first}`, headers: apiHeaders(bob.jwt) });
    expect(bobDelete.statusCode).toBe(404);
    const bobRestore = await t.app.inject({ method: "POST", url: `/user/stock-analyses/${first}/restore`, headers: apiHeaders(bob.jwt) });
    expect(bobRestore.statusCode).toBe(404);

    expect((await t.app.inject({ method: "DELETE", url: `/user/stock-analyses/${first}`, headers: apiHeaders(alice.jwt) })).statusCode).toBe(200);
    const afterDelete = json<{ analyses: { id: string }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(alice.jwt) }));
    expect(afterDelete.analyses.map((a) => a.id)).not.toContain(first);
    expect((await t.app.inject({ method: "POST", url: `/user/stock-analyses/${first}/restore`, headers: apiHeaders(alice.jwt) })).statusCode).toBe(200);
    const afterUndo = json<{ analyses: { id: string }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(alice.jwt) }));
    expect(afterUndo.analyses.map((a) => a.id)).toContain(first);

    const bobs = json<{ analyses: unknown[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(bob.jwt) }));
    expect(bobs.analyses).toHaveLength(1);
    expect((await t.app.inject({ url: "/user/stock-analyses/" })).statusCode).toBe(401);
  });

  it("serves chart bars to signed-in users", async () => {
    const { jwt } = await createVerifiedUser(t, "chart@example.com");
    const response = await t.app.inject({ url: "/api/stocks/nwsc/bars?sessions=100", headers: apiHeaders(jwt) });
    expect(response.statusCode).toBe(200);
    const body = json<{ ticker: string; demo: boolean; bars: { date: string }[] }>(response);
    expect(body).toMatchObject({ ticker: "NWSC", demo: true });
    expect(body.bars).toHaveLength(100);
    // The method's own averages (simple by default), and no benchmark unless asked for.
    expect(body).toMatchObject({ averages: "sma" });
    expect(body).not.toHaveProperty("benchmark");
    const withBenchmark = json<{ bars: { date: string }[]; benchmark: { ticker: string; bars: { date: string; close: number }[] } }>(
      await t.app.inject({ url: "/api/stocks/NWSC/bars?sessions=100&benchmark=1", headers: apiHeaders(jwt) }),
    );
    expect(withBenchmark.benchmark.ticker).toBe("SPY");
    // Aligned by date: the benchmark's closes on exactly the stock's sessions.
    expect(withBenchmark.benchmark.bars.map((b) => b.date)).toEqual(withBenchmark.bars.map((b) => b.date));
    expect(withBenchmark.benchmark.bars.every((b) => b.close > 0)).toBe(true);
    expect((await t.app.inject({ url: "/api/stocks/NWSC/bars?benchmark=yes", headers: apiHeaders(jwt) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/stocks/QQZZ/bars", headers: apiHeaders(jwt) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/stocks/NWSC/bars" })).statusCode).toBe(401);
  });
});

describe("research API when the market data provider fails", () => {
  it("answers 503 market_data_unavailable and gives the analysis back to the allowance", async () => {
    const inner = new DemoMarketProvider({ seed: 42 });
    const failing: MarketDataProvider = Object.assign(Object.create(inner) as MarketDataProvider, {
      getDailyBars: async () => {
        throw new MarketDataUnavailableError("demo", "connection refused");
      },
    });
    const t = await startTestApp(testDatabaseKinds("storage-only")[0]!, { FREE_DAILY_ANALYSES: "1" }, { market: failing });
    try {
      const { jwt } = await createVerifiedUser(t, "outage@example.com");
      const response = await analyze(t, jwt, "NWSC");
      expect(response.statusCode).toBe(503);
      expect(json<Body>(response)).toEqual({
        error: "Market data provider unavailable, please try again later",
        code: "market_data_unavailable",
      });
      expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 0, remaining: 1 });
    } finally {
      await t.close();
    }
  });
});

describe("research API when the market data advances", () => {
  it("charges again, and adds to the history, once the ticker has a newer session", async () => {
    let today = new Date("2026-11-18T22:00:00Z"); // a Wednesday after the close
    const market = new DemoMarketProvider({ seed: 42, today: () => today });
    const t = await startTestApp(testDatabaseKinds("storage-only")[0]!, {}, { market });
    try {
      const { jwt } = await createVerifiedUser(t, "advance@example.com");
      const first = json<Analyzed>(await analyze(t, jwt, "NWSC"));
      expect(first.response.meta.as_of).toBe("2026-11-18");
      expect(json<Analyzed>(await analyze(t, jwt, "NWSC", { refresh: "true" })).reused?.dataDate).toBe("2026-11-18");
      expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 1 });

      today = new Date("2026-11-19T22:00:00Z");
      const refreshed = json<Analyzed>(await analyze(t, jwt, "NWSC", { refresh: "true" }));
      expect(refreshed.reused).toBeUndefined();
      expect(refreshed.response.meta.as_of).toBe("2026-11-19");
      expect(refreshed.analysis.id).not.toBe(first.analysis.id);
      expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 2 });
      const history = json<{ analyses: { id: string }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
      expect(history.analyses.map((a) => a.id)).toEqual([refreshed.analysis.id, first.analysis.id]);
    } finally {
      await t.close();
    }
  });
});
