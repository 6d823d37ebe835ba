import type { Credentials } from "../api/auth-schemas";
import type { usePasswordForm } from "../hooks/use-password-form";
import { EmailField } from "./email-field";
import { PasswordField } from "./password-field";

export type CredentialsForm = ReturnType<typeof usePasswordForm<Credentials>>;

/** The e-mail and password fields of sign in and sign up; ids are `<idPrefix>-email` and `<idPrefix>-password`. */
export function CredentialsFields({
  form,
  idPrefix,
  passwordAutoComplete,
}: {
  form: CredentialsForm;
  idPrefix: string;
  passwordAutoComplete: "current-password" | "new-password";
}) {
  return (
    <>
      <EmailField id={`${idPrefix}-email`} error={form.fieldError("email")} registration={form.register("email")} />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete={passwordAutoComplete}
        error={form.passwordError}
        registration={form.register("password")}
        visibility={form.passwordVisibility}
      />
    </>
  );
}
