import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import nock from "nock";
import { VENDORED_DATA_DIR } from "../../test-fixtures/market-data";

/**
 * Replays the recorded Yahoo Finance responses (yahoo-finance2's own test fixtures, vendored gzipped
 * under src/test-fixtures/market-data/yahoo) at the HTTP layer with nock, so the real yahoo-finance2
 * client code runs.
 */

const YAHOO_FIXTURE_DIR = join(VENDORED_DATA_DIR, "yahoo");

interface RecordedExchange {
  file: string;
  url: URL;
  status: number;
  body: unknown;
}

export interface ReplyCore {
  status: number;
  /** An object is sent as JSON; a string as is (HTML, truncated JSON...). */
  body: unknown;
  headers?: Record<string, string>;
}

let loaded: RecordedExchange[] | null = null;

/** Every recorded exchange: request URL → status and parsed body. */
function loadYahooFixtures(dir: string = YAHOO_FIXTURE_DIR): RecordedExchange[] {
  if (loaded) return loaded;
  const exchanges: RecordedExchange[] = [];
  for (const gzipped of readdirSync(dir).filter((name) => name.endsWith(".json.gz")).sort()) {
    const file = gzipped.replace(/\.gz$/, "");
    const json = JSON.parse(gunzipSync(readFileSync(join(dir, gzipped))).toString("utf8")) as { request?: { url?: string }; response?: { status?: number; bodyJson?: unknown } };
    if (!json.request?.url || json.response?.bodyJson === undefined) continue;
    exchanges.push({ file, url: new URL(json.request.url), status: json.response.status ?? 200, body: json.response.bodyJson });
  }
  loaded = exchanges;
  return exchanges;
}

export function fixtureBody(file: string): unknown {
  const found = loadYahooFixtures().find((exchange) => exchange.file === file);
  if (!found) throw new Error(`No recorded Yahoo fixture ${file}`);
  return found.body;
}

const notFound = (root: string, description: string): ReplyCore => ({
  status: 404,
  body: { [root]: { result: null, error: { code: "Not Found", description } } },
});

function symbolOf(url: URL): string {
  return decodeURIComponent(url.pathname.split("/").pop() ?? "").toUpperCase();
}

function chartBars(body: unknown): number {
  const result = (body as { chart?: { result?: { timestamp?: unknown[] }[] } }).chart?.result?.[0];
  return result?.timestamp?.length ?? 0;
}

export interface ReplayOptions {
  /** Serve another symbol's recorded daily chart for a symbol: { SPY: "TSLA" } (chart only). */
  chartAliases?: Record<string, string>;
  /** Consulted first for every request; return a reply to inject a fault, undefined to replay. */
  override?: (url: URL) => ReplyCore | undefined;
  /** The cookie/crumb handshake answers with this instead of a cookie and a crumb. */
  crumbFault?: ReplyCore;
}

export interface YahooReplay {
  /** URLs requested from Yahoo, in order. */
  requests: string[];
  /** The recorded files served, in order. */
  served: string[];
}

