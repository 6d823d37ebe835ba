import { uploadedCsvText } from "../../csv-files";
import { AppError } from "../../app-error";
import type { AuthenticatedUser, VerifiedUser } from "../../plugins/require-user";
import { readAnalysesCsv, writeAnalysesCsv, type CsvFormat, type ExportRow, type ImportRow, type RowError } from "./analyses-csv";


export type ImportOutcome =
  | { ok: true; format: CsvFormat; total: number; imported: number; skipped: number }
  | { ok: false; format: CsvFormat | null; errors: RowError[] };

/** What the CSV feature needs of the stored analyses (stored-analyses/, the table's one owner). */
export interface AnalysesFileStore {
  /** The caller's analyses that are not removed, oldest first. */
  listForExport(userId: string): Promise<ExportRow[]>;
  /** All or nothing; rows the user already has are skipped. */
  importRows(userId: string, rows: readonly ImportRow[]): Promise<{ imported: number; skipped: number }>;
}

/**
 * CSV import and export of the caller's analyses. A whole file refused for what it is (not CSV, too
 * big, too many rows, empty) is an AppError; invalid rows come back listed.
 */
export class CsvImportService {
  constructor(private readonly deps: { repository: AnalysesFileStore; now: () => Date }) {}

  /** All or nothing: every row valid and stored (duplicates skipped), or nothing written and the problems listed. */
  async importCsv(user: VerifiedUser, file: Buffer | string | undefined): Promise<ImportOutcome> {
    const text = uploadedCsvText(file, { row: "analysis", saveAs: "Export your analyses" });
    const parsed = readAnalysesCsv(text);
    if (!parsed.ok) {
      if (parsed.kind === "invalid") return { ok: false, format: parsed.format, errors: parsed.errors };
      throw new AppError(400, parsed.kind === "too_many_rows" ? "too_many_rows" : "empty_csv", parsed.message);
    }
    const { imported, skipped } = await this.deps.repository.importRows(user.id, parsed.rows);
    return { ok: true, format: parsed.format, total: parsed.rows.length, imported, skipped };
  }

  /** The caller's analyses in the export format, with the download's file name. */
  async exportCsv(user: AuthenticatedUser): Promise<{ filename: string; csv: string; count: number }> {
    const rows = await this.deps.repository.listForExport(user.id);
    return { filename: `quanta-analyses-${this.deps.now().toISOString().slice(0, 10)}.csv`, csv: writeAnalysesCsv(rows), count: rows.length };
  }
}
