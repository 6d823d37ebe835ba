import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";

/** The labelled 'Email' input every account form starts with (type email, validated in code). */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        {...fieldInputProps(id, error)}
        {...registration}
      />
    </FormField>
  );
}
