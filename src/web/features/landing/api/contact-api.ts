import type { ContactRequest } from "../../../../contracts/contact";
import { apiJson } from "../../../lib/api-client";
import { checkedBody, parseSuccess } from "../../../lib/body-checks";

const successBody = checkedBody(parseSuccess);

/** POST /api/contact (contracts/contact.ts) with the CSRF header; rejects on any answer but 201 `{success: true}`. */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  await apiJson(
    "/api/contact",
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(message) },
    successBody,
  );
}
