import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const inputClasses =
  "block h-11 w-full rounded-lg border border-slate-300 bg-surface px-3 text-base text-ink shadow-sm " +
  "placeholder:text-slate-500 " +
  "focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 " +
  "aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600 disabled:bg-slate-100";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
