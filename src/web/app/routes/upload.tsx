import { Upload } from "lucide-react";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { Page } from "../../components/layout/page";
import { Card } from "../../components/ui/card";

export function UploadPage() {
  usePageTitle("Upload analyses", useBrand());
  return (
    <Page title="Upload analyses" description="Import stock analyses from a CSV file.">
      <Card className="flex items-start gap-4">
        <Upload aria-hidden="true" className="mt-0.5 shrink-0 text-brand-700" />
        <p className="text-muted">CSV upload is not available yet. It arrives with the analysis history feature.</p>
      </Card>
    </Page>
  );
}
