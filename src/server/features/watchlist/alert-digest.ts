import { paths } from "../../../contracts/paths";
import { emailButton, emailPage } from "../../adapters/mail/email-html";
import type { MailMessage } from "../../adapters/mail/mail-sender";
import { escapeHtml } from "../../html-escape";

interface DigestAlert {
  ticker: string;
  /** The alert's kind: a held position's ('holder_…') makes the digest about the portfolio too. */
  rule?: string;
  title: string;
  detail: string;
}

export interface DigestInput {
  brand: string;
  appUrl: string;
  to: string;
  session: string;
  alerts: DigestAlert[];
  /** The prices come from the demo market (simulated): the e-mail says so, as every page does. */
  demo: boolean;
  /** The user's signed one-click unsubscribe: the page's address and the API's (List-Unsubscribe). */
  unsubscribe: { user: string; token: string };
}

const DEMO_NOTE = "Demo market: these are fictional companies with simulated prices, not real market data.";

function sessionLabel(session: string): string {
  return new Date(`${session}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/**
 * The daily alert digest (decision 032): every alert of the session in one e-mail, with links to
 * the stocks, the watch list and the settings, and a one-click unsubscribe (RFC 8058 headers too).
 * Pure: no sending here.
 */
export function alertDigestEmail(input: DigestInput): MailMessage {
  const base = input.appUrl.replace(/\/+$/, "");
  const watchlist = `${base}${paths.watchlist()}`;
  const settings = `${base}${paths.alertSettings()}`;
  const unsubscribePage = `${base}${paths.unsubscribeAlerts(input.unsubscribe.user, input.unsubscribe.token)}`;
  const oneClick = `${base}/api/alerts/unsubscribe?user=${encodeURIComponent(input.unsubscribe.user)}&token=${encodeURIComponent(input.unsubscribe.token)}`;
  const count = input.alerts.length;
  const day = sessionLabel(input.session);
  const subject = `${input.brand} alerts for ${day}: ${count === 1 ? input.alerts[0]!.title : `${count} alerts`}`;
  const stockUrl = (ticker: string) => `${base}${paths.stock(ticker)}`;
  const demoNote = input.demo ? [DEMO_NOTE] : [];
  const about = input.alerts.some((alert) => alert.rule?.startsWith("holder_")) ? "Your watch list and portfolio" : "Your watch list";

  const textLines = input.alerts.map((alert) => `• ${alert.title}\n  ${alert.detail}\n  ${stockUrl(alert.ticker)}`);
  const text = [
    `${about} after the close of ${day}:`,
    "",
    ...demoNote.flatMap((note) => [note, ""]),
    ...textLines,
    "",
    `Your watch list: ${watchlist}`,
    `Alert settings: ${settings}`,
    `Stop these e-mails: ${unsubscribePage}`,
    "",
    "Alerts describe what the analysis saw at the close; they are not advice. Past results do not guarantee future results.",
  ].join("\n");

  const items = input.alerts
    .map(
      (alert) =>
        `<li style="margin:0 0 14px"><a href="${escapeHtml(stockUrl(alert.ticker))}" style="color:#1d4ed8;font-weight:600;text-decoration:none">${escapeHtml(alert.title)}</a><br><span style="color:#334155">${escapeHtml(alert.detail)}</span></li>`,
    )
    .join("");
  const html = emailPage(
    input.brand,
    `<p style="margin:0 0 16px">${about} after the close of ${escapeHtml(day)}:</p>
${demoNote.map((note) => `<p style="margin:0 0 16px;padding:8px 12px;background:#fffbeb;color:#92400e;font-size:14px">${escapeHtml(note)}</p>`).join("")}
<ul style="padding-left:18px;margin:0 0 20px">${items}</ul>
${emailButton("Open your watch list", watchlist)}
<p style="margin:0 0 8px;font-size:13px;color:#475569">Alerts describe what the analysis saw at the close; they are not advice. Past results do not guarantee future results.</p>
<p style="margin:0;font-size:13px;color:#475569"><a href="${escapeHtml(settings)}" style="color:#475569">Alert settings</a> · <a href="${escapeHtml(unsubscribePage)}" style="color:#475569">Unsubscribe from alert e-mails</a></p>`,
  );

  return {
    to: input.to,
    subject,
    text,
    html,
    links: [watchlist, settings, unsubscribePage],
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
