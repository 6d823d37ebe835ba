import { z } from "zod";
import { callOutcomeSchema } from "./track-record";
import { analysisReportSchema } from "./stock-summary";

/**
 * Research: analyse (POST /research/stocks/), the caller's history (/user/stock-analyses/) and the
 * day's usage (GET /api/usage). Shared by the server (validation, docs) and the web (parsing).
 */

/**
 * POST /research/stocks/ (multipart or JSON): the ticker or company name; the service checks it.
 * `refresh` ('true' in a form) marks the page's explicit 'Refresh' of a reused analysis; the rule is
 * the same for every request: charged only when no stored analysis of the same data date exists.
 */
export const analyzeRequestSchema = z
  .object({ input: z.string().optional(), refresh: z.union([z.boolean(), z.string()]).optional() })
  .passthrough()
  .optional();

/**
 * Set when the answer is the caller's stored analysis of the same ticker and market data date (no
 * analysis charged, no new history entry): when it was made and the date of its last session.
 */
const reusedAnalysisSchema = z.object({ analyzedAt: z.string(), dataDate: z.string() });
export type ReusedAnalysis = z.infer<typeof reusedAnalysisSchema>;

export const analyzeResponseSchema = z.object({
  response: analysisReportSchema,
  analysis: z.object({ id: z.string(), timestamp: z.string() }),
  reused: reusedAnalysisSchema.optional(),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** One stored analysis of the caller; `analysis` is the stored report, read leniently by the web. */
/** `outcome`: how the analysis's call has done since (decision 029), null until the first session after it is scored. */
/** `sharePath`: the path of its public read-only page while the owner shares it, else null. */
const historyItemSchema = z.object({
  id: z.string(),
  analysis: z.unknown(),
  timestamp: z.string(),
  outcome: callOutcomeSchema.nullable().optional(),
  sharePath: z.string().nullable().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyQuerySchema = z.object({ ticker: z.string().max(64).optional() });
export const historyResponseSchema = z.object({ success: z.literal(true), analyses: z.array(historyItemSchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** Today's analyses against the free limit; `limit` and `remaining` are null for premium. */
export const usageSchema = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  premium: z.boolean(),
  resetsAt: z.string(),
});
export type Usage = z.infer<typeof usageSchema>;
