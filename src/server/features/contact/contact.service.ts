import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import { clientKey } from "../../rate-limit/client-key";
import type { RateLimit, RateLimitRule } from "../../rate-limit/shared-rate-limiter";
import type { ContactMessage, ContactRepository } from "./contact.repository";

const CONTACT_MESSAGE_MAX = 5000;
const MISSING_FIELDS = "Please fill in all fields.";

export interface ContactInput {
  name?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
}

const emailSchema = z.email();

/** Messages per client (an IPv4 address or an IPv6 /64) per window: 5 per 10 minutes. */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  scope: "contact",
  max: 5,
  windowMs: 10 * 60 * 1000,
  message: "Too many messages from your address. Please try again in a few minutes.",
};

/**
 * The contact form: validation (docs/product.md), a per-client limit (CONTACT_RATE_LIMIT, counted in the
 * database so every instance shares it) and storage in `contact_data`.
 */
export class ContactService {
  constructor(
    private readonly deps: {
      repository: ContactRepository;
      now: Clock;
      /** The shared per-client limit; a message that fails validation is not counted. */
      limit: RateLimit;
    },
  ) {}

  async send(input: ContactInput, ip: string): Promise<void> {
    const name = (input.name ?? "").trim();
    const email = (input.email ?? "").trim();
    const message = (input.message ?? "").trim();
    if (!name || !email) throw new AppError(400, "missing_fields", MISSING_FIELDS);
    if (name.length > 200) throw new AppError(400, "invalid_name", "Please enter a name of at most 200 characters.");
    if (email.length > 320 || !emailSchema.safeParse(email).success) {
      throw new AppError(400, "invalid_email", "Please enter a valid e-mail address.");
    }
    if (message.length > CONTACT_MESSAGE_MAX) {
      throw new AppError(400, "message_too_long", `Please keep the message under ${CONTACT_MESSAGE_MAX} characters.`);
    }
    await this.deps.limit.take(clientKey(ip));
    const now = this.deps.now();
    await this.deps.repository.add({ id: randomUUID(), name, email, message: message || null, timestamp: now, ip });
  }

  /** Stored messages, newest first (the operator reads them with `quanta contact list`). */
  list(limit?: number): Promise<ContactMessage[]> {
    return this.deps.repository.list(limit);
  }
}
