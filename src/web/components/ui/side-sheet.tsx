import type { CSSProperties, ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { DialogOverlay } from "./dialog";

/** Where the panel sits: a drawer from the left, a sheet from the right, or a centred modal. */
export type SideSheetSide = "left" | "right" | "center";

export interface SideSheetProps {
  open: boolean;
  /** Called when the user closes it (Escape, a click on the overlay, the × button). */
  onClose: () => void;
  /** The heading, which is also the dialog's accessible name. */
  title: ReactNode;
  /** Replaces the heading's text style (not its place). */
  titleClassName?: string;
  /** A line under the heading, e.g. a date. */
  subtitle?: ReactNode;
  /** Controls shown before the close button, e.g. a link to a page. */
  actions?: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  side?: SideSheetSide;
  /** A fixed width (a number is in px); without it the side's own width applies. */
  width?: number | string;
  /** data-testid of the panel and of the overlay. */
  testId?: string;
  overlayTestId?: string;
  className?: string;
  children?: ReactNode;
}

const PANEL_CLASSES: Record<SideSheetSide, string> = {
  left: "inset-y-0 left-0 flex flex-col overflow-y-auto border-r border-line bg-surface shadow-header data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in",
  right: "inset-y-0 right-0 flex flex-col border-l border-line bg-canvas shadow-card data-[state=open]:animate-sheet-in",
  center:
    "top-1/2 left-1/2 max-h-[90dvh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-canvas p-4 shadow-card data-[state=open]:animate-pop-in sm:p-6",
};

const HEADER_CLASSES: Record<SideSheetSide, string> = {
  left: "items-center border-b border-line bg-surface px-4 py-3",
  right: "items-center border-b border-line bg-surface px-4 py-3 sm:px-6",
  center: "mb-4 items-start",
};

/** The close mark's size in px: smaller on the narrow drawer, larger on the wide sheet. */
const CLOSE_ICON_PX: Record<SideSheetSide, number> = { left: 18, right: 22, center: 20 };

/**
 * A panel over a dimmed overlay (Radix Dialog): focus is trapped inside, Escape, a click on the
 * overlay and the × button close it, and its heading names it for assistive technology.
 */
export function SideSheet({
  open,
  onClose,
  title,
  titleClassName,
  subtitle,
  actions,
  closeLabel = "Close",
  side = "right",
  width,
  testId,
  overlayTestId,
  className,
  children,
}: SideSheetProps) {
  const style: CSSProperties | undefined = width === undefined ? undefined : { width };
  const heading = (
    <RadixDialog.Title className={cn("text-lg font-semibold text-ink", titleClassName)}>{title}</RadixDialog.Title>
  );
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <DialogOverlay data-testid={overlayTestId} />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          style={style}
          className={cn("fixed z-50 focus-visible:outline-none", PANEL_CLASSES[side], className)}
        >
          <div className={cn("flex justify-between gap-4", HEADER_CLASSES[side])}>
            {subtitle ? (
              <div>
                {heading}
                <p className="text-sm text-muted">{subtitle}</p>
              </div>
            ) : (
              heading
            )}
            <div className="flex items-center gap-2">
              {actions}
              <RadixDialog.Close
                aria-label={closeLabel}
                className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink"
              >
                <X aria-hidden="true" size={CLOSE_ICON_PX[side]} />
              </RadixDialog.Close>
            </div>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
