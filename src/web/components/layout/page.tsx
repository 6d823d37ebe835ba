import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface PageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A content page with its h1, an optional lead and actions. */
export function Page({ title, description, actions, children, className }: PageProps) {
  return (
    <div className={cn("mx-auto w-full max-w-6xl px-4 py-10 sm:py-14", className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {description ? <p className="mt-2 max-w-2xl text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
