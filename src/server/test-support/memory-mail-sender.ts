import type { MailMessage, MailSender } from "../adapters/mail/mail-sender";

/** Keeps sent messages in memory so tests can follow the links in them. */
export class MemoryMailSender implements MailSender {
  readonly kind = "outbox" as const;
  readonly messages: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }

  lastTo(email: string): MailMessage {
    const found = this.messages.filter((m) => m.to === email).at(-1);
    if (!found) throw new Error(`no e-mail was sent to ${email}`);
    return found;
  }

  tokenFrom(message: MailMessage): string {
    const link = message.links.find((l) => l.includes("token="));
    const token = link && new URL(link).searchParams.get("token");
    if (!token) throw new Error(`no token link in "${message.subject}"`);
    return token;
  }
}
