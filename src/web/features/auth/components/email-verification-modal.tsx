import { useEffect } from "react";
import { MailCheck } from "lucide-react";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { useAuth } from "../../../lib/auth-context";
import { useResendVerification } from "../../../lib/use-resend-verification";

export interface EmailVerificationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address to verify; defaults to the signed-in user's e-mail. */
  email?: string;
}

/**
 * 'Email Verification Required' (docs/product.md): shown when an unverified user tries something
 * that needs a verified e-mail (analysis, chat).
 */
export function EmailVerificationModal({ open, onOpenChange, email }: EmailVerificationModalProps) {
  const { user } = useAuth();
  const address = email ?? user?.email ?? null;
  const { message, state, resend, reset, isSending } = useResendVerification();

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Email Verification Required"
        showClose={false}
        description={
          address
            ? `Please verify ${address} to unlock analysis and chat. Open the link in the e-mail we sent you, or ask for a new one.`
            : "Please verify your e-mail address to unlock analysis and chat."
        }
      >
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          <MailCheck aria-hidden="true" size={20} className="shrink-0" />
          <span>The link in the e-mail is valid for a limited time. Check your spam folder too.</span>
        </div>
        {message ? (
          <Banner tone={state === "sent" ? "success" : "error"} className="mt-4">
            {message}
          </Banner>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button disabled={!address || isSending} onClick={() => address && void resend(address)}>
            {isSending ? "Sending…" : "Resend Verification Email"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
