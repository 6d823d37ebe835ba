import { useId, useRef, useState, type FormEvent } from "react";
import { Upload } from "lucide-react";
import type { CsvRowError } from "../../../../contracts/csv-import";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { TransactionsRejectedError } from "../../../lib/portfolio-api";
import { useImportTransactions } from "../api/use-portfolio";
import { ExportButton } from "./export-button";

/** The sample transactions file, served from src/web/public/samples (a copy of docs/samples/transactions.csv). */
const TRANSACTIONS_SAMPLE = "/samples/quanta-transactions.csv";

/** Types browsers report for .csv files (Windows often says Excel; some say nothing). */
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/x-csv", "application/vnd.ms-excel", "text/plain", ""]);

function isCsvFile(file: File): boolean {
  return file.type === "text/csv" || (/\.csv$/i.test(file.name) && CSV_TYPES.has(file.type));
}

type Status =
  | { kind: "idle" }
  | { kind: "error"; message: string }
  | { kind: "done"; imported: number; opened: number }
  | { kind: "failed"; message: string; rejected: CsvRowError[] };

function RejectedRows({ rejected }: { rejected: CsvRowError[] }) {
  if (rejected.length === 0) return null;
  return (
    <ul data-testid="import-row-errors" className="mt-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-ink">
      {rejected.map((row) => (
        <li key={`${String(row.line)}-${row.column ?? ""}-${row.message}`}>
          Line {row.line}
          {row.column ? ` (${row.column})` : ""}: {row.message}
        </li>
      ))}
    </ul>
  );
}

function StatusLine({ status }: { status: Status }) {
  if (status.kind === "idle") return null;
  if (status.kind === "done") {
    return (
      <p role="status" data-testid="import-result" className="text-sm font-medium text-success-700">
        Imported {status.imported} {status.imported === 1 ? "transaction" : "transactions"}; {status.opened}{" "}
        {status.opened === 1 ? "position" : "positions"} opened.
      </p>
    );
  }
  return (
    <div role="alert" data-testid="import-error" className="text-sm font-medium text-danger-700">
      {status.message}
      {status.kind === "failed" ? <RejectedRows rejected={status.rejected} /> : null}
    </div>
  );
}

/**
 * 'Import transactions' (a CSV of date, ticker, side, quantity, price, fees and an optional stop;
 * all rows or none, each refused row named by line) and 'Export CSV' (the same columns, re-importable).
 */
export function ImportTransactions() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportTransactions();
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setStatus({ kind: "error", message: "Choose a CSV file first." });
      return;
    }
    if (!isCsvFile(file)) {
      setStatus({ kind: "error", message: "Please select a valid CSV file" });
      return;
    }
    setStatus({ kind: "idle" });
    upload.mutate(file, {
      onSuccess: (answer) => {
        setStatus({ kind: "done", imported: answer.imported, opened: answer.opened });
        if (input.current) input.current.value = "";
      },
      onError: (error) => {
        setStatus({ kind: "failed", message: error.message, rejected: error instanceof TransactionsRejectedError ? error.rejected : [] });
      },
    });
  };

  return (
    <Card className="space-y-3 p-4 sm:p-6" data-testid="portfolio-import">
      <CardTitle>Import and export transactions</CardTitle>
      <p className="text-sm text-muted">
        A CSV with one trade per line: <code>date,ticker,side,quantity,price,fees</code>, optionally <code>stop</code> and{" "}
        <code>initial_stop</code>. All lines go in or none do.{" "}
        <a href={TRANSACTIONS_SAMPLE} download className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Download a sample
        </a>
        .
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        {/* The file field takes the whole row on a phone, the buttons go under it. */}
        <div className="min-w-0 basis-full space-y-1 sm:basis-auto sm:flex-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            Transactions CSV
          </label>
          <input id={inputId} ref={input} type="file" accept=".csv,text/csv" data-testid="import-file" className="block w-full max-w-full text-sm" />
        </div>
        <Button type="submit" variant="secondary" disabled={upload.isPending}>
          <Upload aria-hidden="true" size={16} />
          {upload.isPending ? "Importing…" : "Import"}
        </Button>
        <ExportButton />
      </form>
      <StatusLine status={status} />
    </Card>
  );
}
