import { isRecord } from "./body-checks";
import { IdentitySession, TokenRequestError } from "./identity-session";
import { isMobileDevice } from "./is-mobile";

/**
 * GET /api/auth/token with the session cookie: answers {token}, a JWT valid for 15 minutes.
 *
 * The one call that does not go through lib/api-client.ts, on purpose: it is better-auth's endpoint
 * (not a contract of src/contracts; its errors are better-auth's, not {error, code}), the API client
 * asks it for the Bearer token of every other call (through it, the client would wait on itself),
 * and the identity session needs the raw status (401/403 sign out, anything else retries with
 * backoff) and its own time-out signal (docs/product.md).
 */
async function fetchAuthToken(signal: AbortSignal): Promise<string> {
  const response = await fetch("/api/auth/token", {
    method: "GET",
    credentials: "include",
    headers: { accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new TokenRequestError(response.status);
  const body: unknown = await response.json();
  const token = isRecord(body) ? body.token : undefined;
  if (typeof token !== "string" || token === "") {
    throw new TokenRequestError(response.status, "The token endpoint answered without a token.");
  }
  return token;
}

type SignedOutListener = () => void;
const signedOutListeners = new Set<SignedOutListener>();

/** Runs `listener` when the server ends the session (user disabled, session revoked or expired). */
export function onIdentitySignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

/** The one identity session of this browser tab; the auth provider starts and stops it. */
export const identitySession = new IdentitySession({
  fetchToken: fetchAuthToken,
  isMobile: isMobileDevice(),
  onSignedOut: () => {
    for (const listener of [...signedOutListeners]) listener();
  },
});
