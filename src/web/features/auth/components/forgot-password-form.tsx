import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_RESET_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { useDelayedNavigate } from "../../../lib/use-delayed-navigate";
import { Button } from "../../../components/ui/button";
import { CAPTCHA_REQUIRED_MESSAGE, authErrorMessage, thrownAuthErrorMessage } from "../api/auth-error-messages";
import { forgotPasswordSchema } from "../api/auth-schemas";
import { CaptchaSlot } from "./captcha-slot";
import { FormStatusBanner, type FormStatus } from "./form-status";
import { useCaptcha } from "./use-captcha";
import { EmailField } from "./email-field";

export const RESET_EMAIL_SENT_MESSAGE = "Password reset email sent! Check your inbox.";

export function ForgotPasswordForm() {
  const [status, setStatus] = useState<FormStatus>(null);
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
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
    setStatus(null);
    if (captcha.missing) {
      setStatus({ tone: "error", message: `Error: ${CAPTCHA_REQUIRED_MESSAGE}` });
      return;
    }
    try {
      // The server answers the same for every well-formed address, so nobody learns which accounts exist.
      const { error } = await authClient.requestPasswordReset({
        email,
        redirectTo: "/reset-password",
        fetchOptions: captcha.fetchOptions(),
      });
      if (error) {
        setStatus({ tone: "error", message: `Error: ${authErrorMessage(error)}` });
        return;
      }
      setDone(true);
      setStatus({ tone: "success", message: RESET_EMAIL_SENT_MESSAGE });
      navigateLater("/signin", PASSWORD_RESET_REDIRECT_MS);
    } catch (thrown) {
      setStatus({ tone: "error", message: `Error: ${thrownAuthErrorMessage(thrown)}` });
    } finally {
      if (captcha.config) captcha.reset();
    }
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
