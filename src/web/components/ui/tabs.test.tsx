// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs } from "./tabs";

function Example() {
  const [value, setValue] = useState<"a" | "b" | "c">("a");
  return (
    <Tabs
      label="Lists"
      value={value}
      onValueChange={setValue}
      items={[
        { value: "a", label: "First", content: <p>Panel A</p> },
        { value: "b", label: "Second", content: <p>Panel B</p> },
        { value: "c", label: "Third", content: <p>Panel C</p> },
      ]}
    />
  );
}

afterEach(cleanup);

describe("Tabs", () => {
  it("selects with clicks and shows only the selected panel, labelled by its tab", async () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "Lists" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "First" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "First" })).toHaveTextContent("Panel A");
    await userEvent.click(screen.getByRole("tab", { name: "Second" }));
    expect(screen.getByRole("tab", { name: "Second" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Second" })).toHaveTextContent("Panel B");
    expect(screen.queryByText("Panel A")).not.toBeInTheDocument();
  });

  it("moves with arrow keys, Home and End, with a roving tabindex", async () => {
    render(<Example />);
    await userEvent.tab();
    expect(screen.getByRole("tab", { name: "First" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Second" })).toHaveAttribute("tabindex", "-1");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Second" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Second" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Third" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "First" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Third" })).toHaveFocus();
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "First" })).toHaveAttribute("aria-selected", "true");
  });

  it("lets the keyboard reach the panel and gives it a visible focus ring", async () => {
    render(<Example />);
    await userEvent.tab();
    await userEvent.tab();
    const panel = screen.getByRole("tabpanel", { name: "First" });
    expect(panel).toHaveFocus();
    // Tailwind classes (no CSS in unit tests): a 3 px brand outline on keyboard focus, never removed.
    expect(panel.className).toContain("focus-visible:outline-3");
    expect(panel.className).toContain("focus-visible:outline-brand-500");
    expect(panel.className).not.toContain("outline-none");
  });
});
