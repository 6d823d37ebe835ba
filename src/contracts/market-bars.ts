import { z } from "zod";

/** GET /api/stocks/:ticker/bars?sessions=&benchmark=: the daily bars the report's chart draws. */
export const barsParamsSchema = z.object({ ticker: z.string().min(1).max(12).regex(/^[A-Za-z0-9.\-^]+$/) });
export const barsQuerySchema = z.object({
  sessions: z.coerce.number().int().min(20).max(1260).default(260),
  /** "1": also send the benchmark's closes on the same dates (the chart's RS line). */
  benchmark: z.enum(["0", "1"]).optional(),
});

const barSchema = z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() });
const closeSchema = z.object({ date: z.string(), close: z.number() });
export const barsResponseSchema = z.object({
  ticker: z.string(),
  demo: z.boolean(),
  bars: z.array(barSchema),
  /** The kind of 50/150/200-day average the method's rules use, so the chart draws those. */
  averages: z.enum(["sma", "ema"]),
  /** With benchmark=1: the benchmark's closes on the stock's dates (a date the benchmark lacks is left out). */
  benchmark: z.object({ ticker: z.string(), bars: z.array(closeSchema) }).optional(),
});
export type BarsResponse = z.infer<typeof barsResponseSchema>;
