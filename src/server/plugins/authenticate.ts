import type { FastifyRequest } from "fastify";
import { AppError } from "../app-error";
import type { TokenVerifier } from "../auth/token-verifier";
import type { UserRecord, UserRepository } from "../auth/user.repository";

export type AuthenticatedUser = Pick<UserRecord, "id" | "email" | "emailVerified">;

const MESSAGES = {
  token_missing: "Please sign in to continue.",
  token_invalid: "Your sign-in token is not valid. Please sign in again.",
  token_expired: "Your session token has expired. Please sign in again.",
  session_ended: "You have signed out on this device. Please sign in again.",
} as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the caller of an API request from its Bearer JWT. The user and the token's session are
 * read on every call, so a disabled account or a signed-out session stops working at once, not when
 * the token expires.
 */
export async function authenticateRequest(
  request: FastifyRequest,
  deps: { tokens: TokenVerifier; users: UserRepository; now: () => Date },
): Promise<AuthenticatedUser> {
  const check = await deps.tokens.verify(bearerToken(request));
  if (!check.ok) throw new AppError(401, check.problem === "token_missing" ? "unauthenticated" : check.problem, MESSAGES[check.problem]);
  const user = await deps.users.findBySession(check.userId, check.sessionId, deps.now());
  if (!user) {
    // Disabling a user ends their sessions too: say why, rather than 'signed out'.
    const account = await deps.users.findById(check.userId);
    if (account?.disabled) throw new AppError(401, "user_disabled", "This account has been disabled. Please contact support.");
    throw new AppError(401, account ? "session_ended" : "token_invalid", account ? MESSAGES.session_ended : MESSAGES.token_invalid);
  }
  if (user.disabled) throw new AppError(401, "user_disabled", "This account has been disabled. Please contact support.");
  return { id: user.id, email: user.email, emailVerified: user.emailVerified };
}
