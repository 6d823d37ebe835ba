import type { AutoscaleInfo, IChartApi, IPriceLine, ISeriesApi, SeriesMarker, SeriesType, Time } from "lightweight-charts";
import type * as LightweightCharts from "lightweight-charts";
import type { ChartMarker, ChartModel } from "./chart-data";
import { CHART_THEME } from "./chart-theme";

export const CHART_COLORS = {
  up: "#15803d",
  down: "#dc2626",
  rsLine: "#2563eb",
  rsHigh: "#1d4ed8",
  buyPoint: "#2553d9",
  stopLoss: "#dc2626",
  target: "#15803d",
  neutral: "#475569",
  volumeUp: "rgba(21, 128, 61, 0.35)",
  volumeDown: "rgba(220, 38, 38, 0.35)",
} as const;

/** Below this width the price lines draw no title on the chart (the legend names them), so no label covers the axis or another. */
const NARROW_CHART_PX = 640;
/** Share of the chart's height the volume pane takes. */
const VOLUME_PANE_SHARE = 0.22;
/** The RS line's overlay scale: the bottom of the price pane, below the candles, as the usual charts draw it. */
const RS_SCALE_MARGINS = { top: 0.78, bottom: 0.02 } as const;
/** The candles' margins: with the RS line they leave it the bottom quarter of the pane. */
const PRICE_MARGINS = { top: 0.08, bottom: 0.06 } as const;
const PRICE_MARGINS_WITH_RS = { top: 0.08, bottom: 0.26 } as const;

export type ChartLibrary = typeof LightweightCharts;
/** The trade's levels drawn as price lines (null: none). */
export interface TradeLevels {
  buy: number | null;
  stop: number | null;
  goal: number | null;
}

/** A trade level's line and the title it draws on a wide chart. */
export interface TitledLine {
  line: IPriceLine;
  title: string;
}

/** The candles, their price scale widened to the trade's levels. */
function addCandles(lc: ChartLibrary, chart: IChartApi, model: ChartModel, { buy, stop, goal }: TradeLevels) {
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
  candles.setData(model.bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
  return candles;
}

/** Volume in a pane of its own: sharing the price pane pushed the price axis below zero. */
function addVolume(lc: ChartLibrary, chart: IChartApi, model: ChartModel) {
  const volume = chart.addSeries(
    lc.HistogramSeries,
    { priceFormat: { type: "volume" }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  const [pricePane, volumePane] = chart.panes();
  pricePane?.setStretchFactor(1 - VOLUME_PANE_SHARE);
  volumePane?.setStretchFactor(VOLUME_PANE_SHARE);
  const bars = model.bars;
  volume.setData(
    bars.map((b, i) => ({
      time: b.date,
      value: b.volume,
      color: b.close >= (bars[i - 1]?.close ?? b.open) ? CHART_COLORS.volumeUp : CHART_COLORS.volumeDown,
    })),
  );
}

function addAverages(lc: ChartLibrary, chart: IChartApi, model: ChartModel) {
  for (const average of model.averages) {
    const line = chart.addSeries(lc.LineSeries, {
      color: average.color,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    line.setData(average.points);
  }
}

/** The RS line on an overlay scale of its own (its level means nothing), with a dot on each new high. */
function addRsLine(lc: ChartLibrary, chart: IChartApi, model: ChartModel) {
  if (model.rs.length === 0) return;
  const line = chart.addSeries(lc.LineSeries, {
    color: CHART_COLORS.rsLine,
    lineWidth: 1,
    priceScaleId: "rs",
    priceLineVisible: false,
    lastValueVisible: false,
    crosshairMarkerVisible: false,
  });
  line.priceScale().applyOptions({ scaleMargins: RS_SCALE_MARGINS });
  line.setData(model.rs.map((point) => ({ time: point.date, value: point.value })));
  lc.createSeriesMarkers(
    line,
    model.rsHighs.map((date) => ({ time: date, position: "inBar", shape: "circle", color: CHART_COLORS.rsHigh, size: 0.6 })),
  );
}

const MARKER_STYLE = {
  up: { position: "belowBar", shape: "arrowUp", color: CHART_COLORS.up },
  down: { position: "aboveBar", shape: "arrowDown", color: CHART_COLORS.down },
  neutral: { position: "aboveBar", shape: "circle", color: CHART_COLORS.neutral },
} as const;

/** The caller's dated markers on the candles; a date between two weekly bars goes on the week that holds it. */
function addMarkers(lc: ChartLibrary, candles: ISeriesApi<SeriesType>, model: ChartModel, markers: readonly ChartMarker[]) {
  if (markers.length === 0) return;
  const dates = model.bars.map((b) => b.date);
  const drawn: SeriesMarker<Time>[] = [];
  for (const marker of [...markers].sort((a, b) => a.date.localeCompare(b.date))) {
    const time = dates.find((date) => date >= marker.date);
    if (time) drawn.push({ time, text: marker.label, ...MARKER_STYLE[marker.kind] });
  }
  lc.createSeriesMarkers(candles, drawn);
}

/** The title a price line draws at this width: none on a narrow (or not yet laid out) chart. */
function priceLineTitle(title: string, width: number): string {
  return width >= NARROW_CHART_PX ? title : "";
}

function addTradeLines(lc: ChartLibrary, candles: ISeriesApi<SeriesType>, levels: TradeLevels, width: number): TitledLine[] {
  const lines = [
    { price: levels.buy, color: CHART_COLORS.buyPoint, title: "Buy point" },
    { price: levels.stop, color: CHART_COLORS.stopLoss, title: "Stop loss" },
    { price: levels.goal, color: CHART_COLORS.target, title: "Target" },
  ];
  const titled: TitledLine[] = [];
  for (const { price, color, title } of lines) {
    if (price === null) continue;
    // On a phone the titles cover the price axis and each other; the axis label and the legend name the line.
    const line = candles.createPriceLine({ price, color, title: priceLineTitle(title, width), lineStyle: lc.LineStyle.Dashed, lineWidth: 2, axisLabelVisible: true });
    titled.push({ line, title });
  }
  return titled;
}

export interface DrawOptions {
  levels: TradeLevels;
  markers: readonly ChartMarker[];
  showRs: boolean;
}

/** Draws the whole chart into `element`: candles, volume, averages, the RS line, markers and the trade's levels. */
export function drawChart(lc: ChartLibrary, element: HTMLElement, model: ChartModel, options: DrawOptions): { chart: IChartApi; lines: TitledLine[] } {
  const chart = lc.createChart(element, {
    ...CHART_THEME,
    rightPriceScale: { ...CHART_THEME.rightPriceScale, scaleMargins: options.showRs && model.rs.length > 0 ? PRICE_MARGINS_WITH_RS : PRICE_MARGINS },
    // Keep the chosen range when the container resizes (autoSize sets the real width after the first draw).
    timeScale: { ...CHART_THEME.timeScale, lockVisibleTimeRangeOnResize: true },
  });
  const candles = addCandles(lc, chart, model, options.levels);
  addVolume(lc, chart, model);
  addAverages(lc, chart, model);
  if (options.showRs) addRsLine(lc, chart, model);
  addMarkers(lc, candles, model, options.markers);
  const lines = addTradeLines(lc, candles, options.levels, element.clientWidth);
  chart.timeScale().fitContent();
  return { chart, lines };
}

/** Shows or hides the price lines' titles as the chart's width crosses the narrow limit (a panel opening, a phone turned). */
export function observeTitles(element: HTMLElement, lines: TitledLine[]): () => void {
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
