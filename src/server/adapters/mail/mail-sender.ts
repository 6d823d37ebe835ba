/** One e-mail as Quanta sends it; `links` lists the action links so people and tests can find them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers, e.g. List-Unsubscribe on the alert digest. */
  headers?: Record<string, string>;
}

/** The port every mail adapter implements (SMTP, or the local outbox folder). */
export interface MailSender {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}
