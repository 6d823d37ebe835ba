import type { ComponentProps } from "react";
import { Switch as RadixSwitch } from "radix-ui";
import { cn } from "../../lib/cn";

/**
 * An on/off switch (Radix Switch: a `button` with role="switch" and aria-checked). Give it an `id`
 * and a visible `<label htmlFor>`; Space and Enter toggle it.
 */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
        "bg-slate-500 data-[state=checked]:bg-brand-600",
        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  );
}
