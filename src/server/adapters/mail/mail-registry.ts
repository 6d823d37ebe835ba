import path from "node:path";
import type { AppConfig } from "../../config";
import type { MailSender } from "./mail-sender";
import { OutboxMailSender } from "./outbox-mail-sender";
import { SmtpMailSender } from "./smtp-mail-sender";

/** Picks the mail adapter from the configuration: SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailSender(
  config: AppConfig,
  announce: (line: string) => void,
): { sender: MailSender; outbox: OutboxMailSender | undefined } {
  if (config.mail.smtpUrl) return { sender: new SmtpMailSender(config.mail.smtpUrl, config.mail.from), outbox: undefined };
  const outbox = new OutboxMailSender(path.join(config.dataDir, "outbox"), announce);
  return { sender: outbox, outbox };
}
