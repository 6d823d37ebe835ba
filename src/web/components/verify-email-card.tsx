import { MailWarning } from "lucide-react";
import { cn } from "../lib/cn";
import { useAuth } from "../lib/auth-context";
import { useResendVerification } from "../lib/use-resend-verification";
import { Button } from "./ui/button";

export interface VerifyEmailCardProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** What the page needs the verified e-mail for. */
  message: string;
  email: string;
  /** The heading level: h1 where the card is the page, h2 under a page heading. */
  level?: "h1" | "h2";
  className?: string;
}

/**
 * Shown instead of a page that needs a verified e-mail (the server refuses it too): why, where the
 * link went, 'Resend Verification Email' and 'I have verified it' (reads the session again).
 */
export function VerifyEmailCard({ id, title, message, email, level = "h2", className }: VerifyEmailCardProps) {
  const { refreshSession } = useAuth();
  const { message: sendMessage, state, resend, isSending } = useResendVerification();
  const Heading = level;
  return (
    <section aria-labelledby={id} className={cn("rounded-2xl border border-warning-100 bg-warning-50 p-6 text-warning-800 shadow-card", className)}>
      <MailWarning aria-hidden="true" size={28} className="mb-3" />
      <Heading id={id} className="text-lg font-semibold text-ink">
        {title}
      </Heading>
      <p className="mt-2 text-sm">{message}</p>
      <p className="mt-1 text-sm">
        We sent the link to <strong>{email}</strong>.
      </p>
      {sendMessage ? (
        <p role={state === "sent" ? "status" : "alert"} className={state === "sent" ? "mt-3 text-sm font-medium text-success-800" : "mt-3 text-sm font-medium text-danger-700"}>
          {sendMessage}
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
