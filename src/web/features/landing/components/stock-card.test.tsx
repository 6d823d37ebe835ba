// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicListSetup } from "../../../../contracts/public-list";
import type { PublicListEntry } from "../../../lib/public-list-api";
import { sampleReport } from "../../../test-support/sample-report";
import { StockCard } from "./stock-card";

afterEach(cleanup);

function entry(figures: { price: number; buyPoint: number; stopLoss: number }, setup?: PublicListSetup): PublicListEntry {
  const report = sampleReport("KSTM");
  report.stock_summary.current_metrics.price = figures.price;
  report.stock_summary.trade_setup.buy_point = figures.buyPoint;
  report.stock_summary.trade_setup.stop_loss = figures.stopLoss;
  return { id: "k1", timestamp: "2026-11-20T16:00:00Z", report, setup };
}

function renderCard(value: PublicListEntry) {
  render(
    <MemoryRouter>
      <StockCard entry={value} onOpen={vi.fn()} />
    </MemoryRouter>,
  );
  return screen.getByTestId("stock-card");
}

describe("StockCard: distance to the buy point, risk and the extended label", () => {
  it("labels the KSTM case extended (price 85.21, buy point 72.90, stop 21% below the price)", () => {
    const card = renderCard(entry({ price: 85.21, buyPoint: 72.9, stopLoss: 67.32 }, { rank: 9, distance: 0.169, extended: true, risk: 0.21 }));
    expect(screen.getByTestId("stock-card-distance")).toHaveTextContent("16.9% above buy point");
    expect(screen.getByTestId("stock-card-risk")).toHaveTextContent("21.0%");
    expect(screen.getByTestId("stock-card-extended")).toHaveTextContent("Extended — wait for a pullback");
    expect(card).toHaveAttribute("data-rank", "9");
    expect(card).toHaveAttribute("data-extended", "true");
  });

  it("shows the server's figures for a stock inside its buy range, without the label", () => {
    renderCard(entry({ price: 101.59, buyPoint: 99.5, stopLoss: 95.08 }, { rank: 1, distance: 0.021, extended: false, risk: 0.064 }));
    expect(screen.getByTestId("stock-card-distance")).toHaveTextContent("2.1% above buy point");
    expect(screen.getByTestId("stock-card-risk")).toHaveTextContent("6.4%");
    expect(screen.queryByTestId("stock-card-extended")).not.toBeInTheDocument();
  });

  it("computes the same figures from the report when the answer has no setup (older servers)", () => {
    const { rerender } = render(
      <MemoryRouter>
        <StockCard entry={entry({ price: 96.6, buyPoint: 100, stopLoss: 90 })} onOpen={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("stock-card-distance")).toHaveTextContent("3.4% below buy point");
    expect(screen.getByTestId("stock-card-risk")).toHaveTextContent("6.8%");
    rerender(
      <MemoryRouter>
        <StockCard entry={entry({ price: 100, buyPoint: 100, stopLoss: 92 })} onOpen={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("stock-card-distance")).toHaveTextContent("At buy point");
    expect(screen.getByTestId("stock-card")).not.toHaveAttribute("data-extended");
  });
});
