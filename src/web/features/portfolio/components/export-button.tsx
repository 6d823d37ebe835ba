import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useFileDownload } from "../../../lib/file-download";
import { downloadTransactionsCsv } from "../../../lib/portfolio-api";

/** 'Export CSV': every trade of the portfolio in the import's columns, saved under the server's file name. */
export function ExportButton() {
  const { busy, failed, download } = useFileDownload(downloadTransactionsCsv);
  return (
    <Button variant="secondary" data-testid="export-button" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" size={16} />
      {failed ? "Export failed — retry" : "Export CSV"}
    </Button>
  );
}
