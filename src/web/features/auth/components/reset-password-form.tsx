import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { PASSWORD_RESET_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { INVALID_LINK_MESSAGE, passwordRuleMessage, type AuthErrorLike } from "../api/auth-error-messages";
import { PASSWORD_TOO_LONG_MESSAGE, isPasswordTooLong, resetPasswordSchema } from "../api/auth-schemas";
import { FormStatusBanner } from "./form-status";
import { useAuthRequest } from "./use-auth-request";

export const PASSWORD_RESET_DONE_MESSAGE = "Your password has been reset. You can sign in now.";

export function InvalidResetLink() {
  return (
    <div className="space-y-4">
      <p role="alert" className="font-medium text-danger-700">
        {INVALID_LINK_MESSAGE} Reset links work once and only for a limited time.
      </p>
      <Link to="/forgetpassword" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        Request a new reset link
      </Link>
    </div>
  );
}

/** New password + confirmation for the token in the reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { status, done, run } = useAuthRequest();
  const [visible, setVisible] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    reValidateMode: "onChange",
  });
  const newPassword = useWatch({ control, name: "newPassword" });
  const newPasswordError =
    errors.newPassword?.message ?? (isPasswordTooLong(newPassword) ? PASSWORD_TOO_LONG_MESSAGE : undefined);
  const confirmError = errors.confirmPassword?.message;
  /** The server's password rules (too common, contains the e-mail) are shown under the new password. */
  const showPasswordRule = (error: AuthErrorLike) => {
    const message = passwordRuleMessage(error);
    if (message) setError("newPassword", { type: "server", message }, { shouldFocus: true });
    return message !== undefined;
  };

  const onSubmit = handleSubmit(async ({ newPassword: password }) => {
    await run(
      () => authClient.resetPassword({ newPassword: password, token }),
      { message: PASSWORD_RESET_DONE_MESSAGE, to: "/signin", delayMs: PASSWORD_RESET_REDIRECT_MS },
      showPasswordRule,
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Choose a new password">
      <FormField id="reset-new-password" label="New password" error={newPasswordError}>
        <PasswordInput
          required
          autoComplete="new-password"
          visible={visible}
          onVisibleChange={setVisible}
          {...fieldInputProps("reset-new-password", newPasswordError)}
          {...register("newPassword")}
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={confirmError}>
        <PasswordInput
          required
          autoComplete="new-password"
          visible={visible}
          showToggle={false}
          {...fieldInputProps("reset-confirm-password", confirmError)}
          {...register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || done}>
        {isSubmitting ? "Saving…" : "Reset Password"}
      </Button>
      <FormStatusBanner status={status} />
    </form>
  );
}
