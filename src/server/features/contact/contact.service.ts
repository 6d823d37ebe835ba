import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../app-error";
import type { ContactMessage, ContactRepository } from "./contact.repository";

export const CONTACT_MESSAGE_MAX = 5000;
export const MISSING_FIELDS = "Please fill in all fields.";

export interface ContactInput {
  name?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
}

const emailSchema = z.email();

/** Fixed-window counter per client address, in memory (one window per key). */
export class WindowCounter {
  private windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const now = this.clock();
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (w.resetsAt <= now) this.windows.delete(k);
    }
    const current = this.windows.get(key);
    if (!current || current.resetsAt <= now) {
      this.windows.set(key, { count: 1, resetsAt: now + this.windowMs });
      return true;
    }
    current.count++;
    return current.count <= this.max;
  }
}

/** The contact form: validation (SPEC.md §5), a per-address limit and storage in `contact_data`. */
export class ContactService {
  private readonly limiter: WindowCounter;

  constructor(
    private readonly deps: {
      repository: ContactRepository;
      now: () => Date;
      /** Messages per client address per window (default 5 per 10 minutes). */
      rateLimit?: { max: number; windowMs: number };
    },
  ) {
    const limit = deps.rateLimit ?? { max: 5, windowMs: 10 * 60 * 1000 };
    this.limiter = new WindowCounter(limit.max, limit.windowMs);
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
    if (!this.limiter.hit(ip)) {
      throw new AppError(429, "rate_limited", "Too many messages from your address. Please try again in a few minutes.");
    }
    await this.deps.repository.add({ id: randomUUID(), name, email, message: message || null, timestamp: this.deps.now(), ip });
  }

  /** Stored messages, newest first (the operator reads them with `quanta contact list`). */
  list(limit?: number): Promise<ContactMessage[]> {
    return this.deps.repository.list(limit);
  }
}
