import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs with no environment at all: port 3000, ./data, PGlite, outbox mail, no Google, no CAPTCHA", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      appUrl: "http://localhost:3000",
      // Outside production APP_URL's loopback aliases are trusted too.
      trustedOrigins: ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"],
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      authSecret: undefined,
      authRateLimit: { max: 10, windowSeconds: 60 },
      mail: { smtpUrl: undefined },
      google: undefined,
      captcha: undefined,
    });
  });

  it("derives the public URL from PORT and accepts extra trusted origins", () => {
    const config = loadConfig({ PORT: "4100", TRUSTED_ORIGINS: "http://127.0.0.1:4100, https://quanta.example" });
    expect(config.appUrl).toBe("http://localhost:4100");
    expect(config.trustedOrigins).toEqual(["http://localhost:4100", "http://127.0.0.1:4100", "http://[::1]:4100", "https://quanta.example"]);
    const production = loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(48), PORT: "4100", TRUSTED_ORIGINS: "https://quanta.example" });
    expect(production.trustedOrigins).toEqual(["http://localhost:4100", "https://quanta.example"]);
  });

  it("treats empty values as unset, as .env files write them", () => {
    expect(loadConfig({ SMTP_URL: "", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" }).google).toBeUndefined();
  });

  it("lists every problem at once", () => {
    expect(problems({ PORT: "eighty", DATABASE_URL: "not a url", LOG_LEVEL: "loud" })).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^LOG_LEVEL: /),
      expect.stringMatching(/^DATABASE_URL: /),
    ]);
  });

  it("requires an auth secret of 32+ characters in production", () => {
    expect(problems({ NODE_ENV: "production" })).toEqual(["AUTH_SECRET: is required in production"]);
    expect(problems({ NODE_ENV: "production", AUTH_SECRET: "short" })).toEqual([
      "AUTH_SECRET: AUTH_SECRET must be at least 32 characters (surrounding whitespace not counted)",
    ]);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).isProduction).toBe(true);
  });

  it("trims AUTH_SECRET and refuses one that is whitespace or short once trimmed, in production too", () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(problems({ NODE_ENV, AUTH_SECRET: " ".repeat(40) })).toEqual([
        "AUTH_SECRET: AUTH_SECRET holds only whitespace; set a random value of at least 32 characters (e.g. openssl rand -base64 48)",
      ]);
      expect(problems({ NODE_ENV, AUTH_SECRET: `\t${" ".repeat(20)}\n` })).toEqual([expect.stringMatching(/^AUTH_SECRET: AUTH_SECRET holds only whitespace/)]);
      expect(problems({ NODE_ENV, AUTH_SECRET: `${" ".repeat(30)}short${" ".repeat(30)}` })).toEqual([
        "AUTH_SECRET: AUTH_SECRET must be at least 32 characters (surrounding whitespace not counted)",
      ]);
    }
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: `  ${"x".repeat(32)}\n` }).authSecret).toBe("x".repeat(32));
  });

  it("turns Google on only with both id and secret, and points it at Google unless told otherwise", () => {
    expect(problems({ GOOGLE_CLIENT_ID: "id" })).toEqual([
      "GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    ]);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({
      clientId: "id",
      clientSecret: "s",
      issuerUrl: "https://accounts.google.com",
    });
  });

  it("needs both CAPTCHA keys when a CAPTCHA provider is chosen", () => {
    expect(problems({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "k" })).toHaveLength(1);
    expect(problems({ CAPTCHA_PROVIDER: "hcaptcha" })).toEqual([
      expect.stringMatching(/^CAPTCHA_PROVIDER: Invalid/),
      expect.stringMatching(/^CAPTCHA_PROVIDER: CAPTCHA_SITE_KEY/),
    ]);
    expect(
      loadConfig({ CAPTCHA_PROVIDER: "recaptcha", CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret" }).captcha,
    ).toEqual({ provider: "recaptcha", siteKey: "site", secretKey: "secret", verifyUrl: undefined });
  });
});

describe("news and logo settings", () => {
  it("defaults to the offline briefs and the public FMP address, with no key", () => {
    const config = loadConfig({});
    expect(config.news).toEqual({ sources: ["briefs"], rssFeeds: [] });
    expect(config.fmp).toEqual({ apiKey: undefined, baseUrl: "https://financialmodelingprep.com" });
  });

  it("reads a list of sources and feeds", () => {
    const config = loadConfig({
      NEWS_SOURCES: "briefs, FMP,rss",
      FMP_API_KEY: "k",
      FMP_BASE_URL: "http://127.0.0.1:9/",
      NEWS_RSS_FEEDS: "https://a.example/rss.xml, http://b.example/atom",
    });
    expect(config.news).toEqual({ sources: ["briefs", "fmp", "rss"], rssFeeds: ["https://a.example/rss.xml", "http://b.example/atom"] });
    expect(config.fmp.baseUrl).toBe("http://127.0.0.1:9");
  });

  it("refuses unknown sources, fmp without a key, rss without feeds and feeds that are not http(s)", () => {
    expect(problems({ NEWS_SOURCES: "briefs,twitter" }).join("\n")).toContain("NEWS_SOURCES");
    expect(problems({ NEWS_SOURCES: "fmp" })).toContain("NEWS_SOURCES: 'fmp' needs FMP_API_KEY");
    expect(problems({ NEWS_SOURCES: "rss" })).toContain("NEWS_SOURCES: 'rss' needs NEWS_RSS_FEEDS");
    expect(problems({ NEWS_SOURCES: "rss", NEWS_RSS_FEEDS: "ftp://x.example/feed" }).join("\n")).toContain("NEWS_RSS_FEEDS");
  });
});

describe(".env.example", () => {
  it("lists every variable the schema knows, and its values load", async () => {
    const { readFile } = await import("node:fs/promises");
    const { parseEnv } = await import("node:util");
    const { envSchema } = await import("./config");
    const example = parseEnv(await readFile(".env.example", "utf8")) as Record<string, string>;
    expect(Object.keys(example).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(() => loadConfig(example)).not.toThrow();
  });
});
