// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortfolioHistory } from "../../../../contracts/portfolio";
import { jsonResponse } from "../../../test-support/render-app";
import { PortfolioValueChart, ValueChart } from "./value-chart";

const chart = vi.hoisted(() => {
  const series: { options: Record<string, unknown>; data: unknown[] }[] = [];
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
  return { series, createChart };
});

vi.mock("lightweight-charts", () => ({ createChart: chart.createChart, LineSeries: { type: "Line" } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  chart.series.length = 0;
  chart.createChart.mockClear();
});

const HISTORY: PortfolioHistory = {
  benchmark: "SPY",
  points: [
    { date: "2026-01-02", value: 1000, benchmark: 1001 },
    { date: "2026-01-05", value: 1600, benchmark: 1526.02 },
    { date: "2026-01-06", value: 1180, benchmark: 1053.06 },
  ],
};

describe("ValueChart", () => {
  it("draws the holdings and the benchmark's same dollars as two $ lines, names the benchmark in the legend and sums up the last session", async () => {
    render(<ValueChart history={HISTORY} />);
    await waitFor(() => expect(chart.series).toHaveLength(2));
    expect(chart.series.map((s) => s.data)).toEqual([
      HISTORY.points.map((p) => ({ time: p.date, value: p.value })),
      HISTORY.points.map((p) => ({ time: p.date, value: p.benchmark })),
    ]);
    const format = (chart.series[0]!.options.priceFormat as { formatter: (value: number) => string }).formatter;
    expect(format(1234.5)).toBe("$1,234.50");
    const legend = screen.getByRole("list", { name: "Chart legend" });
    expect(within(legend).getByText("Your holdings")).toBeInTheDocument();
    expect(within(legend).getByText("The same dollars in SPY")).toBeInTheDocument();
    const figure = screen.getByTestId("value-chart");
    expect(figure).toHaveAccessibleDescription(
      "On Jan 6, 2026 your holdings were worth $1,180.00; the same dollars in SPY would be worth $1,053.06 ($126.94 more than the benchmark), over 3 sessions.",
    );
  });

  it("opens the same figures as a table from the keyboard", async () => {
    const user = userEvent.setup();
    render(<ValueChart history={HISTORY} />);
    expect(screen.queryByRole("table")).toBeNull();
    await user.tab(); // the chart's credit link
    await user.tab();
    expect(screen.getByText("Show the values as a table")).toHaveFocus();
    // Enter or Space on a focused <summary> is the browser's own toggle, which happy-dom lacks: click it.
    await user.click(screen.getByText("Show the values as a table"));
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Date", "Your holdings", "SPY"]);
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("Jan 5, 2026$1,600.00$1,526.02");
    await user.tab();
    expect(screen.getByRole("region", { name: "Portfolio value by session" })).toHaveFocus();
  });

  it("says there is no history yet and draws nothing without points", () => {
    render(<ValueChart history={{ benchmark: "SPY", points: [] }} />);
    expect(screen.getByTestId("value-chart-summary")).toHaveTextContent("No history yet: the chart starts on the session of your first trade.");
    expect(screen.queryByRole("list", { name: "Chart legend" })).toBeNull();
    expect(chart.createChart).not.toHaveBeenCalled();
  });

  it("says when the benchmark is ahead", () => {
    render(<ValueChart history={{ benchmark: "QQQ", points: [{ date: "2026-01-02", value: 90, benchmark: 100.5 }] }} />);
    expect(screen.getByTestId("value-chart-summary")).toHaveTextContent("worth $90.00; the same dollars in QQQ would be worth $100.50 ($10.50 less than the benchmark)");
  });
});

describe("PortfolioValueChart", () => {
  const renderWithQuery = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortfolioValueChart />
      </QueryClientProvider>,
    );

  it("reads GET /api/portfolio/history", async () => {
    const fetch = vi.fn((url: string) => (url.endsWith("/api/portfolio/history") ? jsonResponse(HISTORY) : jsonResponse({}, 404)));
    vi.stubGlobal("fetch", fetch);
    renderWithQuery();
    expect(await screen.findByTestId("value-chart-summary")).toHaveTextContent("$1,180.00");
  });

  it("says so when the history cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(() => jsonResponse({ error: "boom", code: "internal" }, 500)));
    renderWithQuery();
    expect(await screen.findByRole("alert")).toHaveTextContent(/could not be loaded|boom/);
  });
});
