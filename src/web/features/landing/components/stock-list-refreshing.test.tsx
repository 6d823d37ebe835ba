// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NewsPage } from "../../../../contracts/news";
import type { PublicListResponse } from "../../../../contracts/public-list";
import type { PublicRefreshStatus } from "../../../../contracts/public-refresh-status";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});
// The status is asked for every 5 s in the product; every 40 ms here, so the test runs in real time.
vi.mock("../../../config/timing", async (original) => ({ ...(await original<object>()), REFRESH_STATUS_POLL_MS: 40 }));

const fake = authClient as unknown as FakeAuthClient;

function listBody(tickers: string[]): PublicListResponse {
  return {
    analyses: tickers.map((ticker, index) => ({
      id: `${ticker}-${String(index)}`,
      analysis: JSON.stringify(sampleReport(ticker)),
      timestamp: "2026-11-25T21:31:00Z",
    })),
  };
}

/** A server whose daily screen runs until `finish()`: empty lists and a running status, then the lists. */
function serverWithScreen(progress: PublicRefreshStatus["progress"]) {
  let finished = false;
  const statusCalls: number[] = [];
  fake.setSession(null);
  stubServer({
    handler: (url) => {
      if (url.includes("/api/public-lists/status")) {
        statusCalls.push(Date.now());
        const status: PublicRefreshStatus = finished
          ? { refreshing: false, finishedAt: "2026-11-25T21:31:00.000Z", progress: null }
          : { refreshing: true, finishedAt: null, progress };
        return jsonResponse(status);
      }
      if (url.includes("/api/public-buy-stocks?action=BUY")) return jsonResponse(finished ? listBody(["NVDA", "MSFT"]) : { analyses: [] });
      return undefined;
    },
  });
  return {
    statusCalls,
    finish: () => {
      finished = true;
    },
  };
}

beforeEach(() => {
  fake.setPending();
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("the landing lists while the daily screen runs", () => {
  it("say 'Refreshing…' with the progress, keep asking, and show the list once the run has finished", async () => {
    const screenRun = serverWithScreen({ done: 120, total: 500 });
    renderApp("/");
    expect(await screen.findByText("Refreshing…")).toBeInTheDocument();
    expect(screen.getByText("Today’s screen is running (120 of 500 stocks); the lists appear when it finishes.")).toBeInTheDocument();
    expect(screen.queryByText("No recommended stocks available.")).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screenRun.statusCalls.length).toBeGreaterThanOrEqual(3));

    screenRun.finish();
    expect(await screen.findAllByTestId("stock-card")).toHaveLength(2);
    expect(screen.queryByText("Refreshing…")).not.toBeInTheDocument();
    // Polling stops once the run has finished and the list is there.
    const asked = screenRun.statusCalls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screenRun.statusCalls.length).toBe(asked);
  });

  it("say 'Refreshing…' without a count when the progress is unknown", async () => {
    serverWithScreen(null);
    renderApp("/");
    expect(await screen.findByText("Today’s screen is running; the lists appear when it finishes.")).toBeInTheDocument();
  });

  it("show the ordinary empty state when no run is going on", async () => {
    fake.setSession(null);
    stubServer({
      handler: (url) =>
        url.includes("/api/public-lists/status")
          ? jsonResponse({ refreshing: false, finishedAt: "2026-11-25T21:31:00.000Z", progress: null } satisfies PublicRefreshStatus)
          : undefined,
    });
    renderApp("/");
    expect(await screen.findByText("No recommended stocks available.")).toBeInTheDocument();
    expect(screen.queryByText("Refreshing…")).not.toBeInTheDocument();
  });

  it("the News tab says news comes with the first screen while it runs, and 'No news right now' after", async () => {
    let finishedAt: string | null = null;
    fake.setSession(null);
    stubServer({
      handler: (url) => {
        if (url.includes("/api/public-lists/status")) {
          return jsonResponse({ refreshing: finishedAt === null, finishedAt, progress: null } satisfies PublicRefreshStatus);
        }
        if (url.includes("/api/news?")) return jsonResponse({ content: [], page: 0, size: 10 } satisfies NewsPage);
        return undefined;
      },
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("tab", { name: "News to read" }));
    expect(await screen.findByText("News appears once the first daily screen has finished.")).toBeInTheDocument();
    expect(screen.queryByText("No news right now. Check back later.")).not.toBeInTheDocument();

    finishedAt = "2026-11-25T21:31:00.000Z";
    expect(await screen.findByText("No news right now. Check back later.")).toBeInTheDocument();
  });
});
