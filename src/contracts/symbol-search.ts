import { z } from "zod";

/** GET /api/symbols?q=&limit=: a ticker or company name to complete; an empty `q` lists the demo market's tickers. */
export const symbolSearchQuerySchema = z.object({
  q: z.string().trim().max(64).default(""),
  limit: z.coerce.number().int().min(1).max(60).default(8),
});

/** One suggestion: the ticker to analyse and the company's name. */
const symbolSuggestionSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
});
export type SymbolSuggestion = z.infer<typeof symbolSuggestionSchema>;

/** Best matches first; `demo` is true when they come from the demo market of fictional companies. */
export const symbolSearchResponseSchema = z.object({
  demo: z.boolean(),
  matches: z.array(symbolSuggestionSchema),
});
export type SymbolSearchResponse = z.infer<typeof symbolSearchResponseSchema>;
