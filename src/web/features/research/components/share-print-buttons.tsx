import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Share2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { historyKeys } from "../../../lib/query-keys";
import { shareAnalysis } from "../../../lib/share-api";
import { PrintButton } from "../../../components/analysis-report/print-button";

const SHARE_TEXTS = {
  copied: "Link copied",
  shared: "Link shared",
  copyYourself: "Copy this link:",
  failed: "Could not share the analysis. Please try again.",
} as const;

/** What Share came to: the status line, and the link in a field when it could not be copied. */
type ShareState = { kind: "idle" } | { kind: "busy" } | { kind: "done"; text: string } | { kind: "manual"; url: string } | { kind: "failed" };

async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText === "function") {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Insecure context or denied permission: the link is shown to copy by hand.
  }
  return false;
}

/** The system share sheet where there is one, else the clipboard; 'manual' when neither worked. */
async function deliver(url: string, title: string): Promise<ShareState> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return { kind: "done", text: SHARE_TEXTS.shared };
    } catch (error) {
      // The user closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return { kind: "idle" };
    }
  }
  return (await copyText(url)) ? { kind: "done", text: SHARE_TEXTS.copied } : { kind: "manual", url };
}

export interface SharePrintButtonsProps {
  /** The stored analysis shown; null (no result yet) disables Share. */
  analysisId: string | null;
  shareTitle: string;
}

/** The status line beside the buttons, announced (role=status); the link to copy when the clipboard failed. */
function ShareStatus({ state }: { state: ShareState }) {
  return (
    <div role="status" data-testid="share-status" className="self-center text-sm text-muted">
      {state.kind === "done" ? state.text : null}
      {state.kind === "failed" ? <span className="text-danger-700">{SHARE_TEXTS.failed}</span> : null}
      {state.kind === "manual" ? (
        <label className="flex items-center gap-2">
          {SHARE_TEXTS.copyYourself}
          <input
            readOnly
            value={state.url}
            data-testid="share-link"
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            className="w-64 rounded-md border border-line bg-surface px-2 py-1 text-ink"
          />
        </label>
      ) : null}
    </div>
  );
}

/**
 * Share and Print as a toolbar in the page's header row: in the page flow, so they never
 * cover the report, the Triggers list or the footer, as fixed buttons did (decision 023). Share
 * makes (or reuses) the analysis's read-only link and says so beside the button (decision 046);
 * it stays disabled until a result exists. Hidden when printing.
 */
export function SharePrintButtons({ analysisId, shareTitle }: SharePrintButtonsProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ShareState>({ kind: "idle" });
  const onShare = async (id: string) => {
    setState({ kind: "busy" });
    try {
      const { url } = await shareAnalysis(id);
      // The history marks the analysis as shared (with 'Stop sharing').
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      setState(await deliver(url, shareTitle));
    } catch {
      setState({ kind: "failed" });
    }
  };
  return (
    <div data-testid="share-print-buttons" role="group" aria-label="Share or print the analysis" className="flex flex-wrap gap-3 print:hidden">
      <Button
        variant="secondary"
        disabled={analysisId === null}
        aria-busy={state.kind === "busy" || undefined}
        onClick={() => {
          if (analysisId !== null && state.kind !== "busy") void onShare(analysisId);
        }}
        className="h-10 px-3 sm:h-11 sm:px-4"
      >
        <Share2 aria-hidden="true" size={18} />
        Share
      </Button>
      <PrintButton />
      <ShareStatus state={state} />
    </div>
  );
}
