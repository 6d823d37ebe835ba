import { useState } from "react";
import { GOOGLE_SIGN_UP_REDIRECT_MS } from "../../../config/timing";
import { usePublicConfig } from "../../../config/public-config";
import { authClient } from "../../../lib/auth-client";
import { useDelayedNavigate } from "../../../lib/use-delayed-navigate";
import { Button } from "../../../components/ui/button";
import { authErrorMessage, thrownAuthErrorMessage } from "../api/auth-error-messages";
import type { FormStatus } from "./form-status";

const GOOGLE_NOT_CONFIGURED_MESSAGE = "Google sign-in is not configured on this server";

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C1 16.5 0 20.1 0 24s1 7.5 2.7 10.7l7.8-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

export interface GoogleSignUpButtonProps {
  /** Reports the outcome to the form's status line. */
  onStatus: (status: FormStatus) => void;
  disabled?: boolean;
  /** The page to return to after signing in (a safe same-site path), else the landing page's buy list. */
  redirect?: string;
}

/** 'Sign up with Google': popup sign-in, then the success banner and the return address (else /#buy-list) after 1.5 s. */
export function GoogleSignUpButton({ onStatus, disabled = false, redirect }: GoogleSignUpButtonProps) {
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  const enabled = config.data?.googleEnabled === true;
  const notConfigured = config.data?.googleEnabled === false;

  const signUp = async () => {
    onStatus(null);
    setBusy(true);
    try {
      const { error } = await authClient.signIn.popup({ providerId: "google", callbackURL: "/" });
      // The popup closes itself right after signing in; on a busy machine its message can arrive
      // after the "window closed" check fires. The session cookie is then set all the same.
      if (error?.code === "POPUP_CLOSED" && (await authClient.getSession()).data?.user) {
        authClient.$store.notify("$sessionSignal");
      } else if (error) {
        onStatus({ tone: "error", message: authErrorMessage(error) });
        return;
      }
      setDone(true);
      onStatus({ tone: "success", message: <p>Sign up successful!</p> });
      navigateLater(redirect ?? { pathname: "/", hash: "#buy-list" }, GOOGLE_SIGN_UP_REDIRECT_MS);
    } catch (thrown) {
      onStatus({ tone: "error", message: thrownAuthErrorMessage(thrown) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={!enabled || busy || done || disabled}
        aria-describedby={notConfigured ? "google-not-configured" : undefined}
        onClick={() => void signUp()}
      >
        <GoogleMark />
        {busy ? "Waiting for Google…" : "Sign up with Google"}
      </Button>
      {notConfigured ? (
        <p id="google-not-configured" className="text-center text-sm text-muted">
          {GOOGLE_NOT_CONFIGURED_MESSAGE}
        </p>
      ) : null}
      {config.isError ? (
        <p className="text-center text-sm text-muted">
          The server settings could not be loaded, so Google sign-in is unavailable. Reload the page to try again.
        </p>
      ) : null}
    </div>
  );
}
