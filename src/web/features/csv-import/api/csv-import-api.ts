import { ApiRequestError, apiFetch } from "../../../lib/api-client";

export interface ImportSummary {
  format: "export" | "flat";
  total: number;
  imported: number;
  skipped: number;
}

export interface RejectedRow {
  line: number;
  column: string;
  message: string;
}

/** A refused upload: the server's sentence, and the rows it rejected (empty when the whole file was refused). */
export class UploadRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly rejected: RejectedRow[],
  ) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rejectedRows(body: unknown): RejectedRow[] {
  const list = isRecord(body) && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  return list.flatMap((item) =>
    isRecord(item) && typeof item.line === "number" && typeof item.message === "string"
      ? [{ line: item.line, column: typeof item.column === "string" ? item.column : "", message: item.message }]
      : [],
  );
}

/** POST /user/stock-analyses-csv/ (multipart field `file`): all or nothing, duplicates skipped. */
export async function uploadAnalysesCsv(file: File): Promise<ImportSummary> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    const response = await apiFetch("/user/stock-analyses-csv/", { method: "POST", body: form });
    const body = (await response.json()) as unknown;
    if (!isRecord(body) || typeof body.imported !== "number" || typeof body.skipped !== "number") throw new Error("Invalid response format from server");
    return {
      format: body.format === "export" ? "export" : "flat",
      total: typeof body.total === "number" ? body.total : body.imported + body.skipped,
      imported: body.imported,
      skipped: body.skipped,
    };
  } catch (error) {
    if (error instanceof ApiRequestError) throw new UploadRejectedError(error.message, error.code, rejectedRows(error.body));
    throw error;
  }
}
