import { parseCsv } from "../../../../core/csv/csv";

const PREVIEW_ROWS = 5;
/** Only the start of the file is read for the preview. */
const PREVIEW_BYTES = 64 * 1024;
const MAX_CELL = 60;

export type Preview = { ok: true; header: string[]; rows: string[][]; more: boolean } | { ok: false; message: string };

function shorten(cell: string): string {
  const flat = cell.replace(/\s+/g, " ");
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** The header and first rows of a CSV's text (a quoted field cut at the end of the slice is dropped). */
export function previewCsv(text: string, truncated: boolean): Preview {
  const source = text.replace(/^\uFEFF/, "");
  let records;
  try {
    records = parseCsv(source);
  } catch (error) {
    if (!truncated) return { ok: false, message: error instanceof Error ? error.message : String(error) };
    // The slice may end inside a quoted field: preview what precedes the last complete line.
    try {
      records = parseCsv(source.slice(0, Math.max(0, source.lastIndexOf("\n"))));
    } catch {
      return { ok: false, message: "The preview could not read the start of this file." };
    }
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, message: "The file is empty." };
  return {
    ok: true,
    header: header.fields.map(shorten),
    rows: rows.slice(0, PREVIEW_ROWS).map((r) => r.fields.map(shorten)),
    more: rows.length > PREVIEW_ROWS || truncated,
  };
}

/** Reads the start of a file for previewCsv. */
export async function previewFile(file: File): Promise<Preview> {
  const slice = file.slice(0, PREVIEW_BYTES);
  const text = await slice.text();
  return previewCsv(text, file.size > PREVIEW_BYTES);
}
