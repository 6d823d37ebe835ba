import { useEffect } from "react";
import { X } from "lucide-react";
import { UNDO_TOAST_MS } from "../../../config/timing";
import { cn } from "../../../lib/cn";

export interface ToastMessage {
  /** Changes for every new message (restarts the timer). */
  key: number;
  text: string;
  tone: "info" | "error";
  /** Shows an 'Undo' button that calls this. */
  onUndo?: () => void;
}

export interface UndoToastProps {
  toast: ToastMessage | null;
  onDismiss: () => void;
}

/** A live-region toast at the bottom of the screen, gone after 6 s; with 'Undo' after a removal. */
export function UndoToast({ toast, onDismiss }: UndoToastProps) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onDismiss, UNDO_TOAST_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [toast, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 print:hidden"
    >
      {toast ? (
        <div
          data-testid="toast"
          className={cn(
            "pointer-events-auto flex items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-header",
            toast.tone === "error" ? "bg-danger-700 text-white" : "bg-ink text-white",
          )}
        >
          <span>{toast.text}</span>
          {toast.onUndo ? (
            <button
              type="button"
              onClick={toast.onUndo}
              className="rounded-md px-2 py-1 font-semibold text-brand-200 underline-offset-4 hover:underline focus-visible:outline-white"
            >
              Undo
            </button>
          ) : null}
          <button
            type="button"
            aria-label="Dismiss"
            onClick={onDismiss}
            className="rounded-md p-1 text-slate-300 hover:text-white focus-visible:outline-white"
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
