import type { ContactRequest } from "../../../../contracts/contact";
import { apiJson } from "../../../lib/api-client";
import { checkedBody, parseSuccess } from "../../../lib/body-checks";
import { requestErrorMessage } from "../../../lib/request-error-message";

const successBody = checkedBody(parseSuccess);

/** The contact form's sentence for a 429 that comes without the server's own. */
export const CONTACT_RATE_LIMITED = "You have sent several messages in a short time. Please wait a few minutes and try again.";

/** POST /api/contact (contracts/contact.ts) with the CSRF header; rejects on any answer but 201 `{success: true}`. */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  await apiJson(
    "/api/contact",
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(message) },
    successBody,
  );
}

/**
 * Why a message was not sent, in one sentence (lib/request-error-message.ts): the server's own
 * (the rate limit's 'Too many messages from your address…', an invalid e-mail), the rate limit's
 * when the server gives none, a network failure, else `failure` ('Error sending message, please try again.').
 */
export function contactErrorMessage(error: unknown, failure: string): string {
  return requestErrorMessage(error, { failure, tooMany: CONTACT_RATE_LIMITED });
}
