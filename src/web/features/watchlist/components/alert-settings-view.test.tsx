// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import { alertSettingsSchema, type AlertSettings } from "../../../../contracts/alerts";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { alertSettings } from "../../../test-support/watchlist-fixtures";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

function serveSettings(initial: AlertSettings, putStatus = 200) {
  let current = alertSettingsSchema.parse(initial);
  const puts: unknown[] = [];
  stubServer({
    handler: (url, init) => {
      if (url !== "/api/alert-settings") return undefined;
      if ((init?.method ?? "GET").toUpperCase() === "GET") return jsonResponse(current);
      const body = JSON.parse(String(init?.body)) as { digest?: boolean; rules?: Partial<AlertSettings["rules"]> };
      puts.push(body);
      if (putStatus !== 200) return jsonResponse({ error: "Boom", code: "internal_error" } satisfies ApiError, putStatus);
      current = { digest: body.digest ?? current.digest, rules: { ...current.rules, ...body.rules } };
      return jsonResponse(current);
    },
  });
  return puts;
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

describe("/settings/alerts", () => {
  it("saves the digest switch at once and says 'Saved'", async () => {
    const puts = serveSettings(alertSettings());
    renderApp("/settings/alerts");
    const digest = await screen.findByTestId("digest-switch");
    expect(document.title).toBe("Alert settings · Quanta");
    expect(digest).toHaveAccessibleName("Email digest");
    expect(digest).toHaveAttribute("aria-checked", "true");
    await userEvent.click(digest);
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(puts).toEqual([{ digest: false }]);
    expect(screen.getByTestId("digest-switch")).toHaveAttribute("aria-checked", "false");
  });

  it("saves one rule, and puts the switch back when saving fails", async () => {
    const puts = serveSettings(alertSettings(), 500);
    renderApp("/settings/alerts");
    const newBase = await screen.findByRole("switch", { name: "New base" });
    for (const name of ["Buy signal", "Sell signal", "Extended", "Price alerts"]) {
      expect(screen.getByRole("switch", { name })).toHaveAttribute("aria-checked", "true");
    }
    await userEvent.click(newBase);
    expect(await screen.findByRole("alert")).toHaveTextContent("Your alert settings could not be saved. Please try again.");
    expect(puts).toEqual([{ rules: { new_base: false } }]);
    await waitFor(() => {
      expect(screen.getByRole("switch", { name: "New base" })).toHaveAttribute("aria-checked", "true");
    });
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });
});
