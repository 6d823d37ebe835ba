// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import { positionSchema, type Portfolio, type Position } from "../../../../contracts/portfolio";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { portfolio, position, valued } from "../../../test-support/portfolio-fixtures";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The portfolio endpoints over fixed answers; `refuseImport` answers the import with that error. */
function servePortfolio(summary: Portfolio, positions: Position[], options: { refuseImport?: { status: number; body: unknown } } = {}) {
  const calls: Call[] = [];
  stubServer({
    handler: (url, init) => {
      if (!url.startsWith("/api/portfolio") && !url.startsWith("/api/positions")) return undefined;
      const method = (init?.method ?? "GET").toUpperCase();
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
      calls.push({ url, method, body });
      if (url === "/api/portfolio") return jsonResponse(summary);
      if (url === "/api/portfolio/history") return jsonResponse({ benchmark: "SPY", points: [] });
      if (url === "/api/positions" && method === "GET") return jsonResponse({ positions, limit: 20, open: positions.length });
      if (url === "/api/positions/import") {
        if (options.refuseImport) return jsonResponse(options.refuseImport.body, options.refuseImport.status);
        return jsonResponse({ success: true, imported: 3, opened: 2 });
      }
      const current = positions.find((entry) => url === `/api/positions/${entry.id}`);
      if (!current) return jsonResponse({ error: "Position not found.", code: "position_not_found" } satisfies ApiError, 404);
      if (method === "DELETE") return new Response(null, { status: 204 });
      if (method === "PATCH") return jsonResponse(positionSchema.parse({ ...current, ...(body as object) }));
      return undefined;
    },
  });
  return calls;
}

