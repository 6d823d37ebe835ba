import { escapeHtml } from "../../html-escape";

/**
 * The HTML every Quanta e-mail shares (account e-mails, the alert digest): one narrow column under
 * the brand, and a button for the main action. Inline styles only: mail clients drop style sheets.
 */
export function emailPage(brand: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(brand)}</h1>${bodyHtml}</body></html>`;
}

export function emailButton(label: string, url: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}
