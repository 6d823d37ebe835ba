import { createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";

/**
 * better-auth `hooks.after` for /sign-up/email: a new account leaves sign-up signed in (unverified),
 * as the product asks. better-auth itself runs with `autoSignIn: false` so that a duplicate sign-up
 * still gets its generic answer (a made-up user, token null) and the owner's e-mail; only a user
 * that now exists in the database gets a session. The answer's body stays the same for both.
 */
export const signUpSessionHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/sign-up/email") return;
  const userId = createdUserId(ctx.context.returned);
  if (!userId) return;
  // A duplicate's made-up id names no row, so it never gets a session.
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (!user || user.emailVerified) return;
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user });
});

function createdUserId(returned: unknown): string | undefined {
  if (typeof returned !== "object" || returned === null || returned instanceof Error) return undefined;
  const user = (returned as { user?: unknown }).user;
  if (typeof user !== "object" || user === null) return undefined;
  const id = (user as { id?: unknown }).id;
  return typeof id === "string" ? id : undefined;
}
