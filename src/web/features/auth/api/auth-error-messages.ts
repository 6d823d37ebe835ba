import { PASSWORD_RULE_MESSAGES, isPasswordProblemCode } from "../../../../core/auth/password-rules";
/**
 * One place that turns better-auth errors into sentences people understand (docs/product.md).
 *
 * The product's auth messages were first written against a hosted identity provider's codes; their
 * better-auth counterparts are mapped here:
 * wrong-password / user-not-found / invalid-credential -> INVALID_EMAIL_OR_PASSWORD,
 * invalid-email -> INVALID_EMAIL, email-already-in-use -> USER_ALREADY_EXISTS*,
 * too-many-requests -> HTTP 429, user-disabled -> BANNED_USER, expired-action-code -> INVALID_TOKEN,
 * network-request-failed -> a rejected fetch.
 */

export const NETWORK_ERROR_MESSAGE = "Network error: check your connection and try again.";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please wait a minute and try again.";
export const CAPTCHA_REQUIRED_MESSAGE = "Please complete the CAPTCHA.";
export const INVALID_LINK_MESSAGE = "This link is invalid or has expired.";
export const FALLBACK_ERROR_MESSAGE = "Something went wrong. Please try again.";

const MESSAGES_BY_CODE: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: "Wrong e-mail or password.",
  INVALID_PASSWORD: "Wrong e-mail or password.",
  USER_NOT_FOUND: "Wrong e-mail or password.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Wrong e-mail or password.",
  INVALID_EMAIL: "Please enter a valid e-mail address.",
  PASSWORD_TOO_LONG: "Password must be at most 72 characters.",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters.",
  BANNED_USER: "This account has been disabled. Please contact support.",
  USER_ALREADY_EXISTS: "This e-mail is already in use.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "This e-mail is already in use.",
  INVALID_TOKEN: INVALID_LINK_MESSAGE,
  TOKEN_EXPIRED: INVALID_LINK_MESSAGE,
  EMAIL_NOT_VERIFIED: "Please verify your e-mail address first. Check your inbox for the verification link.",
  EMAIL_ALREADY_VERIFIED: "Your e-mail address is already verified.",
  MISSING_RESPONSE: CAPTCHA_REQUIRED_MESSAGE,
  VERIFICATION_FAILED: CAPTCHA_REQUIRED_MESSAGE,
  POPUP_BLOCKED: "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
  POPUP_CLOSED: "The Google sign-in window was closed before sign-in finished.",
  POPUP_TIMEOUT: "Google sign-in took too long. Please try again.",
  POPUP_SIGN_IN_FAILED: "Google sign-in failed. Please try again.",
};

/** The error shape better-auth's client returns: `{ error: { code, message, status } }`. */
export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
}

/**
 * The sentence for a refusal by the server's password rules (server/auth/password-hook.ts), as the
 * server words it; core's sentences only stand in if it sent none. Undefined for any other error.
 */
export function passwordRuleMessage(error: AuthErrorLike | null | undefined): string | undefined {
  const fallback = error?.code && isPasswordProblemCode(error.code) ? PASSWORD_RULE_MESSAGES[error.code] : undefined;
  if (!fallback) return undefined;
  return error?.message?.trim() || fallback;
}

/** A clear sentence for an error answer of better-auth. */
export function authErrorMessage(error: AuthErrorLike | null | undefined): string {
  if (!error) return FALLBACK_ERROR_MESSAGE;
  if (error.status === 429) return TOO_MANY_ATTEMPTS_MESSAGE;
  const passwordRule = passwordRuleMessage(error);
  if (passwordRule) return passwordRule;
  const byCode = error.code ? MESSAGES_BY_CODE[error.code] : undefined;
  if (byCode) return byCode;
  const message = error.message?.trim() || error.statusText?.trim();
  return message || FALLBACK_ERROR_MESSAGE;
}

/** A clear sentence for something thrown while calling better-auth (usually a failed fetch). */
export function thrownAuthErrorMessage(thrown: unknown): string {
  if (thrown instanceof TypeError || (thrown instanceof DOMException && thrown.name === "NetworkError")) {
    return NETWORK_ERROR_MESSAGE;
  }
  if (typeof thrown === "object" && thrown !== null && ("code" in thrown || "status" in thrown)) {
    return authErrorMessage(thrown as AuthErrorLike);
  }
  return NETWORK_ERROR_MESSAGE;
}
