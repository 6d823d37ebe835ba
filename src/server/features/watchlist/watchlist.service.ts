import type { AlertSettings, Alerts } from "../../../contracts/alerts";
import { ALERT_HISTORY_DAYS, UNSUBSCRIBE_INVALID_CODE, UNSUBSCRIBE_OUTDATED_CODE } from "../../../contracts/alerts";
import {
  MARKET_UNAVAILABLE_CODE,
  UNKNOWN_TICKER_CODE,
  WATCH_NOT_FOUND_CODE,
  WATCHLIST_DUPLICATE_CODE,
  WATCHLIST_LIMIT_CODE,
  type AlertKind,
  type UpdateWatchRequest,
  type WatchedCall,
  type WatchItem,
  type Watchlist,
  type WatchRules,
} from "../../../contracts/watchlist";
import { distanceTo, watchSnapshot, type WatchSnapshot } from "../../../core/alerts/watch-snapshot";
import type { AnalysisReport } from "../../../core/analysis/analysis-report";
import { MarketDataUnavailableError, SymbolNotFoundError } from "../../../core/market/market-data-provider";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import type { AlertsRepository } from "./alerts.repository";
import type { UnsubscribeLinks } from "./unsubscribe-link";
import type { WatchItemRow, WatchlistRepository, WatchRulesPatch } from "./watchlist.repository";
import { keepSnapshots } from "./kept-snapshots";

export interface WatchlistServiceDeps {
  watchlist: WatchlistRepository;
  alerts: AlertsRepository;
  /** The daily screen's stored analysis of the stock; null when it is outside the public universe. Never a fresh analysis. */
  screenedReport(ticker: string): Promise<AnalysisReport | null>;
  /**
   * Whether the market knows the ticker, without analysing it (the market's cached profile). A
   * ticker outside the universe is analysed by the next daily screen's snapshot job, not here.
   */
  tickerExists(ticker: string): Promise<boolean>;
  /** On the demo market, the answer to a ticker it does not list, naming demo tickers to try; null elsewhere. */
  notInDemoMarket(ticker: string): Promise<string | null>;
  isPremium(email: string): Promise<boolean>;
  limits: { free: number; premium: number };
  /** Whether premium can be bought on this server (Stripe's Buy Button is configured): only then is it offered. */
  premiumForSale: boolean;
  links: UnsubscribeLinks;
  now: Clock;
}

interface WatchUser {
  id: string;
  email: string;
}

function watchedCall(snapshot: WatchSnapshot): WatchedCall {
  return {
    as_of: snapshot.session,
    action: snapshot.action,
    company: snapshot.company,
    price: snapshot.close,
    buy_point: snapshot.buyPoint,
    stop: snapshot.stop,
    target: snapshot.target,
    distance_to_buy_point: distanceTo(snapshot.close, snapshot.buyPoint ?? snapshot.pivot),
    distance_to_stop: distanceTo(snapshot.close, snapshot.stop),
    extended: snapshot.extended,
    setup: snapshot.setup,
    demo: snapshot.demo,
  };
}

function priceAlert(level: number | null, firedOn: string | null) {
  return level === null ? null : { level, fired_on: firedOn };
}

function watchItem(row: WatchItemRow, snapshot: WatchSnapshot | undefined | null): WatchItem {
  return {
    ticker: row.ticker,
    added_at: row.createdAt.toISOString(),
    rules: { buy: row.ruleBuy, sell: row.ruleSell, extended: row.ruleExtended, new_base: row.ruleNewBase },
    price_above: priceAlert(row.priceAbove, row.priceAboveFiredOn),
    price_below: priceAlert(row.priceBelow, row.priceBelowFiredOn),
    latest: snapshot ? watchedCall(snapshot) : null,
    pending: !snapshot,
  };
}

function notWatched(ticker: string): AppError {
  return new AppError(404, WATCH_NOT_FOUND_CODE, `${ticker} is not on your watch list.`);
}

/**
 * A user's watch list, alert settings and bell (decision 032). Every read and write is
 * scoped to the signed-in user's id: no route can name another user's list.
 */
