import type { NewsArticle } from "../../../contracts/news";

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
