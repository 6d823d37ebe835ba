import { describe, expect, it } from "vitest";
import type { AnalyzeResponse } from "../../../../contracts/research";
import { sampleReport } from "../../../test-support/sample-report";
import {
  ANALYSIS_FAILED_MESSAGE,
  MESSAGES,
  PARSE_FAILED_MESSAGE,
  SERVER_FAILED_MESSAGE,
  hasActiveSubscription,
  interpretAnalysisAnswer,
  interpretAnalysisFailure,
  interpretAnalysisSuccess,
  interpretLimit,
  interpretThrown,
  normalizeTicker,
} from "./analysis-response";

describe("interpretAnalysisSuccess", () => {
  it("answers the report and the stored record", () => {
    const report = sampleReport();
    const outcome = interpretAnalysisSuccess({ response: report, analysis: { id: "a1", timestamp: "2026-11-20T10:00:00Z" } });
    expect(outcome).toEqual({
      kind: "success",
      report: { stock_summary: report.stock_summary, meta: report.meta },
      analysis: { id: "a1", timestamp: "2026-11-20T10:00:00Z" },
    });
  });

  it("accepts the raw JSON text and a response that is a JSON string", () => {
    const report = sampleReport("MSFT");
    const text = JSON.stringify({ response: JSON.stringify(report) });
    const outcome = interpretAnalysisSuccess(text);
    expect(outcome.kind).toBe("success");
    if (outcome.kind === "success") {
      expect(outcome.report.stock_summary.ticker).toBe("MSFT");
      expect(outcome.analysis).toBeNull();
    }
  });

  it("keeps a report without meta", () => {
    const outcome = interpretAnalysisSuccess({ response: { stock_summary: { ticker: "X" } } });
    expect(outcome).toMatchObject({ kind: "success", report: { stock_summary: { ticker: "X" }, meta: null } });
  });

  it.each([[null], [42], ["[1,2]"], [{}], [{ response: null }], [[{ response: {} }]]])(
    "answers 'Invalid response format from server' for %j",
    (body) => {
      expect(interpretAnalysisSuccess(body)).toEqual({ kind: "error", message: "Invalid response format from server" });
    },
  );

  it.each([[{ response: {} }], [{ response: { stock_summary: {} } }], [{ response: { stock_summary: { ticker: "" } } }], [{ response: 5 }]])(
    "answers 'Missing analysis data in response' for %j",
    (body) => {
      expect(interpretAnalysisSuccess(body)).toEqual({ kind: "error", message: "Missing analysis data in response" });
    },
  );

  it("answers one plain sentence for broken JSON, not the parser's words", () => {
    expect(interpretAnalysisSuccess({ response: "{not json" })).toEqual({ kind: "error", message: PARSE_FAILED_MESSAGE });
    expect(interpretAnalysisSuccess("<html>")).toEqual({ kind: "error", message: PARSE_FAILED_MESSAGE });
  });
});

describe("interpretAnalysisAnswer (contracts/research.ts analyzeResponseSchema)", () => {
  it("answers the report and the stored record of an answer that keeps the contract", () => {
    const answer: AnalyzeResponse = { response: sampleReport("AMD"), analysis: { id: "a1", timestamp: "2026-11-20T10:00:00Z" } };
    expect(interpretAnalysisAnswer(JSON.stringify(answer))).toEqual({
      kind: "success",
      report: answer.response,
      analysis: answer.analysis,
    });
  });

  it("passes on that the answer is a reused analysis (same ticker and data date, not charged)", () => {
    const reused = { analyzedAt: "2026-11-20T10:42:00Z", dataDate: "2026-11-19" };
    const answer: AnalyzeResponse = { response: sampleReport("AMD"), analysis: { id: "a1", timestamp: reused.analyzedAt }, reused };
    expect(interpretAnalysisAnswer(JSON.stringify(answer))).toMatchObject({ kind: "success", reused });
  });

  it("refuses answers that break the contract, with the product's sentence for what is wrong", () => {
    expect(interpretAnalysisAnswer("<html>")).toEqual({ kind: "error", message: PARSE_FAILED_MESSAGE });
    expect(interpretAnalysisAnswer("{}")).toEqual({ kind: "error", message: MESSAGES.invalidResponse });
    expect(interpretAnalysisAnswer(JSON.stringify({ response: {} }))).toEqual({ kind: "error", message: MESSAGES.missingAnalysis });
    expect(interpretAnalysisAnswer(JSON.stringify({ response: "{broken" }))).toEqual({ kind: "error", message: PARSE_FAILED_MESSAGE });
    // A partial report, a report sent as a JSON string, or one without the stored record: only the contract is broken.
    for (const body of [
      { response: { stock_summary: { ticker: "X" } }, analysis: { id: "a1", timestamp: "" } },
      { response: JSON.stringify(sampleReport()), analysis: { id: "a1", timestamp: "" } },
      { response: sampleReport() },
    ]) {
      expect(interpretAnalysisAnswer(JSON.stringify(body))).toEqual({ kind: "error", message: MESSAGES.invalidResponse });
    }
  });
});

