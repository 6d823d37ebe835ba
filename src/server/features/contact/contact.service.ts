import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import type { ContactMessage, ContactRepository } from "./contact.repository";

export const CONTACT_MESSAGE_MAX = 5000;
export const MISSING_FIELDS = "Please fill in all fields.";

export interface ContactInput {
  name?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
}

const emailSchema = z.email();

/**
 * The contact form: validation (SPEC.md §5), a per-address limit (counted in the database, so every
 * instance shares it) and storage in `contact_data`.
 */
export class ContactService {
  private readonly limit: { max: number; windowMs: number };

  constructor(
    private readonly deps: {
      repository: ContactRepository;
      now: Clock;
      /** Messages per client address per window (default 5 per 10 minutes). */
      rateLimit?: { max: number; windowMs: number };
    },
  ) {
    this.limit = deps.rateLimit ?? { max: 5, windowMs: 10 * 60 * 1000 };
  }

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
    const now = this.deps.now();
    if ((await this.deps.repository.countMessage(ip, now, this.limit.windowMs)) > this.limit.max) {
      throw new AppError(429, "rate_limited", "Too many messages from your address. Please try again in a few minutes.");
    }
    await this.deps.repository.add({ id: randomUUID(), name, email, message: message || null, timestamp: now, ip });
  }

  /** Stored messages, newest first (the operator reads them with `quanta contact list`). */
  list(limit?: number): Promise<ContactMessage[]> {
    return this.deps.repository.list(limit);
  }
}
