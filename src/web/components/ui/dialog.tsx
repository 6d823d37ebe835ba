import type { ComponentProps, ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof RadixDialog.Overlay>) {
  return (
    <RadixDialog.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Show the × close button in the corner (default true). */
  showClose?: boolean;
}

/** A centred modal with a title, optional description and a close mark. */
export function DialogContent({ title, description, showClose = true, className, children, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-card",
          "data-[state=open]:animate-pop-in focus-visible:outline-none",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold text-ink">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-2 text-sm text-muted">{description}</RadixDialog.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        {showClose ? (
          <RadixDialog.Close
            aria-label="Close dialog"
            className="absolute top-4 right-4 rounded-md p-1 text-muted hover:bg-slate-100 hover:text-ink"
          >
            <X aria-hidden="true" size={18} />
          </RadixDialog.Close>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
