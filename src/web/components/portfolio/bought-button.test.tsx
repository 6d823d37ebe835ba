// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../contracts/api-error";
import { positionSchema } from "../../../contracts/portfolio";
import { jsonResponse } from "../../test-support/render-app";
import { renderWithSession } from "../../test-support/render-with-session";
import { position } from "../../test-support/portfolio-fixtures";
import { BoughtButton } from "./bought-button";
import { PositionSizeCalculator } from "./position-size-calculator";

const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };
const PLAN = { asOf: "2026-11-20", buyPoint: 50, stop: 46, target: 62 };

function serve(refuse?: { status: number; body: ApiError }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
      if (url === "/csrf_cookie") return Promise.resolve(jsonResponse({ csrfToken: "csrf" }));
      if (url === "/api/positions" && init?.method === "POST") {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push(body);
        if (refuse) return Promise.resolve(jsonResponse(refuse.body, refuse.status));
        return Promise.resolve(jsonResponse(positionSchema.parse(position("p1", "NVDA", { shares: body.shares as number })), 201));
      }
      return Promise.resolve(jsonResponse({ error: "Not found", code: "not_found" } satisfies ApiError, 404));
    }),
  );
  return posts;
}

function Report() {
  return (
    <>
      <BoughtButton ticker="nvda" plan={PLAN} />
      <PositionSizeCalculator buyPoint={PLAN.buyPoint} stop={PLAN.stop} />
    </>
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the position-size calculator", () => {
  it("sizes the buy from the account and the risk, and remembers both in this browser", async () => {
    renderWithSession(<PositionSizeCalculator buyPoint={50} stop={46} />, null);
    const answer = screen.getByTestId("sizing-answer");
    expect(answer).toHaveTextContent("Enter your account size");
    await userEvent.type(screen.getByLabelText("Account size ($)"), "100,000");
    // 1% of $100,000 = $1,000 at risk; $4 a share to the stop → 250 shares for $12,500.
    expect(answer).toHaveTextContent("Buy 250 shares for $12,500.00 (12.5% of the account). A close under the stop loses $1,000.00.");
    await userEvent.clear(screen.getByLabelText("Risk per trade (%)"));
    await userEvent.type(screen.getByLabelText("Risk per trade (%)"), "0.5");
    expect(answer).toHaveTextContent("Buy 125 shares");
    expect(JSON.parse(window.localStorage.getItem("quanta.sizing") ?? "{}")).toEqual({ account: "100,000", riskPct: "0.5" });

    cleanup();
    renderWithSession(<PositionSizeCalculator buyPoint={20} stop={19} />, null);
    expect(screen.getByLabelText("Account size ($)")).toHaveValue("100,000");
    expect(screen.getByTestId("sizing-answer")).toHaveTextContent("Buy 500 shares for $10,000.00");
  });

  it("says so when the report has no buy point under a stop", () => {
    renderWithSession(<PositionSizeCalculator buyPoint={null} stop={46} />, null);
    expect(screen.getByTestId("sizing-answer")).toHaveTextContent("This report has no buy point under a stop");
  });
});

describe("I bought this", () => {
  it("is there for verified users only", () => {
    renderWithSession(<BoughtButton ticker="NVDA" plan={PLAN} />, null);
    expect(screen.queryByTestId("bought-button")).not.toBeInTheDocument();
    cleanup();
    renderWithSession(<BoughtButton ticker="NVDA" plan={PLAN} />, { ...VERIFIED, emailVerified: false });
    expect(screen.queryByTestId("bought-button")).not.toBeInTheDocument();
  });

  it("is prefilled from the trade setup and the calculator, and adds the position with the plan", async () => {
    const posts = serve();
    window.localStorage.setItem("quanta.sizing", JSON.stringify({ account: "20000", riskPct: "1" }));
    renderWithSession(<Report />, VERIFIED);
    await userEvent.click(screen.getByRole("button", { name: "I bought this (NVDA)" }));
    const dialog = await screen.findByRole("dialog", { name: "I bought NVDA" });
    const form = within(dialog);
    expect(form.getByLabelText("Shares")).toHaveValue("50");
    expect(form.getByLabelText("Price per share ($)")).toHaveValue("50.00");
    expect(form.getByLabelText("Stop ($)")).toHaveValue("46.00");
    await userEvent.clear(form.getByLabelText("Date"));
    await userEvent.type(form.getByLabelText("Date"), "2026-11-20");
    await userEvent.type(form.getByLabelText("Fees ($)"), "1.5");
    await userEvent.click(form.getByRole("button", { name: "Add to portfolio" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(posts).toEqual([
      {
        ticker: "NVDA",
        date: "2026-11-20",
        shares: 50,
        price: 50,
        fees: 1.5,
        stop: 46,
        source: "report",
        plan: { as_of: "2026-11-20", buy_point: 50, stop: 46, target: 62 },
      },
    ]);
    expect(screen.getByTestId("bought-added")).toHaveTextContent("Added 50 shares to your portfolio.");
    expect(screen.getByRole("link", { name: "portfolio" })).toHaveAttribute("href", "/portfolio");
  });

  it("checks the fields and shows the server's sentence when it refuses", async () => {
    serve({ status: 409, body: { error: "You can hold up to 20 open positions on the free plan.", code: "position_limit_reached" } });
    renderWithSession(<BoughtButton ticker="NVDA" plan={PLAN} />, VERIFIED);
    await userEvent.click(screen.getByTestId("bought-button"));
    const form = within(await screen.findByRole("dialog"));
    await userEvent.click(form.getByRole("button", { name: "Add to portfolio" }));
    expect(form.getByText("Enter the number of shares, more than 0.")).toBeInTheDocument();
    await userEvent.type(form.getByLabelText("Shares"), "10");
    await userEvent.click(form.getByRole("button", { name: "Add to portfolio" }));
    expect(await form.findByRole("alert")).toHaveTextContent("You can hold up to 20 open positions on the free plan.");
  });
});
