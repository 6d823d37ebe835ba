import { useCallback, useId, useRef, useState } from "react";
import type { IChartApi } from "lightweight-charts";
import type { PortfolioHistory } from "../../../../contracts/portfolio";
import { SeriesLegend } from "../../../components/charts/chart-legend";
import { formatCalendarDate, formatPrice } from "../../../lib/format";
import { usePortfolioHistory } from "../api/use-portfolio-history";
import type { ChartLibrary } from "../../../components/charts/chart-series";
import { useLightweightChart } from "../../../components/charts/use-lightweight-chart";

const VALUE_COLORS = { value: "#2553d9", benchmark: "#d97706" } as const;

const dollars = (value: number): string => (value < 0 ? `-$${formatPrice(-value)}` : `$${formatPrice(value)}`);

/** The last point in words: what the holdings are worth against the same dollars in the benchmark. */
function valueSummary(history: PortfolioHistory): string {
  const last = history.points.at(-1);
  if (!last) return "No history yet: the chart starts on the session of your first trade.";
  const gap = last.value - last.benchmark;
  const standing =
    Math.abs(gap) < 0.005 ? "the same" : `${dollars(Math.abs(gap))} ${gap > 0 ? "more than" : "less than"} the benchmark`;
  return (
    `On ${formatCalendarDate(last.date)} your holdings were worth ${dollars(last.value)}; the same dollars in ` +
    `${history.benchmark} would be worth ${dollars(last.benchmark)} (${standing}), over ${history.points.length} sessions.`
  );
}

/** Draws both lines in $ on one right-hand scale; lightweight-charts is fetched when the chart mounts. */
function useValueLines(element: React.RefObject<HTMLDivElement | null>, history: PortfolioHistory): boolean {
  const draw = useCallback(
    (lc: ChartLibrary, chart: IChartApi) => {
      const money = { type: "custom" as const, minMove: 0.01, formatter: dollars };
      for (const key of ["value", "benchmark"] as const) {
        const line = chart.addSeries(lc.LineSeries, { color: VALUE_COLORS[key], lineWidth: 2, priceScaleId: "right", title: "", priceFormat: money });
        line.setData(history.points.map((point) => ({ time: point.date, value: point[key] })));
      }
    },
    [history],
  );
  return useLightweightChart(element, history.points.length === 0 ? null : draw);
}

/**
 * The portfolio's value on each session against the same dollars in the benchmark (decision 064):
 * a chart, a sentence that says where the two lines end, and the points as a table for keyboards and
 * screen readers (built when opened: one row per session).
 */
export function ValueChart({ history }: { history: PortfolioHistory }) {
  const container = useRef<HTMLDivElement>(null);
  const failed = useValueLines(container, history);
  const summaryId = useId();
  const empty = history.points.length === 0;
  return (
    <figure data-testid="value-chart" className="m-0" aria-describedby={summaryId}>
      {empty ? null : failed ? (
        <p data-testid="value-chart-unavailable" className="rounded-xl bg-canvas px-4 py-10 text-center text-sm text-muted">
          The chart is not available right now; the table below has the same figures.
        </p>
      ) : (
        <div ref={container} aria-hidden="true" className="h-[240px] w-full bg-canvas sm:h-[320px]" />
      )}
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted">
        <p id={summaryId} data-testid="value-chart-summary" className="basis-full text-sm text-ink">
          {valueSummary(history)}
        </p>
        {empty ? null : (
          <>
            <SeriesLegend
              items={[
                { label: "Your holdings", color: VALUE_COLORS.value, kind: "line" },
                { label: `The same dollars in ${history.benchmark}`, color: VALUE_COLORS.benchmark, kind: "line" },
              ]}
            />
            <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="ml-auto underline-offset-2 hover:underline">
              Chart by TradingView
            </a>
          </>
        )}
      </figcaption>
      {empty ? null : <ValueTable history={history} />}
    </figure>
  );
}

function ValueTable({ history }: { history: PortfolioHistory }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      data-testid="value-table"
      className="mt-4 rounded-xl border border-line"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        Show the values as a table
      </summary>
      {opened ? (
        <div className="max-h-96 overflow-auto border-t border-line" tabIndex={0} role="region" aria-label="Portfolio value by session">
          <table className="w-full text-sm tabular-nums">
            <caption className="px-4 py-2 text-left text-xs text-muted">
              Your holdings' value and the same dollars in {history.benchmark}, by session.
            </caption>
            <thead className="bg-canvas text-left text-xs text-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">Date</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">Your holdings</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{history.benchmark}</th>
              </tr>
            </thead>
            <tbody>
              {history.points.map((point) => (
                <tr key={point.date} className="border-t border-line">
                  <th scope="row" className="px-4 py-1.5 text-left font-normal">
                    <time dateTime={point.date}>{formatCalendarDate(point.date)}</time>
                  </th>
                  <td className="px-4 py-1.5 text-right">{dollars(point.value)}</td>
                  <td className="px-4 py-1.5 text-right">{dollars(point.benchmark)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}

/** The chart fed by GET /api/portfolio/history, for the /portfolio page. */
export function PortfolioValueChart() {
  const history = usePortfolioHistory();
  if (history.isPending) return <div data-testid="value-chart-loading" aria-busy="true" className="h-[240px] w-full rounded-xl bg-canvas sm:h-[320px]" />;
  if (history.isError) {
    return (
      <p role="alert" className="rounded-xl bg-canvas px-4 py-6 text-sm text-danger-700">
        {history.error.message}
      </p>
    );
  }
  return <ValueChart history={history.data} />;
}
