/**
 * The NYSE trading calendar the demo market runs on: weekdays without the exchange's full-day
 * holidays (with its weekend observance rules) and its one-off closures. Dates are day numbers
 * (days since 1970-01-01) so no time zone enters the arithmetic; only 'now' is read in New York time.
 */

const MS_PER_DAY = 86_400_000;
/** The close of the regular session, New York time. */
const CLOSE_HOUR_ET = 16;

/** Full-day closures outside the holiday rules (national days of mourning, storms, 9/11). */
const SPECIAL_CLOSURES = [
  "2001-09-11",
  "2001-09-12",
  "2001-09-13",
  "2001-09-14",
  "2004-06-11",
  "2007-01-02",
  "2012-10-29",
  "2012-10-30",
  "2018-12-05",
  "2025-01-09",
];

export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

function dayNumberFromIso(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return dayNumber(y!, m!, d!);
}

export function isoFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, dow: number, n: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((dow - weekday(first) + 7) % 7) + (n - 1) * 7;
}

function lastWeekday(year: number, month: number, dow: number): number {
  const last = dayNumber(year, month + 1, 0);
  return last - ((weekday(last) - dow + 7) % 7);
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

/** Saturday holidays are observed on Friday, Sunday ones on Monday. */
function observed(day: number): number {
  const dow = weekday(day);
  if (dow === 6) return day - 1;
  if (dow === 0) return day + 1;
  return day;
}

const holidayCache = new Map<number, Set<number>>();
const specialClosures = new Set(SPECIAL_CLOSURES.map(dayNumberFromIso));

/** The exchange's full-day holidays of one calendar year. */
function nyseHolidays(year: number): Set<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<number>();
  // New Year's Day: a Sunday moves to Monday; a Saturday is not made up on Friday 31 December.
  const newYear = dayNumber(year, 1, 1);
  if (weekday(newYear) !== 6) days.add(observed(newYear));
  days.add(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day
  days.add(nthWeekday(year, 2, 1, 3)); // Washington's Birthday
  days.add(easter(year) - 2); // Good Friday
  days.add(lastWeekday(year, 5, 1)); // Memorial Day
  if (year >= 2022) days.add(observed(dayNumber(year, 6, 19))); // Juneteenth
  days.add(observed(dayNumber(year, 7, 4))); // Independence Day
  days.add(nthWeekday(year, 9, 1, 1)); // Labor Day
  days.add(nthWeekday(year, 11, 4, 4)); // Thanksgiving
  days.add(observed(dayNumber(year, 12, 25))); // Christmas
  holidayCache.set(year, days);
  return days;
}

function isTradingDay(day: number): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  if (specialClosures.has(day)) return false;
  const year = new Date(day * MS_PER_DAY).getUTCFullYear();
  return !nyseHolidays(year).has(day);
}

const newYorkClock = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Calendar date (as a day number) and hour of an instant, in New York. */
function newYorkDateAndHour(now: Date): { day: number; hour: number } {
  const parts: Record<string, string> = {};
  for (const part of newYorkClock.formatToParts(now)) parts[part.type] = part.value;
  return { day: dayNumber(Number(parts.year), Number(parts.month), Number(parts.day)), hour: Number(parts.hour) };
}

/** The last completed session at `now`: today counts only after the 16:00 New York close. */
export function lastCompletedSession(now: Date): number {
  const { day, hour } = newYorkDateAndHour(now);
  if (isTradingDay(day) && hour >= CLOSE_HOUR_ET) return day;
  let d = day - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

/** `count` session dates (ISO) ending with `lastSession`, oldest first. */
export function sessionDates(lastSession: number, count: number): string[] {
  const dates = new Array<string>(count);
  let d = lastSession;
  for (let i = count - 1; i >= 0; i--) {
    while (!isTradingDay(d)) d--;
    dates[i] = isoFromDayNumber(d);
    d--;
  }
  return dates;
}

/** Sessions from `fromIso` to `toIso`, both included when they are sessions; 0 when `toIso` is earlier. */
export function sessionsBetween(fromIso: string, toIso: string): number {
  const last = dayNumberFromIso(toIso);
  let count = 0;
  for (let d = dayNumberFromIso(fromIso); d <= last; d++) if (isTradingDay(d)) count++;
  return count;
}

/** The date of the `count`-th session after `fromIso` (`fromIso` itself when `count` is 0 and it is a session). */
export function sessionsAfter(fromIso: string, count: number): string {
  let d = dayNumberFromIso(fromIso);
  if (count <= 0) return fromIso;
  for (let left = count; left > 0; ) {
    d++;
    if (isTradingDay(d)) left--;
  }
  return isoFromDayNumber(d);
}

/** The instant of the first 16:00 New York close after `now` (daily bars change only then). */
export function nextSessionClose(now: Date): Date {
  let day = lastCompletedSession(now) + 1;
  while (!isTradingDay(day)) day++;
  // 16:00 in New York is 21:00 UTC in winter (EST) and 20:00 UTC in summer (EDT).
  const winter = new Date(day * MS_PER_DAY + (CLOSE_HOUR_ET + 5) * 3_600_000);
  return newYorkDateAndHour(winter).hour === CLOSE_HOUR_ET ? winter : new Date(winter.getTime() - 3_600_000);
}
