import { z } from "zod";

/** GET /api/stocks/:ticker/bars?sessions=: the daily bars the report's chart draws. */
export const barsParamsSchema = z.object({ ticker: z.string().min(1).max(12).regex(/^[A-Za-z0-9.\-^]+$/) });
export const barsQuerySchema = z.object({ sessions: z.coerce.number().int().min(20).max(1260).default(260) });

const barSchema = z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() });
export const barsResponseSchema = z.object({ ticker: z.string(), demo: z.boolean(), bars: z.array(barSchema) });
export type BarsResponse = z.infer<typeof barsResponseSchema>;
