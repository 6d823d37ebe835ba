import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { FmpNewsSource } from "./fmp-news-source";
import { NewsUpstreamError } from "./news-source";
import type { NewsArticle } from "../../../contracts/news";
import { parseFeed, RssNewsSource } from "./rss-news-source";
import { XSS_CORPUS, XSS_URLS } from "./xss-corpus";
import { readVendoredText, vendoredNames } from "../../../test-fixtures/market-data";

/** Every recorded FMP news answer (vendored), in file-name order. */
function recordedItems(): Record<string, unknown>[] {
  return vendoredNames("fmp/stable/news").flatMap((name) => JSON.parse(readVendoredText(name)) as Record<string, unknown>[]);
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An RSS feed whose items carry each payload in title, description (escaped and as CDATA) and link. */
function hostileRss(): string {
  const items = XSS_CORPUS.map(
    (p, i) => `<item>
      <title>${xmlEscape(p.html)}</title>
      <link>${xmlEscape(XSS_URLS[i % XSS_URLS.length]!)}</link>
      <description><![CDATA[${p.html.replace(/]]>/g, "]]]]><![CDATA[>")}]]></description>
      <content:encoded>${xmlEscape(p.html)}</content:encoded>
      <dc:creator>${xmlEscape(p.html)}</dc:creator>
      <category>${xmlEscape(p.html)}</category>
      <enclosure url="${xmlEscape(XSS_URLS[i % XSS_URLS.length]!)}" type="image/png"/>
      <pubDate>Mon, 17 Nov 2025 10:${String(i % 60).padStart(2, "0")}:00 GMT</pubDate>
    </item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Hostile</title>${items.join("")}</channel></rss>`;
}

function hostileFmp(): unknown[] {
  return XSS_CORPUS.map((p, i) => ({
    title: p.html,
    date: "2025-11-17 10:00:00",
    content: p.html,
    tickers: `NASDAQ:AAPL,${p.html}`,
    image: XSS_URLS[i % XSS_URLS.length],
    link: XSS_URLS[(i + 1) % XSS_URLS.length],
    author: p.html,
    site: "x",
  }));
}

const ALLOWED_TAGS = new Set(["p", "br", "b", "i", "em", "strong", "a", "ul", "ol", "li", "blockquote", "code"]);

/** The sanitised article is inert: only allow-listed tags, no handlers, only http(s) URLs, plain text fields. */
function expectSafe(article: NewsArticle): void {
  const html = article.content;
  expect(html).not.toMatch(/<\s*script/i);
  expect(html).not.toMatch(/<\s*(iframe|object|embed|svg|math|style|img|form|input|base|meta|link|template|video|body)\b/i);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  for (const [, tag, attrs] of html.matchAll(/<\/?\s*([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `tag <${tag}> in ${html}`).toBe(true);
    for (const [, name, value] of attrs!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(["href", "rel", "target"]).toContain(name);
      if (name === "href") expect(value).toMatch(/^https?:\/\//);
    }
    expect(attrs).not.toMatch(/(javascript|vbscript|data):/i);
  }
  for (const text of [article.title, article.author, article.tickers]) {
    expect(text).not.toMatch(/[<>]/);
  }
  expect(article.tickers).toMatch(/^[A-Z0-9.,\-^]*$/);
  for (const url of [article.link, article.image]) {
    if (url) expect(url).toMatch(/^https?:\/\//);
  }
}

describe("news adapters against local servers", () => {
  let server: LocalServer;
  let mode: "ok" | "html" | "500" | "slow" | "error-json" = "ok";

  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (mode === "html") {
        res.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html><html><body>Login</body></html>");
      } else if (mode === "500") {
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
      } else if (mode === "slow") {
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("[]"), 2000).unref();
      } else if (mode === "error-json") {
        res.writeHead(200, { "content-type": "application/json" }).end('{"Error Message":"Invalid API KEY."}');
      } else if (url.pathname === "/stable/fmp-articles" && url.searchParams.get("apikey") === "hostile") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(hostileFmp()));
      } else if (url.pathname === "/stable/fmp-articles") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(recordedItems()));
      } else if (url.pathname === "/wrapped") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ content: [{ title: "Wrapped", link: "https://example.com/w", date: "2025-01-02 03:04:05", tickers: "NYSE:KO" }] }));
      } else if (url.pathname === "/rss.xml") {
        res.writeHead(200, { "content-type": "application/rss+xml" }).end(hostileRss());
      } else {
        res.writeHead(404).end();
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("maps recorded FMP news responses (publishedDate, text, symbol, url, publisher) to articles", async () => {
    mode = "ok";
    const articles = await new FmpNewsSource({ baseUrl: server.url, apiKey: "secret-key", limit: 20 }).fetchArticles();
    const items = recordedItems();
    expect(articles).toHaveLength(items.length);
    const first = articles.find((a) => a.title === "Google shares rise on report of Apple using Gemini for Siri")!;
    expect(first).toEqual({
      image: "https://images.financialmodelingprep.com/news/google-shares-rise-on-report-of-apple-using-gemini-20250822.jpg",
      title: "Google shares rise on report of Apple using Gemini for Siri",
      link: "https://www.cnbc.com/2025/08/22/google-shares-rise-on-report-of-apple-using-gemini-for-siri.html",
      author: "CNBC",
      content: expect.stringContaining("Alphabet shares rose 3%"),
      date: "2025-08-22T16:23:55.000Z",
      tickers: "AAPL",
    });
    // press releases carry `date` instead of `publishedDate` and no publisher
    const release = articles.find((a) => a.tickers === "V")!;
    expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(articles.every((a) => a.title && a.link.startsWith("https://"))).toBe(true);
    expect(server.requests.at(-1)).toBe("/stable/fmp-articles?page=0&limit=20&apikey=secret-key");
  });

  it("reads the fmp-articles shape too ({content: [...]}, tickers 'NYSE:KO')", async () => {
    mode = "ok";
    const source = new FmpNewsSource({ baseUrl: `${server.url}/wrapped#`, apiKey: "k" });
    const [article] = await source.fetchArticles();
    expect(article).toMatchObject({ title: "Wrapped", tickers: "KO", date: "2025-01-02T03:04:05.000Z", author: "", image: "" });
  });

  it.each([
    ["html", "upstream_html", "API returned HTML instead of JSON. Please check API access."],
    ["500", "upstream_error", "Failed to fetch news: 500"],
    ["error-json", "upstream_error", "Failed to fetch news: 502"],
    ["slow", "upstream_timeout", "Failed to fetch news: 504"],
  ] as const)("FMP answering %s fails with %s", async (which, code, message) => {
    mode = which;
    const error = await new FmpNewsSource({ baseUrl: server.url, apiKey: "k", timeoutMs: 150 }).fetchArticles().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NewsUpstreamError);
    expect(error).toMatchObject({ code, message });
  });

  it.each([
    ["html", "upstream_html"],
    ["500", "upstream_error"],
    ["slow", "upstream_timeout"],
  ] as const)("an RSS feed answering %s fails with %s", async (which, code) => {
    mode = which;
    const error = await new RssNewsSource({ feeds: [`${server.url}/rss.xml`], timeoutMs: 150 }).fetchArticles().catch((e: unknown) => e);
    expect(error).toMatchObject({ code });
  });

  it("skips a failing feed while another answers, and reports it", async () => {
    mode = "ok";
    const failed: string[] = [];
    const source = new RssNewsSource({ feeds: [`${server.url}/missing.xml`, `${server.url}/rss.xml`], onFeedError: (feed) => failed.push(feed) });
    expect((await source.fetchArticles()).length).toBe(XSS_CORPUS.length);
    expect(failed).toEqual([`${server.url}/missing.xml`]);
  });

  it(`neutralises the ${XSS_CORPUS.length} XSS payloads through the RSS adapter`, async () => {
    mode = "ok";
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    const articles = await new RssNewsSource({ feeds: [`${server.url}/rss.xml`] }).fetchArticles();
    expect(articles).toHaveLength(XSS_CORPUS.length);
    for (const article of articles) expectSafe(article);
    expect(articles.every((a) => a.link === "" && a.image === "")).toBe(true);
  });

  it(`neutralises the ${XSS_CORPUS.length} XSS payloads through the FMP adapter`, async () => {
    mode = "ok";
    const articles = await new FmpNewsSource({ baseUrl: server.url, apiKey: "hostile" }).fetchArticles();
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles) expectSafe(article);
    expect(articles.every((a) => a.tickers.startsWith("AAPL"))).toBe(true);
  });

  it("neutralises each payload on its own as article HTML, not only in a batch", () => {
    for (const payload of XSS_CORPUS) {
      const xml = `<rss version="2.0"><channel><title>t</title><item><title>x</title><description>${xmlEscape(payload.html)}</description></item></channel></rss>`;
      const [article] = parseFeed(xml);
      expectSafe(article!);
    }
  });
});

