import { useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Link2Off } from "lucide-react";
import { Button } from "../../../components/ui/button";
import type { AnalysisEntry } from "../../../lib/analysis-record";
import { historyKeys } from "../../../lib/query-keys";
import { stopSharing } from "../../../lib/share-api";

const SHARING_TEXTS = {
  shared: "Shared:",
  open: "open the shared page",
  stop: "Stop sharing",
  stopped: "Sharing stopped: the link no longer works.",
  failed: "Could not stop sharing. Please try again.",
} as const;

/**
 * A shared analysis's line on its history card: its read-only page and 'Stop sharing', which
 * ends the link for everyone who has it (decision 046). Says so in a status line that keeps the
 * focus the button had.
 */
export function ShareControls({ entry }: { entry: AnalysisEntry }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "busy" | "stopped" | "failed">("idle");
  const onStop = async () => {
    setState("busy");
    try {
      await stopSharing(entry.id);
      setState("stopped");
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    } catch {
      setState("failed");
    }
  };
  const shared = entry.sharePath && state !== "stopped";
  // Not shared and nothing to say: no line on the card.
  if (!shared && (state === "idle" || state === "busy")) return null;
  return (
    <div data-testid="card-sharing" className="mt-3 text-sm">
      {shared ? (
        <p className="flex flex-wrap items-center gap-2 text-ink">
          <span className="font-medium">{SHARING_TEXTS.shared}</span>
          <Link to={entry.sharePath ?? ""} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {SHARING_TEXTS.open}
          </Link>
          <Button
            size="sm"
            variant="ghost"
            aria-busy={state === "busy" || undefined}
            onClick={() => {
              if (state !== "busy") void onStop();
            }}
          >
            <Link2Off aria-hidden="true" size={16} />
            {SHARING_TEXTS.stop}
          </Button>
        </p>
      ) : null}
      <p
        role="status"
        tabIndex={-1}
        ref={(node) => {
          if (node && state === "stopped" && document.activeElement === document.body) node.focus();
        }}
        className={state === "failed" ? "text-danger-700" : "text-muted"}
      >
        {state === "stopped" ? SHARING_TEXTS.stopped : state === "failed" ? SHARING_TEXTS.failed : null}
      </p>
    </div>
  );
}
