// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError, SuccessResponse } from "../../../../contracts/api-error";
import type { HistoryItem, HistoryResponse } from "../../../../contracts/research";
import type { AnalysisReport } from "../../../../contracts/stock-summary";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

interface Call {
  url: string;
  method: string;
}

/** A stored analysis as the history sends it; `analysis` is the report, or its JSON text for an older record. */
function record(id: string, ticker: string, timestamp: string, asString = false): HistoryItem & { analysis: AnalysisReport | string } {
  const report = sampleReport(ticker);
  if (ticker === "TSLA") {
    // A SELL names the holder's rule that fired and has no trade levels (method v2).
    report.stock_summary.recommendation.action = "SELL";
    report.stock_summary.technical_analysis.trend = "Bearish (Trend Template 2/8)";
    report.stock_summary.technical_analysis.technical_setup = "Stage 4 decline";
    report.stock_summary.trade_setup = { ...report.stock_summary.trade_setup, buy_point: "N/A", target_price: "N/A", stop_loss: "N/A" };
  }
  return { id, analysis: asString ? JSON.stringify(report) : report, timestamp };
}

const RECORDS = [
  record("a1", "NVDA", "2026-11-20T15:30:00.000Z"),
  record("a2", "TSLA", "2026-11-19T09:00:00.000Z", true),
];

/** The history endpoints over an in-memory list, with soft delete and restore. */
function stubHistory(options: { status?: number; pending?: boolean; removeStatus?: number } = {}) {
  const calls: Call[] = [];
  const removed = new Set<string>();
  stubServer({
    handler: (url, init) => {
      const method = (init?.method ?? "GET").toUpperCase();
      if (url.startsWith("/user/stock-analyses")) calls.push({ url, method });
      if (url.startsWith("/user/stock-analyses/") && method === "GET") {
        if (options.pending) return new Promise<Response>(() => undefined) as unknown as Response;
        if (options.status) return jsonResponse({ error: "Boom", code: "internal" } satisfies ApiError, options.status);
        const ticker = new URL(url, "http://x").searchParams.get("ticker");
        const analyses = RECORDS.filter((r) => !removed.has(r.id)).filter(
          (r) => !ticker || (typeof r.analysis === "string" ? r.analysis.includes(`"ticker":"${ticker}"`) : r.analysis.stock_summary.ticker === ticker),
        );
        return jsonResponse({ success: true, analyses } satisfies HistoryResponse);
      }
      const match = /^\/user\/stock-analyses\/([^/]+)(\/restore)?$/.exec(url);
      if (match && method === "DELETE") {
        if (options.removeStatus) return jsonResponse({ error: "Boom", code: "internal" } satisfies ApiError, options.removeStatus);
        removed.add(match[1]!);
        return jsonResponse({ success: true } satisfies SuccessResponse);
      }
      if (match?.[2] && method === "POST") {
        removed.delete(match[1]!);
        return jsonResponse({ success: true } satisfies SuccessResponse);
      }
      return undefined;
    },
  });
  return calls;
}

