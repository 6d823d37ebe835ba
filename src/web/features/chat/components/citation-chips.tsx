import { Link } from "react-router";
import { LineChart } from "lucide-react";
import type { ChatCitation } from "../../../../contracts/chat";
import { paths } from "../../../../contracts/paths";

/** A session date ('2026-11-20') as '20 Nov 2026'; the text itself when it is not a date. */
export function formatAsOf(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(date);
}

/** The analyses an answer used, as small chips 'NWSC · as of 20 Nov 2026' leading to the stock's page. */
export function CitationChips({ citations }: { citations: ChatCitation[] }) {
  const seen = new Set<string>();
  const unique = citations.filter((citation) => {
    const key = `${citation.ticker}|${citation.as_of}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return null;
  return (
    <div className="mt-3 border-t border-line pt-2">
      <p className="sr-only">Sources</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Sources">
        {unique.map((citation) => (
          <li key={`${citation.ticker}|${citation.as_of}`}>
            <Link
              data-testid="citation"
              to={paths.stock(citation.ticker)}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 hover:border-brand-300 hover:bg-brand-100"
            >
              <LineChart aria-hidden="true" size={12} className="shrink-0" />
              <span>
                <span className="font-semibold">{citation.ticker}</span> · as of {formatAsOf(citation.as_of)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
