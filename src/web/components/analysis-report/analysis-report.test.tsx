// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import type { TrackRecordSummary } from "../../../contracts/track-record";
import type { ReportData } from "../../lib/analysis-record";
import { sampleReport } from "../../test-support/sample-report";
import { tradeStats } from "../../../contracts/test-support/track-record-stats";
import { freshSummary, richSummary } from "../../test-support/track-record-fixtures";
import { AnalysisReport } from "./analysis-report";

/** What GET /api/track-record answers in a test: a summary, or an HTTP error status. */
let trackRecord: TrackRecordSummary | number = 404;
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
  const status = url !== "/api/track-record" ? 404 : typeof trackRecord === "number" ? trackRecord : 200;
  const body = status === 200 ? trackRecord : ({ error: "Not found", code: "not_found" } satisfies ApiError);
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
});

beforeEach(() => {
  trackRecord = 404;
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReport(report: ReportData) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AnalysisReport report={report} showChart={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function byTestId(id: string) {
  return screen.getByTestId(id);
}

describe("AnalysisReport", () => {
  it("renders the whole report with the product's number formats", () => {
    renderReport(sampleReport());
    expect(byTestId("report-ticker")).toHaveTextContent("NVDA");
    expect(byTestId("report-company")).toHaveTextContent("NVIDIA Corporation");
    expect(byTestId("report-sector")).toHaveTextContent("Technology · Semiconductors");
    expect(byTestId("report-as-of")).toHaveTextContent("As of Nov 20, 2026");
    expect(byTestId("demo-badge")).toHaveTextContent("Demo data");

    expect(byTestId("metric-price")).toHaveTextContent("100.91");
    expect(byTestId("metric-volume")).toHaveTextContent("2,500,000");
    expect(byTestId("metric-52w-high")).toHaveTextContent("101.32");
    expect(byTestId("metric-52w-low")).toHaveTextContent("49.70");
    expect(byTestId("metric-distance-from-high")).toHaveTextContent("-0.4%");

    const badge = byTestId("recommendation-badge");
    expect(badge).toHaveTextContent("BUY");
    expect(badge).toHaveAttribute("data-tone", "green");
    expect(within(byTestId("recommendation-triggers")).getAllByRole("listitem")).toHaveLength(7);
    expect(within(byTestId("recommendation-risk-factors")).getByText("Missing evidence: sector performance — the buy rests on the rest of the evidence.")).toBeInTheDocument();
    expect(byTestId("recommendation-risk-management")).toHaveTextContent(/^Buy between 99.50 and 104.47/);

    expect(byTestId("trade-buy-point")).toHaveTextContent("99.50");
    expect(byTestId("trade-target-price")).toHaveTextContent("124.37");
    expect(byTestId("trade-stop-loss")).toHaveTextContent("95.08");
    expect(byTestId("trade-setup-type")).toHaveTextContent("VCP");
    expect(byTestId("technical-setup")).toHaveTextContent("Breakout");

    expect(byTestId("technical-ema-50")).toHaveTextContent("93.26");
    expect(byTestId("technical-ema-150")).toHaveTextContent("83.47");
    expect(byTestId("technical-ema-200")).toHaveTextContent("77.79");
    expect(byTestId("technical-trend")).toHaveAttribute("data-tone", "green");
    expect(within(byTestId("technical-key-triggers")).getAllByRole("listitem")).toHaveLength(3);
    expect(within(byTestId("technical-trigger-risk-factors")).getAllByRole("listitem")).toHaveLength(2);

    expect(byTestId("trend-template-score")).toHaveTextContent("Score: 8/8");
    expect(screen.getAllByTestId("trend-template-criterion")).toHaveLength(8);

    expect(byTestId("ownership-percent")).toHaveTextContent("72.0%");
    expect(byTestId("ownership-trend")).toHaveTextContent(/^Increasing/);
    expect(byTestId("market-sentiment")).toHaveAttribute("data-tone", "green");
    expect(byTestId("market-trend")).toHaveAttribute("data-tone", "green");
    expect(byTestId("risk-setup")).toHaveTextContent(/^VCP 20.6% deep/);

    for (const heading of [
      "Current Metrics",
      "Recommendation",
      "Trade Setup",
      "Technical Analysis",
      "Trend Template",
      "Fundamental Analysis",
      "Institutional Ownership",
      "Market Analysis",
      "Risk Assessment",
    ]) {
      expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
    }
  });

  it("names the data source of a report made from real data, and not for demo data", () => {
    const demo = sampleReport();
    renderReport(demo);
    expect(screen.queryByTestId("report-source")).not.toBeInTheDocument();
    cleanup();
    renderReport({ ...demo, meta: { ...demo.meta!, demo: false, data_source: "Yahoo Finance" } });
    expect(byTestId("report-source")).toHaveTextContent("Data: Yahoo Finance");
    expect(screen.queryByTestId("demo-badge")).not.toBeInTheDocument();
  });

  it("says when prices are not in US dollars and when the data is the last cached", () => {
    const demo = sampleReport();
    renderReport(demo);
    expect(screen.queryByTestId("report-currency")).not.toBeInTheDocument();
    expect(screen.queryByTestId("stale-badge")).not.toBeInTheDocument();
    cleanup();
    renderReport({ ...demo, meta: { ...demo.meta!, demo: false, data_source: "Yahoo Finance", currency: "EUR", stale_data: true } });
    expect(byTestId("report-currency")).toHaveTextContent("Prices in EUR");
    expect(byTestId("stale-badge")).toHaveTextContent("Cached data as of");
    expect(byTestId("stale-badge")).toHaveAttribute("title", "Yahoo Finance could not be reached: this report uses the last cached data.");
    cleanup();
    renderReport({ ...demo, meta: { ...demo.meta!, demo: false, data_source: "Yahoo Finance", currency: "USD" } });
    expect(screen.queryByTestId("report-currency")).not.toBeInTheDocument();
  });

  it("says who wrote the report: the rules narrator, or the LLM by its model name", () => {
    const report = sampleReport();
    renderReport(report);
    expect(byTestId("report-narrator")).toHaveTextContent("Written by Quanta rules");
    cleanup();
    renderReport({ ...report, meta: { ...report.meta!, narrator: "llm:gpt-4o-mini" } });
    expect(byTestId("report-narrator")).toHaveTextContent("Narrated by gpt-4o-mini");
    cleanup();
    renderReport({ ...report, meta: null });
    expect(byTestId("report-narrator")).toHaveTextContent("Written by Quanta rules");
  });

  it("labels quarterly EPS growth Q3, Q2, Q1 by position as percentages with one decimal", () => {
    renderReport(sampleReport());
    const items = within(byTestId("eps-growth")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Q3:50.0%", "Q2:42.9%", "Q1:36.0%"]);
  });

  it("shows N/A for missing values and the ownership empty texts", () => {
    renderReport({ stock_summary: { ticker: "ZZZ" } });
    expect(byTestId("report-ticker")).toHaveTextContent("ZZZ");
    expect(screen.queryByTestId("demo-badge")).not.toBeInTheDocument();
    for (const id of [
      "metric-price",
      "metric-volume",
      "metric-52w-high",
      "metric-52w-low",
      "metric-distance-from-high",
      "recommendation-badge",
      "recommendation-triggers",
      "recommendation-risk-factors",
      "recommendation-risk-management",
      "trade-buy-point",
      "trade-target-price",
      "trade-stop-loss",
      "trade-setup-type",
      "technical-ema-50",
      "technical-trend",
      "technical-volume-analysis",
      "technical-key-triggers",
      "eps-growth-empty",
      "fundamental-eps-trend",
      "fundamental-sector-performance",
      "market-sentiment",
      "market-trend",
      "risk-market-conditions",
    ]) {
      expect(byTestId(id)).toHaveTextContent(/^N\/A$/);
    }
    expect(byTestId("ownership-percent")).toHaveTextContent("No ownership data available");
    expect(byTestId("ownership-trend")).toHaveTextContent("No trend data available");
    expect(byTestId("report-trend-template")).toHaveTextContent("N/A");
  });

  it("shows 'N/A' for 'N/A' prices and the empty texts for null ownership", () => {
    const report = sampleReport();
    report.stock_summary.trade_setup.buy_point = "N/A";
    report.stock_summary.trade_setup.stop_loss = "N/A";
    report.stock_summary.institutional_ownership = { institutional_ownership: null, institutional_ownership_trend: null };
    report.stock_summary.fundamental_analysis.quarterly_eps_growth = [];
    renderReport(report);
    expect(byTestId("trade-buy-point")).toHaveTextContent("N/A");
    expect(byTestId("trade-stop-loss")).toHaveTextContent("N/A");
    expect(byTestId("ownership-percent")).toHaveTextContent("No ownership data available");
    expect(byTestId("ownership-trend")).toHaveTextContent("No trend data available");
    expect(byTestId("eps-growth-empty")).toHaveTextContent("N/A");
  });

  it("colours SELL, bearish and correction red, WATCH and neutral texts yellow", () => {
    const report = sampleReport();
    report.stock_summary.recommendation.action = "SELL";
    report.stock_summary.technical_analysis.trend = "Bearish (Trend Template 1/8)";
    report.stock_summary.market_analysis.market_sentiment = "Bearish: heavy distribution.";
    report.stock_summary.market_analysis.market_trend = "Correction (trending down).";
    const first = renderReport(report);
    expect(byTestId("recommendation-badge")).toHaveAttribute("data-tone", "red");
    expect(byTestId("recommendation-badge").className).toContain("text-danger-700");
    expect(byTestId("technical-trend")).toHaveAttribute("data-tone", "red");
    expect(byTestId("technical-trend").className).toContain("text-danger-700");
    expect(byTestId("market-sentiment")).toHaveAttribute("data-tone", "red");
    expect(byTestId("market-trend")).toHaveAttribute("data-tone", "red");
    first.unmount();

    report.stock_summary.recommendation.action = "WATCH";
    report.stock_summary.technical_analysis.trend = "Neutral";
    report.stock_summary.market_analysis.market_sentiment = "Neutral: mixed signals.";
    report.stock_summary.market_analysis.market_trend = "Sideways";
    renderReport(report);
    expect(byTestId("recommendation-badge")).toHaveAttribute("data-tone", "yellow");
    expect(byTestId("technical-trend")).toHaveAttribute("data-tone", "yellow");
    expect(byTestId("market-sentiment")).toHaveAttribute("data-tone", "yellow");
    expect(byTestId("market-trend")).toHaveAttribute("data-tone", "yellow");
  });

  it("marks each Trend Template criterion ✓ or ✗", () => {
    const report = sampleReport();
    const criteria = report.meta.trend_template.criteria;
    criteria[7] = { ...criteria[7]!, passed: false };
    report.meta.trend_template.score = 7;
    renderReport(report);
    expect(byTestId("trend-template-score")).toHaveTextContent("Score: 7/8");
    const items = screen.getAllByTestId("trend-template-criterion");
    expect(items[0]).toHaveTextContent("✓Passed: Price above the 150-day and 200-day SMAs");
    expect(items[7]).toHaveAttribute("data-passed", "false");
    expect(items[7]).toHaveTextContent("✗Failed: Relative strength rating of 70 or more");
  });

  describe("track record", () => {
    function withBase(type: "VCP" | "Flat base" | "Cup with handle" | null): ReportData {
      const report = sampleReport();
      const base = report.meta?.base;
      if (report.meta) report.meta.base = type === null || !base ? null : { ...base, type };
      return report;
    }

    it("links every report to the record's BUY calls", () => {
      renderReport(withBase(null));
      const link = screen.getByRole("link", { name: "How did Quanta's BUY calls do?" });
      expect(link).toHaveAttribute("href", "/track-record?action=BUY");
      // Without a base there is nothing to look up.
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("says how BUYs of the report's base did in the live record when there are enough trades", async () => {
      trackRecord = richSummary();
      renderReport(withBase("Flat base"));
      const line = await screen.findByTestId("report-setup-evidence");
      expect(line).toHaveTextContent("Flat-base BUYs in Quanta's record: 41 trades, 54.0% winners, +0.40R average.");
      expect(line).not.toHaveTextContent("too few to judge");
      expect(line).not.toHaveTextContent("simulation:");
    });

    it("says when the live trades are too few and adds the historical simulation's figure", async () => {
      trackRecord = richSummary();
      renderReport(withBase("VCP"));
      const line = await screen.findByTestId("report-setup-evidence");
      expect(line).toHaveTextContent("VCP BUYs in Quanta's record: 12 trades, 50.0% winners, +0.41R average (fewer than 30 trades — too few to judge).");
      expect(line).toHaveTextContent("In the 2009–2017 simulation: 146 trades, 41.1% winners, +0.48R average.");
    });

    it("gives the historical figure when no live trade of the base has closed yet", async () => {
      trackRecord = freshSummary();
      renderReport(withBase("Flat base"));
      const line = await screen.findByTestId("report-setup-evidence");
      expect(line).toHaveTextContent("Flat-base BUYs in Quanta's record: no trade closed yet.");
      expect(line).toHaveTextContent("In the 2009–2017 simulation: 342 trades, 53.8% winners, +0.38R average.");
    });

    it("leaves the line out when the base has no figures anywhere or the record cannot be loaded", async () => {
      trackRecord = richSummary({ buy_trades_by_setup: { VCP: tradeStats({ trades: 3, win_rate: 1, avg_r: 2 }) } });
      renderReport(withBase("Cup with handle"));
      await waitFor(() => {
        expect(fetchMock).toHaveBeenCalledWith("/api/track-record", expect.anything());
      });
      expect(screen.queryByTestId("report-setup-evidence")).not.toBeInTheDocument();
      cleanup();

      trackRecord = 500;
      renderReport(withBase("VCP"));
      await waitFor(() => {
        expect(fetchMock).toHaveBeenCalledTimes(2);
      });
      expect(screen.getByTestId("report-ticker")).toHaveTextContent("NVDA");
      expect(screen.queryByTestId("report-setup-evidence")).not.toBeInTheDocument();
      expect(screen.getByRole("link", { name: "How did Quanta's BUY calls do?" })).toBeInTheDocument();
    });
  });
});
