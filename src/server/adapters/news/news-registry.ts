import type { AppConfig } from "../../config";
import { BriefsNewsSource, type StoredReport } from "./briefs-news-source";
import { FmpNewsSource } from "./fmp-news-source";
import type { NewsSource } from "./news-source";
import { RssNewsSource } from "./rss-news-source";

export interface NewsRegistryDeps {
  /** The stored public analyses (app.ts passes them in; the news feature does not read them itself). */
  reports: () => Promise<StoredReport[]>;
  benchmarkTicker: string;
  onFeedError?: (feed: string, error: unknown) => void;
  timeoutMs?: number;
}

/** The news sources of `NEWS_SOURCES`, in the configured order (config.ts checked their settings). */
export function createNewsSources(config: AppConfig, deps: NewsRegistryDeps): NewsSource[] {
  const timeout = deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {};
  return config.news.sources.map((id): NewsSource => {
    switch (id) {
      case "briefs":
        return new BriefsNewsSource({ reports: deps.reports, benchmarkTicker: deps.benchmarkTicker });
      case "fmp":
        return new FmpNewsSource({ baseUrl: config.fmp.baseUrl, apiKey: config.fmp.apiKey ?? "", ...timeout });
      case "rss":
        return new RssNewsSource({ feeds: config.news.rssFeeds, ...timeout, ...(deps.onFeedError && { onFeedError: deps.onFeedError }) });
    }
  });
}
