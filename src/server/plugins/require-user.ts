import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from "fastify";
import { apiErrorSchema } from "../../contracts/api-error";
import { AppError } from "../app-error";
import type { TokenVerifier } from "../auth/token-verifier";
import type { UserRecord, UserRepository } from "../auth/user.repository";

export type AuthenticatedUser = Pick<UserRecord, "id" | "email" | "emailVerified">;
/** A signed-in user whose e-mail is verified: what the research, CSV and chat services take. */
export type VerifiedUser = AuthenticatedUser & { emailVerified: true };

const EMAIL_UNVERIFIED_MESSAGE = "Please verify your email first! Check your inbox for the verification link.";

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

const GATE = Symbol("quanta.requireUser");
type UserGate = preHandlerAsyncHookHandler & { [GATE]: { verified: boolean } };

/**
 * The one way a route asks for a signed-in user: `preHandler: requireUser({ verified: true })`.
 * The gate authenticates the caller (401), checks the e-mail when asked (403 email_unverified) and
 * puts the user on the request; registerUserGate writes the same requirement into the API docs, so
 * the docs cannot say a route is open when it is not, or the reverse.
 */
export function requireUser(options: { verified: boolean }): UserGate {
  const gate: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
    const user = await this.authenticateUser(request);
    if (options.verified && !user.emailVerified) throw new AppError(403, "email_unverified", EMAIL_UNVERIFIED_MESSAGE);
    request.user = user;
  };
  return Object.assign(gate, { [GATE]: { verified: options.verified } });
}

function gateOf(handler: unknown): { verified: boolean } | undefined {
  return typeof handler === "function" && GATE in handler ? (handler as UserGate)[GATE] : undefined;
}

/**
 * A gated route answers about one user (or refuses a caller): no browser or proxy cache may keep
 * it, whatever its path, so it is no-store even when the route itself set something else.
 */
const neverCached: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header("cache-control", "no-store");
  done(null, payload);
};

/**
 * Registers the authenticator the gates use and, for every route that has a gate, its OpenAPI
 * `security` entry, its 401 (and 403) answers and `Cache-Control: no-store`. Call before the
 * routes are added.
 */
export function registerUserGate(app: FastifyInstance, authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>): void {
  app.decorate("authenticateUser", authenticate);
  app.decorateRequest("user", null);
  app.addHook("onRoute", (route) => {
    const gate = [route.preHandler].flat().map(gateOf).find((found) => found !== undefined);
    if (!gate) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), neverCached];
    route.schema ??= {};
    route.schema.security = [{ bearer: [] }];
    const response = (route.schema.response ??= {}) as Record<string, unknown>;
    response[401] ??= apiErrorSchema;
    if (gate.verified) response[403] ??= apiErrorSchema;
  });
}

/** The user a route's requireUser gate put on the request. */
export function signedInUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error(`${request.routeOptions.url}: the route has no requireUser gate`);
  return request.user;
}

/** The verified user a route's requireUser({ verified: true }) gate put on the request. */
export function verifiedUser(request: FastifyRequest): VerifiedUser {
  const user = signedInUser(request);
  if (!user.emailVerified) throw new Error(`${request.routeOptions.url}: the route's gate does not require a verified e-mail`);
  return user as VerifiedUser;
}

declare module "fastify" {
  interface FastifyInstance {
    authenticateUser(request: FastifyRequest): Promise<AuthenticatedUser>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}
