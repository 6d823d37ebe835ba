// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShareResponse } from "../../../../contracts/analysis-sharing";
import type { ApiError } from "../../../../contracts/api-error";
import type { SubscriptionResponse } from "../../../../contracts/billing";
import type { AnalyzeResponse, Usage } from "../../../../contracts/research";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer, type StubHandler } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";
import { BUY_RULES, SELL_RULES } from "../../../../contracts/trading-rules";
import { ANALYSIS_LOADING_MESSAGES } from "../loading-messages";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };
const UNVERIFIED = { ...VERIFIED, emailVerified: false };
const LABEL = "Enter Stock Ticker or Company Name";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const SHARED: ShareResponse = { url: "http://localhost:3000/s/abcdefghijklmnopqrstuv", path: "/s/abcdefghijklmnopqrstuv" };
const USAGE: Usage = { used: 2, limit: 5, remaining: 3, premium: false, resetsAt: "2026-11-21T00:00:00Z" };
const FREE_PLAN: SubscriptionResponse = {
  plan: "free",
  subscription: null,
  usage: { used: 5, limit: 5, remaining: 0, resetsAt: "2026-11-21T00:00:00Z" },
};

/** Stubs the server with the research endpoints; `analyze` answers POST /research/stocks/. */
function stubResearch(
  options: {
    analyze?: (ticker: string) => Response | Promise<Response>;
    subscription?: SubscriptionResponse;
    usage?: Usage;
    config?: Parameters<typeof stubServer>[0] extends infer O ? (O extends { config?: infer C } ? C : never) : never;
    csrfStatus?: number;
  } = {},
) {
  const calls: Call[] = [];
  const handler: StubHandler = (url, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    calls.push({ url, method, headers: new Headers(init?.headers), body: init?.body });
    if (url === "/csrf_cookie" && options.csrfStatus) return jsonResponse({ error: "no", code: "x" } satisfies ApiError, options.csrfStatus);
    if (url === "/research/stocks/" && method === "POST") {
      const input = init?.body instanceof FormData ? String(init.body.get("input")) : "";
      return undefined === options.analyze
        ? jsonResponse({ response: sampleReport(input), analysis: { id: "a1", timestamp: "2026-11-20T10:00:00Z" } } satisfies AnalyzeResponse)
        : (options.analyze(input) as Response);
    }
    if (url === "/api/analyses/a1/share" && method === "POST") return jsonResponse(SHARED);
    if (url === "/api/billing/subscription") return jsonResponse(options.subscription ?? FREE_PLAN);
    if (url === "/api/usage") return jsonResponse(options.usage ?? USAGE);
    return undefined;
  };
  const fetchMock = stubServer({ handler, ...(options.config ? { config: options.config } : {}) });
  return { calls, fetchMock, analyzeCalls: () => calls.filter((c) => c.url === "/research/stocks/") };
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(null);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets pending promises, React updates and zero-delay timers run without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function analyzeButton() {
  return screen.getByRole("button", { name: "Analyze Stock" });
}

async function analyze(ticker: string) {
  const input = screen.getByLabelText(LABEL);
  await userEvent.clear(input);
  await userEvent.type(input, ticker);
  await waitFor(() => {
    expect(analyzeButton()).toBeEnabled();
  });
  await userEvent.click(analyzeButton());
}

describe("the ticker input", () => {
  it("is forced to uppercase as typed and keeps ?ticker= in the URL in step (replace)", async () => {
    stubResearch();
    const { router } = renderApp("/stocks");
    const input = screen.getByLabelText(LABEL);
    expect(input).toHaveAttribute("placeholder", "AAPL");
    await userEvent.type(input, "msft");
    expect(input).toHaveValue("MSFT");
    expect(router.state.location.search).toBe("?ticker=MSFT");
    expect(router.state.historyAction).toBe("REPLACE");
    await userEvent.clear(input);
    expect(router.state.location.search).toBe("");
  });

  it("is prefilled from ?ticker= in uppercase, and the URL follows", async () => {
    stubResearch();
    const { router } = renderApp("/quanta?ticker=nvda");
    expect(screen.getByLabelText(LABEL)).toHaveValue("NVDA");
    await waitFor(() => {
      expect(router.state.location.search).toBe("?ticker=NVDA");
    });
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("follows a new ?ticker= while the page stays open", async () => {
    stubResearch();
    const { router } = renderApp("/stocks?ticker=AAPL");
    await act(() => router.navigate("/stocks?ticker=tsla"));
    expect(screen.getByLabelText(LABEL)).toHaveValue("TSLA");
  });
});

describe("the gates of docs/product.md", () => {
  it("signed out: the 'Unlock Quanta AI' modal, whose 'Start Free Analysis' goes to /signup", async () => {
    const { analyzeCalls } = stubResearch();
    const { router } = renderApp("/stocks?ticker=AAPL");
    await userEvent.click(analyzeButton());
    const dialog = await screen.findByRole("dialog", { name: "Unlock Quanta AI" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Start Free Analysis" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(analyzeCalls()).toHaveLength(0);
  });

  it("unverified: the red message and the 'Email Verification Required' modal", async () => {
    const { analyzeCalls } = stubResearch();
    fake.setSession(UNVERIFIED);
    renderApp("/stocks?ticker=AAPL");
    await userEvent.click(analyzeButton());
    expect(await screen.findByRole("dialog", { name: "Email Verification Required" })).toBeInTheDocument();
    const message = screen.getByTestId("analysis-error");
    expect(message).toHaveTextContent("Please verify your email first! Check your inbox for the verification link.");
    expect(message.className).toContain("text-danger-700");
    expect(analyzeCalls()).toHaveLength(0);
  });

  it("empty ticker: 'Please enter a stock symbol'", async () => {
    const { analyzeCalls } = stubResearch();
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await userEvent.type(screen.getByLabelText(LABEL), "   ");
    await userEvent.click(analyzeButton());
    expect(await screen.findByText("Please enter a stock symbol")).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText(LABEL)).toHaveAttribute("aria-invalid", "true");
    expect(analyzeCalls()).toHaveLength(0);
  });

  it("no CSRF token: 'Unable to submit the form. CSRF token is missing.'", async () => {
    stubResearch({ csrfStatus: 500 });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AAPL");
    expect(await screen.findByTestId("analysis-error")).toHaveTextContent("Unable to submit the form. CSRF token is missing.");
  });
});

describe("an analysis", () => {
  it("posts the trimmed ticker as multipart field `input` with Bearer and CSRF, then shows the report", async () => {
    const { analyzeCalls } = stubResearch();
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    expect(screen.getByRole("button", { name: "Share" })).toBeDisabled();
    await analyze("  msft ");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("MSFT");
    expect(screen.getByLabelText(LABEL)).toHaveValue("MSFT");
    const [call] = analyzeCalls();
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body as FormData).get("input")).toBe("MSFT");
    expect(call?.headers.get("authorization")).toMatch(/^Bearer /);
    expect(call?.headers.get("x-csrftoken")).toBe("csrf");
    expect(call?.headers.has("content-type")).toBe(false);
    expect(screen.getByRole("button", { name: "Share" })).toBeEnabled();
  });

  it("rotates the loading messages every 1.5 s", async () => {
    vi.useFakeTimers();
    let finish: (response: Response) => void = () => undefined;
    stubResearch({
      analyze: () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }) as unknown as Response,
    });
    fake.setSession(VERIFIED);
    renderApp("/stocks?ticker=AAPL");
    await settle();
    fireEvent.submit(analyzeButton().closest("form")!);
    await settle();
    const message = () => screen.getByTestId("analysis-loading-message");
    expect(screen.getByTestId("analysis-loading")).toHaveAttribute("role", "status");
    expect(message()).toHaveTextContent(ANALYSIS_LOADING_MESSAGES[0]);
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(message()).toHaveTextContent(ANALYSIS_LOADING_MESSAGES[0]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(message()).toHaveTextContent(ANALYSIS_LOADING_MESSAGES[1]);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(message()).toHaveTextContent(ANALYSIS_LOADING_MESSAGES[2]);
    expect(analyzeButton()).toBeDisabled();
    await act(() => {
      finish(jsonResponse({ response: sampleReport("AAPL"), analysis: { id: "a", timestamp: "2026-11-20T10:00:00Z" } } satisfies AnalyzeResponse));
      return Promise.resolve();
    });
    await settle();
    expect(screen.queryByTestId("analysis-loading")).not.toBeInTheDocument();
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("AAPL");
  });

  it("?autoSearch=true runs the analysis once on load for a verified user, then leaves the URL so a reload does not run it again", async () => {
    const { analyzeCalls } = stubResearch();
    fake.setSession(VERIFIED);
    const { router } = renderApp("/stocks?ticker=nvda&autoSearch=true");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.search).toBe("?ticker=NVDA");
    });
    expect(router.state.historyAction).toBe("REPLACE");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyzeCalls()).toHaveLength(1);
    expect((analyzeCalls()[0]?.body as FormData).get("input")).toBe("NVDA");
    // The first call on load already waits for the user's token.
    expect(analyzeCalls()[0]?.headers.get("authorization")).toMatch(/^Bearer /);

    // Reload: the page opens at the address the URL now holds, and shows the ticker without analysing.
    const address = `${router.state.location.pathname}${router.state.location.search}`;
    cleanup();
    renderApp(address);
    expect(screen.getByLabelText(LABEL)).toHaveValue("NVDA");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyzeCalls()).toHaveLength(1);
  });

  it("says when the answer is the user's stored analysis of today, and 'Refresh' asks again explicitly", async () => {
    const analyzedAt = new Date();
    analyzedAt.setHours(10, 42, 0, 0);
    const reused = { analyzedAt: analyzedAt.toISOString(), dataDate: "2026-11-19" };
    const { analyzeCalls } = stubResearch({
      analyze: (input) => jsonResponse({ response: sampleReport(input), analysis: { id: "a1", timestamp: reused.analyzedAt }, reused } satisfies AnalyzeResponse),
    });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("CBRG");
    const notice = await screen.findByTestId("reused-analysis");
    expect(notice).toHaveTextContent("From your analysis of today, 10:42");
    expect(notice).toHaveTextContent("did not use another of your daily analyses");
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("CBRG");
    expect((analyzeCalls()[0]?.body as FormData).get("refresh")).toBeNull();

    await userEvent.click(within(notice).getByRole("button", { name: "Refresh" }));
    await waitFor(() => {
      expect(screen.getByTestId("reused-analysis")).toHaveTextContent("No newer market data since your analysis at 10:42.");
    });
    expect(analyzeCalls()).toHaveLength(2);
    expect((analyzeCalls()[1]?.body as FormData).get("input")).toBe("CBRG");
    expect((analyzeCalls()[1]?.body as FormData).get("refresh")).toBe("true");
  });

  it("shows no reuse notice for a new analysis", async () => {
    stubResearch();
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("CBRG");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.queryByTestId("reused-analysis")).not.toBeInTheDocument();
  });

  it("?autoSearch=true does nothing for a signed-out visitor", async () => {
    const { analyzeCalls } = stubResearch();
    renderApp("/stocks?ticker=NVDA&autoSearch=true");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyzeCalls()).toHaveLength(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("401: the sign-up prompt", async () => {
    stubResearch({ analyze: () => jsonResponse({ error: "Sign in", code: "token_expired" } satisfies ApiError, 401) });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AAPL");
    expect(await screen.findByRole("dialog", { name: "Unlock Quanta AI" })).toBeInTheDocument();
  });

  it("403 email_unverified from the server: the message and the verification modal", async () => {
    stubResearch({
      analyze: () =>
        jsonResponse({ error: "Please verify your email first! Check your inbox for the verification link.", code: "email_unverified" } satisfies ApiError, 403),
    });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AAPL");
    expect(await screen.findByRole("dialog", { name: "Email Verification Required" })).toBeInTheDocument();
    expect(screen.getByTestId("analysis-error")).toHaveTextContent("Please verify your email first!");
  });

  it("429 where premium is not sold: no upgrade offer, only when today's analyses come back", async () => {
    const { calls } = stubResearch({ analyze: () => jsonResponse({ error: "You reached your daily limit of 5 analyses", code: "daily_limit" } satisfies ApiError, 429) });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AAPL");
    const dialog = await screen.findByRole("dialog", { name: "Today's free analyses are used" });
    expect(dialog).toHaveTextContent("You have used all 5 free analyses for today.");
    expect(dialog).not.toHaveTextContent(/premium/i);
    expect(dialog.querySelector('[data-slot="stripe-buy-button"]')).toBeNull();
    expect(calls.some((c) => c.url === "/api/billing/subscription")).toBe(true);
  });

  it("429 with billing configured: leaves the slot for the buy button", async () => {
    stubResearch({ analyze: () => jsonResponse({ error: "daily limit", code: "daily_limit" } satisfies ApiError, 429), config: { billingEnabled: true, stripe: { publishableKey: "pk_test_123", buyButtonId: "buy_btn_123" } } });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await waitFor(() => {
      expect(screen.getByLabelText(LABEL)).toBeEnabled();
    });
    await analyze("AAPL");
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Premium" });
    await waitFor(() => {
      expect(dialog.querySelector('[data-slot="stripe-buy-button"]')).not.toBeNull();
    });
    expect(dialog).toHaveTextContent("Premium removes the limit.");
  });

  it("daily limit with an active subscription: the support message in red", async () => {
    stubResearch({
      analyze: () => jsonResponse({ error: "daily limit reached", code: "daily_limit" } satisfies ApiError, 429),
      subscription: {
        plan: "premium",
        subscription: { status: "active", active: true, currentPeriodEnd: "2026-12-20T00:00:00Z", source: "stripe", manageable: true },
        usage: { used: 5, limit: null, remaining: null, resetsAt: "2026-11-21T00:00:00Z" },
      },
    });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AAPL");
    expect(await screen.findByTestId("analysis-error")).toHaveTextContent(
      "Unexpected error: Limit reached with active subscription. Please contact support.",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it.each([
    [() => jsonResponse({ error: "No data found for XYZ", code: "not_found" } satisfies ApiError, 404), "No data found for XYZ"],
    [() => new Response("<html>", { status: 502, statusText: "Bad Gateway" }), "The server could not run the analysis. Please try again in a moment."],
    // Answers that break the contract (contracts/research.ts analyzeResponseSchema), worded as docs/product.md does.
    [() => jsonResponse({ nothing: true }), "Invalid response format from server"],
    [() => jsonResponse({ response: { meta: {} } }), "Missing analysis data in response"],
    [() => jsonResponse({ response: "{broken" }), "The server's answer could not be read. Please try again."],
    [() => jsonResponse({ response: { stock_summary: { ticker: "XYZ" } }, analysis: { id: "a", timestamp: "2026-11-20T10:00:00Z" } }), "Invalid response format from server"],
  ])("shows the error text (%#)", async (answer, text) => {
    stubResearch({ analyze: answer });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("XYZ");
    expect(await screen.findByTestId("analysis-error")).toHaveTextContent(text);
    expect(screen.queryByTestId("analysis-report")).not.toBeInTheDocument();
  });

  it("shows the free analyses left today and asks again after an analysis", async () => {
    const { calls } = stubResearch();
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    expect(await screen.findByTestId("usage-line")).toHaveTextContent("3 of 5 free analyses left today");
    expect(calls.find((c) => c.url === "/api/usage")?.headers.get("authorization")).toMatch(/^Bearer /);
    const before = calls.filter((c) => c.url === "/api/usage").length;
    await analyze("AAPL");
    await screen.findByTestId("analysis-report");
    await waitFor(() => {
      expect(calls.filter((c) => c.url === "/api/usage").length).toBeGreaterThan(before);
    });
  });

  it("hides the usage line for premium users", async () => {
    stubResearch({ usage: { used: 12, limit: null, remaining: null, premium: true, resetsAt: "2026-11-21T00:00:00Z" } });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("usage-line")).not.toBeInTheDocument();
  });
});

describe("share and print", () => {
  it("shares the analysis's own read-only link, copies it and says so beside the button, never in an alert", async () => {
    const { calls } = stubResearch();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("amd");
    await screen.findByTestId("analysis-report");
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    const status = screen.getByTestId("share-status");
    await waitFor(() => {
      expect(status).toHaveTextContent("Link copied");
    });
    // A polite live region, so screen readers announce it.
    expect(status).toHaveAttribute("role", "status");
    expect(writeText).toHaveBeenCalledWith(SHARED.url);
    expect(alert).not.toHaveBeenCalled();
    const share = calls.find((c) => c.url === "/api/analyses/a1/share");
    expect(share?.method).toBe("POST");
    expect(share?.headers.get("x-csrftoken")).toBe("csrf");
  });

  it("shows the link in a read-only field to copy when the clipboard is unavailable", async () => {
    stubResearch();
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    const prompt = vi.spyOn(window, "prompt").mockImplementation(() => null);
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("amd");
    await screen.findByTestId("analysis-report");
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    const field = await screen.findByLabelText("Copy this link:");
    expect(field).toHaveValue(SHARED.url);
    expect(field).toHaveAttribute("readonly");
    expect(prompt).not.toHaveBeenCalled();
  });

  it("uses the system share sheet when there is one", async () => {
    stubResearch();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await analyze("AMD");
    await screen.findByTestId("analysis-report");
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledWith({ title: "AMD stock analysis", url: SHARED.url });
    });
    expect(await screen.findByText("Link shared")).toBeInTheDocument();
    Reflect.deleteProperty(navigator, "share");
  });

  it("prints with window.print()", async () => {
    stubResearch();
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    renderApp("/stocks");
    const buttons = screen.getByTestId("share-print-buttons");
    // In the header toolbar, not fixed over the report.
    expect(buttons.className).not.toContain("fixed");
    expect(buttons.className).toContain("print:hidden");
    await userEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe("Trading Rules and Chat with Quanta", () => {
  it("lists the buy and sell rules verbatim", async () => {
    stubResearch();
    renderApp("/stocks");
    await userEvent.click(screen.getByRole("button", { name: "Trading Rules" }));
    const rules = await screen.findByTestId("trading-rules");
    expect(within(rules).getByRole("heading", { name: "Buy rules" })).toBeInTheDocument();
    expect(within(rules).getByRole("heading", { name: "Sell rules" })).toBeInTheDocument();
    expect(within(within(rules).getByTestId("buy-rules")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(BUY_RULES.map((r) => r.text));
    expect(within(within(rules).getByTestId("sell-rules")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(SELL_RULES.map((r) => r.text));
  });

  it("signed out: the sign-up prompt", async () => {
    stubResearch();
    renderApp("/stocks");
    await userEvent.click(screen.getByRole("button", { name: "Chat with Quanta" }));
    expect(await screen.findByRole("dialog", { name: "Unlock Quanta AI" })).toBeInTheDocument();
  });

  it("unverified: the verification modal", async () => {
    stubResearch();
    fake.setSession(UNVERIFIED);
    renderApp("/stocks");
    await userEvent.click(screen.getByRole("button", { name: "Chat with Quanta" }));
    expect(await screen.findByRole("dialog", { name: "Email Verification Required" })).toBeInTheDocument();
  });

  it("verified: 'Start a New Chat?' opens the chat site's /ask in a new tab; 'Cancel' closes", async () => {
    stubResearch({ config: { chatUrl: "https://chat.example.com/" } });
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    fake.setSession(VERIFIED);
    renderApp("/stocks");
    await waitFor(() => {
      expect(analyzeButton()).toBeEnabled();
    });
    await userEvent.click(screen.getByRole("button", { name: "Chat with Quanta" }));
    let dialog = await screen.findByRole("dialog", { name: "Start a New Chat?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(open).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Chat with Quanta" }));
    dialog = await screen.findByRole("dialog", { name: "Start a New Chat?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Start Chat" }));
    expect(open).toHaveBeenCalledWith("https://chat.example.com/ask", "_blank", expect.stringContaining("noopener"));
  });
});
