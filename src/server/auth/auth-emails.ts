import { paths } from "../../contracts/paths";
import { emailButton, emailPage } from "../adapters/mail/email-html";
import type { MailMessage } from "../adapters/mail/mail-sender";
import { escapeHtml } from "../html-escape";

/** The account e-mails, written from their facts. Pure: no sending here. */

/**
 * The web pages the account e-mails link to, on the app's public address. The paths come from the
 * shared registry (src/contracts/paths.ts), the same one the web router uses, so a link in an e-mail
 * always opens an existing page.
 */
export function accountEmailLinks(appUrl: string) {
  const base = appUrl.replace(/\/+$/, "");
  return {
    verifyEmail: (token: string) => `${base}${paths.verifyEmail(token)}`,
    resetPassword: (token: string) => `${base}${paths.resetPassword(token)}`,
    signIn: () => `${base}${paths.signIn()}`,
    forgetPassword: () => `${base}${paths.forgetPassword()}`,
  };
}

function layout(brand: string, paragraphs: string[], action: { label: string; url: string } | undefined): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? emailButton(action.label, action.url) + `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : "";
  return emailPage(brand, `${body}${button}`);
}

export function verificationEmail(input: { brand: string; to: string; url: string }): MailMessage {
  const paragraphs = [
    `Welcome to ${input.brand}.`,
    "Please confirm your e-mail address to unlock stock analysis and chat. The link is valid for 24 hours.",
  ];
  return {
    to: input.to,
    subject: `Verify your e-mail for ${input.brand}`,
    text: `${paragraphs.join("\n\n")}\n\nVerify your e-mail: ${input.url}\n\nIf you did not sign up, ignore this message.`,
    html: layout(input.brand, [...paragraphs], { label: "Verify e-mail", url: input.url }),
    links: [input.url],
  };
}

export function passwordResetEmail(input: { brand: string; to: string; url: string }): MailMessage {
  const paragraphs = [
    `Someone asked to reset the password of your ${input.brand} account.`,
    "Choose a new password with the link below. It is valid for 1 hour. If it was not you, ignore this message: your password stays as it is.",
  ];
  return {
    to: input.to,
    subject: `Reset your ${input.brand} password`,
    text: `${paragraphs.join("\n\n")}\n\nReset your password: ${input.url}`,
    html: layout(input.brand, paragraphs, { label: "Choose a new password", url: input.url }),
    links: [input.url],
  };
}

/**
 * Sent when someone signs up with an address that already has an account. The sign-up screen answers
 * exactly as for a new address (no one learns which e-mails exist); the owner learns it here.
 */
export function emailAlreadyInUseEmail(input: {
  brand: string;
  to: string;
  signInUrl: string;
  resetUrl: string;
}): MailMessage {
  const paragraphs = [
    `Someone tried to create a ${input.brand} account with this e-mail address, but it is already in use by your account.`,
    "If it was you, sign in instead, or reset your password if you forgot it. If it was not you, you can ignore this message.",
  ];
  return {
    to: input.to,
    subject: `This e-mail is already in use on ${input.brand}`,
    text: `${paragraphs.join("\n\n")}\n\nSign in: ${input.signInUrl}\nReset your password: ${input.resetUrl}`,
    html: layout(input.brand, paragraphs, { label: "Sign in", url: input.signInUrl }),
    links: [input.signInUrl, input.resetUrl],
  };
}
