import { IdentitySession, TokenRequestError } from "./identity-session";
import { isMobileDevice } from "./is-mobile";

/** GET /api/auth/token with the session cookie: answers {token}, a JWT valid for 15 minutes. */
export async function fetchAuthToken(signal: AbortSignal): Promise<string> {
  const response = await fetch("/api/auth/token", {
    method: "GET",
    credentials: "include",
    headers: { accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new TokenRequestError(response.status);
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
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
