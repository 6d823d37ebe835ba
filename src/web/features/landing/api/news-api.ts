import type { NewsArticle } from "../../../../contracts/news";

export const NEWS_HTML_ERROR = "API returned HTML instead of JSON. Please check API access.";
export const NEWS_PAGE_SIZE = 10;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function toArticle(value: unknown): NewsArticle | null {
  if (typeof value !== "object" || value === null) return null;
  const item = value as Record<string, unknown>;
  const title = text(item.title);
  if (title === "") return null;
  return {
    image: text(item.image),
    title,
    link: text(item.link),
    author: text(item.author),
    content: text(item.content),
    date: text(item.date),
    tickers: Array.isArray(item.tickers) ? item.tickers.filter((t) => typeof t === "string").join(",") : text(item.tickers),
  };
}

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
 * GET /api/news?page=0&size=10 → its articles. Errors (SPEC.md §8): an HTML answer gives
 * 'API returned HTML instead of JSON. Please check API access.'; the server's 424 carries its own
 * sentence ({error, code}); any other failure 'Failed to fetch news: {status}'.
 */
export async function fetchNews(page = 0, size = NEWS_PAGE_SIZE, signal?: AbortSignal): Promise<NewsArticle[]> {
  const response = await fetch(`/api/news?page=${String(page)}&size=${String(size)}`, {
    method: "GET",
    headers: { accept: "application/json" },
    signal,
  });
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.includes("text/html")) throw new Error(NEWS_HTML_ERROR);
  if (!response.ok) {
    let serverMessage: string | null = null;
    if (response.status === 424) {
      try {
        const body = (await response.json()) as { error?: unknown };
        if (typeof body.error === "string" && body.error !== "") serverMessage = body.error;
      } catch {
        serverMessage = null;
      }
    }
    throw new Error(serverMessage ?? `Failed to fetch news: ${String(response.status)}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(NEWS_HTML_ERROR);
  }
  const content = typeof body === "object" && body !== null ? (body as { content?: unknown }).content : null;
  if (!Array.isArray(content)) return [];
  return content.map(toArticle).filter((article): article is NewsArticle => article !== null);
}
