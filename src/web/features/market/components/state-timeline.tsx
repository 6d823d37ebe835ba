import type { MarketResponse } from "../../../../contracts/market";
import { MARKET_STATES } from "../../../../contracts/market";
import { formatCalendarDate } from "../../../lib/format";
import { STATE_STYLES } from "./market-colors";

type History = MarketResponse["state_history"];

/**
 * The state on each of the last 120 sessions as a strip of coloured cells (oldest left), each with
 * its date and state as a tooltip; the same days are in a table for screen readers and keyboards.
 */
export function StateTimeline({ history }: { history: History }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="state-history-title" data-testid="state-timeline" className="space-y-3">
      <h2 id="state-history-title" className="text-lg font-semibold text-ink">
        The last {history.length} sessions
      </h2>
      <div aria-hidden="true" className="flex h-8 w-full overflow-hidden rounded-md border border-line">
        {history.map((day) => (
          <div key={day.date} title={`${formatCalendarDate(day.date)}: ${day.state}, ${day.distribution_days} distribution days`} className={`h-full flex-1 ${STATE_STYLES[day.state].cell}`} />
        ))}
      </div>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted">
        <span>{formatCalendarDate(history[0]!.date)}</span>
        <span>{formatCalendarDate(history.at(-1)!.date)}</span>
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {MARKET_STATES.map((state) => (
          <li key={state} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${STATE_STYLES[state].cell}`} />
            {state}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">Show the sessions as a table</summary>
        {/* Focusable, so the keyboard can scroll it. */}
        <div role="region" aria-label="Sessions" tabIndex={0} className="mt-2 max-h-80 overflow-y-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Market state on each of the last {history.length} sessions, newest first</caption>
            <thead className="sticky top-0 bg-canvas">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Session</th>
                <th scope="col" className="px-3 py-2 font-medium">State</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Distribution days</th>
              </tr>
            </thead>
            <tbody>
              {[...history].reverse().map((day) => (
                <tr key={day.date} className="border-t border-line">
                  <td className="px-3 py-1.5">{formatCalendarDate(day.date)}</td>
                  <td className="px-3 py-1.5">{day.state}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.distribution_days}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
