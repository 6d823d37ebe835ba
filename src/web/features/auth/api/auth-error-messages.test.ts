import { describe, expect, it } from "vitest";
import {
  CAPTCHA_REQUIRED_MESSAGE,
  FALLBACK_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  authErrorMessage,
  passwordRuleMessage,
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

describe("passwordRuleMessage", () => {
  it("gives the server's words for its password rules, a sentence of its own without them", () => {
    expect(passwordRuleMessage({ code: "password_too_common", message: "Too common, says the server.", status: 400 })).toBe(
      "Too common, says the server.",
    );
    expect(passwordRuleMessage({ code: "password_too_common", status: 400 })).toBe(
      "This password is too common. Please choose a less common one.",
    );
    expect(passwordRuleMessage({ code: "password_contains_email", message: " ", status: 400 })).toBe(
      "Your password must not contain your e-mail address.",
    );
    expect(authErrorMessage({ code: "password_is_name", status: 400 })).toBe("Your password must not be your name.");
  });

  it("ignores every other error", () => {
    expect(passwordRuleMessage({ code: "PASSWORD_TOO_SHORT", message: "Password too short", status: 400 })).toBeUndefined();
    expect(passwordRuleMessage({ status: 500 })).toBeUndefined();
    expect(passwordRuleMessage(null)).toBeUndefined();
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
