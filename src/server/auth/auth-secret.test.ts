import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthSecretError, authSecretFile, checkAuthSecret, resolveAuthSecret } from "./auth-secret";
import { createAuth } from "./auth";
import { loadConfig } from "../config";
import { MemoryMailSender } from "../test-support/memory-mail-sender";
import type { Database } from "../db/database";

describe("the auth secret", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "quanta-secret-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is made once, written whole under DATA_DIR with owner-only rights, and read back unchanged", () => {
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(authSecretFile(dataDir), "utf8")).toBe(`${first}\n`);
    expect(statSync(authSecretFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(["auth-secret"]);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
  });

  it("refuses to start on an empty or short secret file, naming the file and what to do", () => {
    for (const content of ["", "\n", "short-secret\n"]) {
      writeFileSync(authSecretFile(dataDir), content);
      expect(() => resolveAuthSecret({ authSecret: undefined, dataDir })).toThrow(AuthSecretError);
      expect(() => resolveAuthSecret({ authSecret: undefined, dataDir })).toThrow(/auth-secret holds \d+ characters; at least 32[\s\S]*delete the file/);
    }
  });

  it("refuses a whitespace-only or short-once-trimmed secret, wherever it comes from", () => {
    expect(() => checkAuthSecret(" ".repeat(40), "AUTH_SECRET")).toThrow("AUTH_SECRET holds only whitespace.");
    expect(() => resolveAuthSecret({ authSecret: " ".repeat(40), dataDir })).toThrow(AuthSecretError);
    expect(() => resolveAuthSecret({ authSecret: ` ${"x".repeat(20)}${" ".repeat(20)}`, dataDir })).toThrow(/AUTH_SECRET holds 20 characters/);
    expect(resolveAuthSecret({ authSecret: ` ${"x".repeat(40)}\n`, dataDir })).toBe("x".repeat(40));
    const config = loadConfig({ AUTH_SECRET: "y".repeat(40), DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    expect(() => createAuth({ config, db: {} as Database, mail: new MemoryMailSender(), secret: "\t".repeat(40) })).toThrow(AuthSecretError);
  });

  it("says in one sentence what to do when DATA_DIR/auth-secret is a directory or unreadable", () => {
    mkdirSync(authSecretFile(dataDir));
    let thrown: unknown;
    try {
      resolveAuthSecret({ authSecret: undefined, dataDir });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AuthSecretError);
    expect((thrown as Error).message).toBe(
      `${authSecretFile(dataDir)} is a directory, not the file holding the auth secret: remove or rename that directory (a new secret is then made) or set AUTH_SECRET.`,
    );
  });

  it("prefers AUTH_SECRET and checks it the same way", () => {
    writeFileSync(authSecretFile(dataDir), "");
    expect(resolveAuthSecret({ authSecret: "x".repeat(40), dataDir })).toBe("x".repeat(40));
    expect(() => resolveAuthSecret({ authSecret: "x".repeat(31), dataDir })).toThrow(/AUTH_SECRET holds 31 characters/);
  });

  it("never accepts better-auth's public default secret, nor an empty one, in any mode", () => {
    expect(() => checkAuthSecret("better-auth-secret-12345678901234567890", "AUTH_SECRET")).toThrow(/public default/);
    for (const env of ["test", "development", "production"] as const) {
      const config = loadConfig({ NODE_ENV: env, AUTH_SECRET: "y".repeat(40), DATA_DIR: dataDir, LOG_LEVEL: "silent" });
      const build = (secret: string) => createAuth({ config, db: {} as Database, mail: new MemoryMailSender(), secret });
      expect(() => build("")).toThrow(AuthSecretError);
      expect(() => build("better-auth-secret-12345678901234567890")).toThrow(AuthSecretError);
    }
  });
});
