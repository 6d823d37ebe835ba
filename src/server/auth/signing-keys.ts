import { inArray } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Database } from "../db/database";
import { jwks } from "../db/schema";

/**
 * better-auth keeps its token-signing keys encrypted with the auth secret. After the secret changes
 * (AUTH_SECRET rotated, a lost DATA_DIR/auth-secret) those keys can no longer be opened and every
 * token request would fail. They are removed here at start-up, so better-auth makes a new key on the
 * next sign-in; tokens signed with the old keys stop verifying, as do the old sessions, whose cookies
 * were signed with the old secret. Returns how many keys were retired.
 */
export async function retireSigningKeysOfOtherSecrets(db: Database, secret: string): Promise<number> {
  const rows = await db.select({ id: jwks.id, privateKey: jwks.privateKey }).from(jwks);
  const unreadable: string[] = [];
  for (const row of rows) {
    try {
      await symmetricDecrypt({ key: secret, data: JSON.parse(row.privateKey) as string });
    } catch {
      unreadable.push(row.id);
    }
  }
  if (unreadable.length > 0) await db.delete(jwks).where(inArray(jwks.id, unreadable));
  return unreadable.length;
}