function card(ticker: string) {
  return screen.getByRole("article", { name: ticker });
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("history", () => {
  it("shows the loading text first", () => {
    stubHistory({ pending: true });
    renderApp("/dashboard");
    expect(screen.getByText("Loading your analysis history...")).toBeInTheDocument();
  });

  it("shows 'Failed to load your stock analyses' when the list cannot be loaded", async () => {
    stubHistory({ status: 500 });
    renderApp("/analyses");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load your stock analyses");
  });

  it("lists a card per analysis with the product's fields", async () => {
    stubHistory();
    renderApp("/dashboard");
    const nvda = await screen.findByRole("article", { name: "NVDA" });
    const view = within(nvda);
    expect(view.getByTestId("analysis-timestamp")).toHaveAttribute("datetime", "2026-11-20T15:30:00.000Z");
    expect(view.getByTestId("analysis-timestamp").textContent).toMatch(/2026/);
    expect(view.getByTestId("card-price")).toHaveTextContent("100.91");
    expect(view.getByTestId("card-volume")).toHaveTextContent("2,500,000");
    expect(view.getByTestId("recommendation-badge")).toHaveAttribute("data-tone", "green");
    expect(view.getByTestId("card-buy-point")).toHaveTextContent("99.50");
    expect(view.getByTestId("card-target")).toHaveTextContent("124.37");
    expect(view.getByTestId("card-trend")).toHaveAttribute("data-tone", "green");
    expect(view.getByTestId("card-volume-analysis")).toHaveTextContent(/^Volume of 2,500,000 shares/);
    expect(view.getByRole("link", { name: "Analyze Again" })).toHaveAttribute("href", "/stocks?ticker=NVDA&autoSearch=true");

    const tsla = within(card("TSLA"));
    expect(tsla.getByTestId("recommendation-badge")).toHaveAttribute("data-tone", "red");
    expect(tsla.getByTestId("card-trend")).toHaveAttribute("data-tone", "red");
    expect(tsla.getByTestId("card-buy-point")).toHaveTextContent("N/A");
    expect(tsla.getByTestId("card-target")).toHaveTextContent("N/A");
  });

  it("'Filter' goes to /dashboard?ticker=X and loads that ticker's analyses", async () => {
    const calls = stubHistory();
    const { router } = renderApp("/analyses");
    await screen.findByRole("article", { name: "TSLA" });
    await userEvent.click(within(card("TSLA")).getByRole("button", { name: "Filter" }));
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(router.state.location.search).toBe("?ticker=TSLA");
    expect(await screen.findByText("Showing analyses for TSLA")).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole("article", { name: "NVDA" })).not.toBeInTheDocument();
    });
    expect(card("TSLA")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/user/stock-analyses/?ticker=TSLA" && c.method === "GET")).toBe(true);

    await userEvent.click(screen.getByRole("link", { name: "Show all" }));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByRole("article", { name: "NVDA" })).toBeInTheDocument();
  });

  it("'Remove' deletes and hides the card at once; 'Undo' restores it", async () => {
    const calls = stubHistory();
    renderApp("/dashboard");
    await screen.findByRole("article", { name: "NVDA" });
    await userEvent.click(within(card("NVDA")).getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("article", { name: "NVDA" })).not.toBeInTheDocument();
    expect(screen.getByTestId("toast")).toHaveTextContent("Removed the NVDA analysis.");
    // The focus moves to the next card's 'Remove', not to <body> with the removed card.
    expect(document.activeElement).toBe(within(card("TSLA")).getByRole("button", { name: "Remove" }));
    await waitFor(() => {
      expect(calls).toContainEqual({ url: "/user/stock-analyses/a1", method: "DELETE" });
    });

    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => {
      expect(calls).toContainEqual({ url: "/user/stock-analyses/a1/restore", method: "POST" });
    });
    expect(await screen.findByRole("article", { name: "NVDA" })).toBeInTheDocument();
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });

  it("moves the focus to the page's heading when the last card is removed", async () => {
    stubHistory();
    renderApp("/dashboard?ticker=TSLA");
    await userEvent.click(within(await screen.findByRole("article", { name: "TSLA" })).getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("article", { name: "TSLA" })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Your Analysis History" }));
  });

  it("the Undo toast goes away after 6 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubHistory();
    renderApp("/dashboard");
    await screen.findByRole("article", { name: "NVDA" });
    fireEvent.click(within(card("NVDA")).getByRole("button", { name: "Remove" }));
    expect(screen.getByTestId("toast")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5900));
    expect(screen.getByTestId("toast")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "NVDA" })).not.toBeInTheDocument();
  });

  it("brings the card back when the removal fails", async () => {
    stubHistory({ removeStatus: 500 });
    renderApp("/dashboard");
    await screen.findByRole("article", { name: "NVDA" });
    await userEvent.click(within(card("NVDA")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Could not remove the analysis. Please try again.")).toBeInTheDocument();
    expect(card("NVDA")).toBeInTheDocument();
  });

  it("'More Details' opens the full report; × ('Close') closes it", async () => {
    stubHistory();
    renderApp("/dashboard");
    await screen.findByRole("article", { name: "NVDA" });
    await userEvent.click(within(card("NVDA")).getByRole("button", { name: "More Details" }));
    const dialog = await screen.findByRole("dialog", { name: "NVDA analysis details" });
    expect(within(dialog).getByTestId("analysis-report")).toBeInTheDocument();
    expect(within(dialog).getByTestId("trade-stop-loss")).toHaveTextContent("95.08");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("the details modal closes on a click outside", async () => {
    stubHistory();
    renderApp("/dashboard");
    await screen.findByRole("article", { name: "TSLA" });
    await userEvent.click(within(card("TSLA")).getByRole("button", { name: "More Details" }));
    await screen.findByRole("dialog", { name: "TSLA analysis details" });
    const overlay = screen.getByTestId("details-overlay");
    fireEvent.pointerDown(overlay);
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("shows the empty state with 'Analyze Your First Stock'", async () => {
    stubServer({ handler: (url) => (url.startsWith("/user/stock-analyses/") ? jsonResponse({ success: true, analyses: [] } satisfies HistoryResponse) : undefined) });
    renderApp("/dashboard");
    expect(await screen.findByText("No stock analyses found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Analyze Your First Stock" })).toHaveAttribute("href", "/analyze");
  });

  it("a filter with no match says so and offers 'Clear filter', not 'Analyze Your First Stock'", async () => {
    stubHistory();
    const { router } = renderApp("/dashboard?ticker=XYZ");
    expect(await screen.findByText('No analyses match "XYZ".')).toBeInTheDocument();
    expect(screen.queryByText("Analyze Your First Stock")).toBeNull();
    expect(screen.queryByText("No stock analyses found.")).toBeNull();
    expect(screen.getByRole("link", { name: "Analyze XYZ" })).toHaveAttribute("href", "/stocks?ticker=XYZ");
    await userEvent.click(screen.getByRole("link", { name: "Clear filter" }));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByRole("article", { name: "NVDA" })).toBeInTheDocument();
  });

  it("links 'Import CSV' to /upload next to 'Download CSV'", async () => {
    stubHistory();
    renderApp("/dashboard");
    expect(await screen.findByRole("link", { name: "Import CSV" })).toHaveAttribute("href", "/upload");
  });
});

describe("shared analyses", () => {
  it("marks a shared analysis with its page and 'Stop sharing', which ends the link and says so", async () => {
    let shared = true;
    const calls: Call[] = [];
    stubServer({
      handler: (url, init) => {
        const method = (init?.method ?? "GET").toUpperCase();
        calls.push({ url, method });
        if (url.startsWith("/user/stock-analyses/") && method === "GET") {
          const analyses = RECORDS.map((r) => ({ ...r, sharePath: r.id === "a1" && shared ? "/s/abcdefghijklmnopqrstuv" : null }));
          return jsonResponse({ success: true, analyses } satisfies HistoryResponse);
        }
        if (url === "/api/analyses/a1/share" && method === "DELETE") {
          shared = false;
          return jsonResponse({ success: true } satisfies SuccessResponse);
        }
        return undefined;
      },
    });
    renderApp("/dashboard");
    const nvda = await screen.findByRole("article", { name: "NVDA" });
    expect(within(nvda).getByRole("link", { name: "open the shared page" })).toHaveAttribute("href", "/s/abcdefghijklmnopqrstuv");
    // Not shared: no sharing line at all.
    expect(within(card("TSLA")).queryByRole("button", { name: "Stop sharing" })).toBeNull();

    await userEvent.click(within(nvda).getByRole("button", { name: "Stop sharing" }));
    expect(await within(nvda).findByRole("status")).toHaveTextContent("Sharing stopped: the link no longer works.");
    expect(calls).toContainEqual({ url: "/api/analyses/a1/share", method: "DELETE" });
    await waitFor(() => {
      expect(within(card("NVDA")).queryByRole("link", { name: "open the shared page" })).toBeNull();
    });
    expect(within(card("NVDA")).queryByRole("button", { name: "Stop sharing" })).toBeNull();
  });
});
