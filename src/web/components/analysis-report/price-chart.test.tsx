// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import type { BarsResponse } from "../../../contracts/market-bars";
import { jsonResponse } from "../../test-support/render-app";
import { ema } from "../../../core/indicators/moving-average";
import { CHART_COLORS } from "../charts/chart-series";
import { formatCalendarDate } from "../../lib/format";
import { PriceChart } from "./price-chart";

const chartMock = vi.hoisted(() => {
  const series: { type: string; options: Record<string, unknown>; pane: number; data: unknown[]; priceLines: Record<string, unknown>[]; markers: Record<string, unknown>[] }[] = [];
  const crosshair: { handler: ((param: Record<string, unknown>) => void) | null } = { handler: null };
  const scaleOptions: { id: string; options: Record<string, unknown> }[] = [];
  const remove = vi.fn();
  const fitContent = vi.fn();
  const setVisibleLogicalRange = vi.fn();
  const applyOptions = vi.fn();
  const stretch = [vi.fn(), vi.fn()];
  const createChart = vi.fn((_element: HTMLElement, _options: unknown) => ({
    addSeries: (definition: { type: string }, options: Record<string, unknown> = {}, pane = 0) => {
      const entry = { type: definition.type, options, pane, data: [] as unknown[], priceLines: [] as Record<string, unknown>[], markers: [] as Record<string, unknown>[] };
      series.push(entry);
      return {
        setData: (data: unknown[]) => {
          entry.data = data;
        },
        createPriceLine: (line: Record<string, unknown>) => {
          const drawn = { ...line };
          entry.priceLines.push(drawn);
          return {
            applyOptions: (options: Record<string, unknown>) => {
              Object.assign(drawn, options);
            },
          };
        },
        priceScale: () => ({ applyOptions }),
        entry,
      };
    },
    priceScale: (id: string) => ({
      applyOptions: (options: Record<string, unknown>) => {
        scaleOptions.push({ id, options });
      },
    }),
    subscribeCrosshairMove: (handler: (param: Record<string, unknown>) => void) => {
      crosshair.handler = handler;
    },
    unsubscribeCrosshairMove: () => {
      crosshair.handler = null;
    },
    panes: () => stretch.map((setStretchFactor) => ({ setStretchFactor })),
    timeScale: () => ({ fitContent, setVisibleLogicalRange }),
    remove,
  }));
  const createSeriesMarkers = vi.fn((target: { entry: { markers: Record<string, unknown>[] } }, markers: Record<string, unknown>[]) => {
    target.entry.markers = markers;
  });
  return { series, remove, fitContent, setVisibleLogicalRange, stretch, createChart, crosshair, scaleOptions, createSeriesMarkers };
});

vi.mock("lightweight-charts", () => ({
  createChart: chartMock.createChart,
  CandlestickSeries: { type: "Candlestick" },
  LineSeries: { type: "Line" },
  HistogramSeries: { type: "Histogram" },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
  PriceScaleMode: { Normal: 0, Logarithmic: 1 },
  createSeriesMarkers: chartMock.createSeriesMarkers,
}));

function bars(count: number): BarsResponse["bars"] {
  return Array.from({ length: count }, (_, i) => {
    const close = 100 + i * 0.1;
    const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return { date: day, open: close - 0.5, high: close + 1, low: close - 1, close, volume: 1_000_000 + i };
  });
}

