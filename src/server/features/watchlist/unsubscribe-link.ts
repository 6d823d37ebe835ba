import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The digest's one-click unsubscribe link (decision 032): the user's id and an HMAC of it under a
 * key derived from the auth secret for this one purpose. It can turn that user's alert e-mails off
 * and nothing else; a token made for another purpose, another user or with another secret fails.
 */
const PURPOSE = "quanta/alert-digest-unsubscribe/v1";

export class UnsubscribeLinks {
  constructor(private readonly secret: () => string) {}

  private key(): Buffer {
    return createHmac("sha256", this.secret()).update(PURPOSE).digest();
  }

  token(userId: string): string {
    return createHmac("sha256", this.key()).update(userId).digest("base64url");
  }

  verify(userId: string, token: string): boolean {
    const expected = Buffer.from(this.token(userId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
