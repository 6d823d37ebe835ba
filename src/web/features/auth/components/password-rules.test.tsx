// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import { fail, type FakeAuthClient } from "../../../test-support/fake-auth-client";
import { renderApp, stubServer } from "../../../test-support/render-app";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const TOO_COMMON = "This password is too common. Please choose a less common one.";
const CONTAINS_EMAIL = "Your password must not contain your e-mail address.";

beforeEach(() => {
  stubServer();
  vi.clearAllMocks();
  fake.setSession(null);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
});

/** The red line under a field, tied to its input by aria-describedby. */
function fieldError(input: HTMLElement): HTMLElement | null {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute("role") === "alert") ?? null;
}

describe("the server's password rules", () => {
  it("shows a refused sign-up password under the password field, in the server's words, until it is changed", async () => {
    fake.signUp.email.mockResolvedValueOnce(fail(400, "password_too_common", TOO_COMMON));
    renderApp("/signup");
    const password = screen.getByLabelText("Password");
    await userEvent.type(screen.getByLabelText("Email"), "grace@example.com");
    await userEvent.type(password, "password1");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));

    await vi.waitFor(() => {
      expect(fieldError(password)).toHaveTextContent(TOO_COMMON);
    });
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeEnabled();

    await userEvent.type(password, "-and-more");
    expect(fieldError(password)).toBeNull();
  });

  it("shows a refused new password under the reset form's password field", async () => {
    fake.resetPassword.mockResolvedValueOnce(fail(400, "password_contains_email", CONTAINS_EMAIL));
    renderApp("/reset-password?token=abc");
    const newPassword = screen.getByLabelText("New password");
    await userEvent.type(newPassword, "grace@example.com");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "grace@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));

    await vi.waitFor(() => {
      expect(fieldError(newPassword)).toHaveTextContent(CONTAINS_EMAIL);
    });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows why a password is too weak under the field, on sign-up and on reset", async () => {
    const weak = "This password is too easy to guess. Repeated characters like 'aaa' are easy to guess. Please avoid repeated words and characters.";
    fake.signUp.email.mockResolvedValueOnce(fail(400, "password_too_weak", weak));
    renderApp("/signup");
    const password = screen.getByLabelText("Password");
    await userEvent.type(screen.getByLabelText("Email"), "grace@example.com");
    await userEvent.type(password, "aaaaaaaa");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await vi.waitFor(() => {
      expect(fieldError(password)).toHaveTextContent(weak);
    });
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    cleanup();

    fake.resetPassword.mockResolvedValueOnce(fail(400, "password_too_weak", weak));
    renderApp("/reset-password?token=abc");
    const newPassword = screen.getByLabelText("New password");
    await userEvent.type(newPassword, "aaaaaaaa");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "aaaaaaaa");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await vi.waitFor(() => {
      expect(fieldError(newPassword)).toHaveTextContent(weak);
    });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("stands in a sentence of its own when the server sends only the code", async () => {
    fake.signUp.email.mockResolvedValueOnce({ data: null, error: { status: 400, code: "password_too_common" } });
    renderApp("/signup");
    await userEvent.type(screen.getByLabelText("Email"), "grace@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "password1");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(TOO_COMMON);
  });
});
