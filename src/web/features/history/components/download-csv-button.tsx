import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useFileDownload } from "../../../lib/file-download";
import { downloadAnalysesCsv } from "../api/history-api";

const DOWNLOAD_FAILED = "Could not download the CSV. Please try again.";

/** 'Download CSV': the CSV export (downloadAnalysesCsv) saved as the file the server names. */
export function DownloadCsvButton() {
  const { busy, failed, download } = useFileDownload(downloadAnalysesCsv);
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void download()} title={failed ? DOWNLOAD_FAILED : undefined}>
      <Download aria-hidden="true" size={18} />
      {failed ? "Download failed — retry" : "Download CSV"}
    </Button>
  );
}
