import { apiFetch } from "../../../lib/api-client";

export interface ContactMessage {
  name: string;
  email: string;
  message?: string;
}

/** POST /api/contact with the CSRF header (apiFetch). Rejects on any non-OK answer. */
export async function sendContactMessage(input: ContactMessage): Promise<void> {
  await apiFetch("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}
