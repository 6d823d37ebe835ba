// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../lib/auth-client";
import { identitySession } from "../lib/identity";
import type { FakeAuthClient } from "../test-support/fake-auth-client";
import { renderApp, stubServer } from "../test-support/render-app";

vi.mock("../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

beforeEach(() => {
  vi.clearAllMocks();
  fake.setPending();
  stubServer();
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("RequireAuth keeps the return address", () => {
  it.each([
    ["/analyses", "/analyses"],
    ["/dashboard?ticker=NWSC#list", "/dashboard?ticker=NWSC#list"],
    ["/stock/CVPH", "/stock/CVPH"],
  ])("%s → /signin?redirect=…", async (path, back) => {
    const { router } = renderApp(path);
    expect(screen.getByText("Checking your session…")).toBeInTheDocument();
    act(() => {
      fake.setSession(null);
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(back);
    // Every 'Sign Up' link of /signin (the header's and the form's) keeps it.
    await screen.findByRole("button", { name: "Sign In" });
    const hrefs = screen.getAllByRole("link", { name: "Sign Up" }).map((link) => link.getAttribute("href"));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(new Set(hrefs)).toEqual(new Set([`/signup?redirect=${encodeURIComponent(back)}`]));
  });

  it.each([
    ["/watchlist", "Sign in to see your watch list"],
    ["/portfolio", "Sign in to see your portfolio"],
    ["/analyses", "Sign in to see your analysis history"],
    ["/dashboard", "Sign in to see your analysis history"],
    ["/settings/alerts", "Sign in to change your alert settings"],
    ["/stock/cvph", "Sign in to see CVPH"],
  ])("a signed-out visitor sent from %s to /signin is told why: '%s'", async (path, reason) => {
    const { router } = renderApp(path);
    act(() => {
      fake.setSession(null);
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(await screen.findByTestId("sign-in-reason")).toHaveTextContent(reason);
  });

  it("/signin opened from a public page, the upload page's sign-in link or the chat", async () => {
    fake.setSession(null);
    const { router } = renderApp("/signin?redirect=%2Fgift");
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByTestId("sign-in-reason")).not.toBeInTheDocument();
    await act(async () => {
      await router.navigate("/signin?redirect=%2Fupload");
    });
    expect(screen.getByTestId("sign-in-reason")).toHaveTextContent("Sign in to upload a stock list");
    await act(async () => {
      await router.navigate("/signin?redirect=%2Fask%2Fabc");
    });
    expect(screen.getByTestId("sign-in-reason")).toHaveTextContent("Sign in to chat");
    await act(async () => {
      await router.navigate("/signin?redirect=https%3A%2F%2Fevil.example%2Fwatchlist");
    });
    expect(screen.queryByTestId("sign-in-reason")).not.toBeInTheDocument();
  });

  it("the header's Login link on a public page returns to it; on the landing page it does not", async () => {
    fake.setSession(null);
    const { router } = renderApp("/gift");
    const login = await screen.findByRole("link", { name: "Login" });
    expect(login).toHaveAttribute("href", "/signin?redirect=%2Fgift");
    await act(async () => {
      await router.navigate("/");
    });
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/signin");
  });
});
