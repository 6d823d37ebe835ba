import { useState } from "react";

/** Saves `blob` as `filename` through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A download button's state: `download()` fetches the file (with the user's token) and saves it under
 * the server's name; `busy` while it runs, `failed` after an error until the next try.
 */
export function useFileDownload(fetchFile: () => Promise<{ blob: Blob; filename: string }>) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, filename } = await fetchFile();
      saveBlob(blob, filename);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}
