import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AlertSettings, Alerts } from "../../../contracts/alerts";
import type { WatchItem, Watchlist } from "../../../contracts/watchlist";
import type { WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import type { MarketDataProvider } from "../../../core/market/market-data-provider";
import { lastCompletedSession, isoFromDayNumber } from "../../../core/market/trading-calendar";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { AdjustableClock } from "../../dev-clock";
import { clockStartingAt } from "../../test-support/flowing-clock";
import { stripeCustomers, userAlerts, watchItems, watchSnapshots } from "../../db/schema";
import { WatchlistRepository } from "./watchlist.repository";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, digestFor, json, multipartForm, startTestApp, TEST_AUTH_SECRET, type TestApp } from "../../test-support/test-app";


type ErrorBody = { error: string; code: string };

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

function watch(app: TestApp, jwt: string, ticker: string) {
  return app.app.inject({ method: "POST", url: "/api/watchlist", headers: apiHeaders(jwt), payload: { ticker } });
}

async function listOf(app: TestApp, jwt: string): Promise<Watchlist> {
  const response = await app.app.inject({ url: "/api/watchlist", headers: apiHeaders(jwt) });
  expect(response.statusCode).toBe(200);
  return json<Watchlist>(response);
}

/** The daily screen's BUY and WATCH names on the demo market, from the public lists. */
async function screened(app: TestApp): Promise<{ buy: string[]; watch: string[] }> {
  const rows = await app.services.publicAnalyses.list();
  return { buy: rows.filter((row) => row.action === "BUY").map((row) => row.ticker), watch: rows.filter((row) => row.action === "WATCH").map((row) => row.ticker) };
}

/** The market as the app sees it, counting the data an analysis needs (bars, fundamentals) and the light profile look-ups. */
function countingMarket(inner: MarketDataProvider) {
  const calls = { bars: 0, fundamentals: 0, profiles: 0 };
  const market: MarketDataProvider = Object.create(inner) as MarketDataProvider;
  Object.assign(market, {
    getDailyBars: (ticker: string, sessions: number) => {
      calls.bars += 1;
      return inner.getDailyBars(ticker, sessions);
    },
    getFundamentals: (ticker: string) => {
      calls.fundamentals += 1;
      return inner.getFundamentals(ticker);
    },
    getProfile: (ticker: string) => {
      calls.profiles += 1;
      return inner.getProfile(ticker);
    },
  });
  return { market, calls };
}

/** Waits until the alert queue has nothing waiting, running or to retry. */
async function alertJobsIdle(app: TestApp, timeoutMs = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const counts = await app.services.alertJobs.queueCounts();
        return (counts.created ?? 0) + (counts.active ?? 0) + (counts.retry ?? 0);
      },
      { timeout: timeoutMs, interval: 200 },
    )
    .toBe(0);
}

