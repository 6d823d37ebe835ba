import type { AlertEvent } from "../alerts/alert-rules";
import type { WatchSnapshot } from "../alerts/watch-snapshot";
import { nextSessionClose } from "../market/trading-calendar";
import { price } from "../narrative/format";

/** A price level the holder set on a position: fires once, on the first close beyond it after it was set. */
export interface HeldLevel {
  level: number;
  /** When the holder set it (ISO instant): part of the key, so setting it again re-arms it. */
  setAt: string;
  /** The session it fired on; a fired level stays spent until it is set again. */
  firedOn: string | null;
}

/** What the holder rules need of one open position (decision 063). */
export interface HeldPosition {
  positionId: string;
  ticker: string;
  /** The holder's own stop (not the plan's); null without one. */
  stop: number | null;
  /** When the stop was last set or moved (ISO instant): part of the key, so moving it re-arms it. */
  stopSetAt: string | null;
  /** The date of the first buy: only later sessions can raise anything. */
  openedOn: string;
  /** The plan's time exit (a date): on or after it the holder is told once. */
  timeExit: string | null;
  priceAbove: HeldLevel | null;
  priceBelow: HeldLevel | null;
}

/** The engine's SELL rule for a close under the plan's stop (`setupKind`): the position's own stop speaks for it. */
const PLAN_STOP_HIT = "Stop hit";

const money = (value: number) => `$${price(value)}`;

/** Set before the session's 16:00 New York close: a stop or level set after it was set knowing that close. */
function setBeforeClose(setAt: string | null, session: string): boolean {
  if (setAt === null) return false;
  const at = Date.parse(setAt);
  return Number.isFinite(at) && at < nextSessionClose(new Date(`${session}T00:00:00Z`)).getTime();
}

function event(position: HeldPosition, now: WatchSnapshot, rule: AlertEvent["rule"], key: string, title: string, detail: string): AlertEvent {
  return { ticker: position.ticker, rule, key: `pos:${position.positionId}:${key}`, session: now.session, title, detail };
}

/** A close under the holder's stop, set before that close. */
function stopEvent(position: HeldPosition, now: WatchSnapshot): AlertEvent | null {
  const { stop, stopSetAt } = position;
  if (stop === null || stopSetAt === null || !(now.close < stop) || !setBeforeClose(stopSetAt, now.session)) return null;
  return event(
    position,
    now,
    "holder_stop",
    `stop:${stopSetAt}`,
    `${position.ticker} closed under your ${money(stop)} stop`,
    `Closed at ${money(now.close)}, under the ${money(stop)} stop of your position: your plan says sell. Moving the stop arms this alert again.`,
  );
}

/**
 * The analysis turned to SELL for a stock the holder holds. 'Stop hit' is the plan's stop, not the
 * holder's: with a stop of their own it stays silent (their stop decides; a close above it is no sell
 * for them). Not when the stock was already a SELL the session the holder bought it.
 */
function sellEvent(position: HeldPosition, before: WatchSnapshot | null, now: WatchSnapshot): AlertEvent | null {
  if (now.action !== "SELL") return null;
  if (now.setup === PLAN_STOP_HIT && position.stop !== null) return null;
  if (before && before.action === "SELL" && before.setup === now.setup && before.session <= position.openedOn) return null;
  const own = position.stop !== null ? ` Your own stop is ${money(position.stop)}.` : "";
  return event(
    position,
    now,
    "holder_sell",
    `sell:${now.setup}`,
    `${position.ticker}, which you hold, is now a SELL (${now.setup})`,
    `The analysis turned to SELL at ${money(now.close)}: ${now.setup}.${own}`,
  );
}

function timeExitEvent(position: HeldPosition, now: WatchSnapshot): AlertEvent | null {
  const { timeExit } = position;
  if (timeExit === null || now.session < timeExit) return null;
  return event(
    position,
    now,
    "holder_time_exit",
    `time:${timeExit}`,
    `${position.ticker} reached your time exit (${timeExit})`,
    `Closed at ${money(now.close)}. Your plan was to sell by ${timeExit} if the trade had not worked by then.`,
  );
}

function levelEvent(position: HeldPosition, now: WatchSnapshot, direction: "above" | "below"): AlertEvent | null {
  const level = direction === "above" ? position.priceAbove : position.priceBelow;
  if (!level || level.firedOn !== null || !setBeforeClose(level.setAt, now.session)) return null;
  const beyond = direction === "above" ? now.close > level.level : now.close < level.level;
  if (!beyond) return null;
  return event(
    position,
    now,
    direction === "above" ? "holder_price_above" : "holder_price_below",
    `price_${direction}:${level.level}@${level.setAt}`,
    `${position.ticker}, which you hold, closed ${direction} ${money(level.level)}`,
    `Closed at ${money(now.close)}, your position's alert level was ${money(level.level)}. The alert is now spent; set it again on your portfolio.`,
  );
}

/**
 * The alerts of one open position on `session` (decision 063), keyed by the position's id so each is
 * raised once per position (a unique key in `user_alerts` keeps a second run from adding any). They
 * never contradict the holder's own stop: a session closing under it raises that alert and nothing
 * else, and the plan's 'Stop hit' never speaks for a holder with a stop. Only sessions after the first
 * buy count, and only a stop or level set before that session's close.
 */
export function holderEvents(position: HeldPosition, before: WatchSnapshot | null, now: WatchSnapshot, session: string): AlertEvent[] {
  if (now.session !== session || now.ticker !== position.ticker || session <= position.openedOn) return [];
  const stop = stopEvent(position, now);
  if (stop) return [stop];
  return [sellEvent(position, before, now), timeExitEvent(position, now), levelEvent(position, now, "below"), levelEvent(position, now, "above")].filter(
    (found): found is AlertEvent => found !== null,
  );
}
