import { useId } from "react";
import { Link } from "react-router";
import { LineChart } from "lucide-react";
import type { ChatCitation } from "../../../../contracts/chat";
import { paths } from "../../../../contracts/paths";
import { formatCalendarDate } from "../../../lib/format";
import { uniqueCitations } from "./answer-sources";

/** The analyses an answer used, as small chips 'NWSC · as of Nov 20, 2026' leading to the stock's page, one per stock. */
export function CitationChips({ citations }: { citations: ChatCitation[] }) {
  const labelId = useId();
  const unique = uniqueCitations(citations);
  if (unique.length === 0) return null;
  return (
    <div className="mt-3 border-t border-line pt-2">
      <p id={labelId} className="mb-1.5 text-xs font-medium text-muted">
        Sources
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-labelledby={labelId}>
        {unique.map((citation) => (
          <li key={citation.ticker}>
            <Link
              data-testid="citation"
              to={paths.stock(citation.ticker)}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 hover:border-brand-300 hover:bg-brand-100"
            >
              <LineChart aria-hidden="true" size={12} className="shrink-0" />
              <span>
                <span className="font-semibold">{citation.ticker}</span> · as of {formatCalendarDate(citation.as_of)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
