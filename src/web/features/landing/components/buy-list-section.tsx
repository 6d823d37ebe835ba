import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../../../contracts/paths";
import { HASH_SCROLL_DELAY_MS } from "../../../config/timing";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import { cn } from "../../../lib/cn";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";
import { StockList } from "./stock-list";

const BUY_LIST_ID = "buy-list";

export type LandingTab = "buy" | "watch" | "news";

const TABS: ReadonlyArray<{ value: LandingTab; label: string }> = [
  { value: "buy", label: "Stocks to buy" },
  { value: "watch", label: "Stocks to watch" },
  { value: "news", label: "News to read" },
];

// DOMPurify and the news list load only when the tab is first opened.
const NewsList = lazyWithPreload(
  () => import("./news-list").then((m) => m.NewsList),
  () => (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner label="Loading news…" showLabel size={28} />
    </div>
  ),
);

function TabBody({ tab }: { tab: LandingTab }) {
  if (tab === "buy") return <StockList action="BUY" />;
  if (tab === "watch") return <StockList action="WATCH" />;
  return <NewsList />;
}

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
      <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="buy-list-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Today’s lists
        </h2>
        <p data-testid="landing-track-record" className="text-sm text-muted">
          How have Quanta’s calls done?{" "}
          <Link to={paths.trackRecord()} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
            See the track record
          </Link>
        </p>
      </div>
      <Tabs
        items={TABS.map(({ value, label }) => ({ value, label, content: <TabBody tab={value} /> }))}
        value={tab}
        onValueChange={setTab}
        label="Recommendation lists"
        className="mt-6"
        listClassName="grid w-full grid-cols-3 gap-1 rounded-xl border border-line bg-surface p-1 shadow-sm sm:inline-flex sm:w-auto"
        tabClassName={cn(
          "rounded-lg px-1.5 py-2 text-xs font-semibold whitespace-nowrap text-muted transition-colors sm:px-4 sm:text-sm",
          "hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          "data-[state=active]:bg-brand-600 data-[state=active]:text-white",
        )}
        panelClassName="mt-6"
      />
    </section>
  );
}
