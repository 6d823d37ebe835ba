import { percent, price } from "../narrative/format";
import type { WatchSnapshot } from "./watch-snapshot";

/**
 * The alert rules of a watched stock (decision 032). Each compares the stock's snapshot
 * of the new session with the one before and names the event it saw by a key that stays the same
 * however often it is seen: a breakout by its date, a base by its start. Stored under a unique
 * (ticker, rule, key), an event is raised once, whatever runs the job twice.
 */
type StockRule = "buy" | "sell" | "extended" | "new_base";
type PriceRule = "price_above" | "price_below";

export interface AlertEvent {
  ticker: string;
  rule: StockRule | PriceRule;
  /** Names the event: the same event seen again has the same key. */
  key: string;
  session: string;
  title: string;
  detail: string;
}

/** A base that starts this many calendar days after the last one began is a new base, not the same one re-measured. */
const NEW_BASE_GAP_DAYS = 21;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

const money = (value: number) => `$${price(value)}`;

function levels(snapshot: WatchSnapshot): string {
  const parts: string[] = [];
  if (snapshot.buyPoint !== null) parts.push(`buy point ${money(snapshot.buyPoint)}`);
  if (snapshot.stop !== null) parts.push(`stop ${money(snapshot.stop)}`);
  if (snapshot.target !== null) parts.push(`target ${money(snapshot.target)}`);
  return parts.length > 0 ? ` ${capitalise(parts.join(", "))}.` : "";
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * BUY: the stock is a BUY on this session and was not on the last one for the same breakout (it
 * reached its buy range on breakout volume: the engine's BUY requires both, docs/method.md).
 */
function buyEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (now.action !== "BUY") return null;
  const breakout = now.breakoutDate ?? now.session;
  if (before.action === "BUY" && (before.breakoutDate ?? before.session) === breakout) return null;
  const distance = now.buyPoint === null ? "" : `, ${percent(Math.abs(now.close / now.buyPoint - 1))} ${now.close >= now.buyPoint ? "above" : "below"} the buy point`;
  return {
    ticker: now.ticker,
    rule: "buy",
    key: `breakout:${breakout}`,
    session: now.session,
    title: `${now.ticker} reached its buy range on breakout volume (BUY)`,
    detail: `Closed at ${money(now.close)}${distance}.${levels(now)}`,
  };
}

/**
 * SELL: the engine turned the stock to SELL (stop hit, failed breakout, broken trend), or a BUY
 * closed under the stop it had the day before. One event per position: keyed by the breakout it
 * ends (or the session, without one).
 */
function sellEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  // A close under yesterday's stop ends that position, unless today's analysis already sees a new breakout (a new BUY with its own stop).
  const rebought = now.action === "BUY" && now.breakoutDate !== before.breakoutDate;
  const underStop = before.action === "BUY" && before.stop !== null && now.close < before.stop && !rebought;
  const turned = now.action === "SELL" && before.action !== "SELL";
  if (!underStop && !turned) return null;
  const reason = underStop
    ? `Closed at ${money(now.close)}, under the ${money(before.stop!)} stop.`
    : `The analysis turned to SELL at ${money(now.close)}${before.breakoutDate ? ` (breakout of ${before.breakoutDate} failed or ended)` : ""}.`;
  return {
    ticker: now.ticker,
    rule: "sell",
    key: `position:${before.breakoutDate ?? now.session}`,
    session: now.session,
    title: underStop ? `${now.ticker} closed under its stop (SELL)` : `${now.ticker} is now a SELL`,
    detail: reason,
  };
}

/** Extended: more than 5% above the buy point after a breakout, when it was not the session before. */
function extendedEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (!now.extended || before.extended) return null;
  const reference = now.buyPoint ?? now.pivot;
  return {
    ticker: now.ticker,
    rule: "extended",
    key: `run:${now.breakoutDate ?? now.baseStart ?? now.session}`,
    session: now.session,
    title: `${now.ticker} is extended past its buy range`,
    detail: `Closed at ${money(now.close)}${reference !== null ? `, ${percent(now.close / reference - 1)} above the ${money(reference)} buy point` : ""}. Buying here risks more than the plan allows; wait for a pullback or a new base.`,
  };
}

/**
 * New base: a base (and with it a new pivot) where there was none, or one that began well after the
 * last one (NEW_BASE_GAP_DAYS) or after its breakout. A base re-measured by a day is the same base.
 */
function newBaseEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (now.baseStart === null || now.pivot === null) return null;
  if (before.baseStart !== null) {
    const afterBreakout = before.breakoutDate !== null && now.baseStart > before.breakoutDate;
    if (!afterBreakout && daysBetween(before.baseStart, now.baseStart) < NEW_BASE_GAP_DAYS) return null;
  }
  return {
    ticker: now.ticker,
    rule: "new_base",
    key: `base:${now.baseStart}`,
    session: now.session,
    title: `${now.ticker} formed a new base: pivot ${money(now.pivot)}`,
    detail: `${now.baseType ?? "A base"} since ${now.baseStart}; a close above ${money(now.pivot)} on breakout volume would be the buy signal.${levels(now)}`,
  };
}

/** The events between two sessions' snapshots of one stock; none without a snapshot before (the first is the baseline). */
export function stockEvents(before: WatchSnapshot | null, now: WatchSnapshot): AlertEvent[] {
  if (!before || before.session >= now.session) return [];
  return [buyEvent(before, now), sellEvent(before, now), extendedEvent(before, now), newBaseEvent(before, now)].filter((event): event is AlertEvent => event !== null);
}

export interface PriceAlert {
  direction: "above" | "below";
  level: number;
  /** When the user set it: the key, so an alert set again is a new event. */
  setAt: string;
}

/** A price alert fires on the first close beyond its level after it was set; then it is spent until set again. */
export function priceEvent(alert: PriceAlert, now: Pick<WatchSnapshot, "ticker" | "session" | "close">): AlertEvent | null {
  const beyond = alert.direction === "above" ? now.close > alert.level : now.close < alert.level;
  if (!beyond) return null;
  return {
    ticker: now.ticker,
    rule: alert.direction === "above" ? "price_above" : "price_below",
    key: `${alert.level}@${alert.setAt}`,
    session: now.session,
    title: `${now.ticker} closed ${alert.direction} ${money(alert.level)}`,
    detail: `Closed at ${money(now.close)}, your alert level was ${money(alert.level)}. The alert is now spent; set it again on your watch list.`,
  };
}