export class WatchlistService {
  constructor(private readonly deps: WatchlistServiceDeps) {}

  private async limitFor(user: WatchUser): Promise<{ limit: number; plan: "free" | "premium" }> {
    const premium = await this.deps.isPremium(user.email);
    return premium ? { limit: this.deps.limits.premium, plan: "premium" } : { limit: this.deps.limits.free, plan: "free" };
  }

  async list(user: WatchUser): Promise<Watchlist> {
    const [rows, plan] = await Promise.all([this.deps.watchlist.items(user.id), this.limitFor(user)]);
    const snapshots = await this.deps.watchlist.latestSnapshots(rows.map((row) => row.ticker));
    return { items: rows.map((row) => watchItem(row, snapshots.get(row.ticker))), ...plan, premium_limit: this.deps.limits.premium };
  }

  /**
   * Watches a stock without analysing it (watching is free, so it must not be an analysis outside
   * the daily limit): the daily screen's stored analysis when the stock is in the public universe
   * (its snapshot is the baseline the next session is compared with), else the newest snapshot the
   * alert jobs already stored for another watcher, else nothing until the next daily screen's
   * snapshot job analyses it (the item is `pending`). The ticker is checked against the market's
   * cached profile, not an analysis.
   */
  async add(user: WatchUser, ticker: string): Promise<WatchItem> {
    const { limit, plan } = await this.limitFor(user);
    const existing = await this.deps.watchlist.item(user.id, ticker);
    if (existing) throw new AppError(409, WATCHLIST_DUPLICATE_CODE, `${ticker} is already on your watch list.`);
    const report = await this.deps.screenedReport(ticker);
    const snapshot = report ? watchSnapshot(report) : ((await this.deps.watchlist.latestSnapshots([ticker])).get(ticker) ?? null);
    if (!snapshot) await this.checkTickerExists(ticker);
    const now = this.deps.now();
    const result = await this.deps.watchlist.add(user.id, snapshot?.ticker ?? ticker, limit, now);
    if ("problem" in result) {
      if (result.problem === "duplicate") throw new AppError(409, WATCHLIST_DUPLICATE_CODE, `${ticker} is already on your watch list.`);
      throw new AppError(
        403,
        WATCHLIST_LIMIT_CODE,
        this.fullMessage(plan, limit),
      );
    }
    // Stored after the watch, so pruning the snapshots of unwatched stocks cannot drop it in between.
    if (report && snapshot) await keepSnapshots(this.deps.watchlist, [snapshot], now);
    return watchItem(result.added, snapshot);
  }

  private fullMessage(plan: "free" | "premium", limit: number): string {
    if (plan === "premium") return `Your watch list is full: premium watches up to ${limit} stocks. Remove one to add another.`;
    return this.deps.premiumForSale
      ? `Your watch list is full: the free plan watches up to ${limit} stocks. Remove one, or upgrade to premium to watch up to ${this.deps.limits.premium}.`
      : `Your watch list is full: the free plan watches up to ${limit} stocks. Remove one to add another.`;
  }

  private async checkTickerExists(ticker: string): Promise<void> {
    let exists: boolean;
    try {
      exists = await this.deps.tickerExists(ticker);
    } catch (error) {
      if (error instanceof SymbolNotFoundError) exists = false;
      else if (error instanceof MarketDataUnavailableError) throw new AppError(503, MARKET_UNAVAILABLE_CODE, "The market data service cannot confirm this ticker right now. Try again in a few minutes.");
      else throw error;
    }
    if (exists) return;
    const demoAnswer = await this.deps.notInDemoMarket(ticker);
    throw new AppError(404, UNKNOWN_TICKER_CODE, demoAnswer ?? `No stock found for '${ticker}'. Check the ticker and try again.`);
  }

