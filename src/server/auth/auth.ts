import { betterAuth, type BetterAuthOptions } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, captcha, genericOAuth, jwt, oauthPopup } from "better-auth/plugins";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { accounts, jwks, rateLimits, sessions, users, verifications } from "../db/schema";
import type { MailSender } from "../adapters/mail/mail-sender";
import { accountEmailLinks, emailAlreadyInUseEmail, passwordResetEmail, verificationEmail } from "./auth-emails";
import { checkPasswordPolicy } from "./password-hook";
import { requirePasswordToDeleteAccount } from "./delete-user-hook";
import { signUpSessionHook } from "./sign-up-session";
import { checkAuthSecret } from "./auth-secret";
import { API_TOKEN_ISSUER } from "./token-verifier";

/** JWTs for API calls live 15 minutes; the browser refreshes them 5 minutes before expiry. */
const JWT_LIFETIME = "15m";
const GOOGLE_PROVIDER_ID = "google";
/** The redirect URI operators register with Google (README), kept across the better-auth 1.7 upgrade. */
export const LEGACY_GOOGLE_CALLBACK_PATH = `/api/auth/oauth2/callback/${GOOGLE_PROVIDER_ID}`;

export interface AuthDependencies {
  config: AppConfig;
  db: Database;
  mail: MailSender;
  secret: string;
}

function captchaPlugins(config: AppConfig) {
  if (!config.captcha) return [];
  const endpoints = ["/sign-up/email", "/request-password-reset"];
  const verifyOverride = config.captcha.verifyUrl ? { siteVerifyURLOverride: config.captcha.verifyUrl } : {};
  return [
    config.captcha.provider === "recaptcha"
      ? captcha({ provider: "google-recaptcha", secretKey: config.captcha.secretKey, endpoints, ...verifyOverride })
      : captcha({ provider: "cloudflare-turnstile", secretKey: config.captcha.secretKey, endpoints, ...verifyOverride }),
  ];
}

/**
 * Google sign-in goes through the generic OpenID Connect flow with discovery, so the very same code
 * path runs against Google in production and against a local OIDC provider in the end-to-end tests.
 */
function googlePlugins(config: AppConfig) {
  if (!config.google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          clientId: config.google.clientId,
          clientSecret: config.google.clientSecret,
          discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          // better-auth 1.7 answers at /callback/:id; the address registered with Google stays the
          // documented one and auth.routes.ts hands it to the new endpoint.
          redirectURI: `${config.appUrl}${LEGACY_GOOGLE_CALLBACK_PATH}`,
        },
      ],
    }),
    oauthPopup(),
  ];
}

type EmailLinks = ReturnType<typeof accountEmailLinks>;

/** E-mail and password accounts: a duplicate sign-up gets the generic answer, resets end every session. */
function emailAndPasswordOptions(config: AppConfig, mail: MailSender, links: EmailLinks): BetterAuthOptions["emailAndPassword"] {
  return {
    enabled: true,
    // better-auth's own sign-in after sign-up stays off: with it, a duplicate address would get an
    // error instead of the generic answer. sign-up-session.ts signs a new user in (unverified).
    autoSignIn: false,
    requireEmailVerification: false,
    minPasswordLength: 8,
    maxPasswordLength: 72,
    resetPasswordTokenExpiresIn: 60 * 60,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, token }) => {
      const url = links.resetPassword(token);
      await mail.send(passwordResetEmail({ brand: config.brand, to: user.email, url }));
    },
    // The answer to a duplicate sign-up must look exactly like a new one, admin fields included.
    customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
      ...coreFields,
      role: "user",
      banned: false,
      banReason: null,
      banExpires: null,
      ...additionalFields,
      id,
    }),
    onExistingUserSignUp: async ({ user }) => {
      await mail.send(
        emailAlreadyInUseEmail({
          brand: config.brand,
          to: user.email,
          signInUrl: links.signIn(),
          resetUrl: links.forgetPassword(),
        }),
      );
    },
  };
}

/** Counted in the database (every instance shares it); the account endpoints have the configured, stricter rule. */
function rateLimitOptions(config: AppConfig): BetterAuthOptions["rateLimit"] {
  const rule = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  return {
    enabled: true,
    storage: "database",
    window: 60,
    max: 300,
    customRules: {
      "/sign-in/email": rule,
      "/sign-up/email": rule,
      "/request-password-reset": rule,
      "/reset-password": rule,
      "/send-verification-email": rule,
    },
  };
}

const beforeHook = createAuthMiddleware(async (ctx) => {
  await requirePasswordToDeleteAccount(ctx);
  await checkPasswordPolicy(ctx);
});

export function createAuth({ config, db, mail, secret }: AuthDependencies) {
  // E-mail links point at the web's pages through the shared paths registry.
  const links = accountEmailLinks(config.appUrl);
  return betterAuth({
    appName: config.brand,
    baseURL: config.appUrl,
    basePath: "/api/auth",
    // better-auth falls back to a public default secret when given an empty one; never let it.
    secret: checkAuthSecret(secret, "The auth secret"),
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        jwks,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: emailAndPasswordOptions(config, mail, links),
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const url = links.verifyEmail(token);
        await mail.send(verificationEmail({ brand: config.brand, to: user.email, url }));
      },
    },
    rateLimit: rateLimitOptions(config),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      // Explicit, so the Origin check also runs under a test runner (better-auth skips it there).
      disableOriginCheck: false,
      useSecureCookies: config.appUrl.startsWith("https://"),
      // Explicit (it is better-auth's default): one IPv6 /64 is one client, as in rate-limit/client-key.ts.
      ipAddress: { ipv6Subnet: 64 },
    },
    logger: { level: config.logLevel === "silent" ? "error" : "warn", disabled: config.logLevel === "silent" },
    // Self-service deletion (decision 065): the one users row goes, and every user table cascades from it.
    user: { deleteUser: { enabled: true } },
    hooks: { before: beforeHook, after: signUpSessionHook },
    plugins: [
      bearer(),
      jwt({
        jwt: {
          expirationTime: JWT_LIFETIME,
          // Not APP_URL: instances on one database answer at different addresses (token-verifier.ts).
          issuer: API_TOKEN_ISSUER,
          audience: API_TOKEN_ISSUER,
          // `sid` ties the token to its session: signing out (or a password reset) ends the token too.
          definePayload: ({ user, session }) => ({ email: user.email, emailVerified: user.emailVerified, sid: session.id }),
        },
      }),
      admin(),
      ...googlePlugins(config),
      ...captchaPlugins(config),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
