import { useEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { IChartApi, MouseEventParams, Time } from "lightweight-charts";
import { fetchBars } from "../../lib/market-bars-api";
import { formatPrice, isFiniteNumber } from "../../lib/format";
import { Spinner } from "../ui/spinner";
import { barsKeys } from "../../lib/query-keys";
import type { BarRow } from "../../../core/market/market-data";
import { chartModel, DEFAULT_AVERAGE_PERIODS, type AverageKind, type ChartInterval, type ChartMarker, type ChartModel } from "../charts/chart-data";
import { CHART_COLORS, drawChart, observeTitles, type ChartLibrary, type TradeLevels } from "../charts/chart-series";
import { CHART_RANGES, ChartControls, type ChartRangeId } from "../charts/chart-controls";
import { lastBarSummary, OhlcLegend, SeriesLegend, type LegendItem } from "../charts/chart-legend";

/** Sessions of daily bars the chart asks for (about a year). */
const CHART_SESSIONS = 260;
/** Extra earlier sessions fetched to seed the averages, so the 200-day line spans the last year; 'All' shows them too. */
const AVERAGE_WARMUP_SESSIONS = 260;
const DEFAULT_CHART_RANGE: ChartRangeId = "6M";

export interface PriceChartProps {
  ticker: string;
  buyPoint?: unknown;
  stopLoss?: unknown;
  target?: unknown;
  /** Bars to draw instead of fetching the ticker's (no RS line then); keep the array's identity between renders. */
  bars?: BarRow[];
  /** Dated markers over the candles (e.g. distribution days). */
  markers?: ChartMarker[];
  /** Daily periods of the averages drawn (default 50/150/200). */
  averages?: number[];
  /** The kind of average when `bars` are given (default simple, the method's). */
  averageKind?: AverageKind;
}

/** The display choices the controls make; the chart is redrawn when the interval or the RS line changes. */
interface ChartView {
  range: ChartRangeId;
  interval: ChartInterval;
  log: boolean;
  rs: boolean;
}

/** The logical range (bar indexes) that shows the last `count` bars of `total`, with a little room on the right. */
function visibleRangeFor(total: number, count: number | null): { from: number; to: number } | null {
  if (count === null || total <= count) return null;
  return { from: total - count, to: total - 1 + 2 };
}

/** The bar index under the crosshair, or null when the cursor is off the bars (the legend then shows the last bar). */
function hoveredIndex(param: MouseEventParams<Time>, count: number): number | null {
  if (!param.point || param.time === undefined || param.logical === undefined) return null;
  const index = Math.round(param.logical);
  return index >= 0 && index < count ? index : null;
}

/**
 * Draws the chart once the model is ready (loading the chart library on demand), follows the crosshair,
 * and applies the range and the log scale to the chart already drawn; tells when the library failed to load.
 */
function usePriceChartDrawing(model: ChartModel | null, levels: TradeLevels, markers: ChartMarker[], view: ChartView) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  const [chartReady, setChartReady] = useState(0);
  const chartRef = useRef<{ chart: IChartApi; lc: ChartLibrary; count: number } | null>(null);
  const { buy, stop, goal } = levels;
  const { rs } = view;

  useEffect(() => {
    const element = container.current;
    if (!element || !model || model.bars.length === 0) return;
    let cancelled = false;
    let chart: IChartApi | null = null;
    let unobserve: () => void = () => undefined;
    const count = model.bars.length;
    const onMove = (param: MouseEventParams<Time>) => {
      setHover(hoveredIndex(param, count));
    };

    import("lightweight-charts")
      .then((lc) => {
        if (cancelled) return;
        const drawn = drawChart(lc, element, model, { levels: { buy, stop, goal }, markers, showRs: rs });
        chart = drawn.chart;
        chart.subscribeCrosshairMove(onMove);
        unobserve = observeTitles(element, drawn.lines);
        chartRef.current = { chart, lc, count };
        setChartReady((n) => n + 1);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });

    return () => {
      cancelled = true;
      unobserve();
      chartRef.current = null;
      chart?.unsubscribeCrosshairMove(onMove);
      chart?.remove();
      chart = null;
      setHover(null);
    };
  }, [model, buy, stop, goal, markers, rs]);

  // The range buttons move the time scale of the chart already drawn; 'All' fits every bar.
  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const option = CHART_RANGES.find((r) => r.id === view.range);
    const visible = visibleRangeFor(current.count, (view.interval === "daily" ? option?.sessions : option?.weeks) ?? null);
    if (visible) current.chart.timeScale().setVisibleLogicalRange(visible);
    else current.chart.timeScale().fitContent();
  }, [view.range, view.interval, chartReady]);

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const { PriceScaleMode } = current.lc;
    current.chart.priceScale("right").applyOptions({ mode: view.log ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal });
  }, [view.log, chartReady]);

  return { container, failed, hover };
}

