import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../../contracts/paths";
import { trackRecordKeys } from "../../lib/query-keys";
import { TRACK_RECORD_STALE_MS, fetchTrackRecordSummary } from "../../lib/track-record-api";
import { setupEvidence } from "../../lib/track-record-format";

const TRACK_RECORD_LINK_TEXT = "How did Quanta's BUY calls do?";

/**
 * The report's word from the track record: how BUYs of this base type have done in the
 * record ('Flat-base BUYs in Quanta's record: 41 trades, 54.0% winners, +0.40R average', plus the
 * historical simulation's figure while the live record is too thin), and a link to the record's BUY
 * calls. The summary is fetched once and kept (long staleTime); when the fetch fails or the base has
 * no figures the line is simply absent, so the report never breaks.
 */
export function TrackRecordEvidence({ baseType }: { baseType: string | null }) {
  const query = useQuery({
    queryKey: trackRecordKeys.summary,
    queryFn: ({ signal }) => fetchTrackRecordSummary(signal),
    staleTime: TRACK_RECORD_STALE_MS,
    retry: false,
    enabled: baseType !== null,
  });
  const evidence = baseType !== null && query.data ? setupEvidence(query.data, baseType) : null;
  return (
    <div data-testid="report-track-record" className="space-y-1.5">
      <h4 className="text-sm font-semibold text-ink">Track record</h4>
      {evidence ? (
        <div data-testid="report-setup-evidence" className="space-y-1 text-sm text-ink">
          <p>
            {evidence.live}
            {evidence.tooFewText ? <span className="text-warning-800"> ({evidence.tooFewText})</span> : null}.
          </p>
          {evidence.historical ? <p className="text-muted">{evidence.historical}.</p> : null}
          {query.data?.simulated ? <p className="text-xs text-muted">The live record holds simulated demo-market calls.</p> : null}
        </div>
      ) : null}
      <p>
        <Link
          to={paths.trackRecord({ action: "BUY" })}
          data-testid="report-track-record-link"
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {TRACK_RECORD_LINK_TEXT}
        </Link>
      </p>
    </div>
  );
}
