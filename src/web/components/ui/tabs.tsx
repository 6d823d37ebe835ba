import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** Rendered only while the tab is selected. */
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onValueChange: (value: T) => void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}

/**
 * WAI-ARIA tabs (automatic activation): a tablist with a roving tabindex, arrow keys, Home and End;
 * only the selected panel is mounted. Small on purpose: it ships with the landing page's first paint.
 */
export function Tabs<T extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: TabsProps<T>) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (item: T) => `${baseId}-tab-${item}`;
  const panelId = (item: T) => `${baseId}-panel-${item}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % items.length
        : event.key === "ArrowLeft"
          ? (index - 1 + items.length) % items.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    tabs.current[next]?.focus();
    onValueChange(item.value);
  };

  const selected = items.find((item) => item.value === value);
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {items.map((item, index) => {
          const active = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={active}
              aria-controls={panelId(item.value)}
              data-state={active ? "active" : "inactive"}
              tabIndex={active ? 0 : -1}
              onClick={() => {
                onValueChange(item.value);
              }}
              onKeyDown={(event) => {
                onKeyDown(event, index);
              }}
              className={tabClassName}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={panelId(selected.value)}
          aria-labelledby={tabId(selected.value)}
          tabIndex={0}
          // A visible ring when the panel itself gets keyboard focus (Tab from the selected tab).
          className={cn(
            "rounded-xl focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-brand-500",
            panelClassName,
          )}
        >
          {selected.content}
        </div>
      ) : null}
    </div>
  );
}
