import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";

/** A labelled password input of an account form, with its error and the show/hide toggle. */
export function PasswordField({
  id,
  label,
  error,
  registration,
  autoComplete,
  visibility,
  showToggle = true,
}: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete: "current-password" | "new-password";
  /** The form's shared show/hide state. */
  visibility: { visible: boolean; onVisibleChange: (visible: boolean) => void };
  showToggle?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <PasswordInput
        required
        autoComplete={autoComplete}
        visible={visibility.visible}
        onVisibleChange={visibility.onVisibleChange}
        showToggle={showToggle}
        {...fieldInputProps(id, error)}
        {...registration}
      />
    </FormField>
  );
}