describe.each(testDatabaseKinds("database-behaviour"))("watch lists and alerts on $name", (kind) => {
  it("adds, lists, switches and removes stocks; refuses duplicates, unknown tickers and bad input without changing anything", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "watcher@example.com");
    expect(await listOf(t, jwt)).toEqual({ items: [], limit: 10, plan: "free", premium_limit: 100 });

    const added = await watch(t, jwt, " nwsc ");
    expect(added.statusCode).toBe(201);
    const item = json<WatchItem>(added);
    expect(item).toMatchObject({ ticker: "NWSC", rules: { buy: true, sell: true, extended: true, new_base: true }, price_above: null, price_below: null });
    // No daily screen has run: the stock waits for it rather than being analysed on watching.
    expect(item).toMatchObject({ latest: null, pending: true });

    expect(json<ErrorBody>(await watch(t, jwt, "NWSC"))).toMatchObject({ code: "already_watched" });
    const unknown = await watch(t, jwt, "ZZZZQ");
    expect(unknown.statusCode).toBe(404);
    expect(json<ErrorBody>(unknown).code).toBe("ticker_not_found");
    // The demo market names demo tickers that work, not 'check the ticker'.
    expect(json<ErrorBody>(unknown).error).toMatch(/^ZZZZQ is not in the demo market — try [A-Z]+ \(/);
    const bad = await watch(t, jwt, "<script>");
    expect(bad.statusCode).toBe(400);
    expect((await listOf(t, jwt)).items.map((row) => row.ticker)).toEqual(["NWSC"]);

    const patched = await t.app.inject({ method: "PATCH", url: "/api/watchlist/nwsc", headers: apiHeaders(jwt), payload: { rules: { new_base: false }, price_above: 250.5 } });
    expect(patched.statusCode).toBe(200);
    expect(json<WatchItem>(patched)).toMatchObject({ rules: { new_base: false, buy: true }, price_above: { level: 250.5, fired_on: null } });
    expect((await t.app.inject({ method: "PATCH", url: "/api/watchlist/NWSC", headers: apiHeaders(jwt), payload: { price_above: -3 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "PATCH", url: "/api/watchlist/NWSC", headers: apiHeaders(jwt), payload: { colour: "red" } })).statusCode).toBe(400);
    expect(json<ErrorBody>(await t.app.inject({ method: "PATCH", url: "/api/watchlist/QBIT", headers: apiHeaders(jwt), payload: { price_below: 1 } }))).toMatchObject({ code: "not_watched" });

    expect((await t.app.inject({ method: "DELETE", url: "/api/watchlist/NWSC", headers: apiHeaders(jwt) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: "/api/watchlist/NWSC", headers: apiHeaders(jwt) })).statusCode).toBe(404);
    expect((await listOf(t, jwt)).items).toEqual([]);
  }, 60_000);

  it("holds each plan's limit on the server, also for requests sent at once, and lifts it for premium", async () => {
    t = await startTestApp(kind, { WATCHLIST_FREE_LIMIT: "3", WATCHLIST_PREMIUM_LIMIT: "5" });
    const { jwt, userId } = await createVerifiedUser(t, "limits@example.com");
    const tickers = ["NWSC", "QBIT", "LMNC", "VNTR", "CRDX", "HLXC", "MRDT"];
    const answers = await Promise.all(tickers.slice(0, 5).map((ticker) => watch(t!, jwt, ticker)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode === 403).map((answer) => json<ErrorBody>(answer));
    expect(refused).toHaveLength(2);
    // Premium is not sold on this server (no Stripe Buy Button), so the message offers none.
    expect(refused[0]).toEqual({ code: "watchlist_limit_reached", error: "Your watch list is full: the free plan watches up to 3 stocks. Remove one to add another." });
    const [{ watched }] = (await t.database.db.select({ watched: sql<number>`count(*)::int` }).from(watchItems).where(eq(watchItems.userId, userId))) as [{ watched: number }];
    expect(watched).toBe(3);

    await t.database.db.insert(stripeCustomers).values({ email: "limits@example.com", status: "active" });
    expect(await listOf(t, jwt)).toMatchObject({ limit: 5, plan: "premium" });
    const watchedNow = (await listOf(t, jwt)).items.map((row) => row.ticker);
    const remaining = tickers.filter((ticker) => !watchedNow.includes(ticker));
    expect((await watch(t, jwt, remaining[0]!)).statusCode).toBe(201);
    expect((await watch(t, jwt, remaining[1]!)).statusCode).toBe(201);
    expect(json<ErrorBody>(await watch(t, jwt, remaining[2]!))).toMatchObject({ code: "watchlist_limit_reached", error: expect.stringContaining("premium watches up to 5") });
  }, 60_000);

  it("offers premium on a full free list only where premium can be bought", async () => {
    t = await startTestApp(kind, {
      WATCHLIST_FREE_LIMIT: "1",
      WATCHLIST_PREMIUM_LIMIT: "5",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      STRIPE_BUY_BUTTON_ID: "buy_btn_123",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
    });
    const { jwt } = await createVerifiedUser(t, "sold@example.com");
    expect((await watch(t, jwt, "NWSC")).statusCode).toBe(201);
    expect(json<ErrorBody>(await watch(t, jwt, "QBIT"))).toEqual({
      code: "watchlist_limit_reached",
      error: "Your watch list is full: the free plan watches up to 1 stocks. Remove one, or upgrade to premium to watch up to 5.",
    });
  }, 60_000);

  it("never shows or changes another user's watch list, alerts or settings, and asks for a verified sign-in", async () => {
    t = await startTestApp(kind);
    const alice = await createVerifiedUser(t, "alice@example.com");
    const bob = await createVerifiedUser(t, "bob@example.com");
    expect((await watch(t, alice.jwt, "QBIT")).statusCode).toBe(201);
    expect((await listOf(t, bob.jwt)).items).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url: "/api/watchlist/QBIT", headers: apiHeaders(bob.jwt) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "PATCH", url: "/api/watchlist/QBIT", headers: apiHeaders(bob.jwt), payload: { price_above: 1 } })).statusCode).toBe(404);
    expect((await listOf(t, alice.jwt)).items.map((row) => row.ticker)).toEqual(["QBIT"]);
    await t.app.inject({ method: "PUT", url: "/api/alert-settings", headers: apiHeaders(bob.jwt), payload: { digest: false } });
    expect(json<AlertSettings>(await t.app.inject({ url: "/api/alert-settings", headers: apiHeaders(alice.jwt) })).digest).toBe(true);
    await t.database.db.insert(userAlerts).values({ id: "a1", userId: alice.userId, ticker: "QBIT", rule: "buy", eventKey: "k", session: "2026-01-02", title: "t", detail: "d" });
    expect(json<Alerts>(await t.app.inject({ url: "/api/alerts", headers: apiHeaders(bob.jwt) }))).toEqual({ alerts: [], unread: 0 });

    expect((await t.app.inject({ url: "/api/watchlist" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/watchlist", headers: { "x-csrftoken": "c", cookie: "csrftoken=c" }, payload: { ticker: "QBIT" } })).statusCode).toBe(401);
    // A signed-in call without the CSRF pair is refused too.
    expect((await t.app.inject({ method: "POST", url: "/api/watchlist", headers: { authorization: `Bearer ${alice.jwt}` }, payload: { ticker: "NWSC" } })).statusCode).toBe(403);
  }, 60_000);

  it("after each refresh: alerts once per event, one digest per user and day, the bell, and a signed single-purpose unsubscribe", async () => {
    // The demo market (seed 42) on 2025-06-20: LDGR is the screen's one BUY (on its breakout of
    // 2025-06-16) and fails back to a SELL on 2025-06-24; VNTR, a WATCH, breaks out on the session
    // between (2025-06-23).
    const clock = clockStartingAt("2025-06-20T22:00:00Z");
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, {}, { market, now: clock.now });
    const app = t;
    await app.services.publicRefresh.startWorking();
    await app.services.alertJobs.startWorking();
    await app.services.publicRefresh.refresh({ force: true });
    const { buy, watch: watching } = await screened(app);
    expect(buy).toEqual(["LDGR"]);
    expect(watching).toContain("VNTR");

    const alice = await createVerifiedUser(app, "alice@example.com");
    const bob = await createVerifiedUser(app, "bob@example.com");
    expect((await watch(app, alice.jwt, "LDGR")).statusCode).toBe(201);
    expect((await watch(app, alice.jwt, "VNTR")).statusCode).toBe(201);
    // Bob watches the same WATCH with the rule off, and sets a price alert the next close will cross.
    expect((await watch(app, bob.jwt, "VNTR")).statusCode).toBe(201);
    const price = (await listOf(app, bob.jwt)).items[0]!.latest!.price;
    await app.app.inject({ method: "PATCH", url: "/api/watchlist/VNTR", headers: apiHeaders(bob.jwt), payload: { rules: { buy: false }, price_above: Math.floor(price / 2) } });

    // The next session: the refresh runs, and the alert jobs after it.
    const next = clock.advanceSessions(1);
    expect(next).toBe("2025-06-23");
    expect(next).toBe(isoFromDayNumber(lastCompletedSession(clock.now())));
    await app.services.publicRefresh.refresh({ force: true });
    const [aliceDigest] = await digestFor(app, "alice@example.com");
    const [bobDigest] = await digestFor(app, "bob@example.com");

    const aliceAlerts = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) }));
    // VNTR's breakout is the one event: LDGR is still a BUY on the breakout Alice saw (decision 032).
    expect(aliceAlerts.alerts.map((alert) => `${alert.ticker} ${alert.kind}`)).toEqual(["VNTR buy"]);
    expect(aliceAlerts.unread).toBe(aliceAlerts.alerts.length);
    expect(aliceAlerts.alerts.every((alert) => alert.session === next)).toBe(true);
    for (const alert of aliceAlerts.alerts) expect(aliceDigest!.text).toContain(alert.title);
    expect(aliceDigest!.subject).toMatch(/^Quanta alerts for /);
    // The demo market's prices are simulated, and the e-mail says so as every page does.
    expect(aliceDigest!.text).toContain("Demo market: these are fictional companies with simulated prices, not real market data.");
    expect(aliceDigest!.html).toContain("Demo market: these are fictional companies with simulated prices");
    const bobAlerts = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(bob.jwt) }));
    expect(bobAlerts.alerts.map((alert) => alert.kind)).toEqual(["price_above"]);
    expect(bobDigest!.text).toContain("VNTR closed above $");
    expect((await listOf(app, bob.jwt)).items[0]!.price_above).toEqual({ level: Math.floor(price / 2), fired_on: next });

    // The same job again (a retry, a second instance): nothing new, no second e-mail.
    const stored = (await app.database.db.select().from(userAlerts)).length;
    const mails = app.mail.messages.length;
    // Two instances evaluating the same session at once.
    const again = await Promise.all([app.services.alertJobs.evaluate(), app.services.alertJobs.evaluate()]);
    for (const run of again) expect(run).toMatchObject({ session: next, priceAlerts: 0, alerts: 0, recipients: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await app.database.db.select().from(userAlerts)).length).toBe(stored);
    expect(app.mail.messages.length).toBe(mails);

    // The bell: read once opened.
    expect((await app.app.inject({ method: "POST", url: "/api/alerts/read", headers: apiHeaders(alice.jwt) })).statusCode).toBe(204);
    expect(json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) })).unread).toBe(0);

    // The unsubscribe link: signed for Alice and for this one purpose.
    const link = new URL(aliceDigest!.links.find((url) => url.includes("/unsubscribe/alerts"))!);
    expect(link.pathname).toBe("/unsubscribe/alerts");
    const user = link.searchParams.get("user")!;
    const token = link.searchParams.get("token")!;
    expect(user).toBe(alice.userId);
    expect(aliceDigest!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const unsubscribe = (payload: object | string, headers: Record<string, string> = {}, query = "") =>
      app.app.inject({ method: "POST", url: `/api/alerts/unsubscribe${query}`, payload, headers });
    // Tampered, another user's id, a MAC of the id under the bare secret: refused, nothing changes.
    for (const attempt of [{ user, token: `${token.slice(0, -2)}xx` }, { user: bob.userId, token }, { user, token: createHmac("sha256", TEST_AUTH_SECRET).update(user).digest("base64url") }, { user, token: "" }]) {
      const refused = await unsubscribe(attempt);
      expect(refused.statusCode).toBe(400);
      if (attempt.token !== "") expect(json<ErrorBody>(refused).code).toBe("unsubscribe_link_invalid");
    }
    expect(json<AlertSettings>(await app.app.inject({ url: "/api/alert-settings", headers: apiHeaders(alice.jwt) })).digest).toBe(true);
    // It is no sign-in token either.
    expect((await app.app.inject({ url: "/api/watchlist", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    // The mail client's one-click POST (RFC 8058): the List-Unsubscribe address, a form body, no cookie, no CSRF header.
    const oneClick = new URL(aliceDigest!.headers!["List-Unsubscribe"]!.slice(1, -1));
    // Opened instead of posted, the address leads to the page, which asks first.
    const opened = await app.app.inject({ url: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe/alerts?user=${encodeURIComponent(user)}&token=${encodeURIComponent(token)}`);
    expect(json<AlertSettings>(await app.app.inject({ url: "/api/alert-settings", headers: apiHeaders(alice.jwt) })).digest).toBe(true);
    const done = await unsubscribe("List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" }, oneClick.search);
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ unsubscribed: true });
    expect(json<AlertSettings>(await app.app.inject({ url: "/api/alert-settings", headers: apiHeaders(alice.jwt) })).digest).toBe(false);
    expect(json<AlertSettings>(await app.app.inject({ url: "/api/alert-settings", headers: apiHeaders(bob.jwt) })).digest).toBe(true);

    // The session after (LDGR's SELL): Alice's alerts still reach her bell, but no e-mail.
    expect(clock.advanceSessions(1)).toBe("2025-06-24");
    const before = app.mail.messages.filter((message) => message.to === "alice@example.com").length;
    await app.services.publicRefresh.refresh({ force: true });
    await expect.poll(async () => json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) })).unread, { timeout: 20_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.mail.messages.filter((message) => message.to === "alice@example.com").length).toBe(before);
  }, 120_000);

  /**
   * A universe of three (the watched stocks with something to say are all outside it), alert slices
   * of 2, on a clock the test moves from `start`; the first refresh done.
   */
  async function startUniverseOfThree(start: string): Promise<{ app: TestApp; clock: AdjustableClock }> {
    const clock = clockStartingAt(start);
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, { PUBLIC_UNIVERSE: "NWSC,LMNC,SUMT", REFRESH_CHUNK_SIZE: "2" }, { market, now: clock.now });
    await t.services.publicRefresh.startWorking();
    await t.services.alertJobs.startWorking();
    await t.services.publicRefresh.refresh({ force: true });
    return { app: t, clock };
  }

  it("analyses watched stocks outside the public universe in slices of jobs, then alerts on them like the others", async () => {
    // The demo market (seed 42) from 2026-06-18 to 2026-06-22: MRDT breaks out, CLBV's breakout of
    // 2026-06-16 fails (a SELL), CRDX forms a new base; QBIT and VDPR stay quiet.
    const { app, clock } = await startUniverseOfThree("2026-06-17T22:00:00Z");
    expect((await app.services.publicAnalyses.list()).map((row) => row.ticker).sort()).toEqual(["LMNC", "NWSC", "SUMT"]);

    const alice = await createVerifiedUser(app, "alice@example.com");
    const outside = ["CLBV", "CRDX", "MRDT", "QBIT", "VDPR"];
    for (const ticker of ["NWSC", ...outside]) expect((await watch(app, alice.jwt, ticker)).statusCode).toBe(201);
    // Watching does not analyse: those outside the universe wait for the next screen's alert job.
    const watched = await listOf(app, alice.jwt);
    expect(watched.items.filter((item) => item.pending).map((item) => item.ticker).sort()).toEqual([...outside].sort());

    // The next session analyses them (their baseline); the one after compares with it.
    const first = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await alertJobsIdle(app);
    const baseline = (await listOf(app, alice.jwt)).items.filter((item) => outside.includes(item.ticker));
    expect(baseline.every((item) => !item.pending && item.latest?.as_of === first)).toBe(true);
    expect(Object.fromEntries(baseline.map((item) => [item.ticker, item.latest?.action]))).toEqual({ CLBV: "BUY", CRDX: "WATCH", MRDT: "WATCH", QBIT: "WATCH", VDPR: "WATCH" });
    const next = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await digestFor(app, "alice@example.com");
    const alerts = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) }));
    expect(alerts.alerts.map((alert) => `${alert.ticker} ${alert.kind} ${alert.session}`).sort()).toEqual([`CLBV sell ${next}`, `CRDX new_base ${next}`, `MRDT buy ${next}`]);
    expect((await listOf(app, alice.jwt)).items.every((item) => item.latest?.as_of === next)).toBe(true);
    // The five outside the universe went through three slice jobs (2 + 2 + 1) per session, not one
    // long job (the first session's evaluation ran before Alice watched anything).
    await alertJobsIdle(app);
    const slices = await app.database.executeSql("select count(*)::int as count from pgboss.job where name = 'watch-alerts' and data->>'kind' = 'snapshots'", []);
    expect(Number(slices.rows[0]!.count)).toBe(6);
  }, 120_000);
  it("watching is never an analysis: a free user at the daily limit adds 30 stocks without a fresh call, and the next screen analyses those outside the universe", async () => {
    const clock = new AdjustableClock();
    const { market, calls } = countingMarket(new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now }));
    const demoTickers = (await new DemoMarketProvider({ seed: 42 }).listUniverse()).map((company) => company.ticker);
    const universe = demoTickers.slice(0, 12);
    const outside = demoTickers.slice(12, 30);
    t = await startTestApp(
      kind,
      { FREE_DAILY_ANALYSES: "1", WATCHLIST_FREE_LIMIT: "40", PUBLIC_UNIVERSE: universe.join(","), REFRESH_CHUNK_SIZE: "8" },
      { market, now: clock.now },
    );
    const app = t;
    await app.services.publicRefresh.startWorking();
    await app.services.alertJobs.startWorking();
    await app.services.publicRefresh.refresh({ force: true });
    await alertJobsIdle(app);
    const screenedCalls = new Map((await app.services.publicAnalyses.list()).map((row) => [row.ticker, row]));
    expect([...screenedCalls.keys()].sort()).toEqual([...universe].sort());

    // The free user's one analysis of the day, of a stock outside the universe.
    const { jwt } = await createVerifiedUser(app, "frugal@example.com");
    const form = multipartForm({ input: outside[0]! });
    expect((await app.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } })).statusCode).toBe(200);
    const usage = () => app.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }).then((response) => json<{ used: number; limit: number }>(response));
    expect(await usage()).toMatchObject({ used: 1, limit: 1 });

    const before = { ...calls };
    const items: WatchItem[] = [];
    for (const ticker of [...universe, ...outside]) {
      const added = await watch(app, jwt, ticker);
      expect(added.statusCode).toBe(201);
      items.push(json<WatchItem>(added));
    }
    // No analysis: no bars or fundamentals were asked for; only the cached profile of the 18 outside the universe.
    expect(calls.bars - before.bars).toBe(0);
    expect(calls.fundamentals - before.fundamentals).toBe(0);
    expect(calls.profiles - before.profiles).toBe(outside.length);
    expect(await usage()).toMatchObject({ used: 1, limit: 1 });
    for (const item of items) {
      const stored = screenedCalls.get(item.ticker);
      if (stored) {
        const summary = (stored.analysis as { stock_summary: { recommendation: { action: string }; current_metrics: { price: number } } }).stock_summary;
        expect(item).toMatchObject({ pending: false, latest: { as_of: stored.asOf, action: summary.recommendation.action, price: summary.current_metrics.price } });
      } else {
        expect(item).toMatchObject({ pending: true, latest: null });
      }
    }
    // The list is read from what is stored, never analysed either.
    const listed = await listOf(app, jwt);
    expect(listed.items.filter((item) => item.pending).map((item) => item.ticker).sort()).toEqual([...outside].sort());
    expect(calls.bars - before.bars).toBe(0);

    // The next daily screen: its alert job analyses the watched stocks outside the universe.
    const next = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await alertJobsIdle(app);
    const after = await listOf(app, jwt);
    expect(after.items).toHaveLength(30);
    for (const item of after.items) expect(item).toMatchObject({ pending: false, latest: { as_of: next } });
  }, 180_000);
  it("a close under the stop shown the session before raises the SELL in the bell and the digest, and no BUY that session though the analysis sees a new breakout; the next session announces it with the old levels", async () => {
    // MRDT, outside the universe, breaks out on 2026-06-22 and stays a BUY on that breakout for the
    // sessions after (demo market, seed 42); the test moves its stop over the next close.
    const { app, clock } = await startUniverseOfThree("2026-06-18T22:00:00Z");
    const alice = await createVerifiedUser(app, "alice@example.com");
    expect((await watch(app, alice.jwt, "MRDT")).statusCode).toBe(201);
    const first = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await alertJobsIdle(app);

    // The plan shown on the first session: a BUY, made one on an older breakout with a stop over any close to come.
    const [row] = await app.database.db.select().from(watchSnapshots).where(eq(watchSnapshots.ticker, "MRDT"));
    const shown = row!.snapshot as WatchSnapshot;
    expect(shown).toMatchObject({ session: first, action: "BUY", stoppedOut: null });
    const stop = Math.round(shown.close * 300) / 100;
    await app.database.db.update(watchSnapshots).set({ snapshot: { ...shown, stop, breakoutDate: "2020-01-02" } }).where(eq(watchSnapshots.ticker, "MRDT"));

    const second = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    const [digest] = await digestFor(app, "alice@example.com");
    const alerts = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) })).alerts;
    expect(alerts.map((alert) => `${alert.ticker} ${alert.kind} ${alert.session}`)).toEqual([`MRDT sell ${second}`]);
    const title = `MRDT closed under its $${stop.toFixed(2)} stop (SELL)`;
    expect(alerts[0]!.title).toBe(title);
    expect(digest!.text).toContain(title);
    expect(digest!.text).not.toContain("MRDT reached its buy range");
    // The levels the SELL ended are kept with the session's snapshot, to be named by the next setup.
    const [latest] = await app.database.db.select().from(watchSnapshots).where(and(eq(watchSnapshots.ticker, "MRDT"), eq(watchSnapshots.session, second)));
    expect((latest!.snapshot as WatchSnapshot).stoppedOut).toMatchObject({ session: second, breakoutDate: "2020-01-02", stop });

    // The session after: the new breakout is announced as a new setup that names the levels the SELL ended.
    const third = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await expect.poll(async () => json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) })).alerts.filter((alert) => alert.session === third).length, { timeout: 60_000 }).toBe(1);
    const [announced] = json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) })).alerts.filter((alert) => alert.session === third);
    expect(announced).toMatchObject({ ticker: "MRDT", kind: "buy", title: "MRDT reached its buy range on a new breakout (BUY)" });
    expect(announced!.detail).toContain(`A new setup after the SELL of ${second}. New levels: buy point $`);
    expect(announced!.detail).toContain(`(were buy point $${shown.buyPoint!.toFixed(2)}, stop $${stop.toFixed(2)}).`);
  }, 120_000);

  it("a slice that fails on every attempt loses only its own stocks: the others alert, the failures are recorded, the next session catches up, old snapshots are pruned", async () => {
    // The demo market (seed 42): on 2026-06-22 CRDX forms a new base, CLBV's breakout fails (a SELL)
    // and MRDT breaks out, a BUY still on 2026-06-23; QBIT and VDPR stay quiet.
    const { app, clock } = await startUniverseOfThree("2026-06-17T22:00:00Z");
    const alice = await createVerifiedUser(app, "alice@example.com");
    // Sorted into slices of two: [CLBV, CRDX], [MRDT, QBIT], [VDPR].
    const outside = ["VDPR", "MRDT", "QBIT", "CLBV", "CRDX"];
    for (const ticker of ["NWSC", ...outside]) expect((await watch(app, alice.jwt, ticker)).statusCode).toBe(201);
    const alertsOf = async (session: string) =>
      json<Alerts>(await app.app.inject({ url: "/api/alerts", headers: apiHeaders(alice.jwt) }))
        .alerts.filter((alert) => alert.session === session)
        .map((alert) => `${alert.ticker} ${alert.kind}`)
        .sort();

    // Session 1 (2026-06-18): the baseline of the stocks outside the universe.
    clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await alertJobsIdle(app);

    // Session 2: storing the slice with MRDT fails on every attempt (a database or thread failure).
    const save = WatchlistRepository.prototype.saveSnapshots;
    const doomed = vi.spyOn(WatchlistRepository.prototype, "saveSnapshots").mockImplementation(async function (this: WatchlistRepository, snapshots, now) {
      if (snapshots.some((snapshot) => snapshot.ticker === "MRDT")) throw new Error("could not store the slice");
      return save.call(this, snapshots, now);
    });
    const second = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await expect.poll(() => alertsOf(second), { timeout: 90_000, interval: 250 }).toEqual(["CLBV sell", "CRDX new_base"]);
    await alertJobsIdle(app);
    // MRDT's breakout is not raised: its slice was lost.
    expect(await alertsOf(second)).toEqual(["CLBV sell", "CRDX new_base"]);
    expect(doomed.mock.calls.filter(([snapshots]) => snapshots.some((snapshot) => snapshot.ticker === "MRDT")).length).toBe(4);
    const [run] = await app.services.alertJobs.recentRuns(1);
    expect(run).toMatchObject({ slices: 3, slicesFinished: 3, failed: ["MRDT", "QBIT"], lastError: "could not store the slice" });
    expect(run!.raisedAt).not.toBeNull();
    doomed.mockRestore();

    // Session 3: the failed stocks are compared with their last snapshot and catch up: MRDT's breakout
    // of the session before is raised now.
    const third = clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await expect.poll(() => alertsOf(third), { timeout: 60_000, interval: 250 }).toEqual(["MRDT buy"]);
    await alertJobsIdle(app);
    expect((await app.services.alertJobs.recentRuns(1))[0]).toMatchObject({ failed: [] });

    // Four sessions of six watched stocks: at most the two newest sessions of each are kept.
    const rows = await app.database.db.select({ ticker: watchSnapshots.ticker, session: watchSnapshots.session }).from(watchSnapshots);
    const perTicker = new Map<string, number>();
    for (const row of rows) perTicker.set(row.ticker, (perTicker.get(row.ticker) ?? 0) + 1);
    expect([...perTicker.keys()].sort()).toEqual(["NWSC", ...outside].sort());
    expect([...perTicker.values()].every((count) => count <= 2)).toBe(true);
    expect(rows.length).toBe(12);
    // A stock no one watches any more keeps no snapshot.
    await app.app.inject({ method: "DELETE", url: "/api/watchlist/CLBV", headers: apiHeaders(alice.jwt) });
    clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    await expect
      .poll(async () => (await app.database.db.select({ ticker: watchSnapshots.ticker }).from(watchSnapshots).where(eq(watchSnapshots.ticker, "CLBV"))).length, { timeout: 60_000 })
      .toBe(0);
  }, 240_000);

  it("an unsubscribe link mailed before the e-mails were switched on again no longer unsubscribes; the next digest's link does", async () => {
    // The demo market (seed 42) from 2026-03-18: CLBV breaks out on 2026-03-19 and QBIT on 2026-03-20,
    // so each of the two sessions the test moves through has a digest.
    const clock = clockStartingAt("2026-03-18T22:00:00Z");
    const market = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(kind, { PUBLIC_UNIVERSE: "NWSC,LMNC,CLBV,QBIT" }, { market, now: clock.now });
    const app = t;
    await app.services.publicRefresh.startWorking();
    await app.services.alertJobs.startWorking();
    await app.services.publicRefresh.refresh({ force: true });
    const alice = await createVerifiedUser(app, "alice@example.com");
    expect((await watch(app, alice.jwt, "CLBV")).statusCode).toBe(201);
    expect((await watch(app, alice.jwt, "QBIT")).statusCode).toBe(201);
    const linkOf = (message: { links: string[] }) => {
      const link = new URL(message.links.find((url) => url.includes("/unsubscribe/alerts"))!);
      return { user: link.searchParams.get("user")!, token: link.searchParams.get("token")! };
    };
    const unsubscribe = (payload: { user: string; token: string }) => app.app.inject({ method: "POST", url: "/api/alerts/unsubscribe", payload });
    const digestOn = async () => json<AlertSettings>(await app.app.inject({ url: "/api/alert-settings", headers: apiHeaders(alice.jwt) })).digest;
    const switchDigest = (digest: boolean) => app.app.inject({ method: "PUT", url: "/api/alert-settings", headers: apiHeaders(alice.jwt), payload: { digest } });

    clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    const [first] = await digestFor(app, "alice@example.com");
    expect(first!.text).toContain("CLBV reached its buy range");
    const old = linkOf(first!);
    expect((await unsubscribe(old)).statusCode).toBe(200);
    expect(await digestOn()).toBe(false);

    // Switched on again: the old link is refused with its own code, and changes nothing.
    expect((await switchDigest(true)).statusCode).toBe(200);
    const refused = await unsubscribe(old);
    expect(refused.statusCode).toBe(400);
    expect(json<ErrorBody>(refused)).toMatchObject({ code: "unsubscribe_link_outdated", error: expect.stringContaining("latest alert e-mail") });
    expect(await digestOn()).toBe(true);
    // Saving 'on' while it is on does not outdate anything more.
    expect((await switchDigest(true)).statusCode).toBe(200);

    // The next digest carries the new version, and its link works.
    await alertJobsIdle(app);
    app.mail.messages.length = 0;
    clock.advanceSessions(1);
    await app.services.publicRefresh.refresh({ force: true });
    const [second] = await digestFor(app, "alice@example.com");
    expect(second!.text).toContain("QBIT reached its buy range");
    const fresh = linkOf(second!);
    expect(fresh.token).not.toBe(old.token);
    // The new version's number with the old signature is no link at all.
    expect(json<ErrorBody>(await unsubscribe({ user: fresh.user, token: `1.${old.token}` })).code).toBe("unsubscribe_link_invalid");
    expect((await unsubscribe(fresh)).statusCode).toBe(200);
    expect(await digestOn()).toBe(false);
  }, 180_000);
});
