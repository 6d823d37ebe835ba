import { SIGN_UP_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { CAPTCHA_REQUIRED_MESSAGE } from "../api/auth-error-messages";
import { credentialsSchema, nameFromEmail } from "../api/auth-schemas";
import { usePasswordForm } from "../hooks/use-password-form";
import { CaptchaSlot } from "./captcha-slot";
import { FormStatusBanner } from "./form-status";
import { GoogleSignUpButton } from "./google-sign-up-button";
import { useCaptcha } from "./use-captcha";
import { CredentialsFields } from "./credentials-fields";
import { paths } from "../../../../contracts/paths";
import { useRedirectParam } from "../../../lib/return-address";

const SIGN_UP_SUCCESS_MESSAGE = "Sign up successful!";
const SIGN_UP_CHECK_EMAIL_MESSAGE = "Please check your email to verify your account.";

export function SignUpForm() {
  const captcha = useCaptcha();
  // With a return address (a protected page sent the visitor here), the new user goes back to it.
  const redirect = useRedirectParam();
  const form = usePasswordForm({
    schema: credentialsSchema,
    defaultValues: { email: "", password: "" },
    passwordField: "password",
  });

  const onSubmit = form.onSubmit(async ({ email, password }) => {
    if (captcha.missing) {
      form.fail(CAPTCHA_REQUIRED_MESSAGE);
      return;
    }
    // A new account comes back signed in (unverified); better-auth's client then reloads the session,
    // so the header shows it. A known e-mail gets the same answer without a session (the owner is mailed).
    await form.run(
      () => authClient.signUp.email({ email, password, name: nameFromEmail(email), fetchOptions: captcha.fetchOptions() }),
      {
        message: (
          <>
            <p>{SIGN_UP_SUCCESS_MESSAGE}</p>
            <p>{SIGN_UP_CHECK_EMAIL_MESSAGE}</p>
          </>
        ),
        to: redirect ?? paths.buyList(),
        delayMs: SIGN_UP_REDIRECT_MS,
      },
      form.showPasswordRule,
    );
    if (captcha.config) captcha.reset();
  });

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign up">
        <CredentialsFields form={form} idPrefix="signup" passwordAutoComplete="new-password" />
        <CaptchaSlot captcha={captcha} />
        <Button type="submit" size="lg" className="w-full" disabled={form.locked}>
          {form.isSubmitting ? "Signing up…" : "Sign Up"}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <GoogleSignUpButton onStatus={form.setStatus} disabled={form.locked} redirect={redirect} />
      <FormStatusBanner status={form.status} />
    </div>
  );
}
