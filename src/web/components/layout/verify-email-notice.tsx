import { Mail } from "lucide-react";
import { useAuth } from "../../lib/auth-context";
import { useResendVerification } from "../../lib/use-resend-verification";
import { Button } from "../ui/button";

/** A slim bar under the header while the signed-in user's e-mail is not verified. */
export function VerifyEmailNotice() {
  const { user } = useAuth();
  const { message, state, resend, isSending } = useResendVerification();
  if (!user || user.emailVerified) return null;

  return (
    <section aria-label="E-mail verification" className="border-b border-warning-100 bg-warning-50 text-warning-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:gap-4">
        <p className="flex items-center gap-2 font-medium">
          <Mail aria-hidden="true" size={18} className="shrink-0" />
          Please verify your email to unlock analysis and chat.
        </p>
        <div className="flex flex-wrap items-center gap-3 sm:ml-auto">
          {message ? (
            <p
              role={state === "sent" ? "status" : "alert"}
              className={state === "sent" ? "font-medium text-success-800" : "font-medium text-danger-700"}
            >
              {message}
            </p>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            disabled={isSending}
            onClick={() => void resend(user.email)}
            className="border-warning-300 bg-white"
          >
            {isSending ? "Sending…" : "Resend Verification Email"}
          </Button>
        </div>
      </div>
    </section>
  );
}
