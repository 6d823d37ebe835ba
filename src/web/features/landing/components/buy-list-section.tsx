import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Tabs } from "radix-ui";
import { HASH_SCROLL_DELAY_MS } from "../../../config/timing";
import { cn } from "../../../lib/cn";

export const BUY_LIST_ID = "buy-list";

export type LandingTab = "buy" | "watch" | "news";

const TABS: ReadonlyArray<{ value: LandingTab; label: string; body: string }> = [
  {
    value: "buy",
    label: "Stocks to buy",
    body: "Stocks with a buy recommendation will be listed here once the research feature is live.",
  },
  {
    value: "watch",
    label: "Stocks to watch",
    body: "Stocks worth watching, close to a buy point but not there yet, will be listed here once the research feature is live.",
  },
  {
    value: "news",
    label: "News to read",
    body: "Market news and short briefs on the analysed stocks will appear here once the research feature is live.",
  },
];

/** The landing tabs. The #buy-list hash selects 'Stocks to buy' and scrolls here smoothly after 100 ms. */
export function BuyListSection() {
  const [tab, setTab] = useState<LandingTab>("buy");
  const section = useRef<HTMLElement>(null);
  const location = useLocation();
  const [handledKey, setHandledKey] = useState<string | null>(null);

  const wantsBuyList = location.hash === `#${BUY_LIST_ID}`;
  // Select the buy tab as soon as the hash asks for it (state set during render, once per navigation).
  if (wantsBuyList && handledKey !== location.key) {
    setHandledKey(location.key);
    setTab("buy");
  }

  useEffect(() => {
    if (!wantsBuyList) return;
    const timer = setTimeout(() => {
      section.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [wantsBuyList, location.key]);

  return (
    <section
      id={BUY_LIST_ID}
      ref={section}
      aria-labelledby="buy-list-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12"
    >
      <h2 id="buy-list-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Today’s lists
      </h2>
      <Tabs.Root value={tab} onValueChange={(value) => {
          setTab(value as LandingTab);
        }} className="mt-6">
        <Tabs.List
          aria-label="Recommendation lists"
          className="grid w-full grid-cols-3 gap-1 rounded-xl border border-line bg-surface p-1 shadow-sm sm:inline-flex sm:w-auto"
        >
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                "rounded-lg px-1.5 py-2 text-xs font-semibold whitespace-nowrap text-muted transition-colors sm:px-4 sm:text-sm",
                "hover:text-ink data-[state=active]:bg-brand-600 data-[state=active]:text-white",
              )}
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, body }) => (
          <Tabs.Content
            key={value}
            value={value}
            className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-surface p-8 text-center"
          >
            <p className="mx-auto max-w-xl text-muted">{body}</p>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
