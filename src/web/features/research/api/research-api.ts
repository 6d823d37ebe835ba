import { z } from "zod";
import { ApiRequestError, apiFetch, apiJson } from "../../../lib/api-client";
import {
  interpretAnalysisFailure,
  interpretAnalysisSuccess,
  interpretLimit,
  interpretThrown,
  type AnalysisOutcome,
  type LimitOutcome,
} from "./analysis-response";

/** POST /research/stocks/ (multipart field `input`, Bearer + X-CSRFToken) and what to do with the answer. */
export async function requestAnalysis(ticker: string): Promise<AnalysisOutcome> {
  const form = new FormData();
  form.append("input", ticker);
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
    return interpretAnalysisSuccess(await response.text());
  } catch (error) {
    return interpretThrown(error);
  }
}

/** After a daily-limit answer: GET /api/billing/subscription decides between Upgrade and support. */
export async function checkLimit(): Promise<LimitOutcome> {
  try {
    const body = await apiJson<unknown>("/api/billing/subscription", { method: "GET" });
    return interpretLimit(body);
  } catch {
    // Unknown subscription: the Upgrade modal is the helpful answer.
    return { kind: "upgrade" };
  }
}

const usageSchema = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  premium: z.boolean(),
  resetsAt: z.string().optional(),
});
export type Usage = z.infer<typeof usageSchema>;

/** GET /api/usage (Bearer): today's analyses and the free tier's limit (null for premium). */
export function fetchUsage(): Promise<Usage> {
  return apiJson("/api/usage", { method: "GET" }, usageSchema);
}
