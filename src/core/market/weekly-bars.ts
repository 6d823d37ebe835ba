import type { BarRow } from "./market-data";

/** The ISO week (year and week number) a YYYY-MM-DD date falls in, as one comparable key. */
export function isoWeekKey(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  // The ISO week belongs to the year of its Thursday.
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${String(thursday.getUTCFullYear())}-W${String(week).padStart(2, "0")}`;
}

/**
 * Daily bars (oldest first) grouped by ISO week: the week's first open, highest high, lowest low, last
 * close and summed volume, dated by its last session (so a week still in progress ends on today).
 */
export function weeklyBars(bars: readonly BarRow[]): BarRow[] {
  const weeks: BarRow[] = [];
  let key = "";
  for (const bar of bars) {
    const current = weeks.at(-1);
    const barKey = isoWeekKey(bar.date);
    if (!current || barKey !== key) {
      weeks.push({ ...bar });
      key = barKey;
      continue;
    }
    current.date = bar.date;
    current.high = Math.max(current.high, bar.high);
    current.low = Math.min(current.low, bar.low);
    current.close = bar.close;
    current.volume += bar.volume;
  }
  return weeks;
}
