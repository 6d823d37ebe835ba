import { APIError, getSessionFromCtx, type createAuthMiddleware } from "better-auth/api";
import type { PasswordOwner } from "../../core/auth/password-policy";

/**
 * Part of better-auth `hooks.before` (auth.ts): every endpoint that sets a password first passes the password policy
 * of core/auth/password-policy.ts (common passwords, the user's own e-mail or name, strength). A refused
 * password answers 400 `{ message, code }` like better-auth's own errors, e.g.
 * `{ message: "This password is too common. …", code: "password_too_common" }`.
 *
 * - /sign-up/email and /admin/create-user: `password`, owner from the body's email and name.
 * - /reset-password: `newPassword`, owner = the user the reset token belongs to. An unknown or
 *   expired token is left to the endpoint, which answers INVALID_TOKEN.
 * - /change-password and /set-password: `newPassword`, owner = the signed-in user (session
 *   cookie). A Bearer session token is resolved by the bearer plugin only after this hook, so such
 *   calls get the common-password and strength checks alone. Without any credentials the endpoint
 *   answers 401.
 * - /admin/set-user-password: `newPassword`, common passwords and strength only, so the check
 *   answers nothing about a user id before the endpoint has checked the caller's permission.
 *
 * Passwords outside the length limits are left to better-auth, so its PASSWORD_TOO_SHORT / _LONG
 * answers keep coming first.
 */

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

interface PasswordToCheck {
  password: string;
  /** null: check the common-password list only. */
  owner: PasswordOwner | null;
}

const loadPolicyModule = () => import("../../core/auth/password-policy");
let policyModule: ReturnType<typeof loadPolicyModule> | undefined;

/** The ~50,000-entry dictionary and the strength checker load on the first password set, not at boot (~200 ms). */
function loadPolicy(): ReturnType<typeof loadPolicyModule> {
  policyModule ??= loadPolicyModule();
  return policyModule;
}

function field(source: unknown, key: string): string | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

async function resetTokenOwner(ctx: HookContext): Promise<PasswordOwner | undefined> {
  const token = field(ctx.body, "token") ?? field(ctx.query, "token");
  if (!token) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return undefined;
  const user = await ctx.context.internalAdapter.findUserById(verification.value);
  return user ? { email: user.email, name: user.name } : undefined;
}

async function sessionOwner(ctx: HookContext): Promise<PasswordOwner | undefined> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  return session ? { email: session.user.email, name: session.user.name } : undefined;
}

/** What to check for this call, or undefined when it sets no password (or the endpoint will refuse anyway). */
async function passwordToCheck(ctx: HookContext): Promise<PasswordToCheck | undefined> {
  switch (ctx.path) {
    case "/sign-up/email":
    case "/admin/create-user": {
      const password = field(ctx.body, "password");
      const email = field(ctx.body, "email");
      if (password === undefined || email === undefined) return undefined;
      return { password, owner: { email, name: field(ctx.body, "name") } };
    }
    case "/reset-password": {
      const password = field(ctx.body, "newPassword");
      if (password === undefined) return undefined;
      const owner = await resetTokenOwner(ctx);
      return owner ? { password, owner } : undefined;
    }
    case "/change-password":
    case "/set-password": {
      const password = field(ctx.body, "newPassword");
      if (password === undefined) return undefined;
      const owner = await sessionOwner(ctx);
      if (owner) return { password, owner };
      // A session sent as a Bearer token only becomes a cookie in the bearer plugin's hook, after
      // this one: such a caller gets the list check, the endpoint then checks the session itself.
      return ctx.headers?.has("authorization") ? { password, owner: null } : undefined;
    }
    case "/admin/set-user-password": {
      const password = field(ctx.body, "newPassword");
      return password === undefined ? undefined : { password, owner: null };
    }
    default:
      return undefined;
  }
}

export async function checkPasswordPolicy(ctx: HookContext): Promise<void> {
  const check = await passwordToCheck(ctx);
  if (!check) return;
  const { minPasswordLength, maxPasswordLength } = ctx.context.password.config;
  if (check.password.length < minPasswordLength || check.password.length > maxPasswordLength) return;
  const { passwordProblem } = await loadPolicy();
  // Without an owner only the list and the strength check can refuse: an e-mail no real address matches.
  const problem = passwordProblem(check.password, check.owner ?? { email: "" });
  if (problem) throw new APIError("BAD_REQUEST", { message: problem.message, code: problem.code });
}
