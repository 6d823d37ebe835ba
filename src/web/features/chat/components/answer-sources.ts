import type { ChatCitation } from "../../../../contracts/chat";
import { formatCalendarDate } from "../../../lib/format";

/**
 * How an answer's sources and dates are shown: each source listed once, in one date
 * format. Pure, so every rule is unit-tested.
 *
 * The server ends each answer that used analyses with a line '**Sources:** NWSC · as of 2026-11-20
 * (your history); …' (server/features/chat/chat-assistant.ts) and also sends the same analyses as
 * citations, which the page shows as chips: the line is dropped where the chips are shown, and the
 * chips name each stock once. Dates in the answer's text are shown as the rest of the app shows a
 * calendar date (lib/format.ts formatCalendarDate: 'Nov 20, 2026').
 */

/** The citations with one chip per stock (the chip's link is the stock's page), keeping the newest analysis date; first-seen order. */
export function uniqueCitations(citations: readonly ChatCitation[]): ChatCitation[] {
  const byTicker = new Map<string, ChatCitation>();
  for (const citation of citations) {
    const key = citation.ticker.trim().toUpperCase();
    const seen = byTicker.get(key);
    if (!seen || citation.as_of > seen.as_of) byTicker.set(key, citation);
  }
  return [...byTicker.values()];
}

/** A sources line as the server writes it ('**Sources:** …'), or as a model may ('Sources: …', '__Sources__: …'). */
const SOURCES_LINE = /^[ \t]*(?:\*\*|__)?Sources(?::(?:\*\*|__)?|(?:\*\*|__):)[ \t]*\S/i;

/** The answer without its trailing sources line, when the chips show those sources; unchanged otherwise. */
export function withoutSourcesLine(markdown: string, hasChips: boolean): string {
  if (!hasChips) return markdown;
  const text = markdown.trimEnd();
  const lastBreak = text.lastIndexOf("\n");
  const lastLine = text.slice(lastBreak + 1);
  return SOURCES_LINE.test(lastLine) ? text.slice(0, Math.max(lastBreak, 0)).trimEnd() : markdown;
}

/** An ISO calendar date standing alone (not part of a timestamp, an address or a longer number). */
const ISO_DATE = /(?<![\w/.:-])(\d{4}-\d{2}-\d{2})(?![\w/:-])/g;

/** The answer with each stand-alone ISO date ('2026-11-20') in the app's date format ('Nov 20, 2026'). */
export function withAppDates(markdown: string, locale?: string): string {
  return markdown.replace(ISO_DATE, (date: string) => formatCalendarDate(date, locale));
}

/** The answer's text as shown: sources line dropped when chips show it, dates in the app's format. */
export function answerText(markdown: string, citations: readonly ChatCitation[], locale?: string): string {
  return withAppDates(withoutSourcesLine(markdown, citations.length > 0), locale);
}
