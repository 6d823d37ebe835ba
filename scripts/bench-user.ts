// The signed-in user a benchmark's server needs: an outbox that keeps the e-mails it would send, and a
// sign-up verified through the link of its e-mail, as a person would (scripts/bench-*-server.ts).
import { randomBytes } from "node:crypto";
import type { MailMessage, MailSender } from "../src/server/adapters/mail/mail-sender";

/** A mail sender that keeps every message in `mails` instead of sending it. */
export function benchOutbox(): { mail: MailSender; mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return { mail: { kind: "outbox", send: async (m) => void mails.push(m) }, mails };
}

/** Signs `email` up on the server at `base`, follows its verification link and answers its session cookie and API token. */
export async function verifiedBenchUser(base: string, appUrl: string, mails: readonly MailMessage[], email = "bench@example.com"): Promise<{ email: string; cookie: string; jwt: string }> {
  const headers = { origin: appUrl, "content-type": "application/json" };
  // A long random passphrase: it passes the password policy however strict its strength check is.
  const password = `correct-horse-battery-staple-${randomBytes(9).toString("base64url")}`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ email, password, name: "bench" }) });
  if (!signUp.ok) throw new Error(`the bench user's sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const verification = mails.at(-1)?.links[0];
  if (!verification) throw new Error("the bench user's sign-up sent no verification e-mail");
  const verified = await fetch(`${base}/api/auth/verify-email?token=${new URL(verification).searchParams.get("token")!}`);
  const cookie = verified.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const jwt = ((await (await fetch(`${base}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }).token;
  return { email, cookie, jwt };
}
