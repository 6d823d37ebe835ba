// Stand-in news upstreams for the end-to-end suite: an RSS feed and FMP-shaped articles that carry
// the whole XSS corpus, so the browser test can check that no payload executes. Plain node:http.
//
//   node --import tsx e2e/support/news-fixture-server.ts      (port: E2E_NEWS_PORT, default 3212)
//
// Point the app at it with:
//   NEWS_SOURCES=rss,fmp  NEWS_RSS_FEEDS=http://127.0.0.1:3212/rss.xml
//   FMP_BASE_URL=http://127.0.0.1:3212  FMP_API_KEY=e2e-fixture-key
import { createServer, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { XSS_CORPUS, XSS_URLS } from "../../src/server/adapters/news/xss-corpus";
import { NEWS_FIXTURE_PORT } from "./ports";
/** A harmless article in each source, to wait for before looking for payload effects. */
export const SAFE_RSS_TITLE = "Fixture feed: chip makers extend their rally";
export const SAFE_FMP_TITLE = "Fixture FMP: cloud earnings beat estimates";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
/** Newest first: the safe articles, then one per payload a minute apart. */
const minutesAgo = (n: number) => new Date(Date.UTC(2026, 0, 15, 12, 0, 0) - n * 60_000);

export function rssFeed(): string {
  const safe = `<item><title>${xml(SAFE_RSS_TITLE)}</title><link>https://news.example/chips</link>
    <description>${xml("<p>Semiconductor shares <b>rose</b> for a third day. <a href=\"https://news.example/chips\">More</a></p>")}</description>
    <category>NVDA</category><category>AMD</category><pubDate>${minutesAgo(0).toUTCString()}</pubDate></item>`;
  const hostile = XSS_CORPUS.map(
    (p, i) => `<item>
      <title>${xml(`rss ${p.id}: ${p.html}`)}</title>
      <link>${xml(XSS_URLS[i % XSS_URLS.length]!)}</link>
      <description>${cdata(p.html)}</description>
      <dc:creator>${xml(p.html)}</dc:creator>
      <category>${xml(p.html)}</category>
      <enclosure url="${xml(XSS_URLS[(i + 1) % XSS_URLS.length]!)}" type="image/png"/>
      <pubDate>${minutesAgo(i + 2).toUTCString()}</pubDate>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Quanta e2e fixture feed</title>
<link>https://news.example/</link><description>XSS corpus</description>${safe}${hostile.join("")}</channel></rss>`;
}

export function fmpArticles(): unknown[] {
  const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
  return [
    {
      title: SAFE_FMP_TITLE,
      date: stamp(minutesAgo(1)),
      content: "<p>Cloud revenue grew <strong>32%</strong>.</p>",
      tickers: "NASDAQ:MSFT",
      image: "https://images.example/cloud.png",
      link: "https://fmp.example/cloud",
      author: "Fixture Desk",
      site: "fmp.example",
    },
    ...XSS_CORPUS.map((p, i) => ({
      title: `fmp ${p.id}: ${p.html}`,
      date: stamp(minutesAgo(i + 2)),
      content: p.html,
      tickers: `NYSE:KO,${p.html}`,
      image: XSS_URLS[i % XSS_URLS.length],
      link: XSS_URLS[(i + 1) % XSS_URLS.length],
      author: p.html,
      site: "evil.example",
    })),
  ];
}

export function startNewsFixtureServer(port = NEWS_FIXTURE_PORT): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/rss.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(rssFeed());
    } else if (path === "/stable/fmp-articles") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(fmpArticles()));
    } else if (path === "/healthz") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    } else {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await startNewsFixtureServer();
  process.stdout.write(`News fixture server on http://127.0.0.1:${NEWS_FIXTURE_PORT}\n`);
}
