import { expect, type APIRequestContext } from "@playwright/test";

// The landing page's public lists as the API gives them. The demo market is a fixed path that plays
// out over the sessions, so on some days no stock is inside its buy window and the BUY list is empty
// (the page then says 'No recommended stocks available.'); the WATCH list always has stocks. Tests
// wait for the first daily screen to finish, then read whichever list has cards.

export type ListAction = "BUY" | "WATCH";

export interface PublicListItem {
  ticker: string;
  rank: number;
  distance: number | null;
  extended: boolean;
}

interface ListBody {
  analyses: { analysis: string; setup?: { rank: number; distance: number | null; extended: boolean } }[];
}

/** Waits (up to 60 s) until the first daily screen has finished, so the lists are what the day holds. */
export async function waitForFirstScreen(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/public-lists/status");
        if (!response.ok()) return false;
        const status = (await response.json()) as { refreshing: boolean; finishedAt: string | null };
        return !status.refreshing && status.finishedAt !== null;
      },
      { timeout: 60_000, message: "the first daily screen" },
    )
    .toBe(true);
}

/** One public list after the first screen, in the server's order (empty when the day has none). */
export async function publicList(request: APIRequestContext, action: ListAction): Promise<PublicListItem[]> {
  await waitForFirstScreen(request);
  const response = await request.get(`/api/public-buy-stocks?action=${action}`);
  expect(response.ok(), `GET the public ${action} list`).toBe(true);
  const body = (await response.json()) as ListBody;
  return body.analyses.map((a) => ({
    ticker: (JSON.parse(a.analysis) as { stock_summary: { ticker: string } }).stock_summary.ticker,
    rank: a.setup?.rank ?? 0,
    distance: a.setup?.distance ?? null,
    extended: a.setup?.extended ?? false,
  }));
}

/** The BUY list when the day has BUYs, else the WATCH list (never empty): the cards a test can use. */
export async function listWithCards(request: APIRequestContext): Promise<{ action: ListAction; tab: "Stocks to buy" | "Stocks to watch"; items: PublicListItem[] }> {
  const buys = await publicList(request, "BUY");
  if (buys.length > 0) return { action: "BUY", tab: "Stocks to buy", items: buys };
  const watches = await publicList(request, "WATCH");
  expect(watches.length, "the public WATCH list").toBeGreaterThan(0);
  return { action: "WATCH", tab: "Stocks to watch", items: watches };
}

/** What the BUY tab says when the day has no BUY. */
export const NO_STOCKS_MESSAGE = "No recommended stocks available.";
