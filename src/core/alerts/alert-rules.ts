import { percent, price } from "../narrative/format";
import type { StoppedOut, WatchSnapshot } from "./watch-snapshot";

/**
 * The alert rules of a watched stock (decision 032). Each compares the stock's snapshot
 * of the new session with the one before and names the event it saw by a key that stays the same
 * however often it is seen: a breakout by its date, a base by its start. Stored under a unique
 * (ticker, rule, key), an event is raised once, whatever runs the job twice.
 */
type StockRule = "buy" | "sell" | "extended" | "new_base";
type PriceRule = "price_above" | "price_below";
/** A held position's rules (core/portfolio/holder-rules.ts): against the holder's own stop and plan. */
type HolderRule = "holder_stop" | "holder_time_exit" | "holder_sell" | "holder_price_above" | "holder_price_below";

export interface AlertEvent {
  ticker: string;
  rule: StockRule | PriceRule | HolderRule;
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

function levelList(buyPoint: number | null, stop: number | null, target: number | null): string {
  const parts: string[] = [];
  if (buyPoint !== null) parts.push(`buy point ${money(buyPoint)}`);
  if (stop !== null) parts.push(`stop ${money(stop)}`);
  if (target !== null) parts.push(`target ${money(target)}`);
  return parts.join(", ");
}

function levels(snapshot: WatchSnapshot): string {
  const list = levelList(snapshot.buyPoint, snapshot.stop, snapshot.target);
  return list ? ` ${capitalise(list)}.` : "";
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A setup announced after a SELL names its levels and the ones the SELL ended, so the two plans are not confused. */
function newLevels(now: WatchSnapshot, old: StoppedOut): string {
  const fresh = levelList(now.buyPoint ?? now.pivot, now.stop, now.target);
  const were = levelList(old.buyPoint, old.stop, null);
  return ` New levels: ${fresh || "none yet"}${were ? ` (were ${were})` : ""}.`;
}

/** The stop shown the session before, when this session closed under it. */
function brokenStop(before: WatchSnapshot, now: WatchSnapshot): number | null {
  return before.stop !== null && now.close < before.stop ? before.stop : null;
}

/**
 * BUY: the stock is a BUY on this session and was not on the last one for the same breakout (it
 * reached its buy range on breakout volume: the engine's BUY requires both, docs/method.md). After a
 * SELL it is a new setup: never on the breakout that failed, and its detail names the old levels.
 */
function buyEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (now.action !== "BUY") return null;
  const breakout = now.breakoutDate ?? now.session;
  const out = before.stoppedOut ?? null;
  if (out ? out.breakoutDate !== null && out.breakoutDate === now.breakoutDate : before.action === "BUY" && (before.breakoutDate ?? before.session) === breakout) return null;
  const distance = now.buyPoint === null ? "" : `, ${percent(Math.abs(now.close / now.buyPoint - 1))} ${now.close >= now.buyPoint ? "above" : "below"} the buy point`;
  return {
    ticker: now.ticker,
    rule: "buy",
    key: `breakout:${breakout}`,
    session: now.session,
    title: out ? `${now.ticker} reached its buy range on a new breakout (BUY)` : `${now.ticker} reached its buy range on breakout volume (BUY)`,
    detail: out ? `Closed at ${money(now.close)}${distance}. A new setup after the SELL of ${out.session}.${newLevels(now, out)}` : `Closed at ${money(now.close)}${distance}.${levels(now)}`,
  };
}

/**
 * SELL: a close under the stop shown the session before (whatever today's analysis sees: a stop is
 * a promise to the holder), or the engine turned the stock to SELL (stop hit, failed breakout, broken
 * trend). Once per position: keyed by the breakout it ends (or the session, without one), and not
 * again while the watcher is out of the stock.
 */
function sellEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (before.stoppedOut || before.action === "SELL") return null;
  const stop = brokenStop(before, now);
  if (stop === null && now.action !== "SELL") return null;
  return {
    ticker: now.ticker,
    rule: "sell",
    key: `position:${before.breakoutDate ?? now.session}`,
    session: now.session,
    title: stop !== null ? `${now.ticker} closed under its ${money(stop)} stop (SELL)` : `${now.ticker} is now a SELL`,
    detail:
      stop !== null
        ? `Closed at ${money(now.close)}, under the ${money(stop)} stop.`
        : `The analysis turned to SELL at ${money(now.close)}${before.breakoutDate ? ` (breakout of ${before.breakoutDate} failed or ended)` : ""}.`,
  };
}

/** Extended: more than 5% above the buy point after a breakout, when it was not the session before (never on a run a SELL ended). */
function extendedEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (!now.extended || before.extended || before.stoppedOut) return null;
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
 * After a SELL, any base with a pivot that is not the failed breakout's is the new setup, keyed by the SELL.
 */
function newBaseEvent(before: WatchSnapshot, now: WatchSnapshot): AlertEvent | null {
  if (now.baseStart === null || now.pivot === null) return null;
  const out = before.stoppedOut ?? null;
  if (out && now.breakoutDate !== null && now.breakoutDate === out.breakoutDate) return null;
  if (!out && before.baseStart !== null) {
    const afterBreakout = before.breakoutDate !== null && now.baseStart > before.breakoutDate;
    if (!afterBreakout && daysBetween(before.baseStart, now.baseStart) < NEW_BASE_GAP_DAYS) return null;
  }
  const signal = `${now.baseType ?? "A base"} since ${now.baseStart}; a close above ${money(now.pivot)} on breakout volume would be the buy signal.`;
  return {
    ticker: now.ticker,
    rule: "new_base",
    key: out ? `base:${now.baseStart}:after-sell:${out.session}` : `base:${now.baseStart}`,
    session: now.session,
    title: `${now.ticker} formed a new base: pivot ${money(now.pivot)}`,
    detail: out ? `${signal} A new setup after the SELL of ${out.session}.${newLevels(now, out)}` : `${signal}${levels(now)}`,
  };
}

/**
 * The events between two sessions' snapshots of one stock; none without a snapshot before (the
 * first is the baseline). They never contradict the plan shown the session before: a session that
 * closes under its stop raises the SELL and nothing else (no BUY on new levels that day), and after
 * a SELL the next setup comes as one announcement (a BUY wins over its base) naming the old levels.
 */
export function stockEvents(before: WatchSnapshot | null, now: WatchSnapshot): AlertEvent[] {
  if (!before || before.session >= now.session) return [];
  const sell = sellEvent(before, now);
  if (sell) return [sell];
  if (brokenStop(before, now) !== null) return [];
  const buy = buyEvent(before, now);
  const base = buy && before.stoppedOut ? null : newBaseEvent(before, now);
  return [buy, extendedEvent(before, now), base].filter((event): event is AlertEvent => event !== null);
}

/**
 * The session's snapshot with what the next session's rules need of the past: the levels a SELL
 * ended, kept until the next setup is announced. The job stores this instead of the bare snapshot.
 */
export function carryForward(before: WatchSnapshot | null, now: WatchSnapshot): WatchSnapshot {
  const kept = before?.stoppedOut ?? null;
  if (!before || before.session >= now.session) return { ...now, stoppedOut: now.stoppedOut ?? null };
  const rules = stockEvents(before, now).map((event) => event.rule);
  if (rules.includes("sell")) {
    return { ...now, stoppedOut: { session: now.session, breakoutDate: before.breakoutDate, buyPoint: before.buyPoint, stop: before.stop, target: before.target } };
  }
  const announced = rules.includes("buy") || rules.includes("new_base");
  return { ...now, stoppedOut: kept && !announced ? kept : null };
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
