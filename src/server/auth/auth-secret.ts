import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { MIN_AUTH_SECRET_LENGTH, type AppConfig } from "../config";

export class AuthSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuthSecretError";
  }
}

export function authSecretFile(dataDir: string): string {
  return path.join(dataDir, "auth-secret");
}

/**
 * Refuses any secret a forger could guess: empty, whitespace, short, or better-auth's public
 * default. Surrounding whitespace is not counted and is dropped, as config.ts does for AUTH_SECRET.
 */
export function checkAuthSecret(untrimmed: string, source: string): string {
  const secret = untrimmed.trim();
  if (secret.length === 0 && untrimmed.length > 0) throw new AuthSecretError(`${source} holds only whitespace.`);
  if (secret.length < MIN_AUTH_SECRET_LENGTH) {
    throw new AuthSecretError(`${source} holds ${secret.length} characters; at least ${MIN_AUTH_SECRET_LENGTH} are required.`);
  }
  if (secret.startsWith("better-auth-secret-")) throw new AuthSecretError(`${source} holds better-auth's public default secret.`);
  return secret;
}

/** Writes the file under a temporary name, flushes it and renames it: a reader sees all of it or none. */
function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** One sentence for a secret file that exists but cannot be read, instead of the raw system error. */
function unreadableSecretFile(file: string, error: NodeJS.ErrnoException): AuthSecretError {
  if (error.code === "EISDIR") {
    return new AuthSecretError(`${file} is a directory, not the file holding the auth secret: remove or rename that directory (a new secret is then made) or set AUTH_SECRET.`);
  }
  return new AuthSecretError(`${file} cannot be read (${error.code ?? error.message}): give the server's user read access to it, or set AUTH_SECRET.`);
}

/**
 * AUTH_SECRET when set; otherwise (outside production, config.ts) the secret kept in
 * DATA_DIR/auth-secret, created once. An empty or short file is never used: a process killed while
 * writing it must not leave a server that signs with a guessable secret, so the server refuses to
 * start and says what to do.
 */
export function resolveAuthSecret(config: Pick<AppConfig, "authSecret" | "dataDir">): string {
  if (config.authSecret) return checkAuthSecret(config.authSecret, "AUTH_SECRET");
  const file = authSecretFile(config.dataDir);
  let stored: string | undefined;
  try {
    stored = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw unreadableSecretFile(file, error as NodeJS.ErrnoException);
  }
  if (stored !== undefined) {
    try {
      return checkAuthSecret(stored, file);
    } catch (error) {
      throw new AuthSecretError(
        `${(error as Error).message}\nThe file is damaged (an interrupted write or a full disk). Set AUTH_SECRET, or delete the file to have a new secret made (everyone then signs in again).`,
      );
    }
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeAtomically(file, `${secret}\n`);
  return secret;
}
