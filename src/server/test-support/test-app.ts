import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import { loadConfig, type AppConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import { MemoryMailSender } from "./memory-mail-sender";
import type { MarketDataProvider } from "../../core/market/market-data-provider";
import { createServices, type Services } from "../composition/create-services";
import { createLogger } from "../logger";
import { CachedMarketDataProvider } from "../adapters/market/cached-market-data-provider";
import { DemoMarketProvider } from "../adapters/market/demo";
import type { TestDatabaseKind } from "./test-database";

const TEST_APP_URL = "http://localhost:3000";
export const TEST_ORIGIN = { origin: TEST_APP_URL };
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  mail: MemoryMailSender;
  services: Services;
  close(): Promise<void>;
}

/** The real app (buildApp) on a test database, with mail kept in memory. */
export async function startTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  /** `market: null` uses the configured provider (MARKET_DATA_PROVIDER in `env`), as the server does. */
  options: { market?: MarketDataProvider | null; database?: DatabaseHandle; authSecret?: string; now?: () => Date } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_URL: TEST_APP_URL,
    DATA_DIR: "./.tmp/test-data",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...env,
  });
  const database = options.database ?? (await kind.open());
  const mail = new MemoryMailSender();
  const logger = createLogger(config);
  const authSecret = options.authSecret ?? TEST_AUTH_SECRET;
  const services = createServices(config, {
    database,
    logger,
    now: options.now ?? (() => new Date()),
    ...(options.market !== null && { market: options.market ?? new CachedMarketDataProvider(new DemoMarketProvider({ seed: 42 })) }),
    // The alert digests land in the same memory mailbox as the account e-mails.
    mail,
    authSecret,
  });
  const app = await buildApp(config, {
    services: Promise.resolve(services),
    logger,
    mail,
    outbox: undefined,
    authSecret,
    webRoot: undefined,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    mail,
    services,
    close: async () => {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

/** Signs up, verifies through the e-mailed link and returns the session cookie and a JWT. */
export async function createVerifiedUser(
  t: TestApp,
  email: string,
  password = "correct horse 42",
): Promise<{ cookie: string; jwt: string; userId: string }> {
  const signUp = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: TEST_ORIGIN,
    payload: { email, password, name: email.split("@")[0] },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const token = t.mail.tokenFrom(t.mail.lastTo(email));
  const verify = await t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${token}` });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const cookie = sessionCookie(verify);
  const jwtResponse = await t.app.inject({ method: "GET", url: "/api/auth/token", headers: { cookie } });
  const jwt = json<{ token: string }>(jwtResponse).token;
  const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${jwt}` } });
  return { cookie, jwt, userId: json<{ user: { id: string } }>(me).user.id };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookies = list.map((c) => c.split(";")[0]).filter((c) => c && !c.endsWith("="));
  if (cookies.length === 0) throw new Error("no session cookie was set");
  return cookies.join("; ");
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = "----QuantaTestBoundary7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join("")}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export const TEST_CSRF = "test-csrf-token-0123456789abcdef0123456789";

/** Headers of a signed-in browser call: Bearer JWT and the CSRF double-submit pair. */
export function apiHeaders(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}`, "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };
}

/** The alert digests sent to `email`, once the first arrives (the alert jobs run on the queue, as in production). */
export async function digestFor(app: TestApp, email: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const found = app.mail.messages.filter((message) => message.to === email && message.headers?.["List-Unsubscribe"]);
    if (found.length > 0) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no digest reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
