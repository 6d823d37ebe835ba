// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import type { Watchlist } from "../../../contracts/watchlist";
import { jsonResponse } from "../../test-support/render-app";
import { renderWithSession } from "../../test-support/render-with-session";
import { watchItem, watchlist } from "../../test-support/watchlist-fixtures";
import { WATCH_VERIFY_MESSAGE, WatchButton } from "./watch-button";

const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** GET/POST/DELETE /api/watchlist over an in-memory list; POST answers `refuse` when given. */
function serve(initial: Watchlist, refuse?: { status: number; body: ApiError }) {
  let list = initial;
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (url === "/csrf_cookie") return Promise.resolve(jsonResponse({ csrfToken: "csrf" }));
    calls.push({ url, method, body });
    if (url === "/api/watchlist" && method === "GET") return Promise.resolve(jsonResponse(list));
    if (url === "/api/watchlist" && method === "POST") {
      if (refuse) return Promise.resolve(jsonResponse(refuse.body, refuse.status));
      const item = watchItem((body as { ticker: string }).ticker);
      list = { ...list, items: [...list.items, item] };
      return Promise.resolve(jsonResponse(item, 201));
    }
    if (url.startsWith("/api/watchlist/") && method === "DELETE") {
      list = { ...list, items: list.items.filter((item) => `/api/watchlist/${item.ticker}` !== url) };
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(jsonResponse({ error: "Not found", code: "not_found" } satisfies ApiError, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("WatchButton", () => {
  it("adds the stock (aria-pressed true, 'Watching ✓') and removes it again", async () => {
    const calls = serve(watchlist([watchItem("MSFT")]));
    renderWithSession(<WatchButton ticker="nvda" />, VERIFIED);
    const button = screen.getByTestId("watch-button");
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveAccessibleName("Watch NVDA");

    await userEvent.click(button);
    await waitFor(() => {
      expect(button).toHaveAttribute("aria-pressed", "true");
    });
    expect(button).toHaveTextContent("Watching NVDA✓");
    expect(calls).toContainEqual({ url: "/api/watchlist", method: "POST", body: { ticker: "NVDA" } });

    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await userEvent.click(button);
    await waitFor(() => {
      expect(button).toHaveAttribute("aria-pressed", "false");
    });
    expect(calls).toContainEqual({ url: "/api/watchlist/NVDA", method: "DELETE", body: undefined });
  });

  it("keeps the keyboard focus on the button through Watch and Unwatch (never disabled while the request runs)", async () => {
    serve(watchlist([]));
    // Each add or remove waits until the test lets it answer, so the pending state can be looked at.
    const served = vi.mocked(fetch);
    let release = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? "GET") !== "GET") await new Promise<void>((resolve) => (release = resolve));
        return served(input, init);
      }),
    );
    renderWithSession(<WatchButton ticker="NVDA" />, VERIFIED);
    const button = screen.getByTestId("watch-button");
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    button.focus();
    // A disabled button drops the focus to <body>: while the request runs it is only aria-disabled.
    for (const after of ["Watching NVDA", "Watch NVDA"]) {
      await userEvent.keyboard("{Enter}");
      await waitFor(() => {
        expect(button).toHaveAttribute("aria-disabled", "true");
      });
      expect(button).not.toBeDisabled();
      release();
      await waitFor(() => {
        expect(button).toHaveAccessibleName(after);
      });
      expect(document.activeElement).toBe(button);
    }
  });

  it("shows a watched stock pressed, from one shared watch list request", async () => {
    const calls = serve(watchlist([watchItem("NVDA")]));
    renderWithSession(
      <>
        <WatchButton ticker="NVDA" />
        <WatchButton ticker="MSFT" />
        <WatchButton ticker="NVDA" />
      </>,
      VERIFIED,
    );
    await waitFor(() => {
      expect(screen.getAllByTestId("watch-button").map((b) => b.getAttribute("aria-pressed"))).toEqual(["true", "false", "true"]);
    });
    expect(calls.filter((call) => call.url === "/api/watchlist")).toHaveLength(1);
  });

  it("shows the server's sentence when the plan's limit is reached", async () => {
    const message = "You can watch up to 10 stocks on the free plan. Premium watches up to 100.";
    serve(watchlist([]), { status: 403, body: { error: message, code: "watchlist_limit_reached" } });
    renderWithSession(<WatchButton ticker="NVDA" />, VERIFIED);
    const button = screen.getByTestId("watch-button");
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await userEvent.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it("links a signed-out visitor to sign in and back to the page", () => {
    const calls = serve(watchlist([]));
    renderWithSession(<WatchButton ticker="NVDA" />, null, "/stock/NVDA");
    expect(screen.getByTestId("watch-button")).toHaveAttribute("href", "/signin?redirect=%2Fstock%2FNVDA");
    cleanup();
    // From the landing page (not worth returning to), the way back is the stock's page.
    renderWithSession(<WatchButton ticker="NVDA" />, null, "/");
    expect(screen.getByTestId("watch-button")).toHaveAttribute("href", "/signin?redirect=%2Fstock%2FNVDA");
    expect(calls).toHaveLength(0);
  });

  it("asks an unverified user to verify, without calling the API", async () => {
    const calls = serve(watchlist([]));
    renderWithSession(<WatchButton ticker="NVDA" />, { ...VERIFIED, emailVerified: false });
    await userEvent.click(screen.getByTestId("watch-button"));
    expect(screen.getByRole("alert")).toHaveTextContent(WATCH_VERIFY_MESSAGE);
    expect(calls).toHaveLength(0);
  });
});
