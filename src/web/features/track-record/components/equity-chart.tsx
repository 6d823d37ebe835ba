import { useEffect, useRef, useState } from "react";
import type { IChartApi } from "lightweight-charts";
import type { TrackRecordSummary } from "../../../../contracts/track-record";
import { formatCalendarDate } from "../../../lib/format";
import { formatCount, formatR, formatSignedPercent } from "../../../../core/narrative/track-record-words";
import { CHART_THEME } from "../../../components/charts/chart-theme";

const EQUITY_COLORS = { equity: "#2553d9", benchmark: "#d97706" } as const;

/**
 * The account share each trade risks when the R curve is drawn as a return (1R = 1% of the account,
 * a common sizing rule), so the trades and the benchmark share one axis in percent from the start.
 */
const RISK_PER_TRADE = 0.01;

/** Calls `onNear` once the element is within a screen of the viewport (at once without IntersectionObserver). */
function whenNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: "100% 0px" },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
  };
}

type Equity = TrackRecordSummary["equity"];
type Benchmark = TrackRecordSummary["benchmark"];

/** One point per date (the last one wins), oldest first: lightweight-charts refuses repeated or unordered times. */
function chartPoints<T extends { date: string }>(points: readonly T[], value: (point: T) => number): { time: string; value: number }[] {
  const byDate = new Map<string, number>();
  for (const point of points) byDate.set(point.date, value(point));
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([time, v]) => ({ time, value: v }));
}

export interface EquityChartProps {
  equity: Equity;
  benchmark: Benchmark;
  benchmarkName: string;
}

/**
 * 'All BUY trades, 1R each': the closed BUY trades' running total by exit date, as the return of an
 * account risking 1% per trade (cumulative R × 1%), against the benchmark's change since the first
 * call, both in percent on one axis with one zero line. lightweight-charts is fetched only when the
 * chart nears the viewport (its box is reserved, so nothing moves when it draws). The same points,
 * in R, are in the data table beside it (EquityTable).
 */
export function EquityChart({ equity, benchmark, benchmarkName }: EquityChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let chart: IChartApi | null = null;
    const percent = { type: "custom" as const, minMove: 0.001, formatter: (value: number) => formatSignedPercent(value) };
    const draw = () => {
      import("lightweight-charts")
        .then((lc) => {
          if (cancelled) return;
          chart = lc.createChart(element, {
            ...CHART_THEME,
            leftPriceScale: { visible: false },
            rightPriceScale: { ...CHART_THEME.rightPriceScale, visible: true },
          });
          const trades = chart.addSeries(lc.LineSeries, {
            color: EQUITY_COLORS.equity,
            lineWidth: 2,
            lineType: lc.LineType.WithSteps,
            priceScaleId: "right",
            title: "",
            priceFormat: percent,
          });
          trades.setData(chartPoints(equity, (p) => p.r * RISK_PER_TRADE));
          const index = chart.addSeries(lc.LineSeries, { color: EQUITY_COLORS.benchmark, lineWidth: 2, priceScaleId: "right", title: "", priceFormat: percent });
          index.setData(chartPoints(benchmark, (p) => p.change));
          chart.timeScale().fitContent();
        })
        .catch(() => {
          if (!cancelled) setFailed(true);
        });
    };
    const stopWatching = whenNearViewport(element, draw);
    return () => {
      cancelled = true;
      stopWatching();
      chart?.remove();
      chart = null;
    };
  }, [equity, benchmark]);

  if (failed) {
    return (
      <p data-testid="equity-chart-unavailable" className="rounded-xl bg-canvas px-4 py-10 text-center text-sm text-muted">
        The chart is not available right now; the table below has the same figures.
      </p>
    );
  }
  return (
    <figure data-testid="equity-chart" className="m-0">
      <div ref={container} data-testid="equity-chart-canvas" aria-hidden="true" className="h-[280px] w-full bg-canvas sm:h-[340px]" />
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted">
        <span className="sr-only">
          A chart, on one percent scale, of the closed BUY trades as the return of an account risking 1% on each (1R = 1%) against
          the change of {benchmarkName}; the table below lists the same points.
        </span>
        <ul aria-label="Chart legend" className="contents">
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-0 w-4 border-t-2" style={{ borderColor: EQUITY_COLORS.equity }} />
            All BUY trades, risking 1% each (1R = 1%)
          </li>
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-0 w-4 border-t-2" style={{ borderColor: EQUITY_COLORS.benchmark }} />
            {benchmarkName} since the first call
          </li>
        </ul>
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="ml-auto underline-offset-2 hover:underline">
          Chart by TradingView
        </a>
      </figcaption>
    </figure>
  );
}

interface EquityRow {
  date: string;
  r: number | null;
  trades: number | null;
  change: number | null;
}

/**
 * The chart's points merged by date, oldest first: each row has the cumulative R and trades closed
 * up to that date (carried forward between exits; null before the first exit) and the benchmark's
 * change on that date (null when the benchmark has no point there).
 */
function equityRows(equity: Equity, benchmark: Benchmark): EquityRow[] {
  const rows = new Map<string, EquityRow>();
  for (const point of benchmark) rows.set(point.date, { date: point.date, r: null, trades: null, change: point.change });
  for (const point of equity) {
    const row = rows.get(point.date) ?? { date: point.date, r: null, trades: null, change: null };
    rows.set(point.date, { ...row, r: point.r, trades: point.trades });
  }
  const sorted = [...rows.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let last: Pick<EquityRow, "r" | "trades"> = { r: null, trades: null };
  return sorted.map((row) => {
    if (row.r !== null) last = { r: row.r, trades: row.trades };
    return { ...row, ...last };
  });
}

/**
 * The equity curve's points as a real table (caption, column headers), in a disclosure under the
 * chart; its rows are built when it is first opened (one per session: hundreds of rows nobody sees
 * would slow the page's first paint).
 */
export function EquityTable(props: EquityChartProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      data-testid="equity-table"
      className="group mt-4 rounded-xl border border-line"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        Show the data as a table
      </summary>
      {opened ? <EquityRowsTable {...props} /> : null}
    </details>
  );
}

function EquityRowsTable({ equity, benchmark, benchmarkName }: EquityChartProps) {
  const rows = equityRows(equity, benchmark);
  return (
      <div className="max-h-96 overflow-auto border-t border-line" tabIndex={0} role="region" aria-label="Equity curve data">
        <table className="w-full text-sm tabular-nums">
          <caption className="px-4 py-2 text-left text-xs text-muted">
            Cumulative R of the closed BUY trades (1R each; the chart draws 1R as 1% of the account) and the change of {benchmarkName}
            since the first call, by date.
          </caption>
          <thead className="bg-canvas text-left text-xs text-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">Date</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">Cumulative R</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">Trades closed</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">{benchmarkName}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date} className="border-t border-line">
                <th scope="row" className="px-4 py-1.5 text-left font-normal">
                  <time dateTime={row.date}>{formatCalendarDate(row.date)}</time>
                </th>
                <td className="px-4 py-1.5 text-right">{formatR(row.r)}</td>
                <td className="px-4 py-1.5 text-right">{row.trades === null ? "—" : formatCount(row.trades)}</td>
                <td className="px-4 py-1.5 text-right">{formatSignedPercent(row.change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
  );
}
