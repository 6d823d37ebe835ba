import type { ReusedAnalysis } from "../../../contracts/research";
import { formatCalendarDate } from "../../lib/format";

/**
 * The line above a reused analysis: the same ticker on the same market data was answered
 * with the user's stored analysis instead of a new, charged one. Pure, so each wording is tested.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** 'today, 10:42', or 'Nov 24, 2026, 10:42' for another day (local time, 24-hour clock). */
export function whenAnalyzed(analyzedAt: string, now: Date, locale?: string): string {
  const at = new Date(analyzedAt);
  if (Number.isNaN(at.getTime())) return analyzedAt;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return `${sameDay ? "today" : at.toLocaleDateString(locale, { dateStyle: "medium" })}, ${time}`;
}

export interface ReusedAnalysisText {
  /** What is shown: the stored analysis, or that Refresh found no newer data. */
  title: string;
  /** Why it cost nothing. */
  detail: string;
}

/** The notice's sentences; `refresh` when the user asked with 'Refresh'. */
export function reusedAnalysisText(reused: ReusedAnalysis, refresh: boolean, now: Date, locale?: string): ReusedAnalysisText {
  const when = whenAnalyzed(reused.analyzedAt, now, locale);
  const through = formatCalendarDate(reused.dataDate, locale);
  if (refresh) {
    const since = when.startsWith("today, ") ? `at ${when.slice("today, ".length)}` : `of ${when}`;
    return {
      title: `No newer market data since your analysis ${since}.`,
      detail: `The data still ends on ${through}, so this is the same analysis and did not use another of your daily analyses.`,
    };
  }
  return {
    title: `From your analysis of ${when}`,
    detail: `The market data still ends on ${through}, so this did not use another of your daily analyses.`,
  };
}
