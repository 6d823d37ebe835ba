import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EMAIL_VERIFIED_REDIRECT_MS } from "../../../config/timing";
import { authClient } from "../../../lib/auth-client";
import { useAuth } from "../../../lib/auth-context";
import { useDelayedNavigate } from "../../../lib/use-delayed-navigate";
import { useResendVerification } from "../../../lib/use-resend-verification";
import { Banner } from "../../../components/ui/banner";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { authErrorMessage, thrownAuthErrorMessage } from "../api/auth-error-messages";
import { paths } from "../../../../contracts/paths";
import { authKeys } from "../api/auth-keys";

const EMAIL_VERIFIED_MESSAGE = "Your e-mail is verified. You are signed in.";
const INVALID_VERIFICATION_LINK_MESSAGE = "This verification link is invalid or has expired.";

type VerifyOutcome = { ok: true } | { ok: false; message: string };

async function verify(token: string): Promise<VerifyOutcome> {
  try {
    const { error } = await authClient.verifyEmail({ query: { token } });
    if (!error) return { ok: true };
    if (error.status === 400 || error.status === 401 || error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED") {
      return { ok: false, message: INVALID_VERIFICATION_LINK_MESSAGE };
    }
    return { ok: false, message: authErrorMessage(error) };
  } catch (thrown) {
    return { ok: false, message: thrownAuthErrorMessage(thrown) };
  }
}

function ResendOrSignIn() {
  const { user } = useAuth();
  const { message, state, resend, isSending } = useResendVerification();
  if (!user) {
    return (
      <p className="text-sm text-muted">
        <Link to={paths.signIn()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Sign in
        </Link>{" "}
        to request a new verification link.
      </p>
    );
  }
  if (user.emailVerified) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">Your e-mail address is already verified.</p>
        <Link to={paths.stocks()} className={buttonClasses({ variant: "primary" })}>
          Go to the analyzer
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">We can send a new link to {user.email}.</p>
      <Button disabled={isSending} onClick={() => void resend(user.email)}>
        {isSending ? "Sending…" : "Resend Verification Email"}
      </Button>
      {message ? <Banner tone={state === "sent" ? "success" : "error"}>{message}</Banner> : null}
    </div>
  );
}

/** Verifies the token of an e-mail link once, then shows the outcome. */
export function VerifyEmailResult({ token }: { token: string | null }) {
  const navigateLater = useDelayedNavigate();
  const result = useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verify(token ?? ""),
    enabled: token !== null && token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const verified = result.data?.ok === true;

  useEffect(() => {
    if (verified) navigateLater(paths.stocks(), EMAIL_VERIFIED_REDIRECT_MS);
  }, [verified, navigateLater]);

  if (!token) {
    return (
      <div className="space-y-4">
        <p role="alert" className="font-medium text-danger-700">
          {INVALID_VERIFICATION_LINK_MESSAGE} Open the link from your e-mail again, or ask for a new one.
        </p>
        <ResendOrSignIn />
      </div>
    );
  }
  if (result.isPending) return <Spinner label="Verifying your e-mail…" showLabel />;
  if (result.data?.ok) {
    return (
      <div className="space-y-4">
        <Banner tone="success">{EMAIL_VERIFIED_MESSAGE}</Banner>
        <Link to={paths.stocks()} className={buttonClasses({ variant: "primary" })}>
          Go to the analyzer
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p role="alert" className="font-medium text-danger-700">
        {result.data?.message ?? INVALID_VERIFICATION_LINK_MESSAGE}
      </p>
      <ResendOrSignIn />
    </div>
  );
}
