import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { csvImportErrorSchema, csvImportRequestSchema, csvImportResponseSchema } from "../../../contracts/csv-import";
import { requireUser, signedInUser, verifiedUser } from "../../plugins/require-user";
import { tooLarge, type CsvImportService } from "./csv-import.service";


/** A file over the multipart limit is a 413 with this feature's message and code. */
function csvErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_REQ_FILE_TOO_LARGE" || error.statusCode === 413) {
    const problem = tooLarge();
    return reply.status(413).send({ error: problem.message, code: problem.code });
  }
  throw error;
}

/** CSV import (POST, multipart `file`) and export (GET) of the caller's analyses. */
export async function csvImportRoutes(app: FastifyInstance, deps: { csv: () => Promise<CsvImportService> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/user/stock-analyses-csv/",
    {
      errorHandler: csvErrorHandler,
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
      const raw = (request.body as Record<string, unknown> | undefined)?.file;
      const file = Buffer.isBuffer(raw) || typeof raw === "string" ? raw : undefined;
      const outcome = await (await deps.csv()).importCsv(user, file);
      if (!outcome.ok) {
        const count = new Set(outcome.errors.map((e) => e.line)).size;
        return reply.status(400).send({
          error: `The file was not imported: ${count} ${count === 1 ? "line has" : "lines have"} problems. Nothing was changed.`,
          code: "invalid_rows",
          errors: outcome.errors,
        });
      }
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
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
