import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The digest's one-click unsubscribe link (decisions 032, 034): the user's id, the user's
 * unsubscribe version and an HMAC of both under a key derived from the auth secret for this one
 * purpose. It can turn that user's alert e-mails off and nothing else; a token made for another
 * purpose, another user or with another secret fails. Switching the digest on again advances the
 * version, so links mailed before no longer unsubscribe.
 */
const PURPOSE = "quanta/alert-digest-unsubscribe/v1";

/** Versions are small counters; a longer prefix is not one of ours. */
const VERSION = /^(0|[1-9][0-9]{0,8})$/;

export class UnsubscribeLinks {
  constructor(private readonly secret: () => string) {}

  private key(): Buffer {
    return createHmac("sha256", this.secret()).update(PURPOSE).digest();
  }

  private mac(message: string): string {
    return createHmac("sha256", this.key()).update(message).digest("base64url");
  }

  /** `<version>.<mac>`; version 0 is the bare MAC of the id, as links were before versions, so those still work until the digest is switched on again. */
  token(userId: string, version: number): string {
    return version === 0 ? this.mac(userId) : `${String(version)}.${this.mac(`${userId}:${String(version)}`)}`;
  }

  /** The version a genuine token of this user carries; null for anything else. */
  verify(userId: string, token: string): number | null {
    const dot = token.indexOf(".");
    const prefix = dot === -1 ? "0" : token.slice(0, dot);
    if (!VERSION.test(prefix) || (dot !== -1 && prefix === "0")) return null;
    const version = Number(prefix);
    const expected = Buffer.from(this.token(userId, version));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? version : null;
  }
}
