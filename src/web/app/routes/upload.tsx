import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { UploadView } from "../../features/csv-import/components/upload-view";

/** /upload: CSV import of analyses (signed-in users; the server enforces it). */
export function UploadPage() {
  usePageTitle("Upload analyses", useBrand());
  return <UploadView />;
}
