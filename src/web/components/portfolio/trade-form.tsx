import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../ui/button";
import { FormField, fieldInputProps } from "../ui/form-field";
import { Input } from "../ui/input";
import { typedNumber } from "./sizing-settings";

/**
 * The fields of one trade (date, shares, price, fees and, for a buy that opens a position, the
 * ticker and the stop), used by 'I bought this', 'Add a position' and a position's 'Sell shares'.
 * Checks what a person can get wrong before sending; the server checks everything again.
 */

type TradeField = "ticker" | "date" | "shares" | "price" | "fees" | "stop";

export type TradeFormValues = Record<TradeField, string>;

export interface TradeFormResult {
  ticker: string;
  date: string;
  shares: number;
  price: number;
  fees: number;
  /** null when the stop field is empty or not shown. */
  stop: number | null;
}

const LABELS: Record<TradeField, string> = {
  ticker: "Ticker",
  date: "Date",
  shares: "Shares",
  price: "Price per share ($)",
  fees: "Fees ($)",
  stop: "Stop ($)",
};

/** Today in the browser's time zone, as YYYY-MM-DD: the date a trade made today has. */
function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${String(now.getFullYear())}-${month}-${day}`;
}

type Errors = Partial<Record<TradeField, string>>;

function positiveOr(text: string, message: string, errors: Errors, field: TradeField): number {
  const value = typedNumber(text);
  if (!(value > 0)) errors[field] = message;
  return value;
}

/** The typed values as a trade, or the sentence for each field that is wrong. */
function readTradeForm(values: TradeFormValues, fields: readonly TradeField[]): { result: TradeFormResult } | { errors: Errors } {
  const errors: Errors = {};
  const ticker = values.ticker.trim().toUpperCase();
  if (fields.includes("ticker") && !/^[A-Z0-9.^=-]{1,12}$/.test(ticker)) errors.ticker = "Enter a ticker such as AAPL.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || values.date > localToday(new Date(Date.now() + 86_400_000))) {
    errors.date = "Enter the trade's date, today or earlier.";
  }
  const shares = positiveOr(values.shares, "Enter the number of shares, more than 0.", errors, "shares");
  const price = positiveOr(values.price, "Enter the price per share, such as 52.10.", errors, "price");
  const fees = values.fees.trim() === "" ? 0 : typedNumber(values.fees);
  if (!(fees >= 0)) errors.fees = "Enter the fees in $, or leave them empty.";
  let stop: number | null = null;
  if (fields.includes("stop") && values.stop.trim() !== "") {
    stop = positiveOr(values.stop, "Enter a stop price such as 48.50, or leave it empty.", errors, "stop");
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { result: { ticker, date: values.date, shares, price, fees, stop } };
}

export interface TradeFormProps {
  fields: readonly TradeField[];
  initial: Partial<TradeFormValues>;
  submitLabel: string;
  busyLabel: string;
  /** Sends the trade; a rejection's message is shown under the form. */
  onSubmit: (trade: TradeFormResult) => Promise<unknown>;
  /** Shown under the fields (what the prefill came from). */
  note?: ReactNode;
  testId?: string;
}

export function TradeForm({ fields, initial, submitLabel, busyLabel, onSubmit, note, testId }: TradeFormProps) {
  const baseId = useId();
  const [values, setValues] = useState<TradeFormValues>({ ticker: "", date: localToday(), shares: "", price: "", fees: "", stop: "", ...initial });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readTradeForm(values, fields);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    onSubmit(read.result).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid={testId} className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        {fields.map((field) => {
          const id = `${baseId}-${field}`;
          return (
            <FormField key={field} id={id} label={LABELS[field]} error={errors[field]} className={field === "ticker" || field === "date" ? "col-span-2 sm:col-span-1" : undefined}>
              <Input
                {...fieldInputProps(id, errors[field])}
                name={field}
                type={field === "date" ? "date" : "text"}
                inputMode={field === "date" || field === "ticker" ? undefined : "decimal"}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((previous) => ({ ...previous, [field]: value }));
                }}
              />
            </FormField>
          );
        })}
      </div>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {failure}
          </p>
        ) : null}
      </div>
    </form>
  );
}
