// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_MARKET, marketResponseSchema, type MarketResponse } from "../../../../contracts/market";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const chart = vi.hoisted(() => {
  const series: { options: Record<string, unknown>; data: unknown[] }[] = [];
  const markers: unknown[][] = [];
  const createChart = vi.fn(() => ({
    addSeries: (_definition: unknown, options: Record<string, unknown>) => {
      const entry = { options, data: [] as unknown[] };
      series.push(entry);
      return {
        setData: (data: unknown[]) => {
          entry.data = data;
        },
      };
    },
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  }));
  const createSeriesMarkers = vi.fn((_series: unknown, list: unknown[]) => markers.push(list));
  return { series, markers, createChart, createSeriesMarkers };
});

vi.mock("lightweight-charts", () => ({
  createChart: chart.createChart,
  createSeriesMarkers: chart.createSeriesMarkers,
  CandlestickSeries: { type: "Candlestick" },
  LineSeries: { type: "Line" },
}));

const dates = Array.from({ length: 120 }, (_, k) => new Date(Date.UTC(2026, 3, 1) + k * 86_400_000).toISOString().slice(0, 10));

const MARKET: MarketResponse = marketResponseSchema.parse({
  as_of: dates.at(-1),
  state: "Uptrend under pressure",
  since: dates[110],
  distribution_days: [
    { date: dates[100], expires: "2026-09-10" },
    { date: dates[115], expires: "2026-09-25" },
  ],
  follow_through_day: dates[40],
  breadth: { total: 200, pct_above_50: 0.55, pct_above_200: 0.61, new_highs: 12, new_lows: 3, advancers: 120, decliners: 70 },
  breadth_history: [{ date: dates.at(-1), total: 200, pct_above_50: 0.55, pct_above_200: 0.61, new_highs: 12, new_lows: 3, advancers: 120, decliners: 70 }],
  groups: [
    { name: "Technology", kind: "sector", rs: 71.4, rank: 1, rank_change_1w: 2, rank_change_4w: null, stocks: 40 },
    { name: "Energy & Power", kind: "sector", rs: 55, rank: 2, rank_change_1w: -1, rank_change_4w: 0, stocks: 20 },
    { name: "Semiconductors", kind: "industry", rs: 80, rank: 1, rank_change_1w: null, rank_change_4w: null, stocks: 8 },
  ],
  state_history: dates.map((date, k) => ({ date, state: k < 60 ? "Correction" : k < 110 ? "Confirmed uptrend" : "Uptrend under pressure", distribution_days: k < 110 ? 1 : 5 })),
  benchmark: {
    ticker: "SPY",
    bars: dates.map((date, k) => ({ date, open: 400 + k, high: 402 + k, low: 399 + k, close: 401 + k, volume: 1e8, ema50: k < 50 ? null : 390 + k, ema200: null })),
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  chart.series.length = 0;
  chart.markers.length = 0;
});

describe("the market page", () => {
  it("shows the state with its date, the distribution days, the 120 sessions, breadth and group links to the screener", async () => {
    stubServer({ handler: (url) => (url.endsWith("/api/market") ? jsonResponse(MARKET) : undefined) });
    renderApp("/market");
    expect(await screen.findByTestId("market-state")).toHaveTextContent("Uptrend under pressure");
    expect(screen.getByTestId("market-since")).toHaveTextContent("since Jul 20, 2026");
    expect(screen.getByTestId("follow-through-day")).toHaveTextContent("May 11, 2026");

    const distribution = within(screen.getByTestId("distribution-days"));
    expect(distribution.getAllByRole("row")).toHaveLength(3);
    expect(distribution.getByRole("row", { name: /Jul 25, 2026 Sep 25, 2026/ })).toBeInTheDocument();

    // The strip is hidden from assistive technology; its table holds the same 120 sessions.
    const timeline = within(screen.getByTestId("state-timeline"));
    await userEvent.click(timeline.getByText("Show the sessions as a table"));
    expect(timeline.getByRole("table", { name: /last 120 sessions/ }).querySelectorAll("tbody tr")).toHaveLength(120);

    expect(screen.getByTestId("breadth-above-50")).toHaveTextContent("55.0%");
    expect(screen.getByTestId("breadth-highs-lows")).toHaveTextContent("12 / 3");

    const sectors = within(screen.getByTestId("sector-ranks"));
    expect(sectors.getByRole("link", { name: "Energy & Power" })).toHaveAttribute("href", "/screener?sector=Energy%20%26%20Power");
    expect(sectors.getByText("Up 2 places in 1 week")).toBeInTheDocument();
    expect(sectors.getByText("Down 1 place in 1 week")).toBeInTheDocument();
    expect(sectors.getByText("No ranking 4 weeks ago")).toBeInTheDocument();
    expect(within(screen.getByTestId("industry-ranks")).getByRole("link", { name: "Semiconductors" })).toHaveAttribute("href", "/screener?industry=Semiconductors");

    // The chart: candles, the two averages (the 50-day from its first value), and both distribution days marked.
    await vi.waitFor(() => expect(chart.markers).toHaveLength(1));
    expect(chart.series).toHaveLength(3);
    expect(chart.series[1]!.data).toHaveLength(70);
    expect(chart.markers[0]).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Market" })).toHaveAttribute("href", "/market");
  });

  it("says the page appears after the first daily screen when nothing is stored", async () => {
    stubServer({ handler: (url) => (url.endsWith("/api/market") ? jsonResponse(EMPTY_MARKET) : undefined) });
    renderApp("/market");
    expect(await screen.findByTestId("market-empty")).toHaveTextContent("appears after the first daily screen");
  });
});
