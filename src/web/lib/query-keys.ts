import type { Query } from "@tanstack/react-query";

/**
 * Query keys of data that more than one part of the app reads or invalidates. A feature's own data
 * has its key factory in the feature (`features/<name>/api/<name>-keys.ts`); what is here is shared
 * because features may not import each other (docs/architecture.md).
 */

/** GET /api/config: public, kept across sign-in and sign-out. */
export const publicConfigKeys = {
  all: ["public-config"] as const,
};

/**
 * GET /user/stock-analyses/: the caller's stored analyses. The history lists them; a new analysis
 * (research) and a CSV import add to them.
 */
export const historyKeys = {
  all: ["stock-analyses"] as const,
  /** One list: all analyses (null) or one ticker's. */
  list: (ticker: string | null) => [...historyKeys.all, ticker ?? ""] as const,
};

/** GET /api/billing/subscription, per signed-in user. */
export const billingKeys = {
  all: ["billing-subscription"] as const,
  subscription: (email: string) => [...billingKeys.all, email] as const,
};

/** GET /api/stocks/:ticker/bars: the price chart's sessions. */
export const barsKeys = {
  all: ["bars"] as const,
  chart: (ticker: string, sessions: number) => [...barsKeys.all, ticker.toUpperCase(), sessions] as const,
};

/** True for every query that belongs to a user, i.e. all but the public config. */
export function isPrivateQuery(query: Pick<Query, "queryKey">): boolean {
  return query.queryKey[0] !== publicConfigKeys.all[0];
}

/**
 * GET /api/track-record: the public track record's summary, read by its page and by every report
 * (the per-setup evidence line). The page's calls have their keys in features/track-record.
 */
export const trackRecordKeys = {
  all: ["track-record"] as const,
  summary: ["track-record", "summary"] as const,
};

/**
 * GET /api/watchlist: the signed-in user's watch list. Read by the watch list page and by every
 * 'Watch' button (one request shared by all of them); adding or removing a stock invalidates it.
 */
export const watchlistKeys = {
  all: ["watchlist"] as const,
};

/** GET /api/alerts (the header's bell) and GET /api/alert-settings (the settings page). */
export const alertKeys = {
  all: ["alerts"] as const,
  list: ["alerts", "list"] as const,
  settings: ["alerts", "settings"] as const,
};

/**
 * GET /api/portfolio and GET /api/positions: the signed-in user's portfolio. /portfolio reads them;
 * the report's 'I bought this' and every change on /portfolio invalidate both.
 */
export const portfolioKeys = {
  all: ["portfolio"] as const,
  summary: ["portfolio", "summary"] as const,
  positions: ["portfolio", "positions"] as const,
};
