// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import type { ReactElement } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StartChatModal } from "./start-chat-modal";
import { UnlockModal } from "./unlock-modal";
import { UpgradeModal } from "./upgrade-modal";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function inRouter(element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: "/", element },
      { path: "/signup", element: <p>sign up page</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("modals", () => {
  it("'Unlock Quanta AI' sends to /signup and closes", async () => {
    const onOpenChange = vi.fn();
    const router = inRouter(<UnlockModal open onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Start Free Analysis" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("'Upgrade to Premium' without billing explains it; with billing leaves the buy-button slot", () => {
    const { rerender } = render(<UpgradeModal open onOpenChange={() => undefined} billingEnabled={false} dailyLimit={null} />);
    const dialog = screen.getByRole("dialog", { name: "Upgrade to Premium" });
    expect(dialog).toHaveTextContent("You have used up today's free analyses.");
    expect(dialog).toHaveTextContent("Premium subscriptions are not configured on this server.");
    rerender(<UpgradeModal open onOpenChange={() => undefined} billingEnabled dailyLimit={3} />);
    expect(screen.getByRole("dialog")).toHaveTextContent("You have used all 3 free analyses for today.");
    expect(document.querySelector('[data-slot="stripe-buy-button"]')).not.toBeNull();
  });

  it("'Start a New Chat?' opens /ask on this site when no chat URL is set", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const onOpenChange = vi.fn();
    render(<StartChatModal open onOpenChange={onOpenChange} chatUrl="" />);
    await userEvent.click(screen.getByRole("button", { name: "Start Chat" }));
    expect(open).toHaveBeenCalledWith("/ask", "_blank", "noopener,noreferrer");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
