// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../../lib/auth-client";
import { AuthContext, type AuthContextValue } from "../../../lib/auth-context";
import { fail, type FakeAuthClient } from "../../../test-support/fake-auth-client";
import { EmailVerificationModal } from "./email-verification-modal";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

const auth: AuthContextValue = {
  user: { id: "u1", email: "new@example.com", emailVerified: false },
  isPending: false,
  signOut: () => Promise.resolve(),
  refreshSession: () => Promise.resolve(),
};

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <AuthContext.Provider value={auth}>
      <EmailVerificationModal open={open} onOpenChange={setOpen} />
    </AuthContext.Provider>
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("EmailVerificationModal", () => {
  it("is titled 'Email Verification Required' and resends the e-mail", async () => {
    render(<Harness />);
    const dialog = screen.getByRole("dialog", { name: "Email Verification Required" });
    expect(dialog).toHaveTextContent("new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Resend Verification Email" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Verification email sent! Please check your inbox.");
    expect(fake.sendVerificationEmail).toHaveBeenCalledWith({ email: "new@example.com", callbackURL: "/verify-email" });
  });

  it("shows the failure text", async () => {
    fake.sendVerificationEmail.mockResolvedValueOnce(fail(500));
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Resend Verification Email" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error sending verification email. Please try again later.",
    );
  });

  it("closes with 'Close'", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