beforeEach(() => {
  vi.clearAllMocks();
  window.localStorage.clear();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("/portfolio", () => {
  it("shows the totals, the heat against the calculator's account size and each position", async () => {
    window.localStorage.setItem("quanta.sizing", JSON.stringify({ account: "50000", riskPct: "1" }));
    const rows = [valued("p1", "NVDA"), valued("p2", "KSTM", { stop: null, open_risk: null, r_multiple: null, alerts: [{ kind: "sell", session: "2026-11-20", title: "KSTM closed under your $40.00 stop" }] })];
    servePortfolio(portfolio(rows, { totals: { value: 11050, cost: 10000, unrealised_pl: 1050, realised_pl: 120, open_risk: 925 } }), [
      position("p1", "NVDA"),
      position("p2", "KSTM", { trades: [...position("p2", "KSTM").trades, { id: "s", date: "2026-11-10", side: "sell", shares: 10, price: 62, fees: 0 }], realised_pl: 120 }),
    ]);
    renderApp("/portfolio");
    const table = await screen.findByTestId("positions-table");
    expect(document.title).toBe("Portfolio · Quanta");
    expect(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Portfolio" })).toHaveAttribute("href", "/portfolio");
    expect(screen.getByTestId("total-value")).toHaveTextContent("$11,050.00");
    expect(screen.getByTestId("total-unrealised")).toHaveTextContent("$1,050.00");
    expect(screen.getByTestId("total-unrealised")).toHaveTextContent("10.5%");
    // $120 realised on $500 of sold shares ($620 proceeds − $120).
    expect(screen.getByTestId("total-realised")).toHaveTextContent("24.0%");
    expect(screen.getByTestId("total-open-risk")).toHaveTextContent("$925.00");
    expect(screen.getByTestId("total-open-risk")).toHaveTextContent("Heat: 1.9% of the account");
    expect(screen.getByTestId("portfolio-no-stop")).toHaveTextContent("No stop on KSTM");
    const nvda = within(within(table).getAllByTestId("position-row")[0]!);
    expect(nvda.getByRole("link", { name: "NVDA" })).toHaveAttribute("href", "/stock/NVDA");
    expect(nvda.getByTestId("position-value")).toHaveTextContent("$5,525.00");
    expect(nvda.getByText("+1.3R")).toBeInTheDocument();
    expect(within(table).getByTestId("position-alerts")).toHaveTextContent("KSTM closed under your $40.00 stop");
    expect(screen.getAllByTestId("position-card")).toHaveLength(2);
    expect(await screen.findByTestId("value-chart-summary")).toBeInTheDocument();
  });

  it("sizes a position from a typed buy price and stop, and the account size it sets gives the heat", async () => {
    window.localStorage.removeItem("quanta.sizing");
    servePortfolio(portfolio([valued("p1", "NVDA")], { totals: { value: 5525, cost: 5000, unrealised_pl: 525, realised_pl: 0, open_risk: 925 } }), [position("p1", "NVDA")]);
    renderApp("/portfolio");
    const sizing = within(await screen.findByTestId("portfolio-sizing"));
    expect(screen.getByTestId("total-open-risk")).toHaveTextContent("Set your account size in the position-size calculator below to see the heat.");
    expect(sizing.getByTestId("sizing-answer")).toHaveTextContent("Enter a buy price and a stop under it to size a position.");
    const user = userEvent.setup();
    await user.type(sizing.getByLabelText("Buy price ($)"), "50");
    await user.type(sizing.getByLabelText("Stop ($)"), "46");
    await user.type(sizing.getByLabelText("Account size ($)"), "40000");
    // 1% of $40,000 = $400 at risk; $4 a share → 100 shares, $5,000, 12.5% of the account.
    expect(sizing.getByTestId("sizing-answer")).toHaveTextContent("Buy 100 shares for $5,000.00 (12.5% of the account). A close under the stop loses $400.00.");
    expect(screen.getByTestId("total-open-risk")).toHaveTextContent("Heat: 2.3% of the account");
  });

  it("explains how to start when there are no positions", async () => {
    servePortfolio(portfolio([]), []);
    renderApp("/portfolio");
    expect(await screen.findByTestId("portfolio-empty")).toHaveTextContent("I bought this");
    expect(screen.getByRole("button", { name: "Add a position" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download a sample" })).toHaveAttribute("href", "/samples/quanta-transactions.csv");
  });

  it("asks an unverified user to verify first", async () => {
    fake.setSession({ ...VERIFIED, emailVerified: false });
    servePortfolio(portfolio([]), []);
    renderApp("/portfolio");
    expect(await screen.findByText("Verify your e-mail first")).toBeInTheDocument();
  });

  it("moves the stop, records a partial sale and deletes after confirming, in the position's dialog", async () => {
    const calls = servePortfolio(portfolio([valued("p1", "NVDA")]), [position("p1", "NVDA")]);
    renderApp("/portfolio");
    await userEvent.click(within(await screen.findByTestId("positions-table")).getByRole("button", { name: "Manage NVDA" }));
    const dialog = within(await screen.findByRole("dialog", { name: "NVDA: 100 shares" }));
    expect(dialog.getByTestId("position-lots")).toHaveTextContent("100 at $50.00");

    const stop = dialog.getByLabelText("Stop ($)");
    await userEvent.clear(stop);
    await userEvent.type(stop, "54");
    await userEvent.click(dialog.getByRole("button", { name: "Save stop and alerts" }));
    await waitFor(() => {
      expect(dialog.getByTestId("levels-status")).toHaveTextContent("Saved.");
    });
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ stop: 54 });

    const sell = within(dialog.getByTestId("sell-form"));
    await userEvent.clear(sell.getByLabelText("Shares"));
    await userEvent.type(sell.getByLabelText("Shares"), "40");
    await userEvent.type(sell.getByLabelText("Price per share ($)"), "56");
    await userEvent.click(sell.getByRole("button", { name: "Record the sale" }));
    await waitFor(() => {
      expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(2);
    });
    expect(calls.filter((call) => call.method === "PATCH")[1]?.body).toMatchObject({ trade: { side: "sell", shares: 40, price: 56, fees: 0 } });

    await userEvent.click(dialog.getByRole("button", { name: "Delete position" }));
    await userEvent.click(dialog.getByRole("button", { name: "Yes, delete" }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === "DELETE" && call.url === "/api/positions/p1")).toBe(true);
    });
  });

  it("imports a transactions file and lists each refused line", async () => {
    const refusal = {
      error: "The file was not imported: 2 lines have problems. Nothing was changed.",
      code: "invalid_rows",
      errors: [
        { line: 3, column: "side", message: "Side must be buy or sell." },
        { line: 7, column: "", message: "Sells 50 shares of NVDA but only 20 are held." },
      ],
    };
    servePortfolio(portfolio([]), [], { refuseImport: { status: 400, body: refusal } });
    renderApp("/portfolio");
    const file = new File(["date,ticker,side,quantity,price,fees\n"], "trades.csv", { type: "text/csv" });
    await userEvent.upload(await screen.findByLabelText("Transactions CSV"), file);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    const error = await screen.findByTestId("import-error");
    expect(error).toHaveTextContent("2 lines have problems");
    expect(within(error).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Line 3 (side): Side must be buy or sell.",
      "Line 7: Sells 50 shares of NVDA but only 20 are held.",
    ]);
  });
});
