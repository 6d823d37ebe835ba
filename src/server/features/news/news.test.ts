import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { NewsUpstreamError, type NewsSource } from "../../adapters/news/news-source";
import type { NewsArticle } from "../../../contracts/news";
import { CachedMarketDataProvider } from "../../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { clockStartingAt } from "../../test-support/flowing-clock";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, type TestApp } from "../../test-support/test-app";
import { NewsService } from "./news.service";

type NewsBody = { content: NewsArticle[]; page: number; size: number };
const pglite = testDatabaseKinds("storage-only")[0]!;
const silent: FastifyBaseLogger = pino({ level: "silent" });

function article(title: string, date: string, extra: Partial<NewsArticle> = {}): NewsArticle {
  return { image: "", title, link: `https://news.example/${encodeURIComponent(title)}`, author: "a", content: `<p>${title}</p>`, date, tickers: "", ...extra };
}
const fixed = (articles: NewsArticle[], id = "fixed"): NewsSource & { calls: number } => ({
  id,
  calls: 0,
  async fetchArticles() {
    this.calls++;
    return articles;
  },
});
const failing = (error: unknown, id = "failing"): NewsSource => ({ id, fetchArticles: () => Promise.reject(error) });

describe("NewsService", () => {
  it("merges sources newest first and pages through them", async () => {
    const service = new NewsService({
      log: silent,
      sources: [
        fixed([article("a1", "2025-11-01T00:00:00.000Z"), article("a3", "2025-11-03T00:00:00.000Z")]),
        fixed([article("b2", "2025-11-02T00:00:00.000Z"), article("b4", "2025-11-04T00:00:00.000Z"), article("undated", "")]),
      ],
    });
    expect((await service.page(0, 10)).content.map((a) => a.title)).toEqual(["b4", "a3", "b2", "a1", "undated"]);
    expect(await service.page(1, 2)).toMatchObject({ page: 1, size: 2, content: [{ title: "b2" }, { title: "a1" }] });
    expect((await service.page(9, 10)).content).toEqual([]);
  });

  it("caches the combined list for five minutes", async () => {
    let now = 1_000_000;
    const source = fixed([article("x", "2025-11-01T00:00:00.000Z")]);
    const service = new NewsService({ log: silent, sources: [source], now: () => new Date(now) });
    await Promise.all([service.page(0, 10), service.page(0, 10)]);
    now += 4 * 60 * 1000;
    await service.page(0, 10);
    expect(source.calls).toBe(1);
    now += 2 * 60 * 1000;
    await service.page(0, 10);
    expect(source.calls).toBe(2);
  });

  it("skips a failing source while another answers; fails with the first failure when all do", async () => {
    const ok = new NewsService({ log: silent, sources: [failing(new NewsUpstreamError("upstream_error", 500, "fmp")), fixed([article("kept", "2025-11-01T00:00:00.000Z")])] });
    expect((await ok.page(0, 10)).content.map((a) => a.title)).toEqual(["kept"]);
    const none = new NewsService({
      log: silent,
      sources: [failing(new NewsUpstreamError("upstream_timeout", 504, "fmp")), failing(new NewsUpstreamError("upstream_html", 502, "rss"))],
    });
    await expect(none.page(0, 10)).rejects.toMatchObject({ statusCode: 424, code: "upstream_timeout", message: "Failed to fetch news: 504" });
    const odd = new NewsService({ log: silent, sources: [failing(new Error("database closed"))] });
    await expect(odd.page(0, 10)).rejects.toMatchObject({ statusCode: 424, code: "upstream_error", message: "Failed to fetch news: 502" });
  });
});

