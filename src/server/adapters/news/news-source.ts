/** One article of the landing page's news list (SPEC.md §3 'News article'), already sanitised. */
export interface NewsArticle {
  /** http(s) URL or one of our own paths ('' when none). */
  image: string;
  title: string;
  link: string;
  author: string;
  /** Sanitised HTML (an allow-list of tags, see sanitize-news.ts). */
  content: string;
  /** ISO 8601. */
  date: string;
  /** Comma-separated tickers. */
  tickers: string;
}

export type NewsFailureCode = "upstream_html" | "upstream_error" | "upstream_timeout";

/** An upstream that answered with HTML, an error status, nothing in time, or something unreadable. */
export class NewsUpstreamError extends Error {
  constructor(
    readonly code: NewsFailureCode,
    /** The status shown to the visitor: the upstream's own, 504 for a time-out, 502 when unreadable. */
    readonly status: number,
    readonly source: string,
    detail?: string,
  ) {
    super(
      code === "upstream_html" ? "API returned HTML instead of JSON. Please check API access." : `Failed to fetch news: ${status}`,
    );
    this.name = "NewsUpstreamError";
    if (detail) this.detail = detail;
  }

  detail: string | undefined;
}

/** The port of news adapters (briefs, FMP articles, RSS/Atom feeds). */
export interface NewsSource {
  readonly id: string;
  /** The source's recent articles, any order; throws NewsUpstreamError when the upstream fails. */
  fetchArticles(): Promise<NewsArticle[]>;
}
