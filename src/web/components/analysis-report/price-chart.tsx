import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AutoscaleInfo, IChartApi, IPriceLine } from "lightweight-charts";
import type * as LightweightCharts from "lightweight-charts";
import { fetchBars } from "../../lib/market-bars-api";
import type { BarsResponse } from "../../../contracts/market-bars";
import { ema } from "../../../core/indicators/moving-average";
import { formatPrice, isFiniteNumber } from "../../lib/format";
import { Spinner } from "../ui/spinner";
import { cn } from "../../lib/cn";
import { barsKeys } from "../../lib/query-keys";

/** Sessions of daily bars the chart asks for (about a year). */
const CHART_SESSIONS = 260;
/** Extra earlier sessions fetched to seed the EMAs, so the 200-day line spans the last year; 'All' shows them too. */
const EMA_WARMUP_SESSIONS = 260;

/**
 * The range buttons: sessions shown (null: every bar fetched, about two years). The accessible name
 * starts with the visible label ('3M, 3 months'), so speech input ('click 3M') and axe agree with it.
 */
const CHART_RANGES = [
  { id: "3M", label: "3M, 3 months", sessions: 63 },
  { id: "6M", label: "6M, 6 months", sessions: 126 },
  { id: "1Y", label: "1Y, 1 year", sessions: 252 },
  { id: "All", label: "All, all history", sessions: null },
] as const;
export type ChartRangeId = (typeof CHART_RANGES)[number]["id"];
const DEFAULT_CHART_RANGE: ChartRangeId = "6M";
/** Below this width the price lines draw no title on the chart (the legend names them), so no label covers the axis or another. */
const NARROW_CHART_PX = 640;
/** Share of the chart's height the volume pane takes. */
const VOLUME_PANE_SHARE = 0.22;

/** The logical range (bar indexes) that shows the last `sessions` of `count` bars, with a little room on the right. */
function visibleRangeFor(count: number, sessions: number | null): { from: number; to: number } | null {
  if (sessions === null || count <= sessions) return null;
  return { from: count - sessions, to: count - 1 + 2 };
}

export const CHART_COLORS = {
  up: "#15803d",
  down: "#dc2626",
  ema50: "#0891b2",
  ema150: "#d97706",
  ema200: "#7c3aed",
  buyPoint: "#2553d9",
  stopLoss: "#dc2626",
  target: "#15803d",
  volumeUp: "rgba(21, 128, 61, 0.35)",
  volumeDown: "rgba(220, 38, 38, 0.35)",
} as const;

const EMAS = [
  { period: 50, color: CHART_COLORS.ema50 },
  { period: 150, color: CHART_COLORS.ema150 },
  { period: 200, color: CHART_COLORS.ema200 },
] as const;

export interface PriceChartProps {
  ticker: string;
  buyPoint?: unknown;
  stopLoss?: unknown;
  target?: unknown;
}

interface LegendItem {
  label: string;
  color: string;
  kind: "line" | "dashed" | "box";
}

type ChartLibrary = typeof LightweightCharts;
type ChartBar = BarsResponse["bars"][number];
/** The trade's levels drawn as price lines (null: the report has none). */
interface TradeLevels {
  buy: number | null;
  stop: number | null;
  goal: number | null;
}

