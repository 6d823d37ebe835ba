import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
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

/** Helmet's options: Quanta's CSP; HSTS only over https. */
function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over https; on plain http it would pin a name to https that does not answer.
    strictTransportSecurity: config.appUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The Google sign-in popup reports back to its opener, which needs same-origin-allow-popups.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  };
}

/**
 * Helmet's headers for this configuration, by lower-case name. No directive depends on the request
 * (no nonces), so they are the same for every answer: Helmet runs once, on a stand-in response.
 */
export function securityHeaders(config: AppConfig): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return Object.freeze(headers);
}

/**
 * Every answer carries the security headers; a route may still replace one (the logos' own CSP).
 * Computed once: @fastify/helmet rebuilt Helmet, CSP parsing included, in two hooks per request,
 * a fifth of the public list's CPU time (decision 039).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = securityHeaders(config);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
