import { useId, useState, type FormEvent } from "react";
import type { WatchItem } from "../../../../contracts/watchlist";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { formatCalendarDate, formatPrice } from "../../../lib/format";
import { parsePriceInput } from "../watchlist-format";
import { useUpdateWatch } from "../api/use-watchlist";

type Side = "price_above" | "price_below";

const SIDES: { side: Side; label: string }[] = [
  { side: "price_above", label: "Alert when it closes above $" },
  { side: "price_below", label: "Alert when it closes below $" },
];

function levelText(item: WatchItem, side: Side): string {
  const level = item[side]?.level;
  return level === undefined ? "" : String(level);
}

/** One side's field: its price, 'Clear' when an alert is set, the alert's state and the field's error. */
function PriceAlertField({
  id,
  side,
  label,
  current,
  value,
  error,
  busy,
  onChange,
  onClear,
}: {
  id: string;
  side: Side;
  label: string;
  current: WatchItem[Side];
  value: string;
  error: string | undefined;
  busy: boolean;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="font-medium">
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="Price"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[current ? noteId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          className="h-10 min-w-0 flex-1"
        />
        {current ? (
          <Button variant="ghost" size="sm" className="h-10" disabled={busy} onClick={onClear}>
            Clear<span className="sr-only"> the {side === "price_above" ? "above" : "below"} alert</span>
          </Button>
        ) : null}
      </div>
      {current ? (
        <p id={noteId} data-testid={`${side}-note`} className="text-xs text-muted">
          {current.fired_on
            ? `Fired on ${formatCalendarDate(current.fired_on)} at the ${formatPrice(current.level)} level; save a price to set it again.`
            : `Set at ${formatPrice(current.level)}.`}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The stock's two price alerts: 'closes above $__' and 'closes below $__'. 'Save' sets the typed
 * prices (an emptied field clears its alert), 'Clear' removes one at once. A spent alert says when it
 * fired; saving a price sets it again.
 */
export function PriceAlertEditor({ item }: { item: WatchItem }) {
  const baseId = useId();
  const update = useUpdateWatch();
  const [values, setValues] = useState<Record<Side, string>>({
    price_above: levelText(item, "price_above"),
    price_below: levelText(item, "price_below"),
  });
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const [status, setStatus] = useState<string>("");
  const [failure, setFailure] = useState<string | null>(null);

  const send = (change: Partial<Record<Side, number | null>>, done: string) => {
    setStatus("Saving…");
    setFailure(null);
    update.mutate(
      { ticker: item.ticker, update: change },
      {
        onSuccess: (saved) => {
          setValues({ price_above: levelText(saved, "price_above"), price_below: levelText(saved, "price_below") });
          setStatus(done);
        },
        onError: (error) => {
          setStatus("");
          setFailure(error.message);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: Partial<Record<Side, number | null>> = {};
    const nextErrors: Partial<Record<Side, string>> = {};
    for (const { side } of SIDES) {
      const parsed = parsePriceInput(values[side]);
      if (parsed === undefined) nextErrors[side] = "Enter a price such as 52.10.";
      else if (parsed !== (item[side]?.level ?? null) || (parsed !== null && item[side]?.fired_on)) change[side] = parsed;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    if (Object.keys(change).length === 0) {
      setStatus("Nothing to save.");
      return;
    }
    send(change, "Price alerts saved.");
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Price alerts for ${item.ticker}`} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {SIDES.map(({ side, label }) => (
          <PriceAlertField
            key={side}
            id={`${baseId}-${side}`}
            side={side}
            label={label}
            current={item[side]}
            value={values[side]}
            error={errors[side]}
            busy={update.isPending}
            onChange={(value) => {
              setValues((previous) => ({ ...previous, [side]: value }));
            }}
            onClear={() => {
              send({ [side]: null }, "Price alert cleared.");
            }}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" disabled={update.isPending}>
          Save price alerts
        </Button>
        <span role="status" aria-live="polite" className="text-sm text-muted">
          {status}
        </span>
        {failure ? (
          <span role="alert" className="text-sm font-medium text-danger-700">
            {failure}
          </span>
        ) : null}
      </div>
    </form>
  );
}
