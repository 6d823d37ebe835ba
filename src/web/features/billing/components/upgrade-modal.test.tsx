// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STRIPE_BUY_BUTTON_SCRIPT, UpgradeModal } from "./upgrade-modal";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("UpgradeModal", () => {
  it("without billing offers no premium: says today's analyses are used and when they come back, shows no operator settings, and loads no Stripe script", () => {
    const now = () => new Date("2026-11-25T20:48:00Z");
    render(<UpgradeModal open onOpenChange={() => undefined} stripe={null} customer={null} dailyLimit={5} now={now} />);
    const dialog = screen.getByRole("dialog", { name: "Today's free analyses are used" });
    expect(dialog).toHaveTextContent("You have used all 5 free analyses for today. The limit resets at 00:00 UTC — in 3 h 12 min.");
    expect(dialog).toHaveTextContent("You can run new analyses again after the reset.");
    expect(dialog).not.toHaveTextContent(/premium|upgrade/i);
    expect(dialog).not.toHaveTextContent("STRIPE_");
    expect(dialog).not.toHaveTextContent("quanta premium");
    expect(dialog).not.toHaveTextContent("Premium removes the limit.");
    expect(document.querySelector(`script[src="${STRIPE_BUY_BUTTON_SCRIPT}"]`)).toBeNull();
  });

  it("without a number from the server it still says the limit is used and when it resets", () => {
    render(<UpgradeModal open onOpenChange={() => undefined} stripe={null} customer={null} dailyLimit={null} now={() => new Date("2026-11-25T23:15:00Z")} />);
    expect(screen.getByRole("dialog")).toHaveTextContent("You have used up today's free analyses. The limit resets at 00:00 UTC — in 45 min.");
  });

  it("'Upgrade to Premium' with Stripe: the Buy Button with the customer's e-mail and id, its script added once when opened", () => {
    const stripe = { publishableKey: "pk_test_123", buyButtonId: "buy_btn_123" };
    const customer = { id: "user-1", email: "ann@example.com" };
    const { rerender } = render(<UpgradeModal open={false} onOpenChange={() => undefined} stripe={stripe} customer={customer} dailyLimit={3} />);
    expect(document.querySelector(`script[src="${STRIPE_BUY_BUTTON_SCRIPT}"]`)).toBeNull();
    rerender(<UpgradeModal open onOpenChange={() => undefined} stripe={stripe} customer={customer} dailyLimit={3} />);
    expect(screen.getByRole("dialog", { name: "Upgrade to Premium" })).toHaveTextContent("You have used all 3 free analyses for today.");
    const button = document.querySelector("stripe-buy-button")!;
    expect(button.getAttribute("buy-button-id")).toBe("buy_btn_123");
    expect(button.getAttribute("publishable-key")).toBe("pk_test_123");
    expect(button.getAttribute("customer-email")).toBe("ann@example.com");
    expect(button.getAttribute("client-reference-id")).toBe("user-1");
    rerender(<UpgradeModal open={false} onOpenChange={() => undefined} stripe={stripe} customer={customer} dailyLimit={3} />);
    rerender(<UpgradeModal open onOpenChange={() => undefined} stripe={stripe} customer={customer} dailyLimit={3} />);
    expect(document.querySelectorAll(`script[src="${STRIPE_BUY_BUTTON_SCRIPT}"]`)).toHaveLength(1);
  });
});
