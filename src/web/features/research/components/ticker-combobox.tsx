import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent, type RefObject } from "react";
import type { SymbolSuggestion } from "../../../../contracts/symbol-search";
import { inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { fetchSymbolSuggestions } from "../../../lib/symbol-search-api";

/** Wait after the last keystroke before asking the server. */
const SUGGESTION_DEBOUNCE_MS = 200;
const MAX_SUGGESTIONS = 8;

export interface TickerComboboxProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "role"> {
  value: string;
  onValueChange: (value: string) => void;
  /** When a suggestion is chosen (Enter or a click), submit the input's form with it. */
  submitOnSelect?: boolean;
  /** The search (tests pass their own); default GET /api/symbols. */
  search?: (query: string, limit: number, signal: AbortSignal) => Promise<{ matches: SymbolSuggestion[] }>;
}

type SearchSymbols = NonNullable<TickerComboboxProps["search"]>;

/**
 * The suggestions for what was typed, asked for after a pause; the list opens when there is something
 * to choose (and the field still has the focus).
 */
function useSuggestions(value: string, search: SearchSymbols, inputRef: RefObject<HTMLInputElement | null>) {
  /** The value a suggestion just set: neither searched again nor re-opened. */
  const chosenRef = useRef<string | null>(null);
  const [suggestions, setSuggestions] = useState<SymbolSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const query = value.trim();
    if (query === "" || chosenRef.current === value) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, MAX_SUGGESTIONS, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          setSuggestions(result.matches);
          setActive(-1);
          // A typed ticker that is the one match needs no list.
          const onlyItself = result.matches.length === 1 && result.matches[0]!.ticker.toUpperCase() === query.toUpperCase();
          setOpen(result.matches.length > 0 && !onlyItself && document.activeElement === inputRef.current);
        },
        () => {
          // Suggestions are a help, never a blocker: on failure the field stays a plain input.
          if (!controller.signal.aborted) setOpen(false);
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, search, inputRef]);

  return { chosenRef, suggestions, open, setOpen, active, setActive };
}

/**
 * A press elsewhere in the form (the submit button) blurs the field before its click lands: closing
 * the in-flow list at once would move the button from under the pointer and the click would be lost.
 * So a blur caused by a press inside the form closes the list only after that press is released.
 */
function useCloseAfterBlur(inputRef: RefObject<HTMLInputElement | null>, close: () => void) {
  const pressInForm = useRef(false);
  useEffect(() => {
    const notePress = (event: PointerEvent) => {
      const form = inputRef.current?.form;
      pressInForm.current = Boolean(form && event.target instanceof Node && form.contains(event.target));
    };
    document.addEventListener("pointerdown", notePress, true);
    return () => {
      document.removeEventListener("pointerdown", notePress, true);
    };
  }, [inputRef]);
  return () => {
    if (!pressInForm.current) {
      close();
      return;
    }
    pressInForm.current = false;
    // After pointerup the browser still dispatches the click; close once it has been handled.
    document.addEventListener("pointerup", () => setTimeout(close, 0), { once: true });
  };
}

function SuggestionList({
  id,
  suggestions,
  active,
  expanded,
  optionId,
  onChoose,
  onHover,
}: {
  id: string;
  suggestions: SymbolSuggestion[];
  active: number;
  expanded: boolean;
  optionId: (index: number) => string;
  onChoose: (suggestion: SymbolSuggestion) => void;
  onHover: (index: number) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Ticker suggestions"
      hidden={!expanded}
      // In the flow, not floating: the list never covers the form's submit button (nor anything at 390 px).
      className="mt-1 max-h-72 w-full overflow-auto rounded-lg border border-line bg-surface py-1 shadow-md"
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.ticker}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // mousedown, not click: the input keeps its focus, so its blur does not close the list first.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(suggestion);
          }}
          onMouseMove={() => onHover(index)}
          className={cn("flex cursor-pointer items-baseline gap-3 px-3 py-2 text-sm", index === active ? "bg-brand-50 text-brand-900" : "text-ink")}
        >
          <span className="w-14 shrink-0 font-semibold">{suggestion.ticker}</span>
          <span className="min-w-0 truncate text-muted">{suggestion.name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The ticker field with suggestions (WAI-ARIA combobox with a listbox): typing 'nor' offers
 * 'NWSC Northwind Semiconductor'; ↓/↑ move, Enter chooses, Escape closes. Without suggestions (the
 * search failed or found nothing) it is a plain text input, and Enter submits what was typed.
 */
export function TickerCombobox({ value, onValueChange, submitOnSelect = false, search = fetchSymbolSuggestions, className, onKeyDown, onBlur, ...inputProps }: TickerComboboxProps) {
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const submitPending = useRef(false);
  const { chosenRef, suggestions, open, setOpen, active, setActive } = useSuggestions(value, search, inputRef);

  // Submit once the chosen ticker is the form's value (the parent's state has caught up).
  useEffect(() => {
    if (!submitPending.current || chosenRef.current !== value) return;
    submitPending.current = false;
    inputRef.current?.form?.requestSubmit();
  }, [value, chosenRef]);

  const closeAfterBlur = useCloseAfterBlur(inputRef, () => setOpen(false));

  const choose = (suggestion: SymbolSuggestion) => {
    chosenRef.current = suggestion.ticker;
    setOpen(false);
    setActive(-1);
    submitPending.current = submitOnSelect;
    onValueChange(suggestion.ticker);
    if (submitOnSelect && value === suggestion.ticker) {
      submitPending.current = false;
      inputRef.current?.form?.requestSubmit();
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const count = suggestions.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  return (
    <div>
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className={cn(inputClasses, className)}
        value={value}
        onChange={(event) => {
          chosenRef.current = null;
          onValueChange(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          onBlur?.(event);
          closeAfterBlur();
        }}
        {...inputProps}
      />
      <SuggestionList id={listboxId} suggestions={suggestions} active={active} expanded={expanded} optionId={optionId} onChoose={choose} onHover={setActive} />
      <p className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"}: use the up and down arrows to choose.` : ""}
      </p>
    </div>
  );
}
