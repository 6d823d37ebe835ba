import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import type { AppConfig } from "../config";

/** The Content-Security-Policy: our own origin, plus exactly the outside origins a configured feature needs. */
function contentSecurityPolicy(config: AppConfig) {
  const captchaOrigins =
    config.captcha?.provider === "recaptcha"
      ? ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"]
      : config.captcha?.provider === "turnstile"
        ? ["https://challenges.cloudflare.com"]
        : [];
  // Stripe's Buy Button: its script, the iframe it renders and the API it calls (only when sold here).
  const stripe = config.billing.buyButton
    ? { script: ["https://js.stripe.com"], frame: ["https://js.stripe.com", "https://buy.stripe.com", "https://checkout.stripe.com"], connect: ["https://api.stripe.com", "https://merchant-ui-api.stripe.com"] }
    : { script: [], frame: [], connect: [] };
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...captchaOrigins, ...stripe.script],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'", ...captchaOrigins, ...stripe.connect],
      frameSrc: ["'self'", ...captchaOrigins, ...stripe.frame],
      formAction: ["'self'", ...(config.google ? [config.google.issuerUrl] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: config.appUrl.startsWith("https://") ? [] : null,
    },
  };
}

/** Helmet's headers with Quanta's CSP; HSTS only over https. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over https; on plain http it would pin a name to https that does not answer.
    strictTransportSecurity: config.appUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The Google sign-in popup reports back to its opener, which needs same-origin-allow-popups.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
}
