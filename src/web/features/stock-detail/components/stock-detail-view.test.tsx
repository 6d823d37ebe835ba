// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicListResponse } from "../../../../contracts/public-list";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

function stubPublic(analyses: PublicListResponse["analyses"]) {
  const seen: { url: string; headers: Headers }[] = [];
  stubServer({
    handler: (url, init) => {
      if (!url.startsWith("/api/public-buy-stocks")) return undefined;
      seen.push({ url, headers: new Headers(init?.headers) });
      return jsonResponse({ analyses } satisfies PublicListResponse);
    },
  });
  return seen;
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession({ id: "u1", email: "ada@example.com", emailVerified: true });
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/stock/:ticker", () => {
  it("shows the first stored recommendation that parses, fetched without an auth header", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const seen = stubPublic([
      { id: "p0", analysis: "{broken", timestamp: "2026-11-20T10:00:00Z" },
      { id: "p1", analysis: JSON.stringify(sampleReport("AMD")), timestamp: "2026-11-20T10:00:00Z" },
    ]);
    const { router } = renderApp("/stock/amd");
    expect(await screen.findByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getByTestId("report-ticker")).toHaveTextContent("AMD");
    expect(seen[0]?.url).toBe("/api/public-buy-stocks?ticker=AMD");
    expect(seen[0]?.headers.has("authorization")).toBe(false);
    expect(warn).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Back to Home" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("says 'No analysis found for {TICKER}' when there is none", async () => {
    stubPublic([]);
    renderApp("/stock/msft");
    expect(await screen.findByText("No analysis found for MSFT")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Home" })).toBeInTheDocument();
  });
});
