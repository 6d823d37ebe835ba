// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import type { BarsResponse } from "../../../contracts/market-bars";
import { jsonResponse } from "../../test-support/render-app";
import { ema } from "../../../core/indicators/moving-average";
import { CHART_COLORS, PriceChart } from "./price-chart";

const chartMock = vi.hoisted(() => {
  const series: { type: string; options: Record<string, unknown>; data: unknown[]; priceLines: Record<string, unknown>[] }[] = [];
  const remove = vi.fn();
  const fitContent = vi.fn();
  const applyOptions = vi.fn();
  const createChart = vi.fn((_element: HTMLElement, _options: unknown) => ({
    addSeries: (definition: { type: string }, options: Record<string, unknown> = {}) => {
      const entry = { type: definition.type, options, data: [] as unknown[], priceLines: [] as Record<string, unknown>[] };
      series.push(entry);
      return {
        setData: (data: unknown[]) => {
          entry.data = data;
        },
        createPriceLine: (line: Record<string, unknown>) => {
          entry.priceLines.push(line);
          return {};
        },
        priceScale: () => ({ applyOptions }),
      };
    },
    priceScale: () => ({ applyOptions }),
    timeScale: () => ({ fitContent }),
    remove,
  }));
  return { series, remove, fitContent, createChart };
});

vi.mock("lightweight-charts", () => ({
  createChart: chartMock.createChart,
  CandlestickSeries: { type: "Candlestick" },
  LineSeries: { type: "Line" },
  HistogramSeries: { type: "Histogram" },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
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
  vi.clearAllMocks();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PriceChart", () => {
  it("draws candles, three EMAs, volume and the trade's price lines, and disposes on unmount", async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/stocks/NVDA/bars?sessions=520") return Promise.resolve(jsonResponse({ ticker: "NVDA", demo: true, bars: bars(520) } satisfies BarsResponse));
      return Promise.resolve(jsonResponse({ error: "x", code: "not_found" } satisfies ApiError, 404));
    });
    vi.stubGlobal("fetch", fetchMock);
    const view = renderChart({ ticker: "NVDA", buyPoint: 98.99, stopLoss: 92.27, target: "N/A" });

    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    expect(chartMock.createChart).toHaveBeenCalledWith(screen.getByTestId("price-chart-canvas"), expect.objectContaining({ autoSize: true }));
    expect(chartMock.series.map((s) => s.type)).toEqual(["Candlestick", "Histogram", "Line", "Line", "Line"]);
    const [candles, volume, ema50, ema150, ema200] = chartMock.series;
    // 260 sessions shown; the 260 before them only seed the EMAs, so all three span the whole chart.
    expect(candles?.data).toHaveLength(260);
    expect(volume?.options).toMatchObject({ priceScaleId: "volume" });
    expect(ema50?.data).toHaveLength(260);
    expect(ema150?.data).toHaveLength(260);
    expect(ema200?.data).toHaveLength(260);
    // The first EMA 50 point shown is the EMA over the whole fetched history at that session.
    const full = ema(Float64Array.from(bars(520), (b) => b.close), 50);
    expect((ema50?.data[0] as { value: number }).value).toBe(full[260]);
    expect((ema50?.data[259] as { value: number }).value).toBe(full[519]);
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
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ ticker: "NEW", demo: false, bars: bars(100) } satisfies BarsResponse))));
    renderChart({ ticker: "NEW" });
    await waitFor(() => {
      expect(chartMock.fitContent).toHaveBeenCalled();
    });
    const [, , ema50, ema150, ema200] = chartMock.series;
    expect(ema50?.data).toHaveLength(51);
    expect(ema50?.data[0]).toEqual({ time: bars(100)[49]!.date, value: expect.closeTo(100 + 2.45, 10) as unknown });
    expect(ema150?.data).toEqual([]);
    expect(ema200?.data).toEqual([]);
  });

  it("says so when the bars cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({ error: "No data found for XYZ", code: "not_found" } satisfies ApiError, 404))));
    renderChart({ ticker: "XYZ" });
    expect(await screen.findByTestId("price-chart-unavailable")).toHaveTextContent("The price chart is not available right now.");
    expect(chartMock.createChart).not.toHaveBeenCalled();
  });
});
