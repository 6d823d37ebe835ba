// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../lib/auth-client";
import { identitySession } from "../../lib/identity";
import { fail, ok, type FakeAuthClient } from "../../test-support/fake-auth-client";
import { renderApp, stubServer } from "../../test-support/render-app";

vi.mock("../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

beforeEach(() => {
  stubServer();
  fake.setPending();
  vi.clearAllMocks();
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
});

async function openDialog() {
  fake.setSession(VERIFIED);
  const app = renderApp("/gift");
  await userEvent.click(screen.getByRole("button", { name: /ada@example\.com/ }));
  await userEvent.click(await screen.findByRole("menuitem", { name: "Delete account…" }));
  return { app, dialog: await screen.findByRole("dialog", { name: "Delete your account?" }) };
}

describe("Delete account…", () => {
  it("says what goes, links the exports, and refuses a wrong password with nothing deleted", async () => {
    fake.deleteUser.mockResolvedValueOnce(fail(400, "INVALID_PASSWORD"));
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent("This deletes ada@example.com and everything in it, at once and for good:");
    for (const item of ["your analyses and their history", "your watch list and alerts", "your saved screens", "your portfolio: positions and trades", "your chat conversations"]) {
      expect(within(dialog).getByText(item)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole("link", { name: "analyses (history, Export CSV)" })).toHaveAttribute("href", "/dashboard");
    expect(within(dialog).getByRole("link", { name: "portfolio (Export CSV)" })).toHaveAttribute("href", "/portfolio");
    expect(dialog).toHaveTextContent("A paid subscription is not cancelled by this: cancel it first under Manage subscription.");
    const submit = within(dialog).getByRole("button", { name: "Delete my account" });
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter your password to delete your account.");
    expect(fake.deleteUser).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText("Your password"), "wrong password");
    await userEvent.keyboard("{Enter}");
    expect(await within(dialog).findByText("That password is not right. Nothing was deleted.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Your password")).toHaveAttribute("aria-invalid", "true");
    expect(fake.deleteUser).toHaveBeenCalledWith({ password: "wrong password" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /ada@example\.com/ })).toBeInTheDocument();
  });

  it("deletes with the password, then shows the landing page signed out with a one-line notice", async () => {
    const { app } = await openDialog();
    await userEvent.type(screen.getByLabelText("Your password"), "correct horse 42");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Your account and everything in it were deleted.")).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe("/");
    expect(fake.deleteUser).toHaveBeenCalledWith({ password: "correct horse 42" });
    expect(screen.queryByRole("button", { name: /ada@example\.com/ })).toBeNull();
    expect(screen.getAllByRole("link", { name: "Login" }).length).toBeGreaterThan(0);
  });

  it("asks a Google-only account for no password", async () => {
    fake.listAccounts.mockResolvedValueOnce(ok([{ providerId: "google" }]));
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText("You sign in with Google: confirm with the button below.")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Your password")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(fake.deleteUser).toHaveBeenCalledWith({}));
  });
});
