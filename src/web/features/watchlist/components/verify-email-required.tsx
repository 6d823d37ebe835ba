import { MailWarning } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useAuth } from "../../../lib/auth-context";
import { useResendVerification } from "../../../lib/use-resend-verification";

export const WATCHLIST_VERIFY_MESSAGE = "Please verify your email to keep a watch list and get its alerts.";

/** Shown instead of the watch list and its settings while the e-mail is not verified (the server refuses them too). */
export function VerifyEmailRequired({ email }: { email: string }) {
  const { refreshSession } = useAuth();
  const { message, state, resend, isSending } = useResendVerification();
  return (
    <section
      aria-labelledby="watchlist-verify-title"
      className="max-w-xl rounded-2xl border border-warning-100 bg-warning-50 p-6 text-warning-800 shadow-card"
    >
      <MailWarning aria-hidden="true" size={28} className="mb-3" />
      <h2 id="watchlist-verify-title" className="text-lg font-semibold text-ink">
        Verify your e-mail first
      </h2>
      <p className="mt-2 text-sm">{WATCHLIST_VERIFY_MESSAGE}</p>
      <p className="mt-1 text-sm">
        We sent the link to <strong>{email}</strong>.
      </p>
      {message ? (
        <p
          role={state === "sent" ? "status" : "alert"}
          className={state === "sent" ? "mt-3 text-sm font-medium text-success-800" : "mt-3 text-sm font-medium text-danger-700"}
        >
          {message}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button size="sm" disabled={isSending} onClick={() => void resend(email)}>
          {isSending ? "Sending…" : "Resend Verification Email"}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void refreshSession()}>
          I have verified it
        </Button>
      </div>
    </section>
  );
}
