import { useLocation, useSearchParams } from "react-router";
import { paths, routePatterns } from "../../contracts/paths";

/**
 * The return address of sign-in: the page a signed-out visitor wanted, carried as
 * `?redirect=` through /signin and /signup (the chat site already sent it) and followed after
 * signing in. Only a path of this site is followed, so a crafted link cannot send a user elsewhere.
 */

/** Where signing in leads when no return address is given (docs/product.md). */
export const DEFAULT_RETURN_ADDRESS = paths.stocks();

/** Pages that make no sense to come back to after signing in: the landing page and the auth pages. */
const NOT_RETURNABLE = new Set<string>([
  routePatterns.home,
  routePatterns.signIn,
  routePatterns.signUp,
  routePatterns.forgetPassword,
  routePatterns.verifyEmail,
  routePatterns.resetPassword,
]);

const PROBE_ORIGIN = "https://return-address.invalid";

/**
 * `value` when it is a path of this site ('/analyses?ticker=X#top'), else null. Refused: absolute
 * URLs ('https://…'), protocol-relative ('//evil.com'), backslash tricks ('/\\evil.com', which
 * browsers read as '//'), control characters and whitespace (browsers drop tabs and line breaks in
 * URLs, so '/\t/evil.com' would become '//evil.com'), and anything that resolves to another origin.
 */
export function safeReturnAddress(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return value;
}

/** Where to go after signing in: the safe return address, else /stocks. */
export function signInDestination(redirect: unknown): string {
  return safeReturnAddress(redirect) ?? DEFAULT_RETURN_ADDRESS;
}

/** The return address of a page (path, query and hash), or undefined for pages not worth coming back to. */
export function returnAddressOf(location: { pathname: string; search?: string; hash?: string }): string | undefined {
  if (NOT_RETURNABLE.has(location.pathname)) return undefined;
  return safeReturnAddress(`${location.pathname}${location.search ?? ""}${location.hash ?? ""}`) ?? undefined;
}

/**
 * The return address that links of the page being shown carry: the page itself, or on the auth
 * pages the `?redirect=` they were given (so /signin → /signup → /signin keeps it).
 */
function useReturnAddress(): string | undefined {
  const location = useLocation();
  const [params] = useSearchParams();
  const own = returnAddressOf(location);
  if (own !== undefined || location.pathname === routePatterns.home) return own;
  return safeReturnAddress(params.get("redirect")) ?? undefined;
}

/** The /signin link of the page being shown: it brings the user back here afterwards. */
export function useSignInHref(): string {
  return paths.signIn(useReturnAddress());
}

/** The /signup link of the page being shown: it keeps the return address for the sign-in that follows. */
export function useSignUpHref(): string {
  return paths.signUp(useReturnAddress());
}

/** The safe `?redirect=` of the page being shown (on /signin and /signup), else undefined. */
export function useRedirectParam(): string | undefined {
  const [params] = useSearchParams();
  return safeReturnAddress(params.get("redirect")) ?? undefined;
}
