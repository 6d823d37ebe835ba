import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SIGN_UP_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { FormField, fieldInputProps } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { CAPTCHA_REQUIRED_MESSAGE, passwordRuleMessage, type AuthErrorLike } from "../api/auth-error-messages";
import { PASSWORD_TOO_LONG_MESSAGE, credentialsSchema, isPasswordTooLong, nameFromEmail } from "../api/auth-schemas";
import { CaptchaSlot } from "./captcha-slot";
import { FormStatusBanner } from "./form-status";
import { GoogleSignUpButton } from "./google-sign-up-button";
import { useCaptcha } from "./use-captcha";
import { EmailField } from "./email-field";
import { useAuthRequest } from "./use-auth-request";

export const SIGN_UP_SUCCESS_MESSAGE = "Sign up successful!";
export const SIGN_UP_CHECK_EMAIL_MESSAGE = "Please check your email to verify your account.";

export function SignUpForm() {
  const { status, setStatus, done, fail, run } = useAuthRequest();
  const captcha = useCaptcha();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: "", password: "" },
    reValidateMode: "onChange",
  });
  const password = useWatch({ control, name: "password" });
  const passwordError = errors.password?.message ?? (isPasswordTooLong(password) ? PASSWORD_TOO_LONG_MESSAGE : undefined);
  /** The server's password rules (too common, contains the e-mail) are shown under the password. */
  const showPasswordRule = (error: AuthErrorLike) => {
    const message = passwordRuleMessage(error);
    if (message) setError("password", { type: "server", message }, { shouldFocus: true });
    return message !== undefined;
  };

  const onSubmit = handleSubmit(async ({ email, password: pw }) => {
    if (captcha.missing) {
      fail(CAPTCHA_REQUIRED_MESSAGE);
      return;
    }
    // The server never signs in on sign-up and answers a known e-mail like a new one (it mails the owner).
    await run(
      () => authClient.signUp.email({ email, password: pw, name: nameFromEmail(email), fetchOptions: captcha.fetchOptions() }),
      {
        message: (
          <>
            <p>{SIGN_UP_SUCCESS_MESSAGE}</p>
            <p>{SIGN_UP_CHECK_EMAIL_MESSAGE}</p>
          </>
        ),
        to: { pathname: "/", hash: "#buy-list" },
        delayMs: SIGN_UP_REDIRECT_MS,
      },
      showPasswordRule,
    );
    if (captcha.config) captcha.reset();
  });

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Sign up">
        <EmailField id="signup-email" error={errors.email?.message} registration={register("email")} />
        <FormField id="signup-password" label="Password" error={passwordError}>
          <PasswordInput
            required
            autoComplete="new-password"
            {...fieldInputProps("signup-password", passwordError)}
            {...register("password")}
          />
        </FormField>
        <CaptchaSlot captcha={captcha} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || done}>
          {isSubmitting ? "Signing up…" : "Sign Up"}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <GoogleSignUpButton onStatus={setStatus} disabled={isSubmitting || done} />
      <FormStatusBanner status={status} />
    </div>
  );
}
