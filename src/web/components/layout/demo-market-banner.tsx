import { useId, useState } from "react";
import { Link } from "react-router";
import type { SymbolSuggestion } from "../../../contracts/symbol-search";
import { paths } from "../../../contracts/paths";
import { usePublicConfig } from "../../config/public-config";
import { DEMO_EXAMPLE_TICKERS } from "../../lib/demo-examples";
import { fetchSymbolSuggestions } from "../../lib/symbol-search-api";

/** The demo market's companies the banner lists (its whole universe fits). */
const LISTED = 60;

type TickerList = { state: "closed" } | { state: "loading" } | { state: "open"; companies: SymbolSuggestion[] } | { state: "failed" };

/**
 * A slim notice on every page while the server uses the demo market (MARKET_DATA_PROVIDER=auto
 * without Yahoo Finance, or demo): the companies are fictional and the prices simulated. Its button
 * shows the demo tickers, each a link that fills in the analyze form.
 * Until /api/config has answered (and in the pre-rendered landing page) it is rendered marked
 * `data-demo-banner="pending"`, which styles.css hides unless the server marked the page `<html
 * data-demo>`: on the demo market its space is there from the first paint, so nothing moves down.
 */
export function DemoMarketBanner() {
  const config = usePublicConfig().data;
  const [list, setList] = useState<TickerList>({ state: "closed" });
  const panelId = useId();
  if (config?.demo === false) return null;

  const expanded = list.state !== "closed";
  const toggle = () => {
    if (expanded) {
      setList({ state: "closed" });
      return;
    }
    setList({ state: "loading" });
    fetchSymbolSuggestions("", LISTED).then(
      (result) => setList({ state: "open", companies: result.matches }),
      () => setList({ state: "failed" }),
    );
  };

  return (
    <aside aria-label="Demo market" data-demo-banner={config ? "shown" : "pending"} className="border-b border-warning-300 bg-warning-50 text-sm text-warning-800 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-0.5 px-4 py-1.5">
        <p className="min-w-0">
          <strong className="font-semibold">Demo market:</strong> fictional companies with simulated prices<span className="hidden sm:inline"> — try {DEMO_EXAMPLE_TICKERS.join(" or ")}</span>.
        </p>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={toggle}
          className="rounded font-semibold underline underline-offset-2 hover:text-warning-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {expanded ? "Hide the demo tickers" : "See all demo tickers"}
        </button>
      </div>
      <div id={panelId} hidden={!expanded} className="mx-auto max-w-6xl px-4 pb-2">
        {list.state === "loading" ? <p role="status">Loading the demo tickers…</p> : null}
        {list.state === "failed" ? <p role="alert">The demo tickers could not be loaded; please try again.</p> : null}
        {list.state === "open" ? (
          <ul aria-label="Demo tickers" className="flex max-h-40 flex-wrap gap-x-3 gap-y-1 overflow-auto sm:max-h-none">
            {list.companies.map((company) => (
              <li key={company.ticker}>
                <Link
                  to={paths.stocks({ ticker: company.ticker })}
                  title={company.name}
                  className="rounded underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  <span className="font-semibold">{company.ticker}</span> <span className="text-warning-700">{company.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </aside>
  );
}
