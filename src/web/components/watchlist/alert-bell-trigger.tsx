import { Bell } from "lucide-react";
import { cn } from "../../lib/cn";
import { buttonClasses } from "../ui/button";

/** The bell's look, shared by the inert placeholder (while its chunk loads) and the real button. */
export const alertBellClasses = buttonClasses({ variant: "ghost", size: "icon", className: "relative h-9 w-9 shrink-0" });

/** 'Alerts', or 'Alerts, 3 unread'. */
export function alertBellLabel(unread: number): string {
  return unread > 0 ? `Alerts, ${String(unread)} unread` : "Alerts";
}

export function AlertBellIcon({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" size={20} />
      {unread > 0 ? (
        <span
          data-testid="alert-bell-badge"
          aria-hidden="true"
          className={cn(
            "absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1",
            "bg-danger-700 text-[11px] leading-none font-bold text-white ring-2 ring-surface",
          )}
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
}
