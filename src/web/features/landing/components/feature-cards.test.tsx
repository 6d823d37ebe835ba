// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FeatureCards } from "./feature-cards";

afterEach(cleanup);

describe("FeatureCards", () => {
  it("links the 'Customizable Alerts' card to the watch list", () => {
    render(
      <MemoryRouter>
        <FeatureCards />
      </MemoryRouter>,
    );
    const card = screen.getByRole("heading", { name: "Customizable Alerts" }).closest("li")!;
    expect(card.querySelector("a")).toHaveAttribute("href", "/watchlist");
    expect(screen.getByRole("link", { name: "Open your watch list" })).toHaveAttribute("href", "/watchlist");
  });
});
