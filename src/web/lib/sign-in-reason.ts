import { routePatterns } from "../../contracts/paths";
import { safeReturnAddress } from "./return-address";

/**
 * Why /signin was asked for, in one line, from the page the visitor wanted (its `?redirect=`): a
 * signed-out visitor sent there from a page that needs an account is told what signing in opens.
 * Null for pages that need no account (the header's Login link on a public page).
 */
export function signInReason(redirect: string | null | undefined): string | null {
  const address = safeReturnAddress(redirect);
  if (address === null) return null;
  const path = new URL(address, "https://sign-in-reason.invalid").pathname.replace(/\/+$/, "");
  if (path === routePatterns.watchlist) return "Sign in to see your watch list";
  if (path === routePatterns.portfolio) return "Sign in to see your portfolio";
  if (path === routePatterns.dashboard || path === "/analyses" || path.startsWith("/analyses/")) return "Sign in to see your analysis history";
  if (path === routePatterns.alertSettings) return "Sign in to change your alert settings";
  if (path === routePatterns.upload) return "Sign in to upload a stock list";
  if (path === routePatterns.ask || path.startsWith(`${routePatterns.ask}/`)) return "Sign in to chat";
  const stock = /^\/stock\/([^/]+)$/.exec(path);
  if (stock) return `Sign in to see ${decodeURIComponent(stock[1]!).toUpperCase()}`;
  return null;
}
