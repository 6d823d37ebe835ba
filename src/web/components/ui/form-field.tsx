import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

export interface FieldIds {
  id: string;
  errorId: string;
  hintId: string;
}

function fieldIds(id: string): FieldIds {
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/** Props that bind an input to its field's label, hint and error. */
export function fieldInputProps(id: string, error: string | undefined, hint?: ReactNode) {
  const ids = fieldIds(id);
  const describedBy = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A visible label, the control, an optional hint and the field's error in red. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
