import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import {
  DEFAULT_FAILURE_SENTENCE,
  NETWORK_SENTENCE,
  NOT_ALLOWED_SENTENCE,
  SIGN_IN_SENTENCE,
  TOO_MANY_SENTENCE,
  isAbort,
  requestErrorMessage,
  serverSentence,
} from "./request-error-message";

const LISTS = "The lists could not be loaded. Please try again.";

function answered(status: number, body: unknown, code = `http_${String(status)}`): ApiRequestError {
  return new ApiRequestError(status, code, `Request failed: ${String(status)}`, { body });
}

describe("requestErrorMessage", () => {
  it("uses the server's sentence when the answer carries one", () => {
    const error = answered(400, { error: "The ticker must be 1 to 12 letters.", code: "invalid_ticker" }, "invalid_ticker");
    expect(requestErrorMessage(error, { failure: LISTS })).toBe("The ticker must be 1 to 12 letters.");
  });

  it("uses better-auth's `message` when there is no `error`", () => {
    expect(requestErrorMessage(answered(403, { message: "Open Quanta at its address." }))).toBe("Open Quanta at its address.");
  });

  it("keeps the caller's sentence for a 5xx without a sentence, never the status chain", () => {
    const message = requestErrorMessage(answered(500, null), { failure: LISTS });
    expect(message).toBe(LISTS);
    expect(message).not.toMatch(/Failed to|500|:/);
  });

  it("prefers the caller's sentence to the server's generic internal-error one", () => {
    const error = answered(500, { error: "Something went wrong on our side. Please try again in a moment.", code: "internal_error" }, "internal_error");
    expect(requestErrorMessage(error, { failure: LISTS })).toBe(LISTS);
  });

  it("keeps a 503's own sentence (it says what is unavailable)", () => {
    const error = answered(503, { error: "Market data from Yahoo Finance is unavailable.", code: "market_data_unavailable" }, "market_data_unavailable");
    expect(requestErrorMessage(error, { failure: LISTS })).toBe("Market data from Yahoo Finance is unavailable.");
  });

  it("says the server could not be reached for a network failure", () => {
    expect(requestErrorMessage(new ApiRequestError(0, "network_error", "Network error: check your connection and try again."), { failure: LISTS })).toBe(NETWORK_SENTENCE);
    expect(requestErrorMessage(new TypeError("Failed to fetch"), { failure: LISTS })).toBe(NETWORK_SENTENCE);
  });

  it("has a sentence for a 429 without the server's, which the caller may word", () => {
    expect(requestErrorMessage(answered(429, null))).toBe(TOO_MANY_SENTENCE);
    expect(requestErrorMessage(answered(429, {}), { tooMany: "Please wait a few minutes." })).toBe("Please wait a few minutes.");
  });

  it("words 401 and 403 without a sentence", () => {
    expect(requestErrorMessage(answered(401, null))).toBe(SIGN_IN_SENTENCE);
    expect(requestErrorMessage(answered(403, ""))).toBe(NOT_ALLOWED_SENTENCE);
  });

  it("gives the caller's sentence for an answer that could not be read", () => {
    expect(requestErrorMessage(new ApiRequestError(200, "invalid_response", "Invalid response format from server"), { failure: LISTS })).toBe(LISTS);
    expect(requestErrorMessage(new ApiRequestError(200, "invalid_json", "Invalid response format from server"))).toBe(DEFAULT_FAILURE_SENTENCE);
  });

  it("keeps the client's own sentence for a local failure such as a missing CSRF token", () => {
    const error = new ApiRequestError(0, "csrf_missing", "Unable to submit the form. CSRF token is missing.");
    expect(requestErrorMessage(error, { failure: LISTS })).toBe("Unable to submit the form. CSRF token is missing.");
  });

  it("does not show a programming error's text", () => {
    expect(requestErrorMessage(new Error("Cannot read properties of undefined (reading 'map')"), { failure: LISTS })).toBe(LISTS);
    expect(requestErrorMessage("boom")).toBe(DEFAULT_FAILURE_SENTENCE);
  });
});

describe("serverSentence and isAbort", () => {
  it("reads a trimmed, non-empty sentence only", () => {
    expect(serverSentence({ error: "  Nope.  ", code: "x" })).toBe("Nope.");
    expect(serverSentence({ error: " ", message: "Other." })).toBe("Other.");
    expect(serverSentence("text")).toBeNull();
    expect(serverSentence(null)).toBeNull();
  });

  it("tells a cancelled request", () => {
    expect(isAbort(new DOMException("aborted", "AbortError"))).toBe(true);
    expect(isAbort(new Error("x"))).toBe(false);
  });
});
