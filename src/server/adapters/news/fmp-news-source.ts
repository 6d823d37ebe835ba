import { fetchUpstreamText } from "./fetch-upstream";
import { NewsUpstreamError, type NewsSource } from "./news-source";
import type { NewsArticle } from "../../../contracts/news";
import { isoDate, normaliseTickers, plainText, safeUrl, sanitizeNewsHtml } from "./sanitize-news";

type Raw = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const first = (item: Raw, ...keys: string[]): string => {
  for (const key of keys) {
    const value = str(item[key]);
    if (value.trim()) return value;
  }
  return "";
};

/**
 * One FMP item as an article. fmp-articles carries title, date, content (HTML), tickers
 * ('NASDAQ:AAPL'), image, link, author; the news endpoints carry publishedDate, text, symbol, url,
 * publisher, site — both shapes are read.
 */
function fmpItemToArticle(item: Raw): NewsArticle | null {
  const title = plainText(first(item, "title"));
  const link = safeUrl(first(item, "link", "url"), { allowRelative: false });
  if (!title && !link) return null;
  const rawTickers = Array.isArray(item.tickers) ? item.tickers.map(str) : [first(item, "tickers", "symbol", "symbols")];
  return {
    image: safeUrl(first(item, "image"), { allowRelative: false }),
    title,
    link,
    author: plainText(first(item, "author", "publisher", "site"), 200),
    content: sanitizeNewsHtml(first(item, "content", "text")),
    date: isoDate(first(item, "date", "publishedDate")),
    tickers: normaliseTickers(rawTickers),
  };
}

/** Financial Modeling Prep articles (`/stable/fmp-articles`); the key is sent by the server only. */
export class FmpNewsSource implements NewsSource {
  readonly id = "fmp";

  constructor(
    private readonly options: { baseUrl: string; apiKey: string; limit?: number; timeoutMs?: number; fetch?: typeof fetch },
  ) {}

  async fetchArticles(): Promise<NewsArticle[]> {
    const url = new URL(`${this.options.baseUrl}/stable/fmp-articles`);
    url.searchParams.set("page", "0");
    url.searchParams.set("limit", String(this.options.limit ?? 50));
    url.searchParams.set("apikey", this.options.apiKey);
    const text = await fetchUpstreamText(url.toString(), {
      source: this.id,
      expect: "json",
      ...(this.options.timeoutMs !== undefined && { timeoutMs: this.options.timeoutMs }),
      ...(this.options.fetch && { fetch: this.options.fetch }),
    });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new NewsUpstreamError("upstream_error", 502, this.id, "the answer is not JSON");
    }
    const items = Array.isArray(body) ? body : body && typeof body === "object" && Array.isArray((body as Raw).content) ? ((body as Raw).content as unknown[]) : null;
    if (!items) {
      // e.g. {"Error Message": "Invalid API KEY..."} with status 200
      throw new NewsUpstreamError("upstream_error", 502, this.id, "unexpected JSON shape");
    }
    return items
      .filter((item): item is Raw => Boolean(item) && typeof item === "object")
      .map(fmpItemToArticle)
      .filter((article): article is NewsArticle => article !== null);
  }
}
