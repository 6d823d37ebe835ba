import { expect, type APIRequestContext } from "@playwright/test";

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Reads the e-mail outbox through the dev mailbox, waiting for the message to arrive. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/dev/mailbox.json");
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        found = messages.find(
          (m) => m.to === to.toLowerCase() && (typeof subject === "string" ? m.subject.includes(subject) : subject.test(m.subject)),
        );
        return Boolean(found);
      },
      { timeout: 10_000, message: `an e-mail to ${to} about ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

export function linkIn(message: OutboxMessage, path: string): string {
  const link = message.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${message.subject}": ${message.links.join(", ")}`);
  return link;
}

let counter = 0;
/** A unique address per test, so tests can run in parallel on one server. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}
