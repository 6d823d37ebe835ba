import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { apiFetch } from "../../../lib/api-client";

export const DOWNLOAD_FAILED = "Could not download the CSV. Please try again.";

function filenameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "quanta-analyses.csv";
}

/** 'Download CSV': GET /user/stock-analyses-csv/ (Bearer) saved as the file the server names. */
export function DownloadCsvButton() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const response = await apiFetch("/user/stock-analyses-csv/", { method: "GET", headers: { accept: "text/csv" } });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = filenameOf(response.headers.get("content-disposition"));
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
