import { useState, type ComponentProps } from "react";
import { Eye, EyeOff } from "lucide-react";
import { cn } from "../../lib/cn";
import { inputClasses } from "./input";

export interface PasswordInputProps extends Omit<ComponentProps<"input">, "type"> {
  /** Controlled visibility; uncontrolled when omitted. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
  /** Show the show/hide toggle button (default true). */
  showToggle?: boolean;
}

/** A password input with a show/hide toggle. It deliberately has no maxLength: limits are checked in code. */
export function PasswordInput({
  visible,
  onVisibleChange,
  showToggle = true,
  className,
  ...props
}: PasswordInputProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const isVisible = visible ?? ownVisible;
  const toggle = () => {
    const next = !isVisible;
    if (visible === undefined) setOwnVisible(next);
    onVisibleChange?.(next);
  };
  return (
    <div className="relative">
      <input
        type={isVisible ? "text" : "password"}
        className={cn(inputClasses, showToggle && "pr-12", className)}
        {...props}
      />
      {showToggle ? (
        <button
          type="button"
          onClick={toggle}
          aria-label={isVisible ? "Hide password" : "Show password"}
          aria-pressed={isVisible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-500"
        >
          {isVisible ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </button>
      ) : null}
    </div>
  );
}
