import { Printer, Share2 } from "lucide-react";
import { Button } from "../../../components/ui/button";

const LINK_COPIED_MESSAGE = "Link copied to clipboard!";

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall back to the selection below (insecure contexts, denied permission).
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let copied: boolean;
  try {
    copied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** Shares with the system share sheet, else copies the link and says so (docs/product.md). */
async function shareLink(url: string, title: string): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The user closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  if (await copyText(url)) window.alert(LINK_COPIED_MESSAGE);
  else window.prompt("Copy this link:", url);
}

export interface SharePrintButtonsProps {
  /** The link to share; null (no result yet) disables Share. */
  shareUrl: string | null;
  shareTitle: string;
}

/**
 * Share and Print as a toolbar in the page's header row: in the page flow, so they never
 * cover the report, the Triggers list or the footer, as fixed buttons did (decision 023); Share
 * stays disabled until a result exists. Hidden when printing.
 */
export function SharePrintButtons({ shareUrl, shareTitle }: SharePrintButtonsProps) {
  return (
    <div data-testid="share-print-buttons" role="group" aria-label="Share or print the analysis" className="flex gap-3 print:hidden">
      <Button
        variant="secondary"
        disabled={shareUrl === null}
        onClick={() => {
          if (shareUrl !== null) void shareLink(shareUrl, shareTitle);
        }}
        className="h-10 px-3 sm:h-11 sm:px-4"
      >
        <Share2 aria-hidden="true" size={18} />
        Share
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          window.print();
        }}
        className="h-10 px-3 sm:h-11 sm:px-4"
      >
        <Printer aria-hidden="true" size={18} />
        Print
      </Button>
    </div>
  );
}
