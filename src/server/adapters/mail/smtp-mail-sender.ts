import nodemailer, { type Transporter } from "nodemailer";
import type { MailMessage, MailSender } from "./mail-sender";

/** Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailSender implements MailSender {
  readonly kind = "smtp" as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers && { headers: message.headers }),
    });
  }

  close(): void {
    this.transport.close();
  }
}