describe("parseFeed", () => {
  it("reads RSS 2.0 items: title, link, description, author, date, image, ticker categories", () => {
    const [article] = parseFeed(`<?xml version="1.0"?>
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Markets Daily</title>
        <item><title>Chips &amp; cloud rally</title><link>https://news.example/a</link>
          <description>&lt;p&gt;Semis &lt;b&gt;up&lt;/b&gt;&lt;/p&gt;</description>
          <pubDate>Tue, 18 Nov 2025 14:30:00 GMT</pubDate>
          <category>Technology</category><category>NASDAQ:NVDA</category><category>AMD</category>
          <media:thumbnail url="https://img.example/a.jpg"/></item>
      </channel></rss>`);
    expect(article).toEqual({
      image: "https://img.example/a.jpg",
      title: "Chips & cloud rally",
      link: "https://news.example/a",
      author: "Markets Daily",
      content: "<p>Semis <b>up</b></p>",
      date: "2025-11-18T14:30:00.000Z",
      tickers: "NVDA,AMD",
    });
  });

  it("reads Atom entries: alternate link, summary or content, author name, published date", () => {
    const articles = parseFeed(`<?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Atom feed</title>
        <entry><title type="html">Q3 &lt;em&gt;beats&lt;/em&gt;</title>
          <link rel="self" href="https://atom.example/self"/><link rel="alternate" href="https://atom.example/q3"/>
          <author><name>Jane Analyst</name></author><published>2025-11-18T09:00:00Z</published><updated>2025-11-19T09:00:00Z</updated>
          <content type="html">&lt;p&gt;EPS up 32%&lt;/p&gt;</content><category term="MSFT"/></entry>
        <entry><title>Second</title><link href="https://atom.example/2"/><summary>Plain summary</summary><updated>2025-11-17T09:00:00Z</updated></entry>
      </feed>`);
    expect(articles[0]).toEqual({
      image: "",
      title: "Q3 beats",
      link: "https://atom.example/q3",
      author: "Jane Analyst",
      content: "<p>EPS up 32%</p>",
      date: "2025-11-18T09:00:00.000Z",
      tickers: "MSFT",
    });
    expect(articles[1]).toMatchObject({ title: "Second", link: "https://atom.example/2", author: "Atom feed", content: "Plain summary" });
  });

  it("refuses a document that is neither RSS nor Atom", () => {
    expect(() => parseFeed("<html><body>hi</body></html>")).toThrow(NewsUpstreamError);
  });
});
