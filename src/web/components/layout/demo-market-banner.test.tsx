// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SymbolSearchResponse } from "../../../contracts/symbol-search";
import { jsonResponse, renderApp, stubServer } from "../../test-support/render-app";

vi.mock("../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const DEMO_LIST: SymbolSearchResponse = {
  demo: true,
  matches: [
    { ticker: "NWSC", name: "Northwind Semiconductor", sector: "Technology" },
    { ticker: "QBIT", name: "Quillbit Software", sector: "Technology" },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DemoMarketBanner", () => {
  it("says the market is the demo market on every page, and lists its tickers as links to the analyze form", async () => {
    stubServer({ config: { demo: true }, handler: (url) => (url.includes("/api/symbols?") ? jsonResponse(DEMO_LIST) : undefined) });
    renderApp("/signin");
    const banner = await screen.findByRole("complementary", { name: "Demo market" });
    expect(banner).toHaveTextContent("Demo market: fictional companies with simulated prices — try NWSC or QBIT.");
    const toggle = within(banner).getByRole("button", { name: "See all demo tickers" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    const list = await within(banner).findByRole("list", { name: "Demo tickers" });
    const link = within(list).getByRole("link", { name: /NWSC Northwind Semiconductor/ });
    expect(link).toHaveAttribute("href", "/stocks?ticker=NWSC");
    expect(within(banner).getByRole("button", { name: "Hide the demo tickers" })).toHaveAttribute("aria-expanded", "true");
  });

  it("keeps its place before /api/config answers, marked pending (styles.css shows it only on pages marked demo)", async () => {
    stubServer({ config: { demo: true } });
    renderApp("/signin");
    const banner = screen.getByRole("complementary", { name: "Demo market" });
    expect(banner).toHaveAttribute("data-demo-banner", "pending");
    await vi.waitFor(() => {
      expect(banner).toHaveAttribute("data-demo-banner", "shown");
    });
  });

  it("is absent when the server uses real market data", async () => {
    stubServer({ config: { demo: false } });
    renderApp("/signin");
    await screen.findAllByText(/Quanta/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("complementary", { name: "Demo market" })).toBeNull();
  });
});
