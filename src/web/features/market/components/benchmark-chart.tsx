import { useCallback, useRef } from "react";
import type { IChartApi } from "lightweight-charts";
import type { MarketResponse } from "../../../../contracts/market";
import type { ChartLibrary } from "../../../components/charts/chart-series";
import { useLightweightChart } from "../../../components/charts/use-lightweight-chart";

type Benchmark = NonNullable<MarketResponse["benchmark"]>;

const COLORS = { up: "#16a34a", down: "#dc2626", ema50: "#2553d9", ema200: "#d97706", distribution: "#b91c1c" } as const;

/**
 * The benchmark's daily candles with the market direction's 50- and 200-day EMAs, and each active
 * distribution day marked above its bar. lightweight-charts is fetched when the chart mounts; its box
 * is reserved, so nothing moves when it draws.
 */
export function BenchmarkChart({ benchmark, distributionDays }: { benchmark: Benchmark; distributionDays: MarketResponse["distribution_days"] }) {
  const container = useRef<HTMLDivElement>(null);
  const draw = useCallback(
    (lc: ChartLibrary, chart: IChartApi) => {
      const candles = chart.addSeries(lc.CandlestickSeries, {
        upColor: COLORS.up,
        downColor: COLORS.down,
        wickUpColor: COLORS.up,
        wickDownColor: COLORS.down,
        borderVisible: false,
      });
      candles.setData(benchmark.bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
      for (const [key, color] of [["ema50", COLORS.ema50], ["ema200", COLORS.ema200]] as const) {
        const line = chart.addSeries(lc.LineSeries, { color, lineWidth: 2, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false });
        line.setData(benchmark.bars.flatMap((b) => (b[key] === null ? [] : [{ time: b.date, value: b[key] }])));
      }
      const shown = new Set(benchmark.bars.map((b) => b.date));
      lc.createSeriesMarkers(
        candles,
        distributionDays
          .filter((d) => shown.has(d.date))
          .map((d) => ({ time: d.date, position: "aboveBar" as const, shape: "arrowDown" as const, color: COLORS.distribution, text: "D" })),
      );
    },
    [benchmark, distributionDays],
  );
  const failed = useLightweightChart(container, draw);

  if (failed) {
    return (
      <p data-testid="benchmark-chart-unavailable" className="rounded-xl bg-canvas px-4 py-10 text-center text-sm text-muted">
        The chart is not available right now.
      </p>
    );
  }
  const last = benchmark.bars.at(-1);
  return (
    <figure data-testid="benchmark-chart" className="m-0">
      <div ref={container} aria-hidden="true" className="h-[280px] w-full bg-canvas sm:h-[380px]" />
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted">
        <span className="sr-only">
          {benchmark.ticker}'s daily candles over the last {benchmark.bars.length} sessions
          {last ? `, last close ${last.close.toFixed(2)} on ${last.date}` : ""}, with its 50-day and 200-day exponential moving averages and
          its {distributionDays.length} active distribution days marked.
        </span>
        <ul aria-label="Chart legend" className="contents">
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-0 w-4 border-t-2" style={{ borderColor: COLORS.ema50 }} />
            EMA 50
          </li>
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-0 w-4 border-t-2" style={{ borderColor: COLORS.ema200 }} />
            EMA 200
          </li>
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" style={{ color: COLORS.distribution }}>
              ▼D
            </span>
            Distribution day
          </li>
        </ul>
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="ml-auto underline-offset-2 hover:underline">
          Chart by TradingView
        </a>
      </figcaption>
    </figure>
  );
}
