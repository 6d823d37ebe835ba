// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SideSheet, type SideSheetSide } from "./side-sheet";

function Example({ side, width }: { side?: SideSheetSide; width?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SideSheet
        open={open}
        onClose={() => setOpen(false)}
        side={side}
        width={width}
        title="Panel title"
        subtitle="A date"
        actions={<a href="#x">Open page</a>}
        closeLabel="Close panel"
        testId="panel"
        overlayTestId="panel-overlay"
      >
        <button type="button">Inside</button>
      </SideSheet>
    </>
  );
}

afterEach(cleanup);

describe("SideSheet", () => {
  it("is a dialog named by its title, with the subtitle, the actions and the close button", async () => {
    render(<Example side="left" width={240} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog", { name: "Panel title" });
    expect(dialog).toHaveAttribute("data-testid", "panel");
    expect(dialog.style.width).toBe("240px");
    expect(within(dialog).getByText("A date")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open page" })).toBeInTheDocument();
    expect(screen.getByTestId("panel-overlay")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close panel" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });

  it("takes the focus inside and closes on Escape", async () => {
    render(<Example />);
    const opener = screen.getByRole("button", { name: "Open" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Panel title" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
  });
});
