// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SymbolSuggestion } from "../../../../contracts/symbol-search";
import { TickerCombobox } from "./ticker-combobox";

const DEMO: SymbolSuggestion[] = [
  { ticker: "NWSC", name: "Northwind Semiconductor", sector: "Technology" },
  { ticker: "NGPW", name: "Northgate Power", sector: "Utilities" },
];

function Form({ search, onSubmit }: { search: (q: string) => Promise<{ matches: SymbolSuggestion[] }>; onSubmit: (ticker: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label htmlFor="t">Ticker</label>
      <TickerCombobox id="t" value={value} onValueChange={(next) => setValue(next.toUpperCase())} submitOnSelect search={search} />
      <button type="submit">Analyze Stock</button>
    </form>
  );
}

afterEach(cleanup);

describe("TickerCombobox", () => {
  it("offers tickers and names as the user types, and Enter on a suggestion submits it", async () => {
    const search = vi.fn(async (q: string) => ({ matches: q.startsWith("NOR") ? DEMO : [] }));
    const onSubmit = vi.fn();
    render(<Form search={search} onSubmit={onSubmit} />);
    const input = screen.getByRole("combobox", { name: "Ticker" });
    await userEvent.type(input, "nor");
    const listbox = await screen.findByRole("listbox", { name: "Ticker suggestions" });
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["NWSCNorthwind Semiconductor", "NGPWNorthgate Power"]);
    // Debounced: one request for the three keystrokes.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe("NOR");

    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    const first = screen.getByRole("option", { name: /NWSC/ });
    expect(first).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", first.id);
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith("NWSC"));
    expect(input).toHaveValue("NWSC");
    expect(listbox).not.toBeVisible();
    expect(search).toHaveBeenCalledTimes(1);
  });

  it("keeps the list (and so the button's place) until a press on the submit button is released, so the click lands", async () => {
    const onSubmit = vi.fn();
    render(<Form search={async () => ({ matches: DEMO })} onSubmit={onSubmit} />);
    // One user-event instance, so the press and the release belong to the same pointer.
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Ticker" }), "nor");
    const listbox = await screen.findByRole("listbox", { name: "Ticker suggestions" });
    const button = screen.getByRole("button", { name: "Analyze Stock" });
    // The press moves the focus to the button; the in-flow list must not collapse before the release.
    await user.pointer({ keys: "[MouseLeft>]", target: button });
    expect(button).toHaveFocus();
    expect(listbox).toBeVisible();
    await user.pointer({ keys: "[/MouseLeft]", target: button });
    expect(onSubmit).toHaveBeenCalledWith("NOR");
    await waitFor(() => expect(listbox).not.toBeVisible());
  });

  it("closes on Escape, and Enter then submits what was typed", async () => {
    const onSubmit = vi.fn();
    render(<Form search={async () => ({ matches: DEMO })} onSubmit={onSubmit} />);
    const input = screen.getByRole("combobox", { name: "Ticker" });
    await userEvent.type(input, "north");
    await screen.findByRole("listbox");
    await userEvent.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    await userEvent.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("NORTH");
  });

  it("stays a plain input when the search fails", async () => {
    const onSubmit = vi.fn();
    render(<Form search={() => Promise.reject(new Error("503"))} onSubmit={onSubmit} />);
    const input = screen.getByRole("combobox", { name: "Ticker" });
    await userEvent.type(input, "aapl{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("AAPL");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(input).toHaveAttribute("aria-expanded", "false");
  });
});