function legendItems(model: ChartModel, { buy, stop, goal }: TradeLevels, showRs: boolean): LegendItem[] {
  const dashed = (label: string, price: number | null, color: string): LegendItem[] =>
    price === null ? [] : [{ label: `${label} ${formatPrice(price)}`, color, kind: "dashed" }];
  return [
    { label: "Price", color: CHART_COLORS.up, kind: "box" },
    ...model.averages.map((average): LegendItem => ({ label: average.label, color: average.color, kind: "line" })),
    { label: "Volume", color: CHART_COLORS.volumeUp, kind: "box" },
    ...(showRs && model.rs.length > 0 ? [{ label: "RS line", color: CHART_COLORS.rsLine, kind: "line" as const }] : []),
    // Named only when the chart shows one, so the legend never explains a mark that is not there.
    ...(showRs && model.rsHighs.length > 0 ? [{ label: "RS new high", color: CHART_COLORS.rsHigh, kind: "dot" as const }] : []),
    ...dashed("Buy point", buy, CHART_COLORS.buyPoint),
    ...dashed("Stop loss", stop, CHART_COLORS.stopLoss),
    ...dashed("Target", goal, CHART_COLORS.target),
  ];
}

/** The ticker's bars and benchmark (fetched unless given) and the model for the chosen interval. */
function useChartModel(props: PriceChartProps, interval: ChartInterval) {
  const query = useQuery({
    queryKey: [...barsKeys.chart(props.ticker, CHART_SESSIONS), "benchmark"],
    queryFn: () => fetchBars(props.ticker, CHART_SESSIONS + AVERAGE_WARMUP_SESSIONS, { benchmark: true }),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: !props.bars,
  });
  const data = query.data;
  const bars = props.bars ?? data?.bars;
  const kind = props.averageKind ?? data?.averages ?? "sma";
  const benchmark = props.bars ? undefined : data?.benchmark?.bars;
  // By value, so a caller's inline array does not redraw the chart on every render.
  const periodsKey = (props.averages ?? DEFAULT_AVERAGE_PERIODS).join(",");
  const model = useMemo(() => {
    const periods = periodsKey.split(",").map(Number);
    return bars ? chartModel(bars, { interval, kind, periods, benchmark }) : null;
  }, [bars, interval, kind, periodsKey, benchmark]);
  return { query, model, demo: data?.demo ?? false, benchmarkTicker: props.bars ? null : (data?.benchmark?.ticker ?? null) };
}

/**
 * Daily or weekly candles with the method's 50/150/200-day averages (their 10/30/40-week equivalents on
 * weekly bars), volume in its own pane, the RS line against the benchmark with its new highs, and price
 * lines for the buy point, stop loss and target. A legend above follows the crosshair (O/H/L/C, volume,
 * change from the previous bar; the last bar when the cursor leaves). Range, Daily/Weekly, Log scale
 * and RS line buttons. The TradingView attribution is a link under the chart instead of a logo.
 */
export function PriceChart(props: PriceChartProps) {
  const { ticker, buyPoint, stopLoss, target } = props;
  const markersKey = JSON.stringify(props.markers ?? []);
  const markers = useMemo(() => JSON.parse(markersKey) as ChartMarker[], [markersKey]);
  const [view, setView] = useState<ChartView>({ range: DEFAULT_CHART_RANGE, interval: "daily", log: false, rs: true });
  const { query, model, demo, benchmarkTicker } = useChartModel(props, view.interval);
  const levels: TradeLevels = {
    buy: isFiniteNumber(buyPoint) ? buyPoint : null,
    stop: isFiniteNumber(stopLoss) ? stopLoss : null,
    goal: isFiniteNumber(target) ? target : null,
  };
  const hasRs = (model?.rs.length ?? 0) > 0;
  const { container, failed, hover } = usePriceChartDrawing(model, levels, markers, { ...view, rs: view.rs && hasRs });

  if (!props.bars && query.isPending) {
    return (
      <div className="flex h-[360px] items-center justify-center rounded-xl bg-canvas">
        <Spinner label="Loading price history…" showLabel />
      </div>
    );
  }
  if ((!props.bars && query.isError) || failed || !model || model.bars.length === 0) {
    return (
      <div data-testid="price-chart-unavailable" className="flex h-40 items-center justify-center rounded-xl bg-canvas px-4 text-center text-sm text-muted">
        The price chart is not available right now.
      </div>
    );
  }

  const weekly = view.interval === "weekly";
  const set = (change: Partial<ChartView>) => {
    setView((current) => ({ ...current, ...change }));
  };
  return (
    <figure data-testid="price-chart" aria-label={`Price chart for ${ticker}`} className="m-0">
      <ChartControls
        range={view.range}
        onRange={(range) => set({ range })}
        interval={view.interval}
        onInterval={(interval) => set({ interval })}
        log={view.log}
        onLog={(log) => set({ log })}
        rs={hasRs ? view.rs : null}
        onRs={(rs) => set({ rs })}
      />
      <OhlcLegend bars={model.bars} index={hover} weekly={weekly} />
      <div ref={container} data-testid="price-chart-canvas" className="h-[320px] w-full sm:h-[400px]" />
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted">
        <span className="sr-only">
          {weekly ? "Weekly" : "Daily"} candles of up to {model.bars.length} {weekly ? "weeks" : "sessions"} with the{" "}
          {model.averages.map((a) => a.label).join(", ")} averages and volume
          {hasRs && view.rs && benchmarkTicker ? `, and the RS line against ${benchmarkTicker}` : ""}. {lastBarSummary(model.bars, weekly)}
        </span>
        <SeriesLegend items={legendItems(model, levels, view.rs && hasRs)} />
        {demo ? <span className="font-semibold text-warning-800">Demo data</span> : null}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="ml-auto underline-offset-2 hover:underline">
          Chart by TradingView
        </a>
      </figcaption>
    </figure>
  );
}
