// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import type { SavedScreen, SavedScreensResponse, ScreenerResponse } from "../../../../contracts/screener";
import { SCREEN_LIMIT_CODE } from "../../../../contracts/screener";
import { EMPTY_MARKET, type MarketResponse } from "../../../../contracts/market";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { screenerResponse, screenerRow } from "../../../test-support/screener-fixtures";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };
const LIMIT_SENTENCE = "You have saved 3 screens, the most the free plan keeps. Delete one to save another.";

interface Served {
  /** Every GET /api/screener's query string, in order. */
  screens: string[];
  posts: unknown[];
  deletes: string[];
  anyScreensCall: () => boolean;
}

/** The screener's endpoints: `answer` for every screen, saved screens in memory (full at 3). */
function serveScreener(options: { answer?: (search: string) => Response; saved?: SavedScreen[] } = {}): Served {
  let saved = options.saved ?? [];
  const served: Served = { screens: [], posts: [], deletes: [], anyScreensCall: () => false };
  let screensCalled = false;
  served.anyScreensCall = () => screensCalled;
  stubServer({
    handler: (url, init) => {
      const method = (init?.method ?? "GET").toUpperCase();
      if (url.endsWith("/api/market")) return jsonResponse(MARKET_GROUPS);
      if (url.startsWith("/api/screener")) {
        const search = url.slice("/api/screener".length);
        served.screens.push(search);
        return options.answer?.(search) ?? jsonResponse(screenerResponse([screenerRow("NVDA"), screenerRow("KSTM", { demo: true, action: "WATCH" })]));
      }
      if (!url.startsWith("/api/screens")) return undefined;
      screensCalled = true;
      if (method === "GET") return jsonResponse({ screens: saved, limit: 3, plan: "free", premium_limit: 20 } satisfies SavedScreensResponse);
      if (method === "POST") {
        const body = JSON.parse(init?.body as string) as { name: string; query: SavedScreen["query"] };
        served.posts.push(body);
        if (saved.length >= 3) return jsonResponse({ error: LIMIT_SENTENCE, code: SCREEN_LIMIT_CODE } satisfies ApiError, 403);
        const screen: SavedScreen = { id: `s${String(saved.length + 1)}`, name: body.name, query: body.query, created_at: "2026-11-20T10:00:00.000Z" };
        saved = [...saved, screen];
        return jsonResponse(screen, 201);
      }
      const id = url.slice("/api/screens/".length);
      served.deletes.push(id);
      saved = saved.filter((s) => s.id !== id);
      return new Response(null, { status: 204 });
    },
  });
  return served;
}

/** The market page's groups: the names the sector and industry filters offer. */
const MARKET_GROUPS: MarketResponse = {
  ...EMPTY_MARKET,
  groups: [
    { name: "Technology", kind: "sector", rs: 71, rank: 1, rank_change_1w: null, rank_change_4w: null, stocks: 40 },
    { name: "Energy", kind: "sector", rs: 55, rank: 2, rank_change_1w: null, rank_change_4w: null, stocks: 20 },
    { name: "Semiconductors", kind: "industry", rs: 80, rank: 1, rank_change_1w: null, rank_change_4w: null, stocks: 8 },
  ],
};

