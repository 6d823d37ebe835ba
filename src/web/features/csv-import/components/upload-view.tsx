import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { Page } from "../../../components/layout/page";
import { Banner } from "../../../components/ui/banner";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-context";
import type { CsvImportResponse, CsvRowError } from "../../../../contracts/csv-import";
import { UploadRejectedError, uploadAnalysesCsv } from "../api/csv-import-api";
import { previewFile, type Preview } from "./csv-preview";
import { paths } from "../../../../contracts/paths";
import { isPrivateQuery } from "../../../lib/query-keys";

export const UPLOAD_TEXTS = {
  invalidType: "Please select a valid CSV file",
  noFile: "Please select a file first",
  success: "File uploaded successfully!",
  failure: "Failed to upload file. Please try again.",
  signIn: "Sign in to upload a CSV of analyses.",
} as const;

/** The sample files, served from src/web/public/samples (copies of docs/samples, kept equal by a test). */
export const SAMPLE_FILES = {
  export: "/samples/quanta-analyses-export.csv",
  template: "/samples/quanta-analyses-template.csv",
} as const;

/** Types browsers report for .csv files (Windows often says Excel; some say nothing). */
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/x-csv", "application/vnd.ms-excel", "text/plain", ""]);

export function isCsvFile(file: File): boolean {
  return file.type === "text/csv" || (/\.csv$/i.test(file.name) && CSV_TYPES.has(file.type));
}

type Status =
  | { kind: "idle" }
  | { kind: "error"; message: string }
  | { kind: "uploading" }
  | { kind: "done"; summary: CsvImportResponse }
  | { kind: "failed"; detail: string; rejected: CsvRowError[] };

/** The picked file, its preview and the upload's status, with the input's and the form's handlers. */
function useCsvUpload() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setPreview(null);
    if (picked && !isCsvFile(picked)) {
      setFile(null);
      event.target.value = "";
      setStatus({ kind: "error", message: UPLOAD_TEXTS.invalidType });
      return;
    }
    setFile(picked);
    setStatus({ kind: "idle" });
    if (picked) {
      void previewFile(picked).then(
        (result) => {
          setPreview(result);
        },
        () => {
          setPreview({ ok: false, message: "The preview could not read this file." });
        },
      );
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setStatus({ kind: "error", message: UPLOAD_TEXTS.noFile });
      return;
    }
    setStatus({ kind: "uploading" });
    try {
      const summary = await uploadAnalysesCsv(file);
      setStatus({ kind: "done", summary });
      void queryClient.invalidateQueries({ predicate: isPrivateQuery });
    } catch (error) {
      if (error instanceof UploadRejectedError) setStatus({ kind: "failed", detail: error.message, rejected: error.rejected });
      else setStatus({ kind: "failed", detail: error instanceof Error ? error.message : "", rejected: [] });
    }
  };

  return { file, preview, status, onChange, onSubmit };
}

