import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { TrackRecordView } from "../../features/track-record/components/track-record-view";

/** /track-record: every call Quanta published, scored against the market (public). */
export function TrackRecordPage() {
  usePageTitle("Track record", useBrand());
  return <TrackRecordView />;
}
