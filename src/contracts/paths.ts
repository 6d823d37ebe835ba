import type { ScreenerQuery } from "./screener";

/**
 * Every page of the web app the product links to, in one place, so the web router, in-app links and
 * the server's e-mail links cannot disagree on a path (docs/product.md).
 *
 * `routePatterns` are what the router matches; `paths` build the addresses to link to. Query values
 * are encoded with encodeURIComponent, exactly as the links always were.
 */

/** The router's patterns, absolute from the site root. */
export const routePatterns = {
  home: "/",
  gift: "/gift",
  signIn: "/signin",
  signUp: "/signup",
  forgetPassword: "/forgetpassword",
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  stocks: "/stocks",
  quanta: "/quanta",
  analyze: "/analyze",
  upload: "/upload",
  stock: "/stock/:ticker",
  dashboard: "/dashboard",
  analyses: "/analyses/*",
  ask: "/ask",
  askConversation: "/ask/:conversationId?",
  trackRecord: "/track-record",
  market: "/market",
  watchlist: "/watchlist",
  portfolio: "/portfolio",
  screener: "/screener",
  alertSettings: "/settings/alerts",
  unsubscribeAlerts: "/unsubscribe/alerts",
  shared: "/s/:token",
} as const;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
}

/** The screener's query keys in the order its addresses write them (the defaults are left out). */
const SCREENER_KEYS = [
  "action",
  "setup",
  "min_rs",
  "min_tt",
  "max_buy_distance",
  "sector",
  "industry",
  "min_price",
  "min_dollar_volume",
  "sort",
  "page",
  "page_size",
] as const satisfies readonly (keyof ScreenerQuery)[];
const SCREENER_DEFAULTS: Partial<Record<keyof ScreenerQuery, string>> = { sort: "-rs_rating", page: "1", page_size: "50" };

/** The screener's address for a screen: every set filter, and the sort and page when they are not the default. */
function screenerPath(query: Partial<ScreenerQuery>): string {
  const values: Record<string, string | undefined> = {};
  for (const key of SCREENER_KEYS) {
    const value = query[key];
    const text = value === undefined ? undefined : String(value);
    values[key] = text === undefined || text === "" || text === SCREENER_DEFAULTS[key] ? undefined : text;
  }
  return withQuery(routePatterns.screener, values);
}

/** Addresses to link to or navigate to. */
export const paths = {
  home: () => "/",
  /** The landing page's buy list (the landing page selects the tab and scrolls to it). */
  buyList: () => "/#buy-list",
  gift: () => "/gift",
  /** Sign in; `redirect` is the same-site path to return to afterwards (the chat site sends it). */
  signIn: (redirect?: string) => withQuery(routePatterns.signIn, { redirect }),
  /** Sign up; `redirect` is kept for the sign-in that follows (the same rule as `signIn`). */
  signUp: (redirect?: string) => withQuery(routePatterns.signUp, { redirect }),
  forgetPassword: () => routePatterns.forgetPassword,
  /** The e-mail verification page; the link in the e-mail carries the token. */
  verifyEmail: (token?: string) => withQuery(routePatterns.verifyEmail, { token }),
  /** The new-password page; the link in the e-mail carries the token. */
  resetPassword: (token?: string) => withQuery(routePatterns.resetPassword, { token }),
  /** The analyze page; `autoSearch` runs the analysis of `ticker` on load ('Analyze Again'). */
  stocks: (options: { ticker?: string; autoSearch?: boolean } = {}) =>
    withQuery(routePatterns.stocks, {
      ticker: options.ticker,
      autoSearch: options.autoSearch ? "true" : undefined,
    }),
  quanta: () => routePatterns.quanta,
  analyze: () => routePatterns.analyze,
  upload: () => routePatterns.upload,
  /** The public page of one stock's latest analysis. */
  stock: (ticker: string) => `/stock/${encodeURIComponent(ticker)}`,
  /** The history; `ticker` filters it to one stock. */
  dashboard: (ticker?: string) => withQuery(routePatterns.dashboard, { ticker }),
  analyses: () => "/analyses",
  /** The chat site; with an id, that conversation. */
  ask: (conversationId?: string) =>
    conversationId === undefined ? routePatterns.ask : `${routePatterns.ask}/${encodeURIComponent(conversationId)}`,
  /** The public track record; `action` and `ticker` filter its table of calls. */
  /** The market page: direction, breadth and group ranks (public). */
  market: () => routePatterns.market,
  trackRecord: (options: { action?: "BUY" | "WATCH" | "SELL"; ticker?: string } = {}) =>
    withQuery(routePatterns.trackRecord, { action: options.action, ticker: options.ticker }),
  /** The signed-in user's watch list. */
  watchlist: () => routePatterns.watchlist,
  /** The signed-in user's portfolio: positions, risk and the transactions import. */
  portfolio: () => routePatterns.portfolio,
  /** The screener (signed in); the address holds the whole screen: filters, sort and page. */
  screener: (query: Partial<ScreenerQuery> = {}) => screenerPath(query),
  /** The alert settings: the daily digest and which rules raise alerts. */
  alertSettings: () => routePatterns.alertSettings,
  /** The alert digest's one-click unsubscribe page; the e-mail's link carries the user and its signature. */
  unsubscribeAlerts: (user: string, token: string) => withQuery(routePatterns.unsubscribeAlerts, { user, token }),
  /** The public read-only page of a shared analysis. */
  shared: (token: string) => `/s/${encodeURIComponent(token)}`,
} as const;
