import { useState, type FormEvent, type ReactNode } from "react";
import { SlidersHorizontal } from "lucide-react";
import { SCREENER_SETUPS, type ScreenerQuery } from "../../../../contracts/screener";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";
import { hasFilters, queryFromSearch, searchFromQuery } from "../screen-url";

/** Percent fields are shown in percent and held as fractions (5 → 0.05), dollar volume in millions. */
const PERCENT = 100;
const MILLION = 1_000_000;

type FieldName = "action" | "setup" | "min_rs" | "min_tt" | "max_buy_distance" | "sector" | "industry" | "min_price" | "min_dollar_volume";

function scaled(value: number | undefined, factor: number): string {
  return value === undefined ? "" : String(Math.round(value * factor * 1e6) / 1e6);
}

/** The form's values from the screen (percent and millions as typed). */
function formValues(query: ScreenerQuery): Record<FieldName, string> {
  return {
    action: query.action ?? "",
    setup: query.setup ?? "",
    min_rs: query.min_rs === undefined ? "" : String(query.min_rs),
    min_tt: query.min_tt === undefined ? "" : String(query.min_tt),
    max_buy_distance: scaled(query.max_buy_distance, PERCENT),
    sector: query.sector ?? "",
    industry: query.industry ?? "",
    min_price: query.min_price === undefined ? "" : String(query.min_price),
    min_dollar_volume: scaled(query.min_dollar_volume, 1 / MILLION),
  };
}

/** The screen the form describes, page 1, same sort and page size; values the API would refuse are left out. */
function queryOf(values: Record<FieldName, string>, current: ScreenerQuery): ScreenerQuery {
  const search = new URLSearchParams(searchFromQuery({ sort: current.sort, page_size: current.page_size }));
  const factors: Partial<Record<FieldName, number>> = { max_buy_distance: 1 / PERCENT, min_dollar_volume: MILLION };
  for (const [name, text] of Object.entries(values) as [FieldName, string][]) {
    const factor = factors[name];
    if (text.trim() !== "") search.set(name, factor === undefined ? text.trim() : String(Number(text) * factor));
  }
  return queryFromSearch(search);
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function NumberField(props: { name: FieldName; label: string; min: number; max?: number; step: string; values: Record<FieldName, string>; set: (name: FieldName, value: string) => void }) {
  const id = `screener-${props.name}`;
  return (
    <Field id={id} label={props.label}>
      <input id={id} name={props.name} type="number" inputMode="decimal" min={props.min} max={props.max} step={props.step} className={inputClasses} value={props.values[props.name]} onChange={(event) => props.set(props.name, event.target.value)} />
    </Field>
  );
}

function SelectField(props: { name: FieldName; label: string; options: readonly { value: string; label: string }[]; values: Record<FieldName, string>; set: (name: FieldName, value: string) => void }) {
  const id = `screener-${props.name}`;
  return (
    <Field id={id} label={props.label}>
      <select id={id} name={props.name} className={inputClasses} value={props.values[props.name]} onChange={(event) => props.set(props.name, event.target.value)}>
        <option value="">Any</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A free-text filter offering the names of the latest screen's groups (exact names match; typing still works). */
function TextField(props: { name: FieldName; label: string; suggestions: readonly string[]; values: Record<FieldName, string>; set: (name: FieldName, value: string) => void }) {
  const id = `screener-${props.name}`;
  const listId = `${id}-names`;
  return (
    <Field id={id} label={props.label}>
      <input
        id={id}
        name={props.name}
        type="text"
        maxLength={80}
        autoComplete="off"
        list={props.suggestions.length > 0 ? listId : undefined}
        className={inputClasses}
        value={props.values[props.name]}
        onChange={(event) => props.set(props.name, event.target.value)}
      />
      {props.suggestions.length > 0 ? (
        <datalist id={listId}>
          {props.suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
    </Field>
  );
}

/** The sectors and industries of the latest screen, offered in the group filters. */
export interface GroupNames {
  sector: readonly string[];
  industry: readonly string[];
}

const ACTIONS = ["BUY", "WATCH", "SELL"].map((value) => ({ value, label: value }));
const SETUPS = SCREENER_SETUPS.map((value) => ({ value, label: value }));
const TT_SCORES = Array.from({ length: 9 }, (_, score) => ({ value: String(score), label: `${String(score)} of 8` }));

/**
 * The screen's filters. Applied together with 'Apply filters' (each change would otherwise fetch a
 * screen per keystroke); on a phone they fold into a panel opened by 'Filters'.
 */
export function FiltersForm({ query, onApply, groups = { sector: [], industry: [] } }: { query: ScreenerQuery; onApply: (query: ScreenerQuery) => void; groups?: GroupNames }) {
  const [values, setValues] = useState(() => formValues(query));
  const [open, setOpen] = useState(false);
  const set = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(queryOf(values, query));
  };
  const shared = { values, set };
  return (
    <section aria-labelledby="screener-filters-title" className="rounded-xl border border-line bg-surface p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="screener-filters-title" className="font-semibold text-ink">
          Filters
        </h2>
        <Button type="button" variant="secondary" size="sm" className="sm:hidden" aria-expanded={open} aria-controls="screener-filters-form" onClick={() => setOpen((was) => !was)}>
          <SlidersHorizontal aria-hidden="true" size={16} />
          {open ? "Hide filters" : "Show filters"}
        </Button>
      </div>
      <form id="screener-filters-form" aria-label="Screen filters" onSubmit={submit} className={cn("mt-4 space-y-4", !open && "max-sm:hidden")}>
        <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          <SelectField name="action" label="Action" options={ACTIONS} {...shared} />
          <SelectField name="setup" label="Setup" options={SETUPS} {...shared} />
          <NumberField name="min_rs" label="RS rating ≥" min={1} max={99} step="1" {...shared} />
          <SelectField name="min_tt" label="Trend Template ≥" options={TT_SCORES} {...shared} />
          <NumberField name="max_buy_distance" label="Within % of buy point" min={0} max={100} step="any" {...shared} />
          <TextField name="sector" label="Sector" suggestions={groups.sector} {...shared} />
          <TextField name="industry" label="Industry" suggestions={groups.industry} {...shared} />
          <NumberField name="min_price" label="Price ≥" min={0} step="any" {...shared} />
          <NumberField name="min_dollar_volume" label="Avg dollar volume ≥ ($M)" min={0} step="any" {...shared} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit">Apply filters</Button>
          {hasFilters(query) ? (
            <Button type="button" variant="ghost" onClick={() => onApply(queryFromSearch(new URLSearchParams(searchFromQuery({ sort: query.sort, page_size: query.page_size }))))}>
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
