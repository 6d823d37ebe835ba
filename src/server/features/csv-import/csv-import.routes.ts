import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { csvImportErrorSchema, csvImportRequestSchema, csvImportResponseSchema } from "../../../contracts/csv-import";
import { requireUser, signedInUser, verifiedUser } from "../../plugins/require-user";
import { type CsvImportService } from "./csv-import.service";
import { csvUploadErrorHandler, invalidRowsReply, sendCsv, uploadedFile } from "../../csv-files";


/** CSV import (POST, multipart `file`) and export (GET) of the caller's analyses. */
export async function csvImportRoutes(app: FastifyInstance, deps: { csv: () => Promise<CsvImportService> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/user/stock-analyses-csv/",
    {
      errorHandler: csvUploadErrorHandler,
      preHandler: requireUser({ verified: true }),
      schema: {
        tags: ["history"],
        summary: "Import analyses from a CSV file (multipart field `file`); all or nothing",
        consumes: ["multipart/form-data"],
        body: csvImportRequestSchema,
        response: {
          200: csvImportResponseSchema,
          400: csvImportErrorSchema,
          413: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = verifiedUser(request);
      const file = uploadedFile(request);
      const outcome = await (await deps.csv()).importCsv(user, file);
      if (!outcome.ok) return invalidRowsReply(reply, outcome.errors);
      return { success: true as const, format: outcome.format, total: outcome.total, imported: outcome.imported, skipped: outcome.skipped };
    },
  );

  // Untyped: the answer is CSV text, not JSON, so no response schema serialises it.
  app.get(
    "/user/stock-analyses-csv/",
    {
      preHandler: requireUser({ verified: false }),
      schema: { tags: ["history"], summary: "Download the caller's analyses as CSV (export format: id,ticker,timestamp,analysis)" },
    },
    async (request, reply) => {
      const { filename, csv } = await (await deps.csv()).exportCsv(signedInUser(request));
      return sendCsv(reply, filename, csv);
    },
  );
}
