/**
 * better-auth refuses a request whose Origin (or callback URL) is not one of `trustedOrigins` with a
 * bare 403 'Invalid origin'. A person who opened Quanta at another address than APP_URL (a LAN
 * address, 127.0.0.1 in production) cannot act on that: this module words the refusal so they can,
 * and names the settings for the operator.
 */

/** better-auth's codes for an address outside `trustedOrigins` (@better-auth/core BASE_ERROR_CODES). */
export const UNTRUSTED_ORIGIN_CODES = new Set([
  "INVALID_ORIGIN",
  "INVALID_CALLBACK_URL",
  "INVALID_REDIRECT_URL",
  "INVALID_ERROR_CALLBACK_URL",
  "INVALID_NEW_USER_CALLBACK_URL",
]);

/** The origin of an Origin or Referer header value; null when it has none ('null', empty, not a URL). */
export function originOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * 'This page was opened at http://192.168.1.5:3000 but Quanta is configured for
 * http://localhost:3000 (APP_URL). Open it at http://localhost:3000, or set APP_URL or
 * TRUSTED_ORIGINS to http://192.168.1.5:3000.' — or, when the page's address is unknown, the same
 * without it.
 */
export function untrustedOriginMessage(pageOrigin: string | null, appUrl: string, brand = "Quanta"): string {
  const configured = new URL(appUrl).origin;
  if (!pageOrigin) {
    return `This page was opened at another address than the one ${brand} is configured for (APP_URL ${configured}). Open it at ${configured}, or set APP_URL or TRUSTED_ORIGINS to the address you use.`;
  }
  return `This page was opened at ${pageOrigin} but ${brand} is configured for ${configured} (APP_URL). Open it at ${configured}, or set APP_URL or TRUSTED_ORIGINS to ${pageOrigin}.`;
}
