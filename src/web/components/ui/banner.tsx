import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cn } from "../../lib/cn";

type BannerTone = "success" | "error" | "warning" | "info";

const tones: Record<BannerTone, string> = {
  success: "border-success-100 bg-success-50 text-success-800",
  error: "border-danger-100 bg-danger-50 text-danger-700",
  warning: "border-warning-100 bg-warning-50 text-warning-800",
  info: "border-brand-100 bg-brand-50 text-brand-800",
};

const icons = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const;

export interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  className?: string;
}

/**
 * A coloured message box. Success and info are polite live regions (role="status"); errors and
 * warnings interrupt (role="alert").
 */
export function Banner({ tone, children, className }: BannerProps) {
  const Icon = icons[tone];
  const role = tone === "success" || tone === "info" ? "status" : "alert";
  return (
    <div role={role} className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", tones[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 shrink-0" size={18} />
      <div className="space-y-1 font-medium">{children}</div>
    </div>
  );
}
