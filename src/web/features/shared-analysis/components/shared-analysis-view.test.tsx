// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SharedAnalysisResponse } from "../../../../contracts/analysis-sharing";
import type { ApiError } from "../../../../contracts/api-error";
import { identitySession } from "../../../lib/identity";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { sampleReport } from "../../../test-support/sample-report";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const TOKEN = "abcdefghijklmnopqrstuv";

function stubShared(answer: () => Response) {
  const urls: string[] = [];
  stubServer({
    handler: (url) => {
      urls.push(url);
      return url === `/api/shared/${TOKEN}` ? answer() : undefined;
    },
  });
  return urls;
}

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => {
    meta.remove();
  });
});

describe("a shared analysis's page", () => {
  it("shows the report with its date, signed out, asks not to be indexed and prints", async () => {
    const report = sampleReport("NWSC");
    const urls = stubShared(() => jsonResponse({ analysis: report, timestamp: "2026-11-20T15:30:00.000Z" } satisfies SharedAnalysisResponse));
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Shared analysis: NWSC" })).toBeInTheDocument();
    expect(screen.getByTestId("analysis-report")).toBeInTheDocument();
    expect(screen.getByTestId("shared-analysis-date")).toHaveAttribute("datetime", "2026-11-20T15:30:00.000Z");
    expect(urls).toContain(`/api/shared/${TOKEN}`);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await userEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("says the analysis is no longer available when its link was stopped", async () => {
    stubShared(() => jsonResponse({ error: "This shared analysis is no longer available.", code: "share_not_found" } satisfies ApiError, 404));
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole("heading", { level: 1, name: "This shared analysis is no longer available" })).toBeInTheDocument();
    expect(screen.queryByTestId("analysis-report")).toBeNull();
  });
});
