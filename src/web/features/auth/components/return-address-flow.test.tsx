// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { renderApp, stubServer } from "../../../test-support/render-app";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

beforeEach(() => {
  stubServer();
  vi.clearAllMocks();
  fake.setSession(null);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the return address through sign-in and sign-up", () => {
  // The fake client does not sign in, so the return addresses here are pages open to visitors.
  it("signing in from /signin?redirect=… goes back there, with its query and hash", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin?redirect=%2Fgift%3Fx%3D1%23top");
    await settle();
    type("Email", "ada@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(`${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`).toBe("/gift?x=1#top");
  });

  it("a crafted ?redirect= to another site is ignored: /stocks", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin?redirect=%2F%5Cevil.example");
    await settle();
    type("Email", "ada@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe("/stocks");
  });

  it("/signup keeps it: its 'Sign in' link, and after signing up the sign-in page with it", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signup?redirect=%2Fupload");
    await settle();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin?redirect=%2Fupload");
    type("Email", "grace@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe("/signin");
    expect(router.state.location.search).toBe("?redirect=%2Fupload");
  });

  it("Google sign-up with a return address goes there", async () => {
    stubServer({ config: { googleEnabled: true } });
    vi.useFakeTimers();
    const { router } = renderApp("/signup?redirect=%2Fupload%3Ffrom%3Dgoogle");
    await settle();
    fireEvent.click(screen.getByRole("button", { name: /Sign up with Google/ }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/upload?from=google");
  });
});
