import type { SubscriptionResponse } from "../../../../contracts/billing";
import { analyzeResponseSchema, type ReusedAnalysis } from "../../../../contracts/research";
import { hasStockSummary, type ReportData } from "../../../lib/analysis-record";
import { isRecord } from "../../../lib/body-checks";
import { requestErrorMessage } from "../../../lib/request-error-message";

/**
 * What the analyze page does with an answer of POST /research/stocks/ (docs/product.md). Pure:
 * no I/O, so every message is unit-tested.
 */

export const MESSAGES = {
  verifyEmail: "Please verify your email first! Check your inbox for the verification link.",
  emptyTicker: "Please enter a stock symbol",
  csrfMissing: "Unable to submit the form. CSRF token is missing.",
  tickerRequired: "Ticker symbol is required",
  invalidResponse: "Invalid response format from server",
  missingAnalysis: "Missing analysis data in response",
  unknownError: "Unknown error occurred",
  limitWithSubscription: "Unexpected error: Limit reached with active subscription. Please contact support.",
} as const;

/**
 * An answer that is not JSON: one plain sentence (lib/request-error-message.ts, decision 019)
 * instead of the parser's words, which mean nothing to an investor.
 */
export const PARSE_FAILED_MESSAGE = "The server's answer could not be read. Please try again.";
export const ANALYSIS_FAILED_MESSAGE = "The analysis could not be run. Please try again.";
export const SERVER_FAILED_MESSAGE = "The server could not run the analysis. Please try again in a moment.";

/** A non-OK answer without the server's sentence: one sentence per kind of status, no status chain. */
function httpFailedMessage(status: number): string {
  return requestErrorMessage({ status }, { failure: status >= 500 ? SERVER_FAILED_MESSAGE : ANALYSIS_FAILED_MESSAGE });
}

interface StoredAnalysisRef {
  id: string;
  timestamp: string;
}

export type AnalysisOutcome =
  /**
   * The report to show, and the stored record when the server says; `reused` when it is the
   * caller's stored analysis of the same data (not charged).
   */
  | { kind: "success"; report: ReportData; analysis: StoredAnalysisRef | null; reused?: ReusedAnalysis }
  /** Signed out or the session ended: the sign-up prompt ('Unlock Quanta AI'). */
  | { kind: "signup" }
  /** E-mail not verified: the message plus the verification modal. */
  | { kind: "verify"; message: string }
  /** The daily limit: check the subscription next. */
  | { kind: "limit" }
  | { kind: "error"; message: string };

/** Trims and uppercases a ticker (docs/product.md). */
export function normalizeTicker(value: string): string {
  return value.toUpperCase().trim();
}

/**
 * The lenient reading of a 200 answer, with the product's sentences (docs/product.md): `body` is the raw text or the
 * parsed JSON. It must be an object with `response` (an object or a JSON string) holding
 * `stock_summary` with a ticker. interpretAnalysisAnswer reads answers by the contract and uses this
 * to word why one fails it.
 */
export function interpretAnalysisSuccess(body: unknown): AnalysisOutcome {
  let parsed = body;
  if (typeof parsed === "string") {
    try {
      parsed = JSON.parse(parsed) as unknown;
    } catch {
      return { kind: "error", message: PARSE_FAILED_MESSAGE };
    }
  }
  if (!isRecord(parsed) || !("response" in parsed) || parsed.response === null || parsed.response === undefined) {
    return { kind: "error", message: MESSAGES.invalidResponse };
  }
  let response: unknown = parsed.response;
  if (typeof response === "string") {
    try {
      response = JSON.parse(response) as unknown;
    } catch {
      return { kind: "error", message: PARSE_FAILED_MESSAGE };
    }
  }
  if (!hasStockSummary(response)) return { kind: "error", message: MESSAGES.missingAnalysis };
  const meta = isRecord(response.meta) ? (response.meta as ReportData["meta"]) : null;
  const stored = isRecord(parsed.analysis) ? parsed.analysis : null;
  const analysis =
    stored && (typeof stored.id === "string" || typeof stored.id === "number")
      ? { id: String(stored.id), timestamp: typeof stored.timestamp === "string" ? stored.timestamp : "" }
      : null;
  return { kind: "success", report: { stock_summary: response.stock_summary, meta }, analysis };
}

