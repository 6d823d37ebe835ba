import { useCallback, useState } from "react";
import { authClient } from "./auth-client";
import { paths } from "../../contracts/paths";

const VERIFICATION_SENT_MESSAGE = "Verification email sent! Please check your inbox.";
const VERIFICATION_FAILED_MESSAGE = "Error sending verification email. Please try again later.";

export type ResendState = "idle" | "sending" | "sent" | "failed";

/** Sends the verification e-mail again and reports the outcome with the texts of docs/product.md. */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>("idle");

  const resend = useCallback(async (email: string) => {
    setState("sending");
    try {
      const result = await authClient.sendVerificationEmail({ email, callbackURL: paths.verifyEmail() });
      setState(result.error ? "failed" : "sent");
    } catch {
      setState("failed");
    }
  }, []);

  const reset = useCallback(() => {
    setState("idle");
  }, []);

  const message =
    state === "sent" ? VERIFICATION_SENT_MESSAGE : state === "failed" ? VERIFICATION_FAILED_MESSAGE : null;

  return { state, message, resend, reset, isSending: state === "sending" };
}
