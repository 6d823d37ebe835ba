/** Ports of the servers the end-to-end suite starts (see playwright.config.ts). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3211);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: "quanta-e2e", secret: "quanta-e2e-secret" };
/** The local news fixture (RSS + FMP-shaped JSON carrying the XSS corpus) and the app reading it. */
export const NEWS_FIXTURE_PORT = Number(process.env.E2E_NEWS_PORT ?? 3212);
export const NEWS_APP_PORT = Number(process.env.E2E_NEWS_APP_PORT ?? 3213);
export const NEWS_APP_URL = `http://localhost:${NEWS_APP_PORT}`;
/** The app whose clock the alerts spec moves (e2e/alerts.spec.ts): its own data, so no other spec sees the jump. */
export const ALERTS_APP_PORT = Number(process.env.E2E_ALERTS_APP_PORT ?? 3214);
export const ALERTS_APP_URL = `http://localhost:${ALERTS_APP_PORT}`;
