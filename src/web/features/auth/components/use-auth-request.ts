import { useState, type ReactNode } from "react";
import type { To } from "react-router";
import { useDelayedNavigate } from "../../../lib/use-delayed-navigate";
import { authErrorMessage, thrownAuthErrorMessage, type AuthErrorLike } from "../api/auth-error-messages";
import type { FormStatus } from "./form-status";

export interface AuthSuccess {
  message: ReactNode;
  /** Where to go once the success line has shown for `delayMs` (docs/product.md). */
  to: To;
  delayMs: number;
}

/**
 * The life of an auth form's request: the status line (red error / green success), the 'done'
 * state that keeps the form from being sent twice, and the delayed redirect after a success.
 */
export function useAuthRequest(options: { errorPrefix?: string } = {}) {
  const [status, setStatus] = useState<FormStatus>(null);
  const [done, setDone] = useState(false);
  const navigateLater = useDelayedNavigate();
  const prefix = options.errorPrefix ?? "";

  const fail = (message: string) => setStatus({ tone: "error", message: `${prefix}${message}` });

  const succeed = (success: AuthSuccess) => {
    setDone(true);
    setStatus({ tone: "success", message: success.message });
    navigateLater(success.to, success.delayMs);
  };

  /**
   * Runs one better-auth call; true when it succeeded. `onError` may show an error answer itself
   * (under a field) and return true; otherwise it goes to the status line.
   */
  const run = async (
    call: () => Promise<{ error: AuthErrorLike | null }>,
    success: AuthSuccess,
    onError?: (error: AuthErrorLike) => boolean,
  ): Promise<boolean> => {
    setStatus(null);
    try {
      const { error } = await call();
      if (error) {
        if (!onError?.(error)) fail(authErrorMessage(error));
        return false;
      }
      succeed(success);
      return true;
    } catch (thrown) {
      fail(thrownAuthErrorMessage(thrown));
      return false;
    }
  };

  return { status, setStatus, done, fail, succeed, run };
}
