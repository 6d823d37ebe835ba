import { Link } from "react-router";
import { PASSWORD_RESET_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { INVALID_LINK_MESSAGE } from "../api/auth-error-messages";
import { resetPasswordSchema } from "../api/auth-schemas";
import { usePasswordForm } from "../hooks/use-password-form";
import { FormStatusBanner } from "./form-status";
import { PasswordField } from "./password-field";
import { paths } from "../../../../contracts/paths";

const PASSWORD_RESET_DONE_MESSAGE = "Your password has been reset. You can sign in now.";

export function InvalidResetLink() {
  return (
    <div className="space-y-4">
      <p role="alert" className="font-medium text-danger-700">
        {INVALID_LINK_MESSAGE} Reset links work once and only for a limited time.
      </p>
      <Link to={paths.forgetPassword()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        Request a new reset link
      </Link>
    </div>
  );
}

/** New password + confirmation for the token in the reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = usePasswordForm({
    schema: resetPasswordSchema,
    defaultValues: { newPassword: "", confirmPassword: "" },
    passwordField: "newPassword",
  });

  const onSubmit = form.onSubmit(async ({ newPassword }) => {
    await form.run(
      () => authClient.resetPassword({ newPassword, token }),
      { message: PASSWORD_RESET_DONE_MESSAGE, to: paths.signIn(), delayMs: PASSWORD_RESET_REDIRECT_MS },
      form.showPasswordRule,
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a new password">
      <PasswordField
        id="reset-new-password"
        label="New password"
        autoComplete="new-password"
        error={form.passwordError}
        registration={form.register("newPassword")}
        visibility={form.passwordVisibility}
      />
      <PasswordField
        id="reset-confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
        error={form.fieldError("confirmPassword")}
        registration={form.register("confirmPassword")}
        visibility={form.passwordVisibility}
        showToggle={false}
      />
      <Button type="submit" size="lg" className="w-full" disabled={form.locked}>
        {form.isSubmitting ? "Saving…" : "Reset Password"}
      </Button>
      <FormStatusBanner status={form.status} />
    </form>
  );
}
