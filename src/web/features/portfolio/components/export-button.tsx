import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { downloadTransactionsCsv } from "../../../lib/portfolio-api";

/** 'Export CSV': every trade of the portfolio in the import's columns, saved under the server's file name. */
export function ExportButton() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, filename } = await downloadTransactionsCsv();
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
    <Button variant="secondary" data-testid="export-button" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" size={16} />
      {failed ? "Export failed — retry" : "Export CSV"}
    </Button>
  );
}
