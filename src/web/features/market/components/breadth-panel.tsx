import type { MarketResponse } from "../../../../contracts/market";
import { formatCalendarDate, formatPercent } from "../../../lib/format";

type Breadth = NonNullable<MarketResponse["breadth"]>;
type History = MarketResponse["breadth_history"];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface px-4 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-xl font-semibold text-ink tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** Breadth of the screened universe on the latest session, and on each stored session before it. */
export function BreadthPanel({ breadth, history }: { breadth: Breadth; history: History }) {
  return (
    <section aria-labelledby="breadth-title" data-testid="breadth-panel" className="space-y-3">
      <h2 id="breadth-title" className="text-lg font-semibold text-ink">
        Breadth of the {breadth.total.toLocaleString("en-US")} screened stocks
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Above the 50-day average" value={formatPercent(breadth.pct_above_50)} testId="breadth-above-50" />
        <Figure label="Above the 200-day average" value={formatPercent(breadth.pct_above_200)} testId="breadth-above-200" />
        <Figure label="New 52-week highs vs lows" value={`${breadth.new_highs} / ${breadth.new_lows}`} testId="breadth-highs-lows" />
        <Figure label="Advancers vs decliners" value={`${breadth.advancers} / ${breadth.decliners}`} testId="breadth-advancers" />
      </dl>
      <div className="overflow-x-auto rounded-md border border-line">
        <table data-testid="breadth-history" className="w-full text-left text-sm">
          <caption className="px-3 py-2 text-left text-xs text-muted">
            Breadth on each session since the first daily screen, newest first ({history.length} {history.length === 1 ? "session" : "sessions"}).
          </caption>
          <thead className="bg-canvas">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Session</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">&gt; 50-day</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">&gt; 200-day</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Highs / lows</th>
              <th scope="col" className="px-3 py-2 text-right font-medium max-sm:hidden">Adv. / dec.</th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().slice(0, 20).map((day) => (
              <tr key={day.date} className="border-t border-line">
                <td className="px-3 py-1.5 whitespace-nowrap">{formatCalendarDate(day.date)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatPercent(day.pct_above_50)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatPercent(day.pct_above_200)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {day.new_highs} / {day.new_lows}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums max-sm:hidden">
                  {day.advancers} / {day.decliners}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
