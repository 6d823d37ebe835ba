// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicListResponse } from "../../../../contracts/public-list";
import type { HistoryResponse } from "../../../../contracts/research";
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

function stubPublic(analyses: PublicListResponse["analyses"], own: HistoryResponse["analyses"] = []) {
  const seen: { url: string; headers: Headers }[] = [];
  stubServer({
    handler: (url, init) => {
      if (url.startsWith("/user/stock-analyses/")) {
        seen.push({ url, headers: new Headers(init?.headers) });
        return jsonResponse({ success: true, analyses: own } satisfies HistoryResponse);
      }
      if (!url.startsWith("/api/public-buy-stocks")) return undefined;
      seen.push({ url, headers: new Headers(init?.headers) });
      return jsonResponse({ analyses } satisfies PublicListResponse);
    },
  });
  return seen;
}

/** A report of `ticker` whose setup text names who made it, to tell the two sources apart. */
function reportOf(ticker: string, setup: string) {
  const report = sampleReport(ticker);
  report.stock_summary.technical_analysis.technical_setup = setup;
  return report;
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession({ id: "u1", email: "ada@example.com", emailVerified: true });
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/stock/:ticker", () => {
  it("shows the first stored recommendation that parses, fetched without an auth header", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const seen = stubPublic([
      { id: "p0", analysis: "{broken", timestamp: "2026-11-20T10:00:00Z" },
      { id: "p1", analysis: JSON.stringify(sampleReport("AMD")), timestamp: "2026-11-20T10:00:00Z" },
    ]);
    const { router } = renderApp("/stock/amd");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("AMD");
    const publicCall = seen.find((call) => call.url.startsWith("/api/public-buy-stocks"));
    expect(publicCall?.url).toBe("/api/public-buy-stocks?ticker=AMD");
    expect(publicCall?.headers.has("authorization")).toBe(false);
    expect(screen.getByTestId("analysis-source")).toHaveTextContent("The latest published analysis");
    expect(warn).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Back to Home" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("says 'No analysis found for {TICKER}' when there is none, and offers 'Analyze {TICKER}'", async () => {
    stubPublic([]);
    renderApp("/stock/msft");
    expect(await screen.findByText("No analysis found for MSFT")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Home" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Analyze MSFT" })).toHaveAttribute("href", "/stocks?ticker=MSFT&autoSearch=true");
  });

  it("shows the user's own latest analysis when there is no public one", async () => {
    const seen = stubPublic(
      [],
      [
        { id: "o2", analysis: reportOf("CVPH", "Own newest setup"), timestamp: "2026-11-21T10:42:00.000Z" },
        { id: "o1", analysis: reportOf("CVPH", "Own older setup"), timestamp: "2026-11-20T10:00:00.000Z" },
      ],
    );
    renderApp("/stock/cvph");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("CVPH");
    expect(screen.getByTestId("analysis-source")).toHaveTextContent("Your analysis of");
    expect(screen.getAllByText("Own newest setup").length).toBeGreaterThan(0);
    expect(screen.queryByText("Own older setup")).toBeNull();
    expect(screen.queryByText("No analysis found for CVPH")).toBeNull();
    const ownCall = seen.find((call) => call.url.startsWith("/user/stock-analyses/"));
    expect(ownCall?.url).toBe("/user/stock-analyses/?ticker=CVPH");
    expect(ownCall?.headers.get("authorization")).toMatch(/^Bearer /);
    expect(screen.getByRole("link", { name: "Analyze CVPH" })).toHaveAttribute("href", "/stocks?ticker=CVPH&autoSearch=true");
  });

  it("prefers the user's own analysis over the public one", async () => {
    stubPublic(
      [{ id: "p1", analysis: JSON.stringify(reportOf("NWSC", "Public setup")), timestamp: "2026-11-22T10:00:00Z" }],
      [{ id: "o1", analysis: reportOf("NWSC", "Own setup"), timestamp: "2026-11-21T10:00:00.000Z" }],
    );
    renderApp("/stock/NWSC");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getAllByText("Own setup").length).toBeGreaterThan(0);
    expect(screen.queryByText("Public setup")).toBeNull();
    expect(screen.getByTestId("analysis-source")).toHaveTextContent("Your analysis of");
  });
});
