// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnlockModal } from "./unlock-modal";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("UnlockModal", () => {
  it("'Unlock Quanta AI' sends to /signup and closes", async () => {
    const onOpenChange = vi.fn();
    const router = createMemoryRouter(
      [
        { path: "/", element: <UnlockModal open onOpenChange={onOpenChange} /> },
        { path: "/signup", element: <p>sign up page</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole("button", { name: "Start Free Analysis" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(router.state.location.pathname).toBe("/signup");
  });
});