describe("GET /api/news with the default Quanta briefs", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it("writes briefs from the public analyses: breakouts, setups near the pivot and the market trend", async () => {
    // The demo market (seed 42) on 2023-06-12: two breakouts (ECHF, KSTM) and eight setups within 5% of
    // their buy point, with the market brief more than a page of ten (a day with as many is rare).
    const clock = clockStartingAt("2023-06-12T22:00:00Z");
    const demo = new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42, today: clock.now }), { now: clock.now });
    t = await startTestApp(pglite, {}, { market: demo, now: clock.now });
    await t.services.publicRefresh.refresh();
    const response = await t.app.inject({ url: "/api/news" });
    expect(response.statusCode).toBe(200);
    const body = json<NewsBody>(response);
    expect(body.page).toBe(0);
    expect(body.size).toBe(10);
    expect(body.content).toHaveLength(10);
    const [market, ...rest] = body.content;
    expect(market!.title).toMatch(/^Market trend: /);
    expect(market!.tickers.split(",")[0]).toBe("SPY");
    expect(market!.content).toMatch(/Of \d+ stocks analysed for \d{4}-\d{2}-\d{2}: \d+ BUY, \d+ WATCH, \d+ SELL\./);
    const breakout = rest.find((a) => / breaks out of an? \d+-week /.test(a.title))!;
    expect(breakout).toBeDefined();
    const ticker = breakout.tickers;
    expect(breakout).toMatchObject({ author: "Quanta briefs", link: `/stock/${ticker}`, image: `/api/logos/${ticker}` });
    expect(breakout.content).toMatch(/closed at \$[\d,.]+ on \d{4}-\d{2}-\d{2}, [\d.]+% above its \$[\d,.]+ pivot/);
    expect(breakout.content).toMatch(/stop loss \$[\d,.]+, target \$[\d,.]+/);
    const all = json<NewsBody>(await t.app.inject({ url: "/api/news?size=50" })).content;
    expect(all.some((a) => / sets up [\d.]+% below its \$[\d,.]+ buy point$/.test(a.title))).toBe(true);
    // dated by when each analysis was made (the refresh run), newest first
    expect(all.every((a) => Math.abs(Date.parse(a.date) - Date.parse(market!.date)) < 60_000)).toBe(true);
    expect(all.map((a) => a.date)).toEqual(all.map((a) => a.date).sort().reverse());
    const logo = await t.app.inject({ url: breakout.image });
    expect(logo.statusCode).toBe(200);
  });

  it("validates page and size", async () => {
    t = await startTestApp(pglite);
    expect((await t.app.inject({ url: "/api/news?size=51" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/news?size=0" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/news?page=-1" })).statusCode).toBe(400);
    const empty = await t.app.inject({ url: "/api/news?page=2&size=5" });
    expect(json(empty)).toEqual({ content: [], page: 2, size: 5 });
  });
});

describe("GET /api/news with FMP and RSS upstreams", () => {
  let upstream: LocalServer;
  let t: TestApp;
  let fmpMode: "ok" | "html" | "500" = "ok";
  beforeAll(async () => {
    upstream = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/stable/fmp-articles") {
        if (fmpMode === "html") return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Sign in</title>");
        if (fmpMode === "500") return void res.writeHead(500).end("Internal");
        return void res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify([
            { title: "FMP piece", date: "2025-11-18 12:00:00", content: "<p>Body <script>x()</script></p>", tickers: "NASDAQ:NVDA", image: "https://img.example/n.png", link: "https://fmp.example/n", author: "FMP" },
          ]),
        );
      }
      if (url.pathname === "/feed.xml") {
        return void res.writeHead(200, { "content-type": "application/rss+xml" }).end(
          `<rss version="2.0"><channel><title>Feed</title><item><title>RSS piece</title><link>https://rss.example/r</link><pubDate>Wed, 19 Nov 2025 12:00:00 GMT</pubDate></item></channel></rss>`,
        );
      }
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await upstream.close();
  });
  afterEach(async () => {
    await t.close();
  });

  const start = (sources: string) =>
    startTestApp(pglite, { NEWS_SOURCES: sources, FMP_API_KEY: "server-side-key", FMP_BASE_URL: upstream.url, NEWS_RSS_FEEDS: `${upstream.url}/feed.xml` });

  it("merges FMP articles and RSS items newest first, sanitised, and keeps the key on the server", async () => {
    fmpMode = "ok";
    t = await start("fmp,rss");
    const response = await t.app.inject({ url: "/api/news?page=0&size=10" });
    expect(response.statusCode).toBe(200);
    expect(json<NewsBody>(response).content).toEqual([
      { image: "", title: "RSS piece", link: "https://rss.example/r", author: "Feed", content: "", date: "2025-11-19T12:00:00.000Z", tickers: "" },
      { image: "https://img.example/n.png", title: "FMP piece", link: "https://fmp.example/n", author: "FMP", content: "<p>Body </p>", date: "2025-11-18T12:00:00.000Z", tickers: "NVDA" },
    ]);
    expect(response.body).not.toContain("server-side-key");
    expect(upstream.requests.some((r) => r.includes("apikey=server-side-key"))).toBe(true);
  });

  it.each([
    ["html", "upstream_html", "API returned HTML instead of JSON. Please check API access."],
    ["500", "upstream_error", "Failed to fetch news: 500"],
  ] as const)("answers 424 %s when the only source fails, never a 5xx", async (mode, code, error) => {
    fmpMode = mode;
    t = await start("fmp");
    const response = await t.app.inject({ url: "/api/news" });
    expect(response.statusCode).toBe(424);
    expect(json(response)).toEqual({ error, code });
  });

  it("still answers with the other sources when FMP fails", async () => {
    fmpMode = "500";
    t = await start("fmp,rss,briefs");
    const response = await t.app.inject({ url: "/api/news" });
    expect(response.statusCode).toBe(200);
    expect(json<NewsBody>(response).content.map((a) => a.title)).toEqual(["RSS piece"]);
  });
});
