// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../lib/auth-client";
import { identitySession } from "../../lib/identity";
import { fail, ok, type FakeAuthClient } from "../../test-support/fake-auth-client";
import { renderApp, stubServer } from "../../test-support/render-app";
import { signInDestination } from "../../features/auth/components/sign-in-form";

vi.mock("../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;

beforeEach(() => {
  stubServer();
  vi.clearAllMocks();
  fake.setSession(null);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets pending promises, React updates and zero-delay timers run without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Asserts that the page is still `from` 1 ms before `delayMs`, and `to` at `delayMs`. */
async function expectRedirectAfter(
  router: { state: { location: { pathname: string } } },
  from: string,
  to: string,
  delayMs: number,
) {
  await act(() => vi.advanceTimersByTimeAsync(delayMs - 1));
  expect(router.state.location.pathname).toBe(from);
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(router.state.location.pathname).toBe(to);
}

function passwordInput() {
  return screen.getByLabelText("Password");
}

describe("/signin", () => {
  it("has the fields, links and toggle of docs/product.md", async () => {
    renderApp("/signin");
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toBeRequired();
    const password = passwordInput();
    expect(password).toHaveAttribute("type", "password");
    expect(password).toBeRequired();
    expect(password).not.toHaveAttribute("maxlength");
    expect(screen.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/forgetpassword");
    expect(screen.getAllByRole("link", { name: "Sign Up" }).map((a) => a.getAttribute("href"))).toContain("/signup");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");

    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("shows the 72-character message for 73 characters and sends nothing", async () => {
    renderApp("/signin");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    fireEvent.change(passwordInput(), { target: { value: "x".repeat(73) } });
    expect(passwordInput()).toHaveValue("x".repeat(73));
    expect(screen.getByText("Password must be at most 72 characters.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(fake.signIn.email).not.toHaveBeenCalled();
  });

  it("validates the e-mail before any request", async () => {
    renderApp("/signin");
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.type(passwordInput(), "secret-pass");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid e-mail address.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fake.signIn.email).not.toHaveBeenCalled();
  });

  it("shows the success banner, then goes to /stocks after 1.5 s", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin");
    type("Email", "ada@example.com");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Your sign in was successful!");
    expect(fake.signIn.email).toHaveBeenCalledWith({ email: "ada@example.com", password: "correct horse" });
    expect(screen.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await expectRedirectAfter(router, "/signin", "/stocks", 1500);
  });

  it("returns to a same-site ?redirect= path (the chat site) after 1.5 s, never to another site", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin?redirect=%2Fgift");
    type("Email", "ada@example.com");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    await expectRedirectAfter(router, "/signin", "/gift", 1500);
    expect(signInDestination("//evil.example/x")).toBe("/stocks");
    expect(signInDestination("https://evil.example/")).toBe("/stocks");
    expect(signInDestination("/\\evil.example")).toBe("/stocks");
    expect(signInDestination(null)).toBe("/stocks");
  });

  it.each([
    ["INVALID_EMAIL_OR_PASSWORD", 401, "Wrong e-mail or password."],
    ["BANNED_USER", 403, "This account has been disabled. Please contact support."],
    [undefined, 429, "Too many attempts. Please wait a minute and try again."],
  ])("shows %s in red", async (code, status, sentence) => {
    fake.signIn.email.mockResolvedValueOnce(fail(status, code));
    renderApp("/signin");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(passwordInput(), "whatever1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(sentence);
    expect(alert.className).toContain("text-danger-700");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("reports network failures", async () => {
    fake.signIn.email.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderApp("/signin");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(passwordInput(), "whatever1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Network error: check your connection and try again.");
  });

  it("disables the button while the request is in flight", async () => {
    let finish: (value: Awaited<ReturnType<typeof fake.signIn.email>>) => void = () => undefined;
    fake.signIn.email.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    renderApp("/signin");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(passwordInput(), "whatever1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: "Signing in…" })).toBeDisabled();
    await act(() => {
      finish(fail(401, "INVALID_EMAIL_OR_PASSWORD"));
      return Promise.resolve();
    });
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });
});

describe("/signup", () => {
  it("signs up with name = local part, shows both lines, then goes to /#buy-list after 3 s", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signup");
    await settle();
    type("Email", "grace.hopper@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await settle();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Sign up successful!");
    expect(status).toHaveTextContent("Please check your email to verify your account.");
    expect(fake.signUp.email).toHaveBeenCalledWith(
      expect.objectContaining({ email: "grace.hopper@example.com", password: "a-long-password", name: "grace.hopper" }),
    );
    await expectRedirectAfter(router, "/signup", "/", 3000);
    expect(router.state.location.hash).toBe("#buy-list");
  });

  it("disables Google sign-up with a visible note when Google is not configured", async () => {
    renderApp("/signup");
    expect(await screen.findByText("Google sign-in is not configured on this server")).toBeVisible();
    expect(screen.getByRole("button", { name: /Sign up with Google/ })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  });

  it("signs up with the Google popup and goes to /#buy-list after 1.5 s", async () => {
    stubServer({ config: { googleEnabled: true } });
    vi.useFakeTimers();
    const { router } = renderApp("/signup");
    await settle();
    const google = screen.getByRole("button", { name: /Sign up with Google/ });
    expect(google).toBeEnabled();
    expect(screen.queryByText("Google sign-in is not configured on this server")).not.toBeInTheDocument();
    fireEvent.click(google);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    expect(fake.signIn.popup).toHaveBeenCalledWith({ providerId: "google", callbackURL: "/" });
    await expectRedirectAfter(router, "/signup", "/", 1500);
    expect(router.state.location.hash).toBe("#buy-list");
  });

  it("counts a popup that closed after signing in as a success (its message can lose the race)", async () => {
    stubServer({ config: { googleEnabled: true } });
    fake.signIn.popup.mockResolvedValueOnce(fail(0, "POPUP_CLOSED", "closed"));
    fake.getSession.mockResolvedValueOnce(ok({ user: { id: "u1", email: "g@example.com", emailVerified: true }, session: { id: "s1" } }));
    vi.useFakeTimers();
    renderApp("/signup");
    await settle();
    fireEvent.click(screen.getByRole("button", { name: /Sign up with Google/ }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    expect(fake.$store.notify).toHaveBeenCalledWith("$sessionSignal");
  });

  it("reports a popup closed before signing in", async () => {
    stubServer({ config: { googleEnabled: true } });
    fake.signIn.popup.mockResolvedValueOnce(fail(0, "POPUP_CLOSED", "closed"));
    vi.useFakeTimers();
    renderApp("/signup");
    await settle();
    fireEvent.click(screen.getByRole("button", { name: /Sign up with Google/ }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("The Google sign-in window was closed before sign-in finished.");
    expect(screen.queryByText("Sign up successful!")).not.toBeInTheDocument();
  });

  it("shows the server's error sentence", async () => {
    fake.signUp.email.mockResolvedValueOnce(fail(400, "PASSWORD_TOO_SHORT"));
    renderApp("/signup");
    await userEvent.type(screen.getByLabelText("Email"), "grace@example.com");
    await userEvent.type(passwordInput(), "short");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Password must be at least 8 characters.");
  });

  it("asks for the CAPTCHA when the server requires one", async () => {
    stubServer({ config: { captcha: { provider: "turnstile", siteKey: "site-key" } } });
    renderApp("/signup");
    await waitFor(() => {
      const script = document.head.querySelector('script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]');
      expect(script).not.toBeNull();
    });
    await userEvent.type(screen.getByLabelText("Email"), "grace@example.com");
    await userEvent.type(passwordInput(), "a-long-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please complete the CAPTCHA.");
    expect(fake.signUp.email).not.toHaveBeenCalled();
  });
});

describe("/forgetpassword", () => {
  it("sends the reset e-mail, then goes to /signin after 2 s", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/forgetpassword");
    await settle();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/signin");
    type("Email", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Email Reset Instructions" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Password reset email sent! Check your inbox.");
    expect(fake.requestPasswordReset).toHaveBeenCalledWith(
      expect.objectContaining({ email: "ada@example.com", redirectTo: "/reset-password" }),
    );
    await expectRedirectAfter(router, "/forgetpassword", "/signin", 2000);
  });

  it("shows errors as 'Error: {message}'", async () => {
    fake.requestPasswordReset.mockResolvedValueOnce(fail(429));
    renderApp("/forgetpassword");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Email Reset Instructions" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error: Too many attempts. Please wait a minute and try again.",
    );
  });
});

describe("/reset-password", () => {
  it("explains an invalid link when there is no token", () => {
    renderApp("/reset-password");
    expect(screen.getByRole("alert")).toHaveTextContent("This link is invalid or has expired.");
    expect(screen.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute("href", "/forgetpassword");
  });

  it("checks the confirmation and the 72-character limit", async () => {
    renderApp("/reset-password?token=abc");
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "y".repeat(73) } });
    expect(screen.getByText("Password must be at most 72 characters.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "new-password-1" } });
    await userEvent.type(screen.getByLabelText("Confirm new password"), "new-password-2");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("The passwords do not match.")).toBeInTheDocument();
    expect(fake.resetPassword).not.toHaveBeenCalled();
  });

  it("resets the password, then goes to /signin after 2 s", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/reset-password?token=abc");
    type("New password", "new-password-1");
    type("Confirm new password", "new-password-1");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Your password has been reset. You can sign in now.");
    expect(fake.resetPassword).toHaveBeenCalledWith({ newPassword: "new-password-1", token: "abc" });
    await expectRedirectAfter(router, "/reset-password", "/signin", 2000);
  });

  it("explains an expired token", async () => {
    fake.resetPassword.mockResolvedValueOnce(fail(400, "INVALID_TOKEN"));
    renderApp("/reset-password?token=old");
    await userEvent.type(screen.getByLabelText("New password"), "new-password-1");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "new-password-1");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is invalid or has expired.");
  });
});

describe("/verify-email", () => {
  it("verifies the token, says so and goes to /stocks after 1.5 s", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/verify-email?token=tok");
    expect(screen.getByText("Verifying your e-mail…")).toBeInTheDocument();
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Your e-mail is verified. You are signed in.");
    expect(fake.verifyEmail).toHaveBeenCalledTimes(1);
    expect(fake.verifyEmail).toHaveBeenCalledWith({ query: { token: "tok" } });
    expect(screen.getByRole("link", { name: "Go to the analyzer" })).toHaveAttribute("href", "/stocks");
    await expectRedirectAfter(router, "/verify-email", "/stocks", 1500);
  });

  it("explains an invalid token and links to /signin when signed out", async () => {
    fake.verifyEmail.mockResolvedValueOnce(fail(401, "INVALID_TOKEN"));
    renderApp("/verify-email?token=bad");
    expect(await screen.findByRole("alert")).toHaveTextContent("This verification link is invalid or has expired.");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  });

  it("offers to resend when signed in and unverified", async () => {
    fake.setSession({ id: "u2", email: "new@example.com", emailVerified: false });
    renderApp("/verify-email");
    expect(screen.getByRole("alert")).toHaveTextContent("This verification link is invalid or has expired.");
    const buttons = screen.getAllByRole("button", { name: "Resend Verification Email" });
    await userEvent.click(buttons[buttons.length - 1] as HTMLElement);
    expect((await screen.findAllByText("Verification email sent! Please check your inbox.")).length).toBeGreaterThan(0);
    expect(fake.verifyEmail).not.toHaveBeenCalled();
  });
});

describe("the return address through sign-in and sign-up", () => {
  // The fake client does not sign in, so the return addresses here are pages open to visitors.
  it("signing in from /signin?redirect=… goes back there, with its query and hash", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin?redirect=%2Fgift%3Fx%3D1%23top");
    await settle();
    type("Email", "ada@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(`${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`).toBe("/gift?x=1#top");
  });

  it("a crafted ?redirect= to another site is ignored: /stocks", async () => {
    vi.useFakeTimers();
    const { router } = renderApp("/signin?redirect=%2F%5Cevil.example");
    await settle();
    type("Email", "ada@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe("/stocks");
  });

  it("/signup keeps it: its 'Sign in' link, and after signing up (signed in, unverified) the page itself", async () => {
    vi.useFakeTimers();
    // As the server does: a new account comes back signed in, unverified.
    fake.signUp.email.mockImplementationOnce(({ email }) => {
      fake.setSession({ id: "u3", email, emailVerified: false });
      return Promise.resolve({ data: {}, error: null });
    });
    const { router } = renderApp("/signup?redirect=%2Fupload");
    await settle();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin?redirect=%2Fupload");
    type("Email", "grace@example.com");
    type("Password", "a-long-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe("/upload");
  });

  it("Google sign-up with a return address goes there", async () => {
    stubServer({ config: { googleEnabled: true } });
    vi.useFakeTimers();
    const { router } = renderApp("/signup?redirect=%2Fupload%3Ffrom%3Dgoogle");
    await settle();
    fireEvent.click(screen.getByRole("button", { name: /Sign up with Google/ }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Sign up successful!");
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/upload?from=google");
  });
});
