// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import type { NewsArticle, NewsPage } from "../../../../contracts/news";
import type { PublicListResponse } from "../../../../contracts/public-list";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer, type StubHandler } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

function listBody(tickers: string[], action: "BUY" | "WATCH" = "BUY"): PublicListResponse {
  return {
    analyses: tickers.map((ticker, index) => {
      const report = sampleReport(ticker);
      report.stock_summary.recommendation.action = action;
      return { id: `${ticker}-${String(index)}`, analysis: JSON.stringify(report), timestamp: "2026-11-20T16:00:00Z" };
    }),
  };
}

function start(handler: StubHandler) {
  fake.setSession(null);
  const fetchMock = stubServer({ handler });
  const app = renderApp("/");
  return { ...app, fetchMock };
}

beforeEach(() => {
  fake.setPending();
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("landing stock lists", () => {
  it("shows the BUY cards with logo, price, volume, buy point, stop loss and links", async () => {
    const { fetchMock } = start((url) =>
      url.includes("/api/public-buy-stocks?action=BUY") ? jsonResponse(listBody(["NVDA", "MSFT"])) : undefined,
    );
    const cards = await screen.findAllByTestId("stock-card");
    expect(cards).toHaveLength(2);
    const card = within(cards[0]!);
    expect(card.getByRole("heading", { name: "NVDA" })).toBeInTheDocument();
    expect(card.getByTestId("stock-card-price")).toHaveTextContent("100.91");
    expect(card.getByTestId("stock-card-volume")).toHaveTextContent("2,500,000");
    expect(card.getByTestId("stock-card-buy-point")).toHaveTextContent(/^\d[\d,]*\.\d{2}$/);
    expect(card.getByTestId("stock-card-stop-loss")).toHaveTextContent(/^\d[\d,]*\.\d{2}$/);
    expect(card.getByTestId("recommendation-badge")).toHaveTextContent("BUY");
    expect(card.getByRole("img", { name: "NVDA logo" })).toHaveAttribute("src", "/api/logos/NVDA");
    expect(card.getByRole("link", { name: /Details/ })).toHaveAttribute("href", "/stock/NVDA");
    // The public list goes out without an auth header.
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes("action=BUY"));
    expect(new Headers(call?.[1]?.headers).has("authorization")).toBe(false);
  });

  it("shows 'No logo' when the logo is missing", async () => {
    start((url) => (url.includes("action=BUY") ? jsonResponse(listBody(["NVDA"])) : undefined));
    const logo = await screen.findByRole("img", { name: "NVDA logo" });
    fireEvent.error(logo);
    expect(screen.getByTestId("stock-logo")).toHaveTextContent("No logo");
  });

  it("switches to the WATCH list", async () => {
    start((url) => {
      if (url.includes("action=BUY")) return jsonResponse(listBody(["NVDA"]));
      if (url.includes("action=WATCH")) return jsonResponse(listBody(["AMD", "TSLA"], "WATCH"));
      return undefined;
    });
    await screen.findByRole("heading", { name: "NVDA" });
    await userEvent.click(screen.getByRole("tab", { name: "Stocks to watch" }));
    expect(await screen.findByRole("heading", { name: "AMD" })).toBeInTheDocument();
    expect(screen.getAllByTestId("recommendation-badge")[0]).toHaveTextContent("WATCH");
    expect(screen.queryByRole("heading", { name: "NVDA" })).not.toBeInTheDocument();
  });

  it("opens the detail panel with the full report and closes it", async () => {
    start((url) => (url.includes("action=BUY") ? jsonResponse(listBody(["NVDA"])) : undefined));
    await userEvent.click(await screen.findByRole("button", { name: "Quick view of NVDA" }));
    const panel = await screen.findByRole("dialog", { name: "NVDA analysis" });
    expect(within(panel).getByTestId("analysis-report")).toBeInTheDocument();
    // Visitors get no chart (the price history needs an account).
    expect(within(panel).queryByText("Price Chart")).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("links the lists to the track record", async () => {
    const { router } = start(() => undefined);
    const link = within(screen.getByTestId("landing-track-record")).getByRole("link", { name: "See the track record" });
    expect(link).toHaveAttribute("href", "/track-record");
    await userEvent.click(link);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/track-record");
    });
  });

  it("opens the panel from a click on the card body", async () => {
    start((url) => (url.includes("action=BUY") ? jsonResponse(listBody(["NVDA"])) : undefined));
    await userEvent.click(await screen.findByTestId("stock-card-price"));
    expect(await screen.findByRole("dialog", { name: "NVDA analysis" })).toBeInTheDocument();
  });

  it("shows one sentence, not the error chain, and tries again", async () => {
    let fail = true;
    start((url) => {
      if (!url.includes("action=BUY")) return undefined;
      return fail ? jsonResponse({ error: "Something went wrong on our side.", code: "internal_error" } satisfies ApiError, 500) : jsonResponse(listBody(["NVDA"]));
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load stock recommendations: the server could not send the lists. Please try again.");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "NVDA" })).toBeInTheDocument();
  });

  it("puts the server's own sentence after the same prefix", async () => {
    start((url) => (url.includes("action=BUY") ? jsonResponse({ error: "The market data service is down.", code: "market_unavailable" } satisfies ApiError, 503) : undefined));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load stock recommendations: the market data service is down.");
  });

  it("says when the list is empty and refreshes", async () => {
    let body: PublicListResponse = { analyses: [] };
    start((url) => (url.includes("action=BUY") ? jsonResponse(body) : undefined));
    expect(await screen.findByText("No recommended stocks available.")).toBeInTheDocument();
    body = listBody(["NVDA"]);
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByRole("heading", { name: "NVDA" })).toBeInTheDocument();
  });

  it("skips records whose analysis does not parse", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    start((url) =>
      url.includes("action=BUY")
        ? jsonResponse({ analyses: [{ id: "bad", analysis: "{not json", timestamp: "" }, ...listBody(["NVDA"]).analyses] } satisfies PublicListResponse)
        : undefined,
    );
    expect(await screen.findAllByTestId("stock-card")).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("landing news", () => {
  const article: NewsArticle = {
    image: "https://img.example/a.png",
    title: "NVDA breaks out",
    link: "https://news.example/nvda",
    author: "Quanta briefs",
    content: `<p>${"x".repeat(120)}</p><img src=x onerror="alert(1)">`,
    date: "2026-11-20T16:00:00Z",
    tickers: "NVDA, msft",
  };

  async function openNews(handler: StubHandler) {
    start(handler);
    await userEvent.click(screen.getByRole("tab", { name: "News to read" }));
  }

  it("lists articles with a link, author, a 100-character preview, date and ticker chips", async () => {
    await openNews((url) =>
      url.includes("/api/news?page=0&size=10") ? jsonResponse({ content: [article], page: 0, size: 10 } satisfies NewsPage) : undefined,
    );
    const item = await screen.findByTestId("news-article");
    const link = within(item).getByRole("link", { name: "NVDA breaks out" });
    expect(link).toHaveAttribute("href", "https://news.example/nvda");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(item).getByTestId("news-author")).toHaveTextContent("Quanta briefs");
    expect(within(item).getByTestId("news-content").textContent).toBe(`${"x".repeat(100)}…`);
    expect(within(item).getByTestId("news-content").innerHTML).not.toMatch(/onerror|<img/);
    expect(within(item).getAllByTestId("ticker-chip").map((chip) => chip.textContent)).toEqual(["NVDA", "MSFT"]);
    expect(within(item).getByRole("time")).toHaveAttribute("dateTime", article.date);
    expect(screen.getByTestId("news-list")).toHaveClass("max-h-[800px]", "overflow-y-auto");
  });

  it("falls back to the placeholder image", async () => {
    await openNews((url) => (url.includes("/api/news?") ? jsonResponse({ content: [article], page: 0, size: 10 } satisfies NewsPage) : undefined));
    const item = await screen.findByTestId("news-article");
    const image = item.querySelector("img");
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(image!.getAttribute("src")).toBe("/news-placeholder.svg");
  });

  it.each([
    [jsonResponse({ error: "Failed to fetch news: 503", code: "upstream_error" } satisfies ApiError, 424), "Failed to fetch news: 503"],
    [
      jsonResponse({ error: "API returned HTML instead of JSON. Please check API access.", code: "upstream_html" } satisfies ApiError, 424),
      "API returned HTML instead of JSON. Please check API access.",
    ],
    [new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } }), "API returned HTML instead of JSON. Please check API access."],
    [jsonResponse({ error: "Not found", code: "not_found" } satisfies ApiError, 404), "Failed to fetch news: 404"],
  ])("shows the error in red (%#)", async (response, message) => {
    await openNews((url) => (url.includes("/api/news?") ? response : undefined));
    const error = await screen.findByTestId("news-error");
    expect(error).toHaveTextContent(message);
    expect(error).toHaveClass("text-center", "text-danger-700");
  });
});
