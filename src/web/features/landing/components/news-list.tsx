import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { fetchNews, NEWS_PAGE_SIZE, splitTickers } from "../api/news-api";
import { landingKeys } from "../api/landing-keys";
import { useRefreshStatus } from "../api/use-refresh-status";
import type { NewsArticle } from "../../../../contracts/news";
import { newsPreviewHtml } from "../lib/news-preview";

const NEWS_PLACEHOLDER_IMAGE = "/news-placeholder.svg";
const EMPTY_NEWS_MESSAGE = "No news right now. Check back later.";
/** While the very first daily screen runs there is no news yet: the page says it is coming, not that there is none. */
const FIRST_SCREEN_NEWS_MESSAGE = "News appears once the first daily screen has finished.";

function safeLink(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function NewsItem({ article }: { article: NewsArticle }) {
  const href = safeLink(article.link);
  const tickers = splitTickers(article.tickers);
  const image = article.image !== "" && safeLink(article.image) !== null ? article.image : NEWS_PLACEHOLDER_IMAGE;
  return (
    <li data-testid="news-article" className="flex flex-col gap-4 border-b border-line py-5 last:border-b-0 sm:flex-row">
      <img
        src={image}
        alt=""
        width={160}
        height={96}
        loading="lazy"
        decoding="async"
        onError={(event) => {
          const img = event.currentTarget;
          if (!img.src.endsWith(NEWS_PLACEHOLDER_IMAGE)) img.src = NEWS_PLACEHOLDER_IMAGE;
        }}
        className="h-24 w-40 shrink-0 rounded-lg border border-line bg-canvas object-cover"
      />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-ink">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="hover:text-brand-700 hover:underline">
              {article.title}
            </a>
          ) : (
            article.title
          )}
        </h3>
        <p className="mt-1 text-xs text-muted">
          {article.author !== "" ? <span data-testid="news-author">{article.author}</span> : null}
          {article.author !== "" && article.date !== "" ? <span aria-hidden="true"> · </span> : null}
          {article.date !== "" ? <time dateTime={article.date}>{formatDateTime(article.date)}</time> : null}
        </p>
        <div
          data-testid="news-content"
          className="mt-2 text-sm text-ink [&_a]:text-brand-700 [&_a]:underline"
          // Sanitised on the server and again here (DOMPurify), cut on the text, never inside a tag.
          dangerouslySetInnerHTML={{ __html: newsPreviewHtml(article.content) }}
        />
        {tickers.length > 0 ? (
          <ul aria-label="Tickers" className="mt-3 flex flex-wrap gap-1.5">
            {tickers.map((ticker) => (
              <li
                key={ticker}
                data-testid="ticker-chip"
                className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800"
              >
                {ticker}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** 'News to read': GET /api/news, in a list that scrolls past 800 px (docs/product.md). */
export function NewsList() {
  const query = useQuery({
    queryKey: landingKeys.news(0, NEWS_PAGE_SIZE),
    queryFn: ({ signal }) => fetchNews(0, NEWS_PAGE_SIZE, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const refresh = useRefreshStatus(query.isSuccess && query.data.length === 0);

  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label="Loading news…" showLabel size={28} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" data-testid="news-error" className="py-10 text-center font-medium text-danger-700">
        {query.error.message}
      </p>
    );
  }
  if (query.data.length === 0) {
    const firstScreen = refresh?.refreshing === true && refresh.finishedAt === null;
    return (
      <p role={firstScreen ? "status" : undefined} className="py-10 text-center text-muted">
        {firstScreen ? FIRST_SCREEN_NEWS_MESSAGE : EMPTY_NEWS_MESSAGE}
      </p>
    );
  }
  return (
    <ul
      aria-label="News to read"
      data-testid="news-list"
      tabIndex={0}
      className="max-h-[800px] overflow-y-auto rounded-2xl border border-line bg-surface px-4 shadow-card focus-visible:outline-3 focus-visible:outline-brand-500 sm:px-6"
    >
      {query.data.map((article) => (
        <NewsItem key={`${article.link}|${article.title}`} article={article} />
      ))}
    </ul>
  );
}
