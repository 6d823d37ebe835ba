import { successSchema } from "../../../../contracts/api-error";
import { historyResponseSchema } from "../../../../contracts/research";
import { parseAnalysisEntries, type AnalysisEntry } from "../../../lib/analysis-record";
import { apiFetch, apiJson } from "../../../lib/api-client";

// The history's endpoints (contracts/research.ts; the CSV export of csv-import.routes.ts). Signed-in
// pages only, so their answers are parsed with the contracts' zod schemas.

const analysisPath = (id: string) => `/user/stock-analyses/${encodeURIComponent(id)}`;

/**
 * GET /user/stock-analyses/ (optionally ?ticker=X): the caller's analyses, newest first; records
 * whose analysis does not parse are skipped and logged.
 */
export async function fetchHistory(ticker: string | null): Promise<AnalysisEntry[]> {
  const path = ticker ? `/user/stock-analyses/?ticker=${encodeURIComponent(ticker)}` : "/user/stock-analyses/";
  const body = await apiJson(path, { method: "GET" }, historyResponseSchema);
  return parseAnalysisEntries(body.analyses);
}

/** DELETE /user/stock-analyses/:id (restorable for an hour). */
export async function removeAnalysis(id: string): Promise<void> {
  await apiJson(analysisPath(id), { method: "DELETE" }, successSchema);
}

/** POST /user/stock-analyses/:id/restore: undoes a removal. */
export async function restoreAnalysis(id: string): Promise<void> {
  await apiJson(`${analysisPath(id)}/restore`, { method: "POST" }, successSchema);
}

export interface CsvDownload {
  blob: Blob;
  /** The file name the server gives (content-disposition), else 'quanta-analyses.csv'. */
  filename: string;
}

function filenameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "quanta-analyses.csv";
}

/** GET /user/stock-analyses-csv/ (Bearer): the caller's analyses as the CSV export (text, not JSON). */
export async function downloadAnalysesCsv(): Promise<CsvDownload> {
  const response = await apiFetch("/user/stock-analyses-csv/", { method: "GET", headers: { accept: "text/csv" } });
  return { blob: await response.blob(), filename: filenameOf(response.headers.get("content-disposition")) };
}
