// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { GIFT_FIELDS } from "../../../contracts/gift";
import { BUDGETS } from "../../../core/gift/gift-types";
import { GiftForm } from "./gift-form";

afterEach(cleanup);

describe("GiftForm", () => {
  it("posts natively to /gift with the required fields marked", () => {
    render(<GiftForm />);
    const form = screen.getByRole("form", { name: "Gift Recommendation Assistant" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/gift");
    for (const label of ["Name", "Age", "Relationship", "Interests", "Budget", "Occasion"]) {
      expect(screen.getByLabelText(label, { exact: true })).toBeRequired();
    }
    for (const label of ["Favourite brands (optional)", "Anything else we should know? (optional)", "Previous gifts (optional)"]) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
    const age = screen.getByLabelText("Age", { exact: true });
    expect(age).toHaveAttribute("type", "number");
    expect(age).toHaveAttribute("min", "0");
    expect(age).toHaveAttribute("max", "120");
    expect(screen.getByRole("button", { name: "Get Gift Recommendations" })).toHaveAttribute("type", "submit");
    expect([...screen.getByLabelText("Budget", { exact: true }).querySelectorAll("option")].slice(1).map((o) => o.textContent)).toEqual(BUDGETS.map((b) => b.label));
  });

  it("asks for the free text when Other is chosen, with the server's field names", async () => {
    const user = userEvent.setup();
    const { container } = render(<GiftForm />);
    expect(screen.queryByLabelText("Describe the relationship")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Relationship", { exact: true }), "other");
    await user.selectOptions(screen.getByLabelText("Occasion", { exact: true }), "other");
    expect(screen.getByLabelText("Describe the relationship")).toBeRequired();
    expect(screen.getByLabelText("Describe the occasion")).toBeRequired();
    const names = [...container.querySelectorAll("[name]")].map((el) => el.getAttribute("name"));
    expect(new Set(names)).toEqual(new Set(GIFT_FIELDS));
  });
});
