// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import { watchItemSchema, watchlistSchema, type WatchItem, type Watchlist } from "../../../../contracts/watchlist";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { watchItem, watchlist } from "../../../test-support/watchlist-fixtures";

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

/** The watch list endpoints over an in-memory list; `refuseAdd` answers POST with that error. */
function serveWatchlist(initial: Watchlist, options: { refuseAdd?: { status: number; body: ApiError }; premiumForSale?: boolean; demo?: boolean } = {}) {
  let list = watchlistSchema.parse(initial);
  const calls: Call[] = [];
  const stripe = { publishableKey: "pk_test_123", buyButtonId: "buy_btn_123" };
  stubServer({
    config: { demo: options.demo ?? false, ...(options.premiumForSale === false ? { billingEnabled: false, stripe: null } : { billingEnabled: true, stripe }) },
    handler: (url, init) => {
      if (!url.startsWith("/api/watchlist")) return undefined;
      const method = (init?.method ?? "GET").toUpperCase();
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      if (url === "/api/watchlist" && method === "GET") return jsonResponse(list);
      if (url === "/api/watchlist" && method === "POST") {
        if (options.refuseAdd) return jsonResponse(options.refuseAdd.body, options.refuseAdd.status);
        const item = watchItem((body as { ticker: string }).ticker.toUpperCase(), { latest: null, pending: true });
        list = { ...list, items: [...list.items, item] };
        return jsonResponse(item, 201);
      }
      const ticker = decodeURIComponent(url.slice("/api/watchlist/".length));
      const current = list.items.find((item) => item.ticker === ticker);
      if (!current) return jsonResponse({ error: `${ticker} is not on your watch list.`, code: "not_watched" } satisfies ApiError, 404);
      if (method === "DELETE") {
        list = { ...list, items: list.items.filter((item) => item.ticker !== ticker) };
        return new Response(null, { status: 204 });
      }
      if (method === "PATCH") {
        const update = body as { rules?: Partial<WatchItem["rules"]>; price_above?: number | null; price_below?: number | null };
        const next: WatchItem = watchItemSchema.parse({
          ...current,
          rules: { ...current.rules, ...update.rules },
          ...(update.price_above !== undefined ? { price_above: update.price_above === null ? null : { level: update.price_above, fired_on: null } } : {}),
          ...(update.price_below !== undefined ? { price_below: update.price_below === null ? null : { level: update.price_below, fired_on: null } } : {}),
        });
        list = { ...list, items: list.items.map((item) => (item.ticker === ticker ? next : item)) };
        return jsonResponse(next);
      }
      return undefined;
    },
  });
  return calls;
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("/watchlist", () => {
  it("lists each stock with its call, price, distances, as-of date and the Extended label", async () => {
    serveWatchlist(
      watchlist([
        watchItem("NVDA"),
        watchItem("KSTM", {
          latest: { ...watchItem("KSTM").latest!, action: "WATCH", price: 85.21, buy_point: 72.9, distance_to_buy_point: 0.169, extended: true },
          price_above: { level: 90, fired_on: "2026-11-19" },
        }),
      ]),
    );
    renderApp("/watchlist");
    const rows = await screen.findAllByTestId("watchlist-row");
    expect(rows.map((row) => row.dataset.ticker)).toEqual(["NVDA", "KSTM"]);
    expect(document.title).toBe("Watch list · Quanta");

    const nvda = within(rows[0]!);
    expect(nvda.getByRole("link", { name: "NVDA" })).toHaveAttribute("href", "/stock/NVDA");
    expect(nvda.getByText("NVDA Corporation")).toBeInTheDocument();
    expect(nvda.getByTestId("recommendation-badge")).toHaveTextContent("BUY");
    expect(nvda.getByTestId("watch-price")).toHaveTextContent("101.59");
    expect(nvda.getByTestId("watch-buy-point")).toHaveTextContent("99.50");
    expect(nvda.getByTestId("watch-buy-point")).toHaveTextContent("2.1% above buy point");
    expect(nvda.getByTestId("watch-stop")).toHaveTextContent("6.9% above stop");
    expect(nvda.getByTestId("watch-as-of")).toHaveTextContent("Nov 20, 2026");
    expect(nvda.queryByTestId("watch-extended")).not.toBeInTheDocument();

    const kstm = within(rows[1]!);
    expect(kstm.getByTestId("watch-extended")).toHaveTextContent("Extended — wait for a pullback");
    expect(kstm.getByTestId("price_above-note")).toHaveTextContent("Fired on Nov 19, 2026");
    expect(screen.getByTestId("watchlist-count")).toHaveTextContent("2 of 10 stocks");
    expect(screen.queryByTestId("watchlist-premium")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Alert settings" })).toHaveAttribute("href", "/settings/alerts");
  });

  it("tells a free user near the limit that premium watches up to 100, not a premium user", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => watchItem(`T${String(i)}`));
    serveWatchlist(watchlist(nine));
    renderApp("/watchlist");
    expect(await screen.findByTestId("watchlist-count")).toHaveTextContent("9 of 10 stocks");
    expect(await screen.findByTestId("watchlist-premium")).toHaveTextContent("Premium watches up to 100 stocks.");
    cleanup();

    serveWatchlist(watchlist(nine, { plan: "premium", limit: 100 }));
    renderApp("/watchlist");
    expect(await screen.findByTestId("watchlist-count")).toHaveTextContent("9 of 100 stocks");
    expect(screen.queryByTestId("watchlist-premium")).not.toBeInTheDocument();
  });

  it("offers no premium near the limit where premium cannot be bought", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => watchItem(`T${String(i)}`));
    serveWatchlist(watchlist(nine), { premiumForSale: false });
    renderApp("/watchlist");
    expect(await screen.findByTestId("watchlist-count")).toHaveTextContent("9 of 10 stocks");
    expect(await screen.findByText("Free plan")).toBeInTheDocument();
    expect(screen.queryByText(/premium watches/i)).not.toBeInTheDocument();
  });

  it("adds a ticker, and shows the server's sentence when it refuses one", async () => {
    const calls = serveWatchlist(watchlist([]));
    renderApp("/watchlist");
    expect(await screen.findByTestId("watchlist-empty")).toHaveTextContent("Your watch list is empty");
    expect(screen.getByRole("link", { name: "buy list" })).toHaveAttribute("href", "/#buy-list");
    await userEvent.type(screen.getByLabelText("Add a stock"), "msft");
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    expect(await screen.findByText("MSFT is on your watch list.")).toBeInTheDocument();
    expect(calls).toContainEqual({ url: "/api/watchlist", method: "POST", body: { ticker: "MSFT" } });
    const added = await screen.findByTestId("watchlist-row");
    expect(added).toHaveAttribute("data-ticker", "MSFT");
    // Outside the daily screen a stock is not analysed on watching: the card says when it will be.
    expect(within(added).getByTestId("watch-pending")).toHaveTextContent("Analysed after the next daily screen");
    expect(within(added).queryByTestId("watch-price")).not.toBeInTheDocument();
    expect(within(added).queryByTestId("recommendation-badge")).not.toBeInTheDocument();
    expect(screen.getByTestId("watchlist-count")).toHaveTextContent("1 of 10 stocks");
    cleanup();

    const message = "You can watch up to 10 stocks on the free plan. Premium watches up to 100.";
    serveWatchlist(watchlist([]), { refuseAdd: { status: 403, body: { error: message, code: "watchlist_limit_reached" } } });
    renderApp("/watchlist");
    await userEvent.type(await screen.findByLabelText("Add a stock"), "AAPL");
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Add a stock")).toHaveAttribute("aria-invalid", "true");
  });

  it("names real tickers in the field's hint, and demo tickers on the demo market", async () => {
    serveWatchlist(watchlist([]));
    renderApp("/watchlist");
    const field = await screen.findByLabelText("Add a stock");
    expect(field).toHaveAccessibleDescription("A ticker such as NVDA or MSFT.");
    expect(field).toHaveAttribute("placeholder", "e.g. NVDA");
    cleanup();

    serveWatchlist(watchlist([]), { demo: true });
    renderApp("/watchlist");
    // The banner is there (unstyled) before /api/config answers; shown once it says demo.
    const banner = await screen.findByRole("complementary", { name: "Demo market" });
    await waitFor(() => {
      expect(banner).toHaveAttribute("data-demo-banner", "shown");
    });
    const demoField = screen.getByLabelText("Add a stock");
    expect(demoField).toHaveAccessibleDescription("A ticker such as NWSC or QBIT.");
    expect(demoField).toHaveAttribute("placeholder", "e.g. NWSC");
  });

  it("refuses an invalid ticker before asking the server", async () => {
    const calls = serveWatchlist(watchlist([]));
    renderApp("/watchlist");
    await userEvent.type(await screen.findByLabelText("Add a stock"), "NV DA!");
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A ticker has letters, digits");
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("removes a stock after confirmation", async () => {
    const calls = serveWatchlist(watchlist([watchItem("NVDA"), watchItem("MSFT")]));
    renderApp("/watchlist");
    const row = (await screen.findAllByTestId("watchlist-row"))[0]!;
    await userEvent.click(within(row).getByRole("button", { name: "Remove NVDA" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(within(row).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => {
      expect(screen.getAllByTestId("watchlist-row").map((r) => r.dataset.ticker)).toEqual(["MSFT"]);
    });
    expect(calls).toContainEqual({ url: "/api/watchlist/NVDA", method: "DELETE", body: undefined });
    expect(screen.getByTestId("watchlist-count")).toHaveTextContent("1 of 10 stocks");
    // The focus moves to the next row's action, and to the page's heading after the last row, never to <body>.
    const next = screen.getByTestId("watchlist-row");
    expect(document.activeElement).toBe(within(next).getByRole("button", { name: "Remove MSFT" }));
    await userEvent.click(within(next).getByRole("button", { name: "Remove MSFT" }));
    await userEvent.click(within(next).getByRole("button", { name: "Yes, remove" }));
    await screen.findByTestId("watchlist-empty");
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Watch list" }));
  });

  it("switches a rule off and sets a price alert with PATCH", async () => {
    const calls = serveWatchlist(watchlist([watchItem("NVDA")]));
    renderApp("/watchlist");
    const row = within(await screen.findByTestId("watchlist-row"));
    await userEvent.click(row.getByText("Alerts for NVDA"));
    const extended = row.getByRole("switch", { name: /Extended/ });
    expect(extended).toHaveAttribute("aria-checked", "true");
    await userEvent.click(extended);
    await waitFor(() => {
      expect(row.getByRole("switch", { name: /Extended/ })).toHaveAttribute("aria-checked", "false");
    });
    expect(calls).toContainEqual({ url: "/api/watchlist/NVDA", method: "PATCH", body: { rules: { extended: false } } });

    await userEvent.type(row.getByLabelText("Alert when it closes above $"), "110.5");
    await userEvent.click(row.getByRole("button", { name: "Save price alerts" }));
    expect(await row.findByText("Price alerts saved.")).toBeInTheDocument();
    expect(calls).toContainEqual({ url: "/api/watchlist/NVDA", method: "PATCH", body: { price_above: 110.5 } });
    expect(row.getByTestId("price_above-note")).toHaveTextContent("Set at 110.50.");
  });

  it("asks an unverified user to verify instead of loading the list", async () => {
    const calls = serveWatchlist(watchlist([watchItem("NVDA")]));
    fake.setSession({ ...VERIFIED, emailVerified: false });
    renderApp("/watchlist");
    expect(await screen.findByText("Please verify your email to keep a watch list and get its alerts.")).toBeInTheDocument();
    expect(screen.queryByTestId("watchlist-row")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the bell in the header and 'Watch list' in the user menu", async () => {
    serveWatchlist(watchlist([]));
    renderApp("/watchlist");
    expect(await screen.findByTestId("alert-bell")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /ada@example.com/ }));
    expect(await screen.findByRole("menuitem", { name: "Watch list" })).toHaveAttribute("href", "/watchlist");
  });

  it("sends a signed-out visitor to sign in and back", async () => {
    serveWatchlist(watchlist([]));
    fake.setSession(null);
    const { router } = renderApp("/watchlist");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(router.state.location.search).toBe("?redirect=%2Fwatchlist");
  });
});
