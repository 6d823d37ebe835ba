import { z } from "zod";
import { analysisReportSchema } from "./stock-summary";

/**
 * Research: analyse (POST /research/stocks/), the caller's history (/user/stock-analyses/) and the
 * day's usage (GET /api/usage). Shared by the server (validation, docs) and the web (parsing).
 */

/** POST /research/stocks/ (multipart or JSON): the ticker or company name; the service checks it. */
export const analyzeRequestSchema = z.object({ input: z.string().optional() }).passthrough().optional();

export const analyzeResponseSchema = z.object({
  response: analysisReportSchema,
  analysis: z.object({ id: z.string(), timestamp: z.string() }),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** One stored analysis of the caller; `analysis` is the stored report, read leniently by the web. */
export const historyItemSchema = z.object({ id: z.string(), analysis: z.unknown(), timestamp: z.string() });
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