/** The daily candles, their price scale widened to the trade's levels. */
function addCandles(lc: ChartLibrary, chart: IChartApi, bars: ChartBar[], { buy, stop, goal }: TradeLevels) {
  const levels = [buy, stop, goal].filter((price): price is number => price !== null);
  const candles = chart.addSeries(lc.CandlestickSeries, {
    upColor: CHART_COLORS.up,
    downColor: CHART_COLORS.down,
    wickUpColor: CHART_COLORS.up,
    wickDownColor: CHART_COLORS.down,
    borderVisible: false,
    // Keep the buy point, stop and target in view even when the prices never reached them.
    autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => {
      const info = base();
      if (!info?.priceRange || levels.length === 0) return info;
      return {
        ...info,
        priceRange: {
          minValue: Math.min(info.priceRange.minValue, ...levels),
          maxValue: Math.max(info.priceRange.maxValue, ...levels),
        },
      };
    },
  });
  candles.setData(bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
  return candles;
}

/** Volume in a pane of its own: sharing the price pane pushed the price axis below zero. */
function addVolume(lc: ChartLibrary, chart: IChartApi, bars: ChartBar[]) {
  const volume = chart.addSeries(
    lc.HistogramSeries,
    { priceFormat: { type: "volume" }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  const [pricePane, volumePane] = chart.panes();
  pricePane?.setStretchFactor(1 - VOLUME_PANE_SHARE);
  volumePane?.setStretchFactor(VOLUME_PANE_SHARE);
  volume.setData(
    bars.map((b, i) => ({
      time: b.date,
      value: b.volume,
      color: b.close >= (bars[i - 1]?.close ?? b.open) ? CHART_COLORS.volumeUp : CHART_COLORS.volumeDown,
    })),
  );
}

/** One line per EMA, computed by the engine's own function over every bar fetched. */
function addEmaLines(lc: ChartLibrary, chart: IChartApi, bars: ChartBar[]) {
  const closes = Float64Array.from(bars, (b) => b.close);
  for (const { period, color } of EMAS) {
    const values = ema(closes, period);
    const line = chart.addSeries(lc.LineSeries, {
      color,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    // The engine marks the warm-up before the seed with NaN: those sessions get no point.
    line.setData(
      Array.from(values).flatMap((value, i) => {
        const bar = bars[i];
        return Number.isNaN(value) || !bar ? [] : [{ time: bar.date, value }];
      }),
    );
  }
}

/** A trade level's line and the title it draws on a wide chart. */
interface TitledLine {
  line: IPriceLine;
  title: string;
}

/** The title a price line draws at this width: none on a narrow (or not yet laid out) chart. */
function priceLineTitle(title: string, width: number): string {
  return width >= NARROW_CHART_PX ? title : "";
}

/** Draws the whole chart into `element`: candles, volume, EMAs and the trade's levels. */
function drawPriceChart(lc: ChartLibrary, element: HTMLElement, bars: ChartBar[], levels: TradeLevels): { chart: IChartApi; lines: TitledLine[] } {
  const chart = lc.createChart(element, {
    autoSize: true,
    layout: { background: { color: "#ffffff" }, textColor: "#475569", attributionLogo: false },
    grid: { vertLines: { color: "#f1f5f9" }, horzLines: { color: "#f1f5f9" } },
    rightPriceScale: { borderColor: "#e2e8f0", scaleMargins: { top: 0.08, bottom: 0.06 } },
    // Keep the chosen range when the container resizes (autoSize sets the real width after the first draw).
    timeScale: { borderColor: "#e2e8f0", lockVisibleTimeRangeOnResize: true },
  });
  const candles = addCandles(lc, chart, bars, levels);
  addVolume(lc, chart, bars);
  addEmaLines(lc, chart, bars);
  const lines = [
    { price: levels.buy, color: CHART_COLORS.buyPoint, title: "Buy point" },
    { price: levels.stop, color: CHART_COLORS.stopLoss, title: "Stop loss" },
    { price: levels.goal, color: CHART_COLORS.target, title: "Target" },
  ];
  const titled: TitledLine[] = [];
  for (const { price, color, title } of lines) {
    if (price === null) continue;
    // On a phone the titles cover the price axis and each other; the axis label and the legend name the line.
    const line = candles.createPriceLine({
      price,
      color,
      title: priceLineTitle(title, element.clientWidth),
      lineStyle: lc.LineStyle.Dashed,
      lineWidth: 2,
      axisLabelVisible: true,
    });
    titled.push({ line, title });
  }
  chart.timeScale().fitContent();
  return { chart, lines: titled };
}

/** Shows or hides the price lines' titles as the chart's width crosses the narrow limit (a panel opening, a phone turned). */
function observeTitles(element: HTMLElement, lines: TitledLine[]): () => void {
  if (typeof ResizeObserver === "undefined") return () => undefined;
  const observer = new ResizeObserver((entries) => {
    const width = entries[0]?.contentRect.width ?? element.clientWidth;
    for (const { line, title } of lines) line.applyOptions({ title: priceLineTitle(title, width) });
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
  };
}

/**
 * Draws the chart once the bars are in (loading the chart library on demand) and moves its time scale
 * to the chosen range; tells when the library failed to load.
 */
function usePriceChartDrawing(bars: ChartBar[] | undefined, levels: TradeLevels, range: ChartRangeId) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [chartReady, setChartReady] = useState(0);
  const chartRef = useRef<{ chart: IChartApi; count: number } | null>(null);
  const { buy, stop, goal } = levels;

  useEffect(() => {
    const element = container.current;
    if (!element || !bars || bars.length === 0) return;
    let cancelled = false;
    let chart: IChartApi | null = null;
    let unobserve: () => void = () => undefined;

    import("lightweight-charts")
      .then((lc) => {
        if (cancelled) return;
        const drawn = drawPriceChart(lc, element, bars, { buy, stop, goal });
        chart = drawn.chart;
        unobserve = observeTitles(element, drawn.lines);
        chartRef.current = { chart, count: bars.length };
        setChartReady((n) => n + 1);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });

    return () => {
      cancelled = true;
      unobserve();
      chartRef.current = null;
      chart?.remove();
      chart = null;
    };
  }, [bars, buy, stop, goal]);

  // The range buttons move the time scale of the chart already drawn; 'All' fits every bar.
  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const sessions = CHART_RANGES.find((r) => r.id === range)?.sessions ?? null;
    const visible = visibleRangeFor(current.count, sessions);
    if (visible) current.chart.timeScale().setVisibleLogicalRange(visible);
    else current.chart.timeScale().fitContent();
  }, [range, chartReady]);

  return { container, failed };
}

function ChartRangeButtons({ range, onChange }: { range: ChartRangeId; onChange: (range: ChartRangeId) => void }) {
  return (
    <div role="group" aria-label="Chart range" className="mb-3 inline-flex rounded-lg border border-line bg-canvas p-0.5">
      {CHART_RANGES.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={range === option.id}
          aria-label={option.label}
          title={option.label}
          data-testid={`chart-range-${option.id}`}
          onClick={() => {
            onChange(option.id);
          }}
          className={cn(
            "min-w-11 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
            range === option.id ? "bg-surface text-ink shadow-card" : "text-muted hover:text-ink",
          )}
        >
          {option.id}
        </button>
      ))}
    </div>
  );
}

function legendItems({ buy, stop, goal }: TradeLevels): LegendItem[] {
  return [
    { label: "Price", color: CHART_COLORS.up, kind: "box" },
    { label: "EMA 50", color: CHART_COLORS.ema50, kind: "line" },
    { label: "EMA 150", color: CHART_COLORS.ema150, kind: "line" },
    { label: "EMA 200", color: CHART_COLORS.ema200, kind: "line" },
    { label: "Volume", color: CHART_COLORS.volumeUp, kind: "box" },
    ...(buy === null ? [] : [{ label: `Buy point ${formatPrice(buy)}`, color: CHART_COLORS.buyPoint, kind: "dashed" as const }]),
    ...(stop === null ? [] : [{ label: `Stop loss ${formatPrice(stop)}`, color: CHART_COLORS.stopLoss, kind: "dashed" as const }]),
    ...(goal === null ? [] : [{ label: `Target ${formatPrice(goal)}`, color: CHART_COLORS.target, kind: "dashed" as const }]),
  ];
}

function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul aria-label="Chart legend" className="contents">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={item.kind === "box" ? "h-2.5 w-2.5 rounded-sm" : "h-0 w-4 border-t-2"}
            style={
              item.kind === "box"
                ? { backgroundColor: item.color }
                : { borderColor: item.color, borderTopStyle: item.kind === "dashed" ? "dashed" : "solid" }
            }
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Daily candles with the 50/150/200-day EMAs, volume in its own pane below the prices (so the price
 * axis never runs below zero) and price lines for the buy point, stop loss and target; 3M/6M/1Y/All
 * range buttons (6M first). Resizes with its container. The EMAs are the engine's own function over
 * as many sessions as the analysis reads (520), so a fresh report's EMA fields are the lines' last
 * points. The TradingView attribution is a link under the chart instead of a logo over the volume.
 */
export function PriceChart({ ticker, buyPoint, stopLoss, target }: PriceChartProps) {
  const [range, setRange] = useState<ChartRangeId>(DEFAULT_CHART_RANGE);
  const query = useQuery({
    queryKey: barsKeys.chart(ticker, CHART_SESSIONS),
    queryFn: () => fetchBars(ticker, CHART_SESSIONS + EMA_WARMUP_SESSIONS),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const data = query.data;
  const levels: TradeLevels = {
    buy: isFiniteNumber(buyPoint) ? buyPoint : null,
    stop: isFiniteNumber(stopLoss) ? stopLoss : null,
    goal: isFiniteNumber(target) ? target : null,
  };
  const { container, failed } = usePriceChartDrawing(data?.bars, levels, range);

  if (query.isPending) {
    return (
      <div className="flex h-[360px] items-center justify-center rounded-xl bg-canvas">
        <Spinner label="Loading price history…" showLabel />
      </div>
    );
  }
  if (query.isError || failed || !data || data.bars.length === 0) {
    return (
      <div data-testid="price-chart-unavailable" className="flex h-40 items-center justify-center rounded-xl bg-canvas px-4 text-center text-sm text-muted">
        The price chart is not available right now.
      </div>
    );
  }

  return (
    <figure data-testid="price-chart" aria-label={`Price chart for ${ticker}`} className="m-0">
      <ChartRangeButtons range={range} onChange={setRange} />
      <div ref={container} data-testid="price-chart-canvas" className="h-[320px] w-full sm:h-[400px]" />
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted">
        <span className="sr-only">
          Daily candles of up to {data.bars.length} sessions with the 50, 150 and 200-day EMAs and volume.
        </span>
        <ChartLegend items={legendItems(levels)} />
        {data.demo ? <span className="font-semibold text-warning-800">Demo data</span> : null}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="ml-auto underline-offset-2 hover:underline">
          Chart by TradingView
        </a>
      </figcaption>
    </figure>
  );
}
