import { z } from "zod";
import { apiErrorSchema } from "./api-error";

/** POST /user/stock-analyses-csv/ (multipart `file`): all or nothing. */
const csvRowErrorSchema = z.object({ line: z.number(), column: z.string(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvImportResponseSchema = z.object({
  success: z.literal(true),
  format: z.enum(["export", "flat"]),
  total: z.number(),
  imported: z.number(),
  skipped: z.number(),
});
export type CsvImportResponse = z.infer<typeof csvImportResponseSchema>;

/** A refused file: the API error, with the rows' problems when the rows were the reason (code invalid_rows). */
export const csvImportErrorSchema = apiErrorSchema.extend({ errors: z.array(csvRowErrorSchema).optional() });
export type CsvImportError = z.infer<typeof csvImportErrorSchema>;

/** The multipart body: its `file` field is read by the route (a Buffer), so the schema only admits an object. */
export const csvImportRequestSchema = z.object({}).passthrough().optional();
