// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalResponse, SubscriptionResponse } from "../../contracts/billing";
import { authClient } from "../lib/auth-client";
import { identitySession } from "../lib/identity";
import type { FakeAuthClient } from "../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../test-support/render-app";

vi.mock("../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

beforeEach(() => {
  stubServer();
  fake.setPending();
  vi.clearAllMocks();
});

const originalScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, "scrollIntoView");

afterEach(() => {
  cleanup();
  window.scrollY = 0;
  if (originalScrollIntoView) Object.defineProperty(Element.prototype, "scrollIntoView", originalScrollIntoView);
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("layout", () => {
  it("has landmarks, a skip link and the footer links", async () => {
    fake.setSession(null);
    renderApp("/");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main-content");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toBeInTheDocument();
    const footer = within(screen.getByRole("navigation", { name: "Footer" }));
    expect(footer.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Track record", "/track-record"],
      ["Contact us", "/#contact"],
    ]);
    // No link leads nowhere.
    expect(document.querySelectorAll('a[href="#"]')).toHaveLength(0);
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Quanta" })).toHaveAttribute("href", "/");
    expect(await screen.findByRole("heading", { level: 1, name: "Simplify Investments" })).toBeInTheDocument();
  });

  it("shows Login and Sign Up when signed out", () => {
    fake.setSession(null);
    renderApp("/");
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/signin");
    expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  });

  it("changes the header once the page scrolls past 8 px", () => {
    fake.setSession(null);
    renderApp("/");
    const header = screen.getByRole("banner");
    expect(header).toHaveAttribute("data-scrolled", "false");
    act(() => {
      window.scrollY = 9;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).toHaveAttribute("data-scrolled", "true");
    act(() => {
      window.scrollY = 8;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).toHaveAttribute("data-scrolled", "false");
  });

  it("toggles the collapsible mobile menu", async () => {
    fake.setSession(null);
    renderApp("/");
    const toggle = screen.getByRole("button", { name: "Show page links" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide page links" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeVisible();
  });

  it("signs out from the header dropdown and goes to /signin", async () => {
    fake.setSession(VERIFIED);
    const { router } = renderApp("/gift");
    const trigger = screen.getByRole("button", { name: /ada@example\.com/ });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Sign Out" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(fake.signOut).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Login" })).toBeInTheDocument();
  });
});

describe("Manage subscription", () => {
  it("a Stripe subscriber opens the customer portal from the e-mail dropdown; a free user has no such item", async () => {
    const assign = vi.fn();
    const locationSpy = vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    let manageable = true;
    const fetchMock = stubServer({
      handler: (url, init) => {
        if (url.endsWith("/api/billing/subscription")) {
          const usage = { used: 1, limit: manageable ? null : 5, remaining: manageable ? null : 4, resetsAt: "2026-11-21T00:00:00Z" };
          const subscription = { status: "active", active: true, currentPeriodEnd: "2026-12-20T00:00:00Z", source: "stripe", manageable: true };
          return jsonResponse({ plan: manageable ? "premium" : "free", subscription: manageable ? subscription : null, usage } satisfies SubscriptionResponse);
        }
        if (url.endsWith("/api/billing/portal") && init?.method === "POST") {
          return jsonResponse({ url: "https://billing.stripe.com/p/session/test" } satisfies PortalResponse);
        }
        return undefined;
      },
    });
    fake.setSession(VERIFIED);
    renderApp("/gift");
    await userEvent.click(screen.getByRole("button", { name: /ada@example\.com/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Manage subscription" }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test");
    });
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith("/api/billing/portal") && init?.method === "POST")).toBe(true);

    cleanup();
    manageable = false;
    renderApp("/gift");
    await userEvent.click(screen.getByRole("button", { name: /ada@example\.com/ }));
    await screen.findByRole("menuitem", { name: "Sign Out" });
    await waitFor(() => {
      expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/api/billing/subscription")).length).toBeGreaterThanOrEqual(2);
    });
    expect(screen.queryByRole("menuitem", { name: "Manage subscription" })).toBeNull();
    locationSpy.mockRestore();
  });
});

