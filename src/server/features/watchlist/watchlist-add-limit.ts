import type { RateLimitRule } from "../../rate-limit/shared-rate-limiter";

/**
 * Watch-list adds per user per hour, counted across every instance: an add may fetch market data,
 * so a script adding and removing stocks in a loop must not turn one account into a bulk fetcher.
 */
export const WATCHLIST_ADD_RATE_LIMIT: RateLimitRule = {
  scope: "watchlist_add",
  max: 30,
  windowMs: 60 * 60 * 1000,
  message: "You have added 30 stocks to your watch list in the last hour. Please wait a while before adding more.",
};
