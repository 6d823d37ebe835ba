import { APIError, getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "./password-hook";

const DELETE_USER_PATH = "/delete-user";

function hasText(source: unknown, key: string): boolean {
  if (typeof source !== "object" || source === null) return false;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "";
}

const passwordRequired = () =>
  new APIError("BAD_REQUEST", { message: "Enter your password to delete your account.", code: "password_required" });

/**
 * Part of better-auth `hooks.before` (auth.ts). better-auth deletes an account without a password
 * when its session is fresh (signed in within a day); here an account that has a password must
 * always give it (decision 065). An account without one (Google sign-in only) keeps better-auth's
 * rule: a session opened within the last day. A session sent as a Bearer token is only resolved
 * after this hook, so such a call must give a password.
 */
export async function requirePasswordToDeleteAccount(ctx: HookContext): Promise<void> {
  if (ctx.path !== DELETE_USER_PATH || hasText(ctx.body, "password")) return;
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  if (!session) {
    if (ctx.headers?.has("authorization")) throw passwordRequired();
    return; // The endpoint answers 401 itself.
  }
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) throw passwordRequired();
}