describe("navigation drawer", () => {
  it("opens 240 px wide with the app's pages, no link leading nowhere, and closes on an overlay click", async () => {
    fake.setSession(null);
    renderApp("/");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    expect(drawer.style.width).toBe("240px");
    expect(within(drawer).getByRole("link", { name: "Analyze a stock" })).toHaveAttribute("href", "/stocks");
    for (const name of ["Projects", "Solutions", "Blog", "Events"]) expect(within(drawer).queryByRole("link", { name })).toBeNull();
    expect(document.querySelectorAll('a[href="#"]')).toHaveLength(0);
    expect(within(drawer).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/signin");
    expect(within(drawer).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");

    const overlay = screen.getByTestId("drawer-overlay");
    fireEvent.pointerDown(overlay);
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("closes with Escape", async () => {
    fake.setSession(null);
    renderApp("/");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("shows the e-mail dropdown with 'Sign out' when signed in", async () => {
    fake.setSession(VERIFIED);
    const { router } = renderApp("/");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole("button", { name: /ada@example\.com/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(fake.signOut).toHaveBeenCalledTimes(1);
  });
});

describe("route guards", () => {
  it.each(["/dashboard", "/analyses", "/analyses/AAPL", "/stock/AAPL"])(
    "%s waits for the session check, then sends signed-out visitors to /signin",
    async (path) => {
      const { router } = renderApp(path);
      expect(screen.getByText("Checking your session…")).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      act(() => {
        fake.setSession(null);
      });
      await waitFor(() => {
        expect(router.state.location.pathname).toBe("/signin");
      });
      expect(router.state.historyAction).toBe("REPLACE");
    },
  );

  it("lets signed-in users in", async () => {
    fake.setSession(VERIFIED);
    renderApp("/stock/MSFT");
    expect(await screen.findByText("No analysis found for MSFT")).toBeInTheDocument();
  });

  it("'Back to Home' goes to /", async () => {
    fake.setSession(VERIFIED);
    const { router } = renderApp("/stock/MSFT");
    await userEvent.click(await screen.findByRole("button", { name: "Back to Home" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the empty history with a link to /analyze", async () => {
    stubServer({
      handler: (url) => (url.startsWith("/user/stock-analyses/") ? jsonResponse({ success: true, analyses: [] }) : undefined),
    });
    fake.setSession(VERIFIED);
    renderApp("/dashboard");
    expect(await screen.findByText("No stock analyses found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Analyze Your First Stock" })).toHaveAttribute("href", "/analyze");
  });
});

describe("pages", () => {
  it("shows the 404 page for unknown paths", () => {
    fake.setSession(null);
    renderApp("/no/such/page");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it.each(["/stocks", "/quanta", "/analyze"])("%s is the analyze page", async (path) => {
    fake.setSession(null);
    renderApp(path);
    expect(screen.getByRole("link", { name: "View Historical Analysis" })).toHaveAttribute("href", "/analyses");
    const input = screen.getByLabelText("Enter Stock Ticker or Company Name");
    expect(input).toHaveAttribute("placeholder", "AAPL");
    await userEvent.type(input, " msft");
    expect(input).toHaveValue(" MSFT");
    await userEvent.click(screen.getByRole("button", { name: "Analyze Stock" }));
    expect(await screen.findByRole("dialog", { name: "Unlock Quanta AI" })).toBeInTheDocument();
  });

  it("prefills the ticker from the query string", () => {
    fake.setSession(null);
    renderApp("/stocks?ticker=nvda");
    expect(screen.getByLabelText("Enter Stock Ticker or Company Name")).toHaveValue("NVDA");
  });

  it("has the gift and upload placeholders", () => {
    fake.setSession(null);
    renderApp("/gift");
    expect(screen.getByRole("heading", { name: "Gift Recommendation Assistant" })).toBeInTheDocument();
  });
});

describe("landing tabs", () => {
  it("selects 'Stocks to buy' by default", () => {
    fake.setSession(null);
    renderApp("/");
    expect(screen.getByRole("tab", { name: "Stocks to buy" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Stocks to watch" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tab", { name: "News to read" })).toBeInTheDocument();
    expect(document.getElementById("buy-list")).not.toBeNull();
  });

  it("#buy-list selects the buy tab and scrolls smoothly after 100 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    fake.setSession(null);
    const { router } = renderApp("/");

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(screen.getByRole("tab", { name: "Stocks to watch" }));
    expect(screen.getByRole("tab", { name: "Stocks to watch" })).toHaveAttribute("aria-selected", "true");

    vi.useFakeTimers();
    await act(() => router.navigate("/#buy-list"));
    expect(screen.getByRole("tab", { name: "Stocks to buy" })).toHaveAttribute("aria-selected", "true");
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById("buy-list"));
  });
});

describe("e-mail verification notice", () => {
  it("asks unverified users to verify and resends the e-mail", async () => {
    fake.setSession({ ...VERIFIED, emailVerified: false });
    renderApp("/");
    expect(screen.getByText("Please verify your email to unlock analysis and chat.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resend Verification Email" }));
    expect(await screen.findByText("Verification email sent! Please check your inbox.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(fake.sendVerificationEmail).toHaveBeenCalledWith({ email: "ada@example.com", callbackURL: "/verify-email" });
  });

  it("reports a failed resend", async () => {
    fake.setSession({ ...VERIFIED, emailVerified: false });
    fake.sendVerificationEmail.mockResolvedValueOnce({ data: null, error: { status: 500, message: "x" } });
    renderApp("/");
    await userEvent.click(screen.getByRole("button", { name: "Resend Verification Email" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error sending verification email. Please try again later.",
    );
  });

  it("is not shown to verified users", () => {
    fake.setSession(VERIFIED);
    renderApp("/");
    expect(screen.queryByText("Please verify your email to unlock analysis and chat.")).not.toBeInTheDocument();
  });
});

describe("identity session wiring", () => {
  it("fetches a JWT for a signed-in user", async () => {
    const fetchMock = stubServer();
    fake.setSession(VERIFIED);
    renderApp("/");
    await waitFor(() => {
      expect(identitySession.token).not.toBeNull();
    });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/token",
      expect.objectContaining({ credentials: "include", method: "GET" }),
    );
  });

  it("signs out and goes to /signin when the token endpoint answers 401", async () => {
    stubServer({ tokenStatus: 401 });
    fake.setSession(VERIFIED);
    const { router } = renderApp("/dashboard");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(fake.signOut).toHaveBeenCalled();
    expect(identitySession.user).toBeNull();
  });

  it("checks the session again when the window regains focus", () => {
    fake.setSession(VERIFIED);
    renderApp("/");
    fireEvent.focus(window);
    expect(fake.refetch).toHaveBeenCalled();
  });
});
