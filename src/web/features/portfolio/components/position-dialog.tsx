import { useId, useState, type FormEvent } from "react";
import type { Position, UpdatePositionRequest } from "../../../../contracts/portfolio";
import { formatMoney, formatShares } from "../../../components/portfolio/portfolio-format";
import { typedNumber } from "../../../components/portfolio/sizing-settings";
import { TradeForm } from "../../../components/portfolio/trade-form";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { formatCalendarDate } from "../../../lib/format";
import { useDeletePosition, useUpdatePosition } from "../api/use-portfolio";

type LevelField = "stop" | "price_above" | "price_below" | "time_exit";

const LEVEL_LABELS: Record<LevelField, string> = {
  stop: "Stop ($)",
  price_above: "Alert when it closes above ($)",
  price_below: "Alert when it closes below ($)",
  time_exit: "Sell by (time exit)",
};

function levelText(position: Position, field: LevelField): string {
  if (field === "time_exit") return position.time_exit ?? "";
  const value = field === "stop" ? position.stop : position[field]?.level;
  return value === null || value === undefined ? "" : String(value);
}

/** The changed fields as a PATCH; an emptied field clears its value. Errors per field. */
function levelChanges(position: Position, values: Record<LevelField, string>) {
  const update: UpdatePositionRequest = {};
  const errors: Partial<Record<LevelField, string>> = {};
  for (const field of Object.keys(LEVEL_LABELS) as LevelField[]) {
    const text = values[field].trim();
    if (text === levelText(position, field)) continue;
    if (field === "time_exit") {
      if (text !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(text)) errors[field] = "Enter a date.";
      else update.time_exit = text === "" ? null : text;
      continue;
    }
    const value = text === "" ? null : typedNumber(text);
    if (value !== null && !(value > 0)) errors[field] = "Enter a price such as 48.50, or leave it empty.";
    else update[field] = value;
  }
  return { update, errors };
}

function LevelsForm({ position }: { position: Position }) {
  const baseId = useId();
  const save = useUpdatePosition();
  const initial = () => ({
    stop: levelText(position, "stop"),
    price_above: levelText(position, "price_above"),
    price_below: levelText(position, "price_below"),
    time_exit: levelText(position, "time_exit"),
  });
  const [values, setValues] = useState<Record<LevelField, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<LevelField, string>>>({});
  const [status, setStatus] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { update, errors: found } = levelChanges(position, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(update).length === 0) {
      setStatus("Nothing to save.");
      return;
    }
    setStatus("Saving…");
    save.mutate({ id: position.id, update }, { onSuccess: () => setStatus("Saved."), onError: (error) => setStatus(error.message) });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="levels-form" aria-label={`Stop and alerts for ${position.ticker}`} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(LEVEL_LABELS) as LevelField[]).map((field) => {
          const id = `${baseId}-${field}`;
          return (
            <FormField key={field} id={id} label={LEVEL_LABELS[field]} error={errors[field]}>
              <Input
                {...fieldInputProps(id, errors[field])}
                name={field}
                type={field === "time_exit" ? "date" : "text"}
                inputMode={field === "time_exit" ? undefined : "decimal"}
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
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          Save stop and alerts
        </Button>
        <span role="status" aria-live="polite" data-testid="levels-status" className="text-sm text-muted">
          {status}
        </span>
      </div>
    </form>
  );
}

function LotsAndTrades({ position }: { position: Position }) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <h3 className="font-semibold text-ink">Lots (oldest sold first)</h3>
        {position.lots.length === 0 ? (
          <p className="text-muted">No shares left.</p>
        ) : (
          <ul data-testid="position-lots" className="mt-1 space-y-0.5 tabular-nums">
            {position.lots.map((lot) => (
              <li key={lot.trade_id}>
                {formatCalendarDate(lot.date)}: {formatShares(lot.shares)} at {formatMoney(lot.price)} ({formatMoney(lot.cost_per_share)} a share with fees)
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-ink">Trades</h3>
        <ul data-testid="position-trades" className="mt-1 space-y-0.5 tabular-nums">
          {position.trades.map((trade) => (
            <li key={trade.id}>
              {formatCalendarDate(trade.date)}: {trade.side === "buy" ? "Bought" : "Sold"} {formatShares(trade.shares)} at {formatMoney(trade.price)}
              {trade.fees > 0 ? `, fees ${formatMoney(trade.fees)}` : ""}
            </li>
          ))}
        </ul>
        <p className="mt-1 text-muted">Realised P/L: {formatMoney(position.realised_pl)}</p>
      </div>
    </div>
  );
}

function DeleteControl({ position, onDeleted }: { position: Position; onDeleted: () => void }) {
  const remove = useDeletePosition();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        Delete position
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Delete ${position.ticker}?`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-ink">Delete {position.ticker} and all its trades?</span>
      <Button variant="danger" size="sm" autoFocus disabled={remove.isPending} onClick={() => remove.mutate(position.id, { onSuccess: onDeleted })}>
        {remove.isPending ? "Deleting…" : "Yes, delete"}
      </Button>
      <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      {remove.isError ? (
        <p role="alert" className="w-full text-sm font-medium text-danger-700">
          {remove.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A position's detail: lots and trades, 'Sell shares', the stop and alerts, and 'Delete'. */
export function PositionDialog({ position, onClose }: { position: Position | null; onClose: () => void }) {
  const update = useUpdatePosition();
  return (
    <Dialog open={position !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {position ? (
        <DialogContent title={`${position.ticker}: ${formatShares(position.shares)} shares`} className="max-h-[90dvh] max-w-2xl overflow-y-auto">
          <div className="space-y-5" data-testid="position-dialog">
            <LotsAndTrades position={position} />
            <section className="space-y-2 border-t border-line pt-4">
              <h3 className="text-sm font-semibold text-ink">Stop and alerts</h3>
              <LevelsForm key={position.id} position={position} />
            </section>
            {position.shares > 0 ? (
              <section className="space-y-2 border-t border-line pt-4">
                <h3 className="text-sm font-semibold text-ink">Sell shares</h3>
                <TradeForm
                  key={`${position.id}-${String(position.trades.length)}`}
                  testId="sell-form"
                  fields={["date", "shares", "price", "fees"]}
                  initial={{ shares: String(position.shares) }}
                  submitLabel="Record the sale"
                  busyLabel="Saving…"
                  onSubmit={(trade) =>
                    update.mutateAsync({ id: position.id, update: { trade: { side: "sell", date: trade.date, shares: trade.shares, price: trade.price, fees: trade.fees } } })
                  }
                />
              </section>
            ) : null}
            <div className="border-t border-line pt-4">
              <DeleteControl position={position} onDeleted={onClose} />
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
