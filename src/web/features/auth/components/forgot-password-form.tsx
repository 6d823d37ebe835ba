import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_RESET_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { Button } from "../../../components/ui/button";
import { CAPTCHA_REQUIRED_MESSAGE } from "../api/auth-error-messages";
import { forgotPasswordSchema } from "../api/auth-schemas";
import { CaptchaSlot } from "./captcha-slot";
import { FormStatusBanner } from "./form-status";
import { useCaptcha } from "./use-captcha";
import { EmailField } from "./email-field";
import { useAuthRequest } from "./use-auth-request";
import { paths } from "../../../../contracts/paths";

const RESET_EMAIL_SENT_MESSAGE = "Password reset email sent! Check your inbox.";

export function ForgotPasswordForm() {
  const { status, done, fail, run } = useAuthRequest({ errorPrefix: "Error: " });
  const captcha = useCaptcha();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
    reValidateMode: "onChange",
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (captcha.missing) {
      fail(CAPTCHA_REQUIRED_MESSAGE);
      return;
    }
    // The server answers the same for every well-formed address, so nobody learns which accounts exist.
    await run(
      () => authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword(), fetchOptions: captcha.fetchOptions() }),
      { message: RESET_EMAIL_SENT_MESSAGE, to: paths.signIn(), delayMs: PASSWORD_RESET_REDIRECT_MS },
    );
    if (captcha.config) captcha.reset();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Reset password">
      <EmailField id="forgot-email" error={errors.email?.message} registration={register("email")} />
      <CaptchaSlot captcha={captcha} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || done}>
        {isSubmitting ? "Sending…" : "Email Reset Instructions"}
      </Button>
      <FormStatusBanner status={status} />
    </form>
  );
}
