// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import { alertsSchema, type Alerts } from "../../../contracts/alerts";
import { jsonResponse } from "../../test-support/render-app";
import { renderWithSession } from "../../test-support/render-with-session";
import { alert, alerts } from "../../test-support/watchlist-fixtures";
import { ALERT_POLL_MS, AlertBell, NO_ALERTS_TEXT } from "./alert-bell";

const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

/** GET /api/alerts and POST /api/alerts/read over an in-memory list. */
function serve(initial: Alerts) {
  let current = alertsSchema.parse(initial);
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
      const method = (init?.method ?? "GET").toUpperCase();
      if (url === "/csrf_cookie") return Promise.resolve(jsonResponse({ csrfToken: "csrf" }));
      calls.push(`${method} ${url}`);
      if (url === "/api/alerts" && method === "GET") return Promise.resolve(jsonResponse(current));
      if (url === "/api/alerts/read" && method === "POST") {
        current = { unread: 0, alerts: current.alerts.map((a) => ({ ...a, read: true })) };
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(jsonResponse({ error: "Not found", code: "not_found" } satisfies ApiError, 404));
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AlertBell", () => {
  it("shows the unread count, lists the alerts on open and marks them read", async () => {
    const calls = serve(
      alerts([
        alert("a1"),
        alert("a2", { ticker: "MSFT", kind: "sell", title: "MSFT closed under its stop", detail: "Closed at $401.20, under the $405.00 stop.", session: "2026-11-19" }),
        alert("a3", { ticker: "AAPL", kind: "new_base", title: "AAPL formed a new base", read: true, session: "2026-11-18" }),
      ]),
    );
    renderWithSession(<AlertBell user={VERIFIED} />, VERIFIED);
    const bell = screen.getByTestId("alert-bell");
    await waitFor(() => {
      expect(bell).toHaveAccessibleName("Alerts, 2 unread");
    });
    expect(screen.getByTestId("alert-bell-badge")).toHaveTextContent("2");

    await userEvent.click(bell);
    const items = await screen.findAllByTestId("alert-item");
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "NVDA" })).toHaveAttribute("href", "/stock/NVDA");
    expect(first.getByText("NVDA reached its buy range on breakout volume")).toBeInTheDocument();
    expect(first.getByText("Closed at $101.59, 2.1% above the $99.50 buy point; stop $95.08.")).toBeInTheDocument();
    expect(first.getByText("Nov 20, 2026")).toBeInTheDocument();
    expect(first.getByText("New")).toBeInTheDocument();
    expect(within(items[2]!).queryByText("New")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Alert settings" })).toHaveAttribute("href", "/settings/alerts");

    await waitFor(() => {
      expect(calls).toContain("POST /api/alerts/read");
    });
    expect(screen.queryByTestId("alert-bell-badge")).not.toBeInTheDocument();
    expect(bell).toHaveAccessibleName("Alerts");
  });

  it("says 'No alerts yet' with a link to the watch list, and does not mark anything read", async () => {
    const calls = serve(alerts([]));
    renderWithSession(<AlertBell user={VERIFIED} />, VERIFIED);
    await waitFor(() => {
      expect(calls).toContain("GET /api/alerts");
    });
    expect(screen.queryByTestId("alert-bell-badge")).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId("alert-bell"));
    expect(await screen.findByText(NO_ALERTS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open your watch list" })).toHaveAttribute("href", "/watchlist");
    expect(calls).not.toContain("POST /api/alerts/read");
  });

  it("asks again every 5 minutes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serve(alerts([]));
      renderWithSession(<AlertBell user={VERIFIED} />, VERIFIED);
      await waitFor(() => {
        expect(calls.filter((c) => c === "GET /api/alerts")).toHaveLength(1);
      });
      await vi.advanceTimersByTimeAsync(ALERT_POLL_MS);
      await waitFor(() => {
        expect(calls.filter((c) => c === "GET /api/alerts")).toHaveLength(2);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not ask for the alerts of an unverified user", async () => {
    const calls = serve(alerts([alert("a1")]));
    const unverified = { ...VERIFIED, emailVerified: false };
    renderWithSession(<AlertBell user={unverified} />, unverified);
    await userEvent.click(screen.getByTestId("alert-bell"));
    expect(await screen.findByText(/Verify your e-mail/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
