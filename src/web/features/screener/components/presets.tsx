import { SCREENER_PRESETS, type ScreenerPreset, type ScreenerQuery } from "../../../../contracts/screener";
import { cn } from "../../../lib/cn";
import { definitionOf, queryFromSearch, searchFromQuery } from "../screen-url";

/** The screen a preset opens: its filters and sort, page 1. */
function presetQuery(preset: ScreenerPreset): ScreenerQuery {
  return queryFromSearch(new URLSearchParams(searchFromQuery(preset.query)));
}

function isCurrent(preset: ScreenerPreset, query: ScreenerQuery): boolean {
  return searchFromQuery(definitionOf(presetQuery(preset))) === searchFromQuery(definitionOf(query));
}

/** The ready-made screens, as toggle buttons (pressed: the screen shown is that preset). */
export function Presets({ query, onPick }: { query: ScreenerQuery; onPick: (query: ScreenerQuery) => void }) {
  return (
    <section aria-labelledby="screener-presets-title">
      <h2 id="screener-presets-title" className="text-sm font-semibold text-muted">
        Ready-made screens
      </h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-3">
        {SCREENER_PRESETS.map((preset) => {
          const pressed = isCurrent(preset, query);
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onPick(presetQuery(preset))}
                className={cn(
                  "h-full w-full rounded-xl border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600",
                  pressed ? "border-brand-600 bg-brand-50" : "border-line bg-surface hover:border-brand-300",
                )}
              >
                <span className="block font-semibold text-ink">{preset.label}</span>
                <span className="mt-1 block text-sm text-muted max-sm:hidden">{preset.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
