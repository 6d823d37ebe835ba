import { AppError } from "../../app-error";
import { NewsUpstreamError, type NewsSource } from "../../adapters/news/news-source";
import type { NewsArticle, NewsPage } from "../../../contracts/news";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";

/** The combined list is rebuilt at most this often (an empty list sooner, e.g. before the first refresh). */
const NEWS_CACHE_MS = 5 * 60 * 1000;
const EMPTY_CACHE_MS = 30 * 1000;
const MAX_ARTICLES = 500;

/**
 * The landing page's news: every configured source, merged newest first and cached. A failing
 * source is skipped (and logged) while another answers; when all fail the first failure is
 * answered as a 424 with the product's message (docs/product.md) — never a 5xx.
 */
export class NewsService {
  private cached: { articles: NewsArticle[]; expires: number } | undefined;
  private building: Promise<NewsArticle[]> | undefined;

  constructor(
    private readonly deps: { sources: NewsSource[]; log: Logger; now?: Clock },
  ) {}

  async page(page: number, size: number): Promise<NewsPage> {
    const articles = await this.articles();
    return { content: articles.slice(page * size, page * size + size), page, size };
  }

  private async articles(): Promise<NewsArticle[]> {
    const now = (this.deps.now?.() ?? new Date()).getTime();
    if (this.cached && this.cached.expires > now) return this.cached.articles;
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<NewsArticle[]> {
    const results = await Promise.allSettled(this.deps.sources.map((source) => source.fetchArticles()));
    const articles: NewsArticle[] = [];
    const failures: unknown[] = [];
    results.forEach((result, index) => {
      if (result.status === "fulfilled") {
        articles.push(...result.value);
        return;
      }
      failures.push(result.reason);
      const reason = result.reason as Partial<NewsUpstreamError>;
      this.deps.log.warn(
        { source: this.deps.sources[index]!.id, code: reason.code, status: reason.status, detail: reason.detail ?? String(result.reason) },
        "a news source failed; skipping it",
      );
    });
    if (results.length > 0 && failures.length === results.length) throw toAppError(failures[0]);
    const seen = new Set<string>();
    const merged = articles
      .filter((a) => a.title || a.content)
      .filter((a) => {
        const key = a.link || `${a.title}|${a.date}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((a, index) => ({ a, index, time: a.date ? Date.parse(a.date) : Number.NEGATIVE_INFINITY }))
      .sort((x, y) => y.time - x.time || x.index - y.index)
      .slice(0, MAX_ARTICLES)
      .map((x) => x.a);
    const now = (this.deps.now?.() ?? new Date()).getTime();
    this.cached = { articles: merged, expires: now + (merged.length > 0 ? NEWS_CACHE_MS : EMPTY_CACHE_MS) };
    return merged;
  }
}

function toAppError(error: unknown): AppError {
  if (error instanceof NewsUpstreamError) return new AppError(424, error.code, error.message);
  return new AppError(424, "upstream_error", "Failed to fetch news: 502");
}
