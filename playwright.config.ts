import { defineConfig } from "@playwright/test";
import { E2E_STRIPE } from "./e2e/support/stripe-test-keys";
import { ALERTS_APP_PORT, ALERTS_APP_URL, APP_PORT, APP_URL, NEWS_APP_PORT, NEWS_APP_URL, NEWS_FIXTURE_PORT, OIDC_CLIENT, OIDC_ISSUER } from "./e2e/support/ports";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const e2eDataDir = ".tmp/e2e-data";
const newsDataDir = ".tmp/e2e-news-data";
const alertsDataDir = ".tmp/e2e-alerts-data";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // One project: every journey at 1280 px; e2e/phone-layout.spec.ts sets its own 390 × 844 touch screen.
  projects: [{ name: "desktop", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "node --import tsx e2e/support/oidc-server.ts",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: "ignore",
      timeout: 30_000,
    },
    {
      // A fresh data directory each run: the suite starts from an empty product, like a new user.
      // The compiled server, as `npm start` runs it (`npm test` builds it first; build-if-missing
      // rebuilds it when it is older than the sources).
      command: `node -e "require('fs').rmSync('${e2eDataDir}',{recursive:true,force:true})" && node scripts/build-if-missing.mjs && node dist/server/main.mjs`,
      url: `${APP_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      env: {
        NODE_ENV: "development",
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        APP_URL,
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: "warn",
        // The seeded demo market, never the start-up probe of Yahoo Finance (MARKET_DATA_PROVIDER=auto).
        MARKET_DATA_PROVIDER: "demo",
        AUTH_RATE_LIMIT_MAX: "200",
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_ISSUER_URL: OIDC_ISSUER,
        STRIPE_PUBLISHABLE_KEY: E2E_STRIPE.publishableKey,
        STRIPE_BUY_BUTTON_ID: E2E_STRIPE.buyButtonId,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      },
    },
    {
      command: "node --import tsx e2e/support/news-fixture-server.ts",
      url: `http://127.0.0.1:${NEWS_FIXTURE_PORT}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      timeout: 30_000,
    },
    {
      // A second app reading its news from the hostile fixture feeds (e2e/news-xss.spec.ts).
      command: `node -e "require('fs').rmSync('${newsDataDir}',{recursive:true,force:true})" && node scripts/build-if-missing.mjs && node dist/server/main.mjs`,
      url: `${NEWS_APP_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      env: {
        NODE_ENV: "development",
        PORT: String(NEWS_APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: NEWS_APP_URL,
        DATA_DIR: newsDataDir,
        LOG_LEVEL: "error",
        MARKET_DATA_PROVIDER: "demo",
        NEWS_SOURCES: "rss,fmp",
        NEWS_RSS_FEEDS: `http://127.0.0.1:${NEWS_FIXTURE_PORT}/rss.xml`,
        FMP_BASE_URL: `http://127.0.0.1:${NEWS_FIXTURE_PORT}`,
        FMP_API_KEY: "e2e-fixture-key",
      },
    },
    {
      // A third app whose clock e2e/alerts.spec.ts moves to the next session (DEV_TEST_CLOCK): the
      // refresh and the alert jobs run there without disturbing the specs sharing the main app.
      command: `node -e "require('fs').rmSync('${alertsDataDir}',{recursive:true,force:true})" && node scripts/build-if-missing.mjs && node dist/server/main.mjs`,
      url: `${ALERTS_APP_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      env: {
        NODE_ENV: "development",
        PORT: String(ALERTS_APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: ALERTS_APP_URL,
        DATA_DIR: alertsDataDir,
        LOG_LEVEL: "warn",
        MARKET_DATA_PROVIDER: "demo",
        DEV_TEST_CLOCK: "true",
        AUTH_RATE_LIMIT_MAX: "200",
      },
    },
  ],
});
