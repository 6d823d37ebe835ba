import type { FastifyInstance } from "fastify";
import type { OutboxEntry } from "../../adapters/mail/outbox-mail-sender";
import { escapeHtml } from "../../html-escape";

/** The outbox as a page; long links and words wrap anywhere, so a 390 px screen scrolls no sideways. */
export function renderMailbox(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<li style="margin:0 0 16px;padding:12px;border:1px solid #e2e8f0;border-radius:8px;overflow-wrap:anywhere">
  <div><strong>${escapeHtml(entry.subject)}</strong></div>
  <div style="color:#475569;font-size:14px">To ${escapeHtml(entry.to)} · ${escapeHtml(entry.sentAt)}</div>
  <pre style="white-space:pre-wrap;font:inherit">${escapeHtml(entry.text)}</pre>
  ${entry.links.map((link) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`).join("<br>")}
</li>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;overflow-wrap:anywhere">
<h1>Dev mailbox</h1><p>E-mails written to the outbox folder because SMTP_URL is not set. Newest first.</p>
${entries.length === 0 ? "<p>No e-mails yet.</p>" : `<ul style="list-style:none;padding:0">${items}</ul>`}
</body></html>`;
}

/** Outside production, the outbox is readable at /dev/mailbox (HTML) and /dev/mailbox.json. */
export async function devMailboxRoutes(app: FastifyInstance, options: { outbox: { list(): Promise<OutboxEntry[]> } }): Promise<void> {
  const list = () => options.outbox.list();
  app.get("/dev/mailbox.json", { schema: { hide: true } }, async () => ({ messages: await list() }));
  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(renderMailbox(await list())),
  );
}