function renderChart(props: Parameters<typeof PriceChart>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PriceChart {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  chartMock.series.length = 0;
  chartMock.scaleOptions.length = 0;
  chartMock.crosshair.handler = null;
  vi.clearAllMocks();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PriceChart", () => {
  it("draws candles, the three averages of the kind the server names (EMA here), volume and the trade's price lines, and disposes on unmount", async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/stocks/NVDA/bars?sessions=520&benchmark=1") return Promise.resolve(jsonResponse({ ticker: "NVDA", demo: true, bars: bars(520), averages: "ema" } satisfies BarsResponse));
      return Promise.resolve(jsonResponse({ error: "x", code: "not_found" } satisfies ApiError, 404));
    });
    vi.stubGlobal("fetch", fetchMock);
    // A desktop-wide chart: the price lines carry their titles.
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(900);
    const view = renderChart({ ticker: "NVDA", buyPoint: 98.99, stopLoss: 92.27, target: "N/A" });

    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    expect(chartMock.createChart).toHaveBeenCalledWith(
      screen.getByTestId("price-chart-canvas"),
      // No TradingView logo over the volume: the attribution is a link under the chart.
      expect.objectContaining({ autoSize: true, layout: expect.objectContaining({ attributionLogo: false }) as unknown }),
    );
    expect(screen.getByRole("link", { name: "Chart by TradingView" })).toHaveAttribute("href", "https://www.tradingview.com/");
    expect(chartMock.series.map((s) => s.type)).toEqual(["Candlestick", "Histogram", "Line", "Line", "Line"]);
    const [candles, volume, ema50, ema150, ema200] = chartMock.series;
    // Every fetched bar is drawn ('All'); the ranges show the last ones.
    expect(candles?.data).toHaveLength(520);
    // Volume in its own pane (index 1) on its own scale, so the price axis does not run below zero.
    expect(candles?.pane).toBe(0);
    expect(volume?.pane).toBe(1);
    expect(volume?.options).not.toHaveProperty("priceScaleId");
    expect(chartMock.stretch[1]).toHaveBeenCalledWith(expect.closeTo(0.22, 5));
    // The EMAs are the engine's over the whole history; each starts at its seed.
    const full = ema(Float64Array.from(bars(520), (b) => b.close), 50);
    expect(ema50?.data).toHaveLength(520 - 49);
    expect(ema150?.data).toHaveLength(520 - 149);
    expect(ema200?.data).toHaveLength(520 - 199);
    expect((ema50?.data[0] as { value: number }).value).toBe(full[49]);
    expect((ema50?.data.at(-1) as { value: number }).value).toBe(full[519]);
    expect(candles?.priceLines).toEqual([
      expect.objectContaining({ price: 98.99, color: CHART_COLORS.buyPoint, title: "Buy point" }),
      expect.objectContaining({ price: 92.27, color: CHART_COLORS.stopLoss, title: "Stop loss" }),
    ]);

    const legend = screen.getByRole("list", { name: "Chart legend" });
    expect(legend).toHaveTextContent("EMA 50");
    expect(legend).toHaveTextContent("Buy point 98.99");
    expect(legend).toHaveTextContent("Stop loss 92.27");
    expect(legend).not.toHaveTextContent("Target");
    expect(screen.getByText("Demo data")).toBeInTheDocument();

    view.unmount();
    expect(chartMock.remove).toHaveBeenCalledTimes(1);
  });

  it("leaves out the sessions before each EMA's seed when the history is short", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NEW", demo: false, bars: bars(100), averages: "ema" } satisfies BarsResponse))));
    renderChart({ ticker: "NEW" });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    const [, , ema50, ema150, ema200] = chartMock.series;
    // 100 bars: shorter than 6 months' 126 sessions, so the whole history is shown.
    expect(chartMock.setVisibleLogicalRange).not.toHaveBeenCalled();
    expect(ema50?.data).toHaveLength(51);
    expect(ema50?.data[0]).toEqual({ time: bars(100)[49]!.date, value: expect.closeTo(100 + 2.45, 10) as unknown });
    expect(ema150?.data).toEqual([]);
    expect(ema200?.data).toEqual([]);
  });

  it("opens on 6 months and switches to 3M, 1Y and All with pressed toggle buttons", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: bars(520), averages: "ema" } satisfies BarsResponse))));
    renderChart({ ticker: "NVDA", target: 120 });
    await waitFor(() => {
      expect(chartMock.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 520 - 126, to: 521 });
    });
    const group = screen.getByRole("group", { name: "Chart range" });
    expect(within(group).getByRole("button", { name: "6M, 6 months" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(group).getByRole("button", { name: "3M, 3 months" }));
    expect(chartMock.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 520 - 63, to: 521 });
    expect(within(group).getByRole("button", { name: "3M, 3 months" })).toHaveAttribute("aria-pressed", "true");
    expect(within(group).getByRole("button", { name: "6M, 6 months" })).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(within(group).getByRole("button", { name: "1Y, 1 year" }));
    expect(chartMock.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 520 - 252, to: 521 });
    chartMock.fitContent.mockClear();
    await userEvent.click(within(group).getByRole("button", { name: "All, all history" }));
    expect(chartMock.fitContent).toHaveBeenCalledTimes(1);
    // Each button's accessible name starts with its visible label (axe: label-content-name-mismatch).
    for (const button of within(group).getAllByRole("button")) {
      expect(button).toHaveAccessibleName(new RegExp(`^${button.textContent ?? ""}, `));
    }
  });

  it("draws no price-line titles over the axis on a phone-wide chart (the legend names the lines)", async () => {
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(358);
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: bars(300), averages: "sma" } satisfies BarsResponse))));
    renderChart({ ticker: "NVDA", buyPoint: 98.99, target: 120 });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    expect(chartMock.series[0]?.priceLines.map((line) => line.title)).toEqual(["", ""]);
    expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("Target 120.00");
    vi.restoreAllMocks();
  });

  it("hides the titles of a chart drawn before it had a width, shows them once it is wide, hides them again on a phone", async () => {
    let resized: ((entries: { contentRect: { width: number } }[]) => void) | null = null;
    const disconnect = vi.fn();
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: (entries: { contentRect: { width: number } }[]) => void) {
          resized = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(0);
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: bars(300), averages: "sma" } satisfies BarsResponse))));
    const { unmount } = renderChart({ ticker: "NVDA", buyPoint: 98.99, stopLoss: 92.27, target: 120 });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    const titles = () => chartMock.series[0]?.priceLines.map((line) => line.title);
    expect(titles()).toEqual(["", "", ""]);
    resized!([{ contentRect: { width: 900 } }]);
    expect(titles()).toEqual(["Buy point", "Stop loss", "Target"]);
    resized!([{ contentRect: { width: 358 } }]);
    expect(titles()).toEqual(["", "", ""]);
    unmount();
    expect(disconnect).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("says so when the bars cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ error: "No data found for XYZ", code: "not_found" } satisfies ApiError, 404))));
    renderChart({ ticker: "XYZ" });
    expect(await screen.findByTestId("price-chart-unavailable")).toHaveTextContent("The price chart is not available right now.");
    expect(chartMock.createChart).not.toHaveBeenCalled();
  });
  it("draws the method's simple averages as 'SMA', and the RS line on its own scale with its new highs marked", async () => {
    const daily = bars(520);
    // The benchmark falls behind the stock's steady climb in the last 20 sessions: new RS highs there.
    const benchmark = daily.map((b, i) => ({ date: b.date, close: i < 500 ? b.close : 100 }));
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: daily, averages: "sma", benchmark: { ticker: "SPY", bars: benchmark } } satisfies BarsResponse))),
    );
    renderChart({ ticker: "NVDA" });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    expect(chartMock.series.map((s) => s.type)).toEqual(["Candlestick", "Histogram", "Line", "Line", "Line", "Line"]);
    const [, , sma50, , , rs] = chartMock.series;
    const closes = Float64Array.from(daily, (b) => b.close);
    expect((sma50?.data.at(-1) as { value: number }).value).toBeCloseTo(closes.slice(470).reduce((a, b) => a + b, 0) / 50, 8);
    expect(rs?.options).toMatchObject({ priceScaleId: "rs" });
    // The candles leave the bottom of the pane to the RS line.
    expect(chartMock.createChart.mock.calls[0]?.[1]).toMatchObject({ rightPriceScale: { scaleMargins: { bottom: 0.26 } } });
    expect(rs?.data).toHaveLength(520);
    expect(rs?.markers.map((m) => m.time)).toEqual(daily.slice(500).map((b) => b.date));
    const legend = screen.getByRole("list", { name: "Chart legend" });
    for (const label of ["SMA 50", "SMA 150", "SMA 200", "RS line", "RS new high"]) expect(legend).toHaveTextContent(label);
    expect(legend).not.toHaveTextContent("EMA");

    // The RS line toggles off (redrawn without it) and back on.
    await userEvent.click(screen.getByRole("button", { name: "RS line" }));
    expect(screen.getByRole("button", { name: "RS line" })).toHaveAttribute("aria-pressed", "false");
    expect(chartMock.series.slice(-5).map((s) => s.type)).toEqual(["Candlestick", "Histogram", "Line", "Line", "Line"]);
    expect(screen.getByRole("list", { name: "Chart legend" })).not.toHaveTextContent("RS line");
  });

  it("has Daily/Weekly and Log scale toggle buttons named by their visible labels; Weekly draws weeks with 10/30/40-week lines", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: bars(520), averages: "sma" } satisfies BarsResponse))));
    renderChart({ ticker: "NVDA" });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    const interval = screen.getByRole("group", { name: "Chart interval" });
    const daily = within(interval).getByRole("button", { name: "Daily" });
    const weekly = within(interval).getByRole("button", { name: "Weekly" });
    const log = screen.getByRole("button", { name: "Log scale" });
    for (const button of [daily, weekly, log]) expect(button).toHaveAccessibleName(button.textContent ?? "");
    expect(daily).toHaveAttribute("aria-pressed", "true");
    expect(log).toHaveAttribute("aria-pressed", "false");
    // No benchmark sent: no RS line button.
    expect(screen.queryByRole("button", { name: "RS line" })).not.toBeInTheDocument();

    // By keyboard: focus the button and press Enter / Space.
    weekly.focus();
    await userEvent.keyboard("{Enter}");
    expect(within(interval).getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => {
      expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("SMA 10-week");
    });
    const candles = chartMock.series.filter((s) => s.type === "Candlestick").at(-1);
    // 520 daily bars from a Wednesday: 75 ISO weeks, the last ending on the last session.
    expect(candles?.data).toHaveLength(75);
    expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("SMA 30-week");
    expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("SMA 40-week");
    // 6 months on weekly bars is 26 weeks.
    expect(chartMock.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 75 - 26, to: 76 });
    expect(screen.getByTestId("chart-ohlc")).toHaveTextContent(/^Week to /);

    screen.getByRole("button", { name: "Log scale" }).focus();
    await userEvent.keyboard(" ");
    expect(screen.getByRole("button", { name: "Log scale" })).toHaveAttribute("aria-pressed", "true");
    expect(chartMock.scaleOptions.at(-1)).toEqual({ id: "right", options: { mode: 1 } });
    await userEvent.click(screen.getByRole("button", { name: "Log scale" }));
    expect(chartMock.scaleOptions.at(-1)).toEqual({ id: "right", options: { mode: 0 } });
  });

  it("shows the hovered bar's O/H/L/C, volume and change in the legend, and the last bar when the cursor leaves", async () => {
    const daily = bars(300);
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NVDA", demo: false, bars: daily, averages: "sma" } satisfies BarsResponse))));
    renderChart({ ticker: "NVDA" });
    await waitFor(() => {
      expect(chartMock.crosshair.handler).not.toBeNull();
    });
    const ohlc = screen.getByTestId("chart-ohlc");
    expect(ohlc).toHaveAttribute("aria-live", "off");
    // The last bar: close 129.90 after 129.80.
    expect(ohlc).toHaveTextContent(formatCalendarDate(daily[299]!.date, "en-US"));
    expect(ohlc).toHaveTextContent("C 129.90");
    expect(ohlc).toHaveTextContent("+0.1%");
    act(() => {
      chartMock.crosshair.handler!({ point: { x: 10, y: 10 }, time: daily[10]!.date, logical: 10, seriesData: new Map() });
    });
    expect(ohlc).toHaveTextContent(formatCalendarDate(daily[10]!.date, "en-US"));
    expect(ohlc).toHaveTextContent("O 100.50");
    expect(ohlc).toHaveTextContent("H 102.00");
    expect(ohlc).toHaveTextContent("L 100.00");
    expect(ohlc).toHaveTextContent("C 101.00");
    expect(ohlc).toHaveTextContent("Vol 1M");
    expect(ohlc).toHaveTextContent("+0.1%");
    act(() => {
      chartMock.crosshair.handler!({ point: undefined, time: undefined, logical: undefined, seriesData: new Map() });
    });
    expect(ohlc).toHaveTextContent(formatCalendarDate(daily[299]!.date, "en-US"));
    // Screen readers get the last bar in words instead of the moving legend.
    expect(screen.getByText(/Last session .*: open 129\.40, high 130\.90, low 128\.90, close 129\.90/)).toHaveClass("sr-only");
  });

  it("draws given bars and markers without fetching (another page's data)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const given = bars(300);
    renderChart({
      ticker: "SPY",
      bars: given,
      averages: [50, 200],
      averageKind: "ema",
      markers: [
        { date: given[250]!.date, label: "D", kind: "down" },
        { date: given[280]!.date, label: "FTD", kind: "up" },
      ],
    });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(chartMock.series.map((s) => s.type)).toEqual(["Candlestick", "Histogram", "Line", "Line"]);
    expect(chartMock.series[0]?.markers).toEqual([
      expect.objectContaining({ time: given[250]!.date, text: "D", shape: "arrowDown" }),
      expect.objectContaining({ time: given[280]!.date, text: "FTD", shape: "arrowUp" }),
    ]);
    expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("EMA 50");
    expect(screen.getByRole("list", { name: "Chart legend" })).toHaveTextContent("EMA 200");
  });
});
