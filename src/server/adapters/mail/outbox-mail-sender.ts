import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage, MailSender } from "./mail-sender";

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

/**
 * Without SMTP, each message becomes one JSON file in $DATA_DIR/outbox and its links are printed on
 * the console, so a person trying Quanta offline can still verify and reset.
 */
export class OutboxMailSender implements MailSender {
  readonly kind = "outbox" as const;

  constructor(
    private readonly folder: string,
    private readonly announce: (line: string) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const sentAt = new Date();
    const id = `${sentAt.getTime()}-${randomUUID().slice(0, 8)}`;
    const entry: OutboxEntry = { id, sentAt: sentAt.toISOString(), ...message };
    await writeFile(path.join(this.folder, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`, "utf8");
    this.announce(`E-mail to ${message.to}: "${message.subject}"${message.links.map((l) => `\n  ${l}`).join("")}`);
  }

  /** Newest first. */
  async list(): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const entries = await Promise.all(
      names
        .filter((name) => name.endsWith(".json"))
        .map(async (name) => JSON.parse(await readFile(path.join(this.folder, name), "utf8")) as OutboxEntry),
    );
    return entries.sort((a, b) => b.id.localeCompare(a.id));
  }
}