/** /upload: pick a CSV, preview its first rows, upload it, and see what was imported (docs/product.md). */
export function UploadView() {
  const { user, isPending } = useAuth();
  const { file, preview, status, onChange, onSubmit } = useCsvUpload();

  if (isPending) return <PageSpinner label="Checking your session…" />;

  const description = "Import stock analyses from a CSV file: Quanta's own export, or one column per field.";
  if (!user) {
    return (
      <Page title="Upload analyses" description={description}>
        <Card className="flex flex-col items-start gap-4">
          <p className="text-ink">{UPLOAD_TEXTS.signIn}</p>
          <Link to={paths.signIn(paths.upload())} className={buttonClasses()}>
            Sign in
          </Link>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      title="Upload analyses"
      description={description}
      actions={
        <Link to={paths.dashboard()} className={buttonClasses({ variant: "secondary" })}>
          Your analysis history
        </Link>
      }
    >
      <div className="space-y-6">
        <UploadForm uploading={status.kind === "uploading"} onChange={onChange} onSubmit={onSubmit} />
        {status.kind === "error" ? <Banner tone="error">{status.message}</Banner> : null}
        {status.kind === "done" || status.kind === "failed" ? <UploadResult status={status} /> : null}
        <CsvFormatHelp />
        {file && preview ? <CsvPreviewCard fileName={file.name} preview={preview} /> : null}
      </div>
    </Page>
  );
}

function UploadForm({
  uploading,
  onChange,
  onSubmit,
}: {
  uploading: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  const inputId = useId();
  return (
    <Card>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            CSV file
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            onChange={onChange}
            className="block w-full max-w-full text-sm text-ink file:mr-4 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold hover:file:bg-brand-50"
          />
          <p className="text-sm text-muted">
            Up to 5 MB and 10,000 rows, UTF-8. Every row is checked first: if one is wrong, nothing is imported. Analyses you
            already have are skipped.
          </p>
        </div>
        <Button type="submit" disabled={uploading}>
          <Upload aria-hidden="true" size={18} />
          {uploading ? "Uploading…" : "Upload CSV"}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The upload's outcome, right under the form. On a phone the form fills the screen, so the result is
 * scrolled into view and takes the focus: it is seen and read out, not left below the fold.
 */
function UploadResult({ status }: { status: Extract<Status, { kind: "done" | "failed" }> }) {
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    result.current?.scrollIntoView({ block: "nearest" });
    result.current?.focus({ preventScroll: true });
  }, [status]);
  return (
    <div ref={result} tabIndex={-1} data-testid="upload-result" className="scroll-mt-20 space-y-6 rounded-lg focus:outline-none">
      {status.kind === "done" ? <UploadSummary summary={status.summary} /> : null}
      {status.kind === "failed" ? (
        <Banner tone="error">
          <p>{UPLOAD_TEXTS.failure}</p>
          {status.detail ? <p className="font-normal">{status.detail}</p> : null}
        </Banner>
      ) : null}
      {status.kind === "failed" && status.rejected.length > 0 ? <RejectedRows rejected={status.rejected} /> : null}
    </div>
  );
}

function UploadSummary({ summary }: { summary: CsvImportResponse }) {
  return (
    <Banner tone="success">
      <p>{UPLOAD_TEXTS.success}</p>
      <p data-testid="upload-summary" className="font-normal">
        {summary.imported} imported, {summary.skipped} skipped as duplicates, 0 rejected
        {summary.imported > 0 ? (
          <>
            {" — "}
            <Link to={paths.dashboard()} className="font-semibold underline underline-offset-4">
              see them in your history
            </Link>
          </>
        ) : null}
        .
      </p>
    </Banner>
  );
}

function RejectedRows({ rejected }: { rejected: CsvRowError[] }) {
  return (
    <Card>
      <CardTitle>Rejected: {rejected.length} {rejected.length === 1 ? "problem" : "problems"}</CardTitle>
      <div className="mt-4 overflow-x-auto">
        <table data-testid="rejected-rows" className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th className="py-2 pr-4 font-semibold">Line</th>
              <th className="py-2 pr-4 font-semibold">Column</th>
              <th className="py-2 font-semibold">Problem</th>
            </tr>
          </thead>
          <tbody>
            {rejected.map((row, index) => (
              <tr key={index} className="border-t border-line align-top">
                <td className="py-2 pr-4 tabular-nums">{row.line}</td>
                <td className="py-2 pr-4 font-mono text-xs break-all">{row.column || "—"}</td>
                <td className="py-2">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function CsvPreviewCard({ fileName, preview }: { fileName: string; preview: Preview }) {
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <FileSpreadsheet aria-hidden="true" size={20} className="text-brand-700" />
        Preview of {fileName}
      </CardTitle>
      {preview.ok ? (
        <div className="mt-4 overflow-x-auto">
          <table data-testid="csv-preview" className="w-full text-left text-xs">
            <thead className="text-muted">
              <tr>
                {preview.header.map((name, index) => (
                  <th key={index} scope="col" className="py-2 pr-4 font-semibold whitespace-nowrap">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, r) => (
                <tr key={r} className="border-t border-line">
                  {row.map((cell, c) => (
                    <td key={c} className="py-2 pr-4 whitespace-nowrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {preview.more ? <p className="mt-2 text-xs text-muted">Only the first rows are shown.</p> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">{preview.message}</p>
      )}
    </Card>
  );
}

const codeClass = "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all text-ink";

/** The two file formats in a few lines, each with a file to download and start from. */
function CsvFormatHelp() {
  return (
    <Card>
      <CardTitle>File formats</CardTitle>
      <div className="mt-4 grid gap-6 text-sm text-muted md:grid-cols-2">
        <section aria-labelledby="csv-format-export" className="space-y-2">
          <h3 id="csv-format-export" className="font-semibold text-ink">
            Quanta&apos;s export
          </h3>
          <p>
            Four columns: <code className={codeClass}>id</code>, <code className={codeClass}>ticker</code>,{" "}
            <code className={codeClass}>timestamp</code> and <code className={codeClass}>analysis</code> (the whole report as
            JSON). It is what &lsquo;Download CSV&rsquo; in your history writes, so a file from another Quanta server imports as it is.
          </p>
          <a href={SAMPLE_FILES.export} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <Download aria-hidden="true" size={16} />
            Download a sample export
          </a>
        </section>
        <section aria-labelledby="csv-format-flat" className="space-y-2">
          <h3 id="csv-format-flat" className="font-semibold text-ink">
            One column per field
          </h3>
          <p>
            <code className={codeClass}>id</code> (may be empty), <code className={codeClass}>timestamp</code> (e.g.{" "}
            <code className={codeClass}>2025-06-30 20:00</code>, UTC), <code className={codeClass}>ticker</code>, then one column
            per report field named by its path, such as <code className={codeClass}>current_metrics.price</code>,{" "}
            <code className={codeClass}>recommendation.action</code> (BUY, WATCH or SELL) and{" "}
            <code className={codeClass}>trade_setup.buy_point</code> (a price or N/A). Lists hold one item per line. The
            template has every column and two example rows.
          </p>
          <a href={SAMPLE_FILES.template} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <Download aria-hidden="true" size={16} />
            Download the template
          </a>
        </section>
      </div>
    </Card>
  );
}