describe("interpretAnalysisFailure", () => {
  it("401 → the sign-up prompt", () => {
    expect(interpretAnalysisFailure({ status: 401, body: { error: "Sign in first", code: "unauthenticated" } })).toEqual({
      kind: "signup",
    });
    expect(interpretAnalysisFailure({ status: 401, body: { error: "x", code: "token_expired" } })).toEqual({ kind: "signup" });
  });

  it("429 or 'daily limit' in the text → the limit check", () => {
    expect(interpretAnalysisFailure({ status: 429, body: { error: "Too many", code: "daily_limit" } })).toEqual({ kind: "limit" });
    expect(interpretAnalysisFailure({ status: 403, body: { error: "You reached your daily limit of 5", code: "x" } })).toEqual({
      kind: "limit",
    });
    expect(interpretAnalysisFailure({ status: 429, statusText: "Too Many Requests" })).toEqual({ kind: "limit" });
  });

  it("email_unverified → the verification message", () => {
    expect(
      interpretAnalysisFailure({
        status: 403,
        body: { error: "Please verify your email first! Check your inbox for the verification link.", code: "email_unverified" },
      }),
    ).toEqual({ kind: "verify", message: "Please verify your email first! Check your inbox for the verification link." });
  });

  it("a missing CSRF token → 'Unable to submit the form. CSRF token is missing.'", () => {
    expect(interpretAnalysisFailure({ status: 0, code: "csrf_missing", localMessage: "whatever" })).toEqual({
      kind: "error",
      message: "Unable to submit the form. CSRF token is missing.",
    });
    expect(interpretAnalysisFailure({ status: 403, body: { error: "CSRF token is missing", code: "csrf_missing" } })).toEqual({
      kind: "error",
      message: MESSAGES.csrfMissing,
    });
  });

  it("uses the server's error field", () => {
    expect(interpretAnalysisFailure({ status: 400, body: { error: "Ticker symbol is required", code: "ticker_required" } })).toEqual({
      kind: "error",
      message: "Ticker symbol is required",
    });
    expect(interpretAnalysisFailure({ status: 400, body: { code: "ticker_required" } })).toEqual({
      kind: "error",
      message: "Ticker symbol is required",
    });
    expect(interpretAnalysisFailure({ status: 404, body: { error: "No data found for XYZ", code: "not_found" } })).toEqual({
      kind: "error",
      message: "No data found for XYZ",
    });
    expect(
      interpretAnalysisFailure({ status: 503, body: { error: "Market data is unavailable right now.", code: "market_data_unavailable" } }),
    ).toEqual({ kind: "error", message: "Market data is unavailable right now." });
  });

  it("falls back to one sentence per kind of status, never 'Failed to fetch stock analysis: {status}'", () => {
    expect(interpretAnalysisFailure({ status: 502, statusText: "Bad Gateway", body: null })).toEqual({
      kind: "error",
      message: SERVER_FAILED_MESSAGE,
    });
    expect(interpretAnalysisFailure({ status: 500, body: { error: "" } })).toEqual({ kind: "error", message: SERVER_FAILED_MESSAGE });
    expect(interpretAnalysisFailure({ status: 404, body: null })).toEqual({ kind: "error", message: ANALYSIS_FAILED_MESSAGE });
  });

  it("uses the client's sentence without an answer, else 'Unknown error occurred'", () => {
    expect(interpretAnalysisFailure({ status: 0, code: "network_error", localMessage: "Network error" })).toEqual({
      kind: "error",
      message: "Network error",
    });
    expect(interpretAnalysisFailure({ status: 0 })).toEqual({ kind: "error", message: "Unknown error occurred" });
    expect(interpretThrown("boom")).toEqual({ kind: "error", message: "Unknown error occurred" });
    expect(interpretThrown(new Error("Disk on fire"))).toEqual({ kind: "error", message: "Disk on fire" });
  });
});

describe("the limit check", () => {
  it("no subscription → the Upgrade modal", () => {
    expect(interpretLimit({ subscription: null })).toEqual({ kind: "upgrade" });
    expect(interpretLimit({ subscription: { status: "canceled" } })).toEqual({ kind: "upgrade" });
    expect(interpretLimit(null)).toEqual({ kind: "upgrade" });
  });

  it("an active subscription → the support message", () => {
    expect(interpretLimit({ subscription: { status: "active" } })).toEqual({
      kind: "error",
      message: "Unexpected error: Limit reached with active subscription. Please contact support.",
    });
    expect(hasActiveSubscription({ subscription: { status: "trialing" } })).toBe(true);
  });
});

describe("normalizeTicker", () => {
  it("uppercases and trims", () => {
    expect(normalizeTicker("  msft ")).toBe("MSFT");
    expect(normalizeTicker("   ")).toBe("");
  });
});
