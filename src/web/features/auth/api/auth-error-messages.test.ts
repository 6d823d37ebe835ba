import { describe, expect, it } from "vitest";
import {
  CAPTCHA_REQUIRED_MESSAGE,
  FALLBACK_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  authErrorMessage,
  thrownAuthErrorMessage,
} from "./auth-error-messages";

describe("authErrorMessage", () => {
  it.each([
    ["INVALID_EMAIL_OR_PASSWORD", "Wrong e-mail or password."],
    ["INVALID_EMAIL", "Please enter a valid e-mail address."],
    ["PASSWORD_TOO_LONG", "Password must be at most 72 characters."],
    ["PASSWORD_TOO_SHORT", "Password must be at least 8 characters."],
    ["BANNED_USER", "This account has been disabled. Please contact support."],
    ["USER_ALREADY_EXISTS", "This e-mail is already in use."],
    ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "This e-mail is already in use."],
    ["INVALID_TOKEN", "This link is invalid or has expired."],
    ["MISSING_RESPONSE", CAPTCHA_REQUIRED_MESSAGE],
    ["VERIFICATION_FAILED", CAPTCHA_REQUIRED_MESSAGE],
  ])("maps %s", (code, sentence) => {
    expect(authErrorMessage({ code, message: "raw server text", status: 400 })).toBe(sentence);
  });

  it("maps status 429 with or without a code", () => {
    expect(authErrorMessage({ status: 429, message: "Too many requests. Please try again later." })).toBe(
      TOO_MANY_ATTEMPTS_MESSAGE,
    );
    expect(authErrorMessage({ status: 429, code: "RATE_LIMITED" })).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it("falls back to the server's message, then the status text, then a generic sentence", () => {
    expect(authErrorMessage({ code: "SOMETHING_NEW", message: "Server says no", status: 400 })).toBe("Server says no");
    expect(authErrorMessage({ status: 500, message: "", statusText: "Internal Server Error" })).toBe(
      "Internal Server Error",
    );
    expect(authErrorMessage({ status: 500 })).toBe(FALLBACK_ERROR_MESSAGE);
    expect(authErrorMessage(null)).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe("thrownAuthErrorMessage", () => {
  it("reports a failed fetch as a network error", () => {
    expect(thrownAuthErrorMessage(new TypeError("Failed to fetch"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(thrownAuthErrorMessage(new Error("boom"))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("maps thrown better-auth errors by code", () => {
    expect(thrownAuthErrorMessage({ code: "BANNED_USER", status: 403 })).toBe(
      "This account has been disabled. Please contact support.",
    );
  });
});
