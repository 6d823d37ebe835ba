import {
  csvImportErrorSchema,
  csvImportResponseSchema,
  type CsvImportResponse,
  type CsvRowError,
} from "../../../../contracts/csv-import";
import { ApiRequestError, apiJson } from "../../../lib/api-client";

/** A refused upload: the server's sentence, and the rows it rejected (empty when the whole file was refused). */
export class UploadRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly rejected: CsvRowError[],
  ) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

/** The rows of a refusal with code invalid_rows (contracts/csv-import.ts `csvImportErrorSchema`); none otherwise. */
function rejectedRows(body: unknown): CsvRowError[] {
  const parsed = csvImportErrorSchema.safeParse(body);
  return parsed.success ? (parsed.data.errors ?? []) : [];
}

/**
 * POST /user/stock-analyses-csv/ (multipart field `file`, contracts/csv-import.ts): all or nothing,
 * duplicates skipped. Rejects with UploadRejectedError.
 */
export async function uploadAnalysesCsv(file: File): Promise<CsvImportResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    return await apiJson("/user/stock-analyses-csv/", { method: "POST", body: form }, csvImportResponseSchema);
  } catch (error) {
    if (error instanceof ApiRequestError) throw new UploadRejectedError(error.message, error.code, rejectedRows(error.body));
    throw error;
  }
}
