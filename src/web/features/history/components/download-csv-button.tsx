import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { downloadAnalysesCsv } from "../api/history-api";

const DOWNLOAD_FAILED = "Could not download the CSV. Please try again.";

/** 'Download CSV': the CSV export (downloadAnalysesCsv) saved as the file the server names. */
export function DownloadCsvButton() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, filename } = await downloadAnalysesCsv();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void download()} title={failed ? DOWNLOAD_FAILED : undefined}>
      <Download aria-hidden="true" size={18} />
      {failed ? "Download failed — retry" : "Download CSV"}
    </Button>
  );
}
