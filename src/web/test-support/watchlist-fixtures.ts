import type { Alert, Alerts, AlertSettings } from "../../contracts/alerts";
import type { WatchItem, Watchlist } from "../../contracts/watchlist";

/** Watch list and alert answers as the server sends them (contracts/watchlist.ts, contracts/alerts.ts). */

export function watchItem(ticker: string, overrides: Partial<WatchItem> = {}): WatchItem {
  return {
    ticker,
    added_at: "2026-11-20T16:00:00.000Z",
    rules: { buy: true, sell: true, extended: true, new_base: true },
    price_above: null,
    price_below: null,
    latest: {
      as_of: "2026-11-20",
      action: "BUY",
      company: `${ticker} Corporation`,
      price: 101.59,
      buy_point: 99.5,
      stop: 95.08,
      target: 124.37,
      distance_to_buy_point: 0.021,
      distance_to_stop: 0.0685,
      extended: false,
      setup: "VCP",
      demo: true,
    },
    pending: false,
    ...overrides,
  };
}

export function watchlist(items: WatchItem[], overrides: Partial<Omit<Watchlist, "items">> = {}): Watchlist {
  return { items, limit: 10, plan: "free", premium_limit: 100, ...overrides };
}

export function alert(id: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    ticker: "NVDA",
    kind: "buy",
    session: "2026-11-20",
    title: "NVDA reached its buy range on breakout volume",
    detail: "Closed at $101.59, 2.1% above the $99.50 buy point; stop $95.08.",
    created_at: "2026-11-20T21:30:00.000Z",
    read: false,
    ...overrides,
  };
}

export function alerts(list: Alert[]): Alerts {
  return { alerts: list, unread: list.filter((a) => !a.read).length };
}

export function alertSettings(overrides: Partial<AlertSettings> = {}): AlertSettings {
  return {
    digest: true,
    rules: { buy: true, sell: true, extended: true, new_base: true, price: true },
    ...overrides,
  };
}