/**
 * A 200 answer's text, read by its contract (contracts/research.ts `analyzeResponseSchema`). An
 * answer that fails the contract gets the product's sentence for what is wrong with it (see
 * interpretAnalysisSuccess), or 'Invalid response format from server' when it is only the contract
 * it fails (a partial report, a report sent as a string).
 */
export function interpretAnalysisAnswer(text: string): AnalysisOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return { kind: "error", message: PARSE_FAILED_MESSAGE };
  }
  const parsed = analyzeResponseSchema.safeParse(body);
  if (parsed.success) {
    const { response, analysis, reused } = parsed.data;
    return { kind: "success", report: response, analysis, ...(reused ? { reused } : {}) };
  }
  const lenient = interpretAnalysisSuccess(body);
  return lenient.kind === "error" ? lenient : { kind: "error", message: MESSAGES.invalidResponse };
}

export interface AnalysisFailure {
  /** HTTP status; 0 when the request never got an answer (network, CSRF token). */
  status: number;
  statusText?: string;
  /** The parsed error body ({error, code}), if any. */
  body?: unknown;
  /** A stable code, when known (from the body or the API client). */
  code?: string;
  /** The API client's own sentence for failures without an answer (status 0). */
  localMessage?: string;
}

/** A non-OK answer (or a request that never got one). */
export function interpretAnalysisFailure(failure: AnalysisFailure): AnalysisOutcome {
  const body = isRecord(failure.body) ? failure.body : {};
  const serverError = typeof body.error === "string" && body.error.trim() !== "" ? body.error : null;
  const code = typeof body.code === "string" ? body.code : (failure.code ?? "");

  if (code === "csrf_missing" || code === "csrf_invalid") return { kind: "error", message: MESSAGES.csrfMissing };
  if (failure.status === 401) return { kind: "signup" };
  if (failure.status === 429 || (serverError ?? "").toLowerCase().includes("daily limit")) return { kind: "limit" };
  if (code === "email_unverified") return { kind: "verify", message: MESSAGES.verifyEmail };
  if (code === "ticker_required") return { kind: "error", message: serverError ?? MESSAGES.tickerRequired };
  if (serverError) return { kind: "error", message: serverError };
  if (failure.status > 0) return { kind: "error", message: httpFailedMessage(failure.status) };
  if (failure.localMessage && failure.localMessage.trim() !== "") return { kind: "error", message: failure.localMessage };
  return { kind: "error", message: MESSAGES.unknownError };
}

/** An error thrown while asking (not an HTTP answer). */
export function interpretThrown(error: unknown): AnalysisOutcome {
  const message = error instanceof Error && error.message.trim() !== "" ? error.message : MESSAGES.unknownError;
  return { kind: "error", message };
}

const ACTIVE_SUBSCRIPTION = new Set(["active", "trialing"]);

/** What the limit check reads of GET /api/billing/subscription (contracts/billing.ts): the subscription's status. */
export interface SubscriptionStatus {
  subscription: Pick<NonNullable<SubscriptionResponse["subscription"]>, "status"> | null;
}

/** True when the subscription is active (null: unknown). */
export function hasActiveSubscription(answer: SubscriptionStatus | null): boolean {
  const status = answer?.subscription?.status;
  return status !== undefined && ACTIVE_SUBSCRIPTION.has(status.toLowerCase());
}

export type LimitOutcome = { kind: "upgrade" } | { kind: "error"; message: string };

/** After a daily-limit answer: no subscription (or unknown) → Upgrade modal; an active one → the support message. */
export function interpretLimit(subscription: SubscriptionStatus | null): LimitOutcome {
  return hasActiveSubscription(subscription)
    ? { kind: "error", message: MESSAGES.limitWithSubscription }
    : { kind: "upgrade" };
}
