import type { NewsArticle, NewsPage } from "../../../../contracts/news";
import { ApiRequestError, apiJson } from "../../../lib/api-client";
import { checkedBody, isRecord, parseApiError } from "../../../lib/body-checks";

export const NEWS_HTML_ERROR = "API returned HTML instead of JSON. Please check API access.";
export const NEWS_PAGE_SIZE = 10;

const ARTICLE_FIELDS = ["image", "title", "link", "author", "content", "date", "tickers"] as const;

/**
 * contracts/news.ts `newsPageSchema`, by hand: the landing page keeps zod out of its bundle
 * (decision 008); news-api.test.ts runs this check against the schema.
 */
export function parseNewsPage(body: unknown): NewsPage | null {
  if (!isRecord(body) || !Array.isArray(body.content)) return null;
  if (!Number.isFinite(body.page) || !Number.isFinite(body.size)) return null;
  const valid = body.content.every((article) => isRecord(article) && ARTICLE_FIELDS.every((field) => typeof article[field] === "string"));
  return valid ? (body as NewsPage) : null;
}

const newsPageBody = checkedBody(parseNewsPage);

/** The tickers of an article, from its comma-separated string: ' aapl, MSFT ,' → ['AAPL', 'MSFT']. */
export function splitTickers(tickers: string): string[] {
  const seen = new Set<string>();
  for (const part of tickers.split(",")) {
    const ticker = part.trim().toUpperCase();
    if (ticker !== "") seen.add(ticker);
  }
  return [...seen];
}

/**
 * GET /api/news?page=0&size=10 (no auth header) → its articles with a title. Errors (docs/product.md),
 * as ApiRequestError with the server's status and code: an HTML answer (or one that is not JSON)
 * gives 'API returned HTML instead of JSON. Please check API access.'; the server's 424 carries its
 * own sentence ({error, code}); any other failure 'Failed to fetch news: {status}'.
 */
export async function fetchNews(page = 0, size = NEWS_PAGE_SIZE, signal?: AbortSignal): Promise<NewsArticle[]> {
  let body: NewsPage;
  try {
    body = await apiJson(`/api/news?page=${String(page)}&size=${String(size)}`, { method: "GET", auth: false, signal }, newsPageBody);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.contentType.includes("text/html") || error.code === "invalid_json") throw error.withMessage(NEWS_HTML_ERROR);
    if (!error.httpFailure) throw error;
    const sentence = error.status === 424 ? parseApiError(error.body)?.error : undefined;
    throw error.withMessage(sentence || `Failed to fetch news: ${String(error.status)}`);
  }
  return body.content.filter((article) => article.title !== "");
}
