import { usageSchema, type Usage } from "../../../../contracts/research";
import { ApiRequestError, apiFetch, apiJson } from "../../../lib/api-client";
import { fetchSubscription } from "../../../lib/billing-api";
import {
  interpretAnalysisAnswer,
  interpretAnalysisFailure,
  interpretLimit,
  interpretThrown,
  type AnalysisOutcome,
  type LimitOutcome,
} from "./analysis-response";

/**
 * POST /research/stocks/ (multipart field `input`, Bearer + X-CSRFToken) and what to do with the
 * answer: a 200 is read by contracts/research.ts `analyzeResponseSchema` (interpretAnalysisAnswer).
 */
export async function requestAnalysis(ticker: string, options: { refresh?: boolean } = {}): Promise<AnalysisOutcome> {
  const form = new FormData();
  form.append("input", ticker);
  // The explicit 'Refresh' of a reused analysis (charged only when newer market data exists).
  if (options.refresh) form.append("refresh", "true");
  let response: Response;
  try {
    response = await apiFetch("/research/stocks/", { method: "POST", body: form });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return interpretAnalysisFailure({
        status: error.status,
        statusText: error.statusText,
        body: error.body,
        code: error.code,
        localMessage: error.message,
      });
    }
    return interpretThrown(error);
  }
  try {
    return interpretAnalysisAnswer(await response.text());
  } catch (error) {
    return interpretThrown(error);
  }
}

/** After a daily-limit answer: the subscription (lib/billing-api.ts) decides between Upgrade and support. */
export async function checkLimit(): Promise<LimitOutcome> {
  try {
    return interpretLimit(await fetchSubscription());
  } catch {
    // Unknown subscription: the Upgrade modal is the helpful answer.
    return { kind: "upgrade" };
  }
}

/** GET /api/usage (Bearer, contracts/research.ts `usageSchema`): today's analyses and the free tier's limit (null for premium). */
export function fetchUsage(): Promise<Usage> {
  return apiJson("/api/usage", { method: "GET" }, usageSchema);
}