const savedScreen = (id: string, name: string): SavedScreen => ({ id, name, query: { min_rs: 90, sort: "-rs_rating", page_size: 50 }, created_at: "2026-11-20T10:00:00.000Z" });

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("/screener", () => {
  it("offers the latest screen's sectors and industries in the group filters, and still takes typed names", async () => {
    serveScreener();
    renderApp("/screener");
    const sector = await screen.findByRole("combobox", { name: "Sector" });
    await waitFor(() => expect(document.querySelectorAll("#screener-sector-names option")).toHaveLength(2));
    expect([...document.querySelectorAll<HTMLOptionElement>("#screener-sector-names option")].map((o) => o.value)).toEqual(["Energy", "Technology"]);
    expect([...document.querySelectorAll<HTMLOptionElement>("#screener-industry-names option")].map((o) => o.value)).toEqual(["Semiconductors"]);
    expect(sector).toHaveAttribute("list", "screener-sector-names");
  });

  it("lists each stock with every column in the app's formats, the stock's link and the demo label", async () => {
    serveScreener();
    renderApp("/screener");
    const rows = await screen.findAllByTestId("screener-row");
    expect(document.title).toBe("Screener · Quanta");
    expect(rows.map((row) => row.dataset.ticker)).toEqual(["NVDA", "KSTM"]);
    const nvda = within(rows[0]!);
    expect(nvda.getByRole("link", { name: "NVDA" })).toHaveAttribute("href", "/stock/NVDA");
    expect(rows[0]).toHaveTextContent(
      ["NVDA Corporation", "BUY", "Cup with handle", "1,234.50", "+2.1%", "95", "8/8", "1.5% above", "6.9%", "1.8×", "3.2%", "+45.0%", "$25.0M", "Technology", "Semiconductors", "Nov 20, 2026"].join(""),
    );
    expect(nvda.queryByText("Demo data")).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText("Demo data")).toBeInTheDocument();
    expect(screen.getByTestId("screener-count")).toHaveTextContent("2 stocks · as of Nov 20, 2026");
    expect(screen.getByRole("columnheader", { name: /^RS/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("navigation", { name: "Main" })).toHaveTextContent("Screener");
  });

  it("sorts by a column from its header, by keyboard too, and keeps the sort in the address", async () => {
    const served = serveScreener();
    const { router } = renderApp("/screener");
    await screen.findAllByTestId("screener-row");
    await userEvent.click(screen.getByRole("button", { name: "RS" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("?sort=rs_rating");
    });
    expect(screen.getByRole("columnheader", { name: /^RS/ })).toHaveAttribute("aria-sort", "ascending");
    screen.getByRole("button", { name: "Price" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => {
      expect(router.state.location.search).toBe("?sort=-price");
    });
    await waitFor(() => {
      expect(served.screens).toContain("?sort=-price");
    });
    expect(screen.getByRole("columnheader", { name: /^Price/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /^RS/ })).toHaveAttribute("aria-sort", "none");
  });

  it("opens a preset, applies filters, and reads the whole screen back from the address", async () => {
    const served = serveScreener();
    const { router } = renderApp("/screener");
    await screen.findAllByTestId("screener-row");
    await userEvent.click(screen.getByRole("button", { name: /Breakouts today/ }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("?setup=Breakout&sort=-volume_ratio");
    });
    expect(screen.getByRole("button", { name: /Breakouts today/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Setup")).toHaveValue("Breakout");

    await userEvent.selectOptions(screen.getByLabelText("Action"), "BUY");
    await userEvent.type(screen.getByLabelText("Within % of buy point"), "5");
    await userEvent.type(screen.getByLabelText("Avg dollar volume ≥ ($M)"), "20");
    await userEvent.type(screen.getByLabelText("Sector"), "Technology");
    await userEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    const expected = "?action=BUY&setup=Breakout&max_buy_distance=0.05&sector=Technology&min_dollar_volume=20000000&sort=-volume_ratio";
    await waitFor(() => {
      expect(router.state.location.search).toBe(expected);
    });
    await waitFor(() => {
      expect(served.screens.at(-1)).toBe(expected);
    });
    cleanup();

    const again = serveScreener();
    renderApp(`/screener${expected}&page=2&utm=x`);
    await screen.findAllByTestId("screener-row");
    expect(again.screens).toEqual([`${expected}&page=2`]);
    expect(screen.getByLabelText("Within % of buy point")).toHaveValue(5);
    expect(screen.getByLabelText("Avg dollar volume ≥ ($M)")).toHaveValue(20);
  });

  it("pages through a long screen", async () => {
    const served = serveScreener({ answer: () => jsonResponse(screenerResponse([screenerRow("NVDA")], 120)) });
    const { router } = renderApp("/screener");
    expect(await screen.findByTestId("screener-count")).toHaveTextContent("120 stocks, 1–1 shown");
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("?page=2");
    });
    await waitFor(() => {
      expect(served.screens).toContain("?page=2");
    });
  });

  it("says when nothing matches, and shows the server's sentence when the screen fails", async () => {
    serveScreener({ answer: () => jsonResponse({ as_of: "2026-11-20", total: 0, rows: [] } satisfies ScreenerResponse) });
    const { router } = renderApp("/screener?min_rs=99");
    expect(await screen.findByTestId("screener-empty")).toHaveTextContent("No stocks match this screen.");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
    await userEvent.click(within(screen.getByTestId("screener-empty")).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("");
    });
    cleanup();

    serveScreener({ answer: () => jsonResponse({ error: "Too many requests.", code: "rate_limited" } satisfies ApiError, 429) });
    renderApp("/screener");
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests.");
  });

  it("exports the rows shown as CSV", async () => {
    serveScreener();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:csv";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp("/screener");
    await screen.findAllByTestId("screener-row");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const lines = (await blobs[0]!.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^NVDA,NVDA Corporation,/);
    expect(lines[2]).toMatch(/^KSTM,.*,yes$/);
  });

  it("saves the screen shown, lists, opens and deletes saved screens, and shows the limit's sentence", async () => {
    const served = serveScreener({ saved: [savedScreen("s1", "Leaders"), savedScreen("s2", "Second")] });
    renderApp("/screener?action=BUY&sort=price");
    expect(await screen.findByTestId("saved-screens-count")).toHaveTextContent("2 of 3 screens saved");
    expect(screen.getByRole("link", { name: "Leaders" })).toHaveAttribute("href", "/screener?min_rs=90");

    await userEvent.type(screen.getByLabelText("Save this screen as"), "Cheap buys");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("link", { name: "Cheap buys" })).toHaveAttribute("href", "/screener?action=BUY&sort=price");
    expect(served.posts).toEqual([{ name: "Cheap buys", query: { action: "BUY", sort: "price", page_size: 50 } }]);
    expect(screen.getByTestId("saved-screens-count")).toHaveTextContent("3 of 3 screens saved");

    await userEvent.type(screen.getByLabelText("Save this screen as"), "One more");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LIMIT_SENTENCE);

    await userEvent.click(screen.getByRole("button", { name: "Delete Second" }));
    await waitFor(() => {
      expect(screen.queryByRole("link", { name: "Second" })).not.toBeInTheDocument();
    });
    expect(served.deletes).toEqual(["s2"]);
  });

  it("lets an unverified user read the screen but not save one", async () => {
    fake.setSession({ ...VERIFIED, emailVerified: false });
    const served = serveScreener();
    renderApp("/screener");
    await screen.findAllByTestId("screener-row");
    expect(screen.getByText("Verify your e-mail to save screens.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Save this screen as")).not.toBeInTheDocument();
    expect(served.anyScreensCall()).toBe(false);
  });
});