/** The recorded answer to a Yahoo data request, matched on host, path and the query fields that pick the data. */
function recordedReply(url: URL, chartAliases: Record<string, string> = {}): { reply: ReplyCore; file: string | null } {
  const exchanges = loadYahooFixtures();
  const symbol = symbolOf(url);
  const recordedSymbol = symbol;
  const path = url.pathname;
  if (path.startsWith("/v8/finance/chart/")) {
    const chartSymbol = chartAliases[symbol] ?? symbol;
    const candidates = exchanges.filter(
      (e) => e.url.pathname.startsWith("/v8/finance/chart/") && symbolOf(e.url) === chartSymbol && e.url.searchParams.get("interval") === "1d",
    );
    const best = candidates.sort((a, b) => chartBars(b.body) - chartBars(a.body))[0];
    if (!best) return { reply: notFound("chart", "No data found, symbol may be delisted"), file: null };
    return { reply: { status: best.status, body: best.body }, file: best.file };
  }
  if (path.startsWith("/v10/finance/quoteSummary/")) {
    const modules = (url.searchParams.get("modules") ?? "").split(",").filter(Boolean);
    const merged: Record<string, unknown> = {};
    const files: string[] = [];
    for (const module of modules) {
      const hit = exchanges.find(
        (e) => e.url.pathname.startsWith("/v10/finance/quoteSummary/") && symbolOf(e.url) === recordedSymbol && e.url.searchParams.get("modules") === module,
      );
      const result = (hit?.body as { quoteSummary?: { result?: Record<string, unknown>[] } } | undefined)?.quoteSummary?.result?.[0];
      if (hit && result) {
        Object.assign(merged, result);
        files.push(hit.file);
      }
    }
    if (files.length === 0) return { reply: notFound("quoteSummary", `Quote not found for symbol: ${symbol}`), file: null };
    return { reply: { status: 200, body: { quoteSummary: { result: [merged], error: null } } }, file: files.join("+") };
  }
  if (path.startsWith("/ws/fundamentals-timeseries/")) {
    const type = (url.searchParams.get("type") ?? "").startsWith("annual") ? "annual" : "quarterly";
    const hit =
      exchanges.find((e) => e.file === `fundamentalsTimeSeries-${recordedSymbol}-financials-${type}.json`) ??
      exchanges.find((e) => e.file === `fundamentalsTimeSeries-${recordedSymbol}-all-${type}.json`);
    if (!hit) return { reply: { status: 200, body: { timeseries: { result: [], error: null } } }, file: null };
    return { reply: { status: hit.status, body: hit.body }, file: hit.file };
  }
  if (path === "/v1/finance/search") {
    const q = (url.searchParams.get("q") ?? "").toUpperCase();
    const hit = exchanges.find((e) => e.url.pathname === path && (e.url.searchParams.get("q") ?? "").toUpperCase() === q);
    if (!hit) return { reply: { status: 200, body: { explains: [], count: 0, quotes: [], news: [], nav: [], lists: [], researchReports: [], screenerFieldResults: [], totalTime: 1, timeTakenForQuotes: 1, timeTakenForNews: 0, timeTakenForAlgowatchlist: 0, timeTakenForPredefinedScreener: 0, timeTakenForCrunchbase: 0, timeTakenForNav: 0, timeTakenForResearchReports: 0, timeTakenForScreenerField: 0, timeTakenForCulturalAssets: 0, timeTakenForSearchLists: 0 } }, file: null };
    return { reply: { status: hit.status, body: hit.body }, file: hit.file };
  }
  // Anything else: an exact match on host, path and query (crumb aside).
  const key = (u: URL) => {
    const params = new URLSearchParams(u.searchParams);
    params.delete("crumb");
    params.sort();
    return `${u.host}${u.pathname}?${params.toString()}`;
  };
  const exact = exchanges.find((e) => key(e.url) === key(url));
  if (exact) return { reply: { status: exact.status, body: exact.body }, file: exact.file };
  return { reply: { status: 404, body: { finance: { result: null, error: { code: "Not Found", description: `No recording for ${url.pathname}` } } } }, file: null };
}

const YAHOO_DATA_HOSTS = ["https://query1.finance.yahoo.com", "https://query2.finance.yahoo.com"];

function answer(core: ReplyCore): [number, string, Record<string, string>] {
  const text = typeof core.body === "string" ? core.body : JSON.stringify(core.body);
  const type = typeof core.body === "string" && !core.body.trimStart().startsWith("{") ? "text/html; charset=utf-8" : "application/json;charset=utf-8";
  return [core.status, text, { "content-type": type, ...core.headers }];
}

/**
 * Installs the replay (and nock.disableNetConnect: any request not stubbed fails loudly). Call
 * `stopYahooReplay` after each test.
 */
export function startYahooReplay(options: ReplayOptions = {}): YahooReplay {
  const replay: YahooReplay = { requests: [], served: [] };
  nock.disableNetConnect();
  // The cookie/crumb handshake: a page that sets a cookie, then the crumb endpoint.
  const cookiePage = nock("https://finance.yahoo.com").persist().get(/.*/);
  const fcPage = nock("https://fc.yahoo.com").persist().get(/.*/);
  for (const page of [cookiePage, fcPage]) {
    // nock 15 calls a reply function with the fetch Request.
    page.reply((request: Request) => {
      replay.requests.push(request.url);
      if (options.crumbFault) return answer(options.crumbFault);
      return [200, "<html><body>consent ok</body></html>", { "content-type": "text/html", "set-cookie": "A3=d=AQABBReplayCookie; Domain=.yahoo.com; Path=/; Secure; HttpOnly" }];
    });
  }
  for (const host of YAHOO_DATA_HOSTS) {
    nock(host)
      .persist()
      .get(/.*/)
      .reply((request: Request) => {
        const url = new URL(request.url, host);
        replay.requests.push(url.toString());
        if (url.pathname === "/v1/test/getcrumb") {
          if (options.crumbFault) return answer(options.crumbFault);
          return [200, "replayCrumb", { "content-type": "text/plain" }];
        }
        const injected = options.override?.(url);
        if (injected) return answer(injected);
        const { reply, file } = recordedReply(url, options.chartAliases);
        if (file) replay.served.push(file);
        return answer(reply);
      });
  }
  return replay;
}

/**
 * Removes the replay. Requests still in flight (a retry after the test ended) must not reach Yahoo:
 * only this machine stays reachable through nock.
 */
export function stopYahooReplay(): void {
  nock.cleanAll();
  nock.enableNetConnect(/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/);
}
