import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { decodeCsvBytes } from "../core/csv/csv";
import { AppError } from "./app-error";

/**
 * CSV files in and out of the API: the upload checks every import shares (a file, not empty, at
 * most 5 MB, UTF-8 text), the multipart limit's 413, the 400 that lists the refused lines, and the
 * download's headers. Each feature adds only its own wording (what the file should hold).
 */

export const MAX_CSV_BYTES = 5 * 1024 * 1024;

function csvTooLarge(): AppError {
  return new AppError(413, "file_too_large", `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Split it into smaller files and upload them one by one.`);
}

/** The multipart `file` field of a request, if it has one. */
export function uploadedFile(request: FastifyRequest): Buffer | string | undefined {
  const raw = (request.body as Record<string, unknown> | undefined)?.file;
  return Buffer.isBuffer(raw) || typeof raw === "string" ? raw : undefined;
}

/**
 * The text of an uploaded CSV, or the AppError that refuses it. `words` are the feature's own: what a
 * row holds ('analysis', 'transaction') and how to make a good file ('Export your analyses as CSV').
 */
export function uploadedCsvText(file: Buffer | string | undefined, words: { row: string; saveAs: string }): string {
  if (file === undefined) throw new AppError(400, "file_required", "Please select a file first");
  const bytes = typeof file === "string" ? Buffer.from(file, "utf8") : file;
  if (bytes.length === 0) throw new AppError(400, "empty_csv", `The file is empty. It needs a header row and at least one ${words.row}.`);
  if (bytes.length > MAX_CSV_BYTES) throw csvTooLarge();
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) throw new AppError(400, "not_csv", `This file is not a CSV: it is binary or not UTF-8 text. ${words.saveAs} as CSV (UTF-8) and try again.`);
  return decoded.text;
}

/** Route error handler: a file over the multipart limit is the same 413 as one over MAX_CSV_BYTES. */
export function csvUploadErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_REQ_FILE_TOO_LARGE" || error.statusCode === 413) {
    const problem = csvTooLarge();
    return reply.status(413).send({ error: problem.message, code: problem.code });
  }
  throw error;
}

/** The 400 of a refused file: nothing was written, and each problem is listed with its line and column. */
export function invalidRowsReply<E extends { line: number }>(reply: FastifyReply, errors: readonly E[]) {
  const count = new Set(errors.map((e) => e.line)).size;
  return reply.status(400).send({
    error: `The file was not imported: ${count} ${count === 1 ? "line has" : "lines have"} problems. Nothing was changed.`,
    code: "invalid_rows",
    errors,
  });
}

/** A CSV download under `filename`, never cached (it is the user's own data). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
