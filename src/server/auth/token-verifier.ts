import { errors as joseErrors, importJWK, jwtVerify, decodeProtectedHeader, type JWK, type CryptoKey } from "jose";
import type { Database } from "../db/database";
import { jwks } from "../db/schema";

type TokenProblem = "token_missing" | "token_invalid" | "token_expired";

export type TokenCheck = { ok: true; userId: string; sessionId: string } | { ok: false; problem: TokenProblem };

/**
 * The issuer and audience of every API token, the same on every instance. Instances that share a
 * database share its signing keys, so a token one of them signed is good on all of them, whatever
 * APP_URL each one answers at; a token of another installation names a key this database lacks.
 */
export const API_TOKEN_ISSUER = "quanta-api";

/**
 * Verifies the Bearer JWTs the web sends with API calls against the public keys better-auth keeps in
 * the jwks table. Keys are cached and re-read when a token names a key id we have not seen.
 */
export class TokenVerifier {
  private keys = new Map<string, CryptoKey | Uint8Array>();
  private readonly issuers: string[];

  /**
   * `appUrl`: tokens signed before issuers were shared named this instance's APP_URL; they are
   * accepted for the rest of their short lifetime, so an upgrade signs nobody out.
   */
  constructor(
    private readonly db: Database,
    appUrl: string,
  ) {
    this.issuers = [API_TOKEN_ISSUER, appUrl];
  }

  private async loadKeys(): Promise<void> {
    const rows = await this.db.select({ id: jwks.id, publicKey: jwks.publicKey }).from(jwks);
    const next = new Map<string, CryptoKey | Uint8Array>();
    for (const row of rows) {
      const jwk = JSON.parse(row.publicKey) as JWK;
      next.set(row.id, await importJWK(jwk, jwk.alg ?? "EdDSA"));
    }
    this.keys = next;
  }

  async verify(token: string | undefined): Promise<TokenCheck> {
    if (!token) return { ok: false, problem: "token_missing" };
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return { ok: false, problem: "token_invalid" };
    }
    if (!kid) return { ok: false, problem: "token_invalid" };
    if (!this.keys.has(kid)) await this.loadKeys();
    const key = this.keys.get(kid);
    if (!key) return { ok: false, problem: "token_invalid" };
    try {
      const { payload } = await jwtVerify(token, key, { issuer: this.issuers, audience: this.issuers });
      if (typeof payload.sub !== "string" || payload.sub.length === 0) return { ok: false, problem: "token_invalid" };
      // Tokens carry their session's id (auth.ts); one without it cannot be ended by a sign-out.
      if (typeof payload.sid !== "string" || payload.sid.length === 0) return { ok: false, problem: "token_invalid" };
      return { ok: true, userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, problem: "token_expired" };
      return { ok: false, problem: "token_invalid" };
    }
  }
}
