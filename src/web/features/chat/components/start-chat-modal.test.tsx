// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StartChatModal } from "./start-chat-modal";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("StartChatModal", () => {
  it("'Start a New Chat?' opens /ask on this site when no chat URL is set", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const onOpenChange = vi.fn();
    render(<StartChatModal open onOpenChange={onOpenChange} chatUrl="" />);
    await userEvent.click(screen.getByRole("button", { name: "Start Chat" }));
    expect(open).toHaveBeenCalledWith("/ask", "_blank", "noopener,noreferrer");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