  async update(user: WatchUser, ticker: string, request: UpdateWatchRequest): Promise<WatchItem> {
    const row = await this.deps.watchlist.update(
      user.id,
      ticker,
      {
        ...rulesPatch(request.rules ?? {}),
        ...(request.price_above !== undefined && { priceAbove: request.price_above }),
        ...(request.price_below !== undefined && { priceBelow: request.price_below }),
      },
      this.deps.now(),
    );
    if (!row) throw notWatched(ticker);
    const snapshots = await this.deps.watchlist.latestSnapshots([row.ticker]);
    return watchItem(row, snapshots.get(row.ticker));
  }

  async remove(user: WatchUser, ticker: string): Promise<void> {
    if (!(await this.deps.watchlist.remove(user.id, ticker))) throw notWatched(ticker);
  }

  async settings(user: WatchUser): Promise<AlertSettings> {
    return settingsView(await this.deps.watchlist.settings(user.id));
  }

  async updateSettings(user: WatchUser, patch: { digest?: boolean | undefined; rules?: Partial<AlertSettings["rules"]> | undefined }): Promise<AlertSettings> {
    const rules = patch.rules ?? {};
    const saved = await this.deps.watchlist.updateSettings(
      user.id,
      {
        ...(patch.digest !== undefined && { digest: patch.digest }),
        ...rulesPatch(rules),
        ...(rules.price !== undefined && { rulePrice: rules.price }),
      },
      this.deps.now(),
    );
    return settingsView(saved);
  }

  /** The bell: the last 30 days of alerts, newest first, with those after the last read marked unread. */
  async alerts(user: WatchUser): Promise<Alerts> {
    const since = new Date(this.deps.now().getTime() - ALERT_HISTORY_DAYS * 86_400_000);
    const [rows, settings] = await Promise.all([this.deps.alerts.recent(user.id, since), this.deps.watchlist.settings(user.id)]);
    const readAt = settings.readAt?.getTime() ?? 0;
    const alerts = rows.map((row) => ({
      id: row.id,
      ticker: row.ticker,
      kind: row.rule as AlertKind,
      session: row.session,
      title: row.title,
      detail: row.detail,
      created_at: row.createdAt.toISOString(),
      read: row.createdAt.getTime() <= readAt,
    }));
    return { alerts, unread: alerts.filter((alert) => !alert.read).length };
  }

  async markRead(user: WatchUser): Promise<void> {
    await this.deps.watchlist.markAlertsRead(user.id, this.deps.now());
  }

  /** The e-mail's one-click unsubscribe: the link's signature is the only proof asked. */
  async unsubscribe(userId: string, token: string): Promise<void> {
    const invalid = new AppError(400, UNSUBSCRIBE_INVALID_CODE, "This unsubscribe link is not valid. Open the latest alert e-mail's link, or turn the e-mails off in your alert settings.");
    const version = this.deps.links.verify(userId, token);
    if (version === null) throw invalid;
    const result = await this.deps.watchlist.turnDigestOff(userId, version, this.deps.now());
    if (result === "unknown") throw invalid;
    if (result === "outdated") {
      throw new AppError(
        400,
        UNSUBSCRIBE_OUTDATED_CODE,
        "This unsubscribe link is from an e-mail sent before you turned alert e-mails back on, so it no longer works. Use the link in your latest alert e-mail, or turn the e-mails off in your alert settings.",
      );
    }
  }
}

/** The rule switches a request changes, as the repository names them (the others are left as they are). */
function rulesPatch(rules: Partial<WatchRules>): WatchRulesPatch {
  return {
    ...(rules.buy !== undefined && { ruleBuy: rules.buy }),
    ...(rules.sell !== undefined && { ruleSell: rules.sell }),
    ...(rules.extended !== undefined && { ruleExtended: rules.extended }),
    ...(rules.new_base !== undefined && { ruleNewBase: rules.new_base }),
  };
}

function settingsView(row: { digest: boolean; ruleBuy: boolean; ruleSell: boolean; ruleExtended: boolean; ruleNewBase: boolean; rulePrice: boolean }): AlertSettings {
  return { digest: row.digest, rules: { buy: row.ruleBuy, sell: row.ruleSell, extended: row.ruleExtended, new_base: row.ruleNewBase, price: row.rulePrice } };
}
